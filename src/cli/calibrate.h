// pacwar calibrate: how well the evaluator's win probability predicts the result. Over N
// self-play games of one player, at each decision (>= 2 legal actions) the seat to act gets
// p = (1 + value) / 2 from the game's evaluator on a world sampled from that seat's view only
// (resample_hidden), scored against whether that seat won: Brier score, log loss and a 10-bin
// reliability table, written with an SVG plot.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/match.h"
#include "engine/game.h"

namespace pacwar::cli {

struct CalibrateConfig {
  std::string player = "mcts:normal";
  int games = 20;
  std::uint64_t seed = 1;
  std::string svg;  // where to write the plot ("" = none)
  MatchConfig match;
};

struct ReliabilityBin {
  double low = 0, high = 0;  // predicted probability range
  int count = 0;
  double mean_predicted = 0;
  double observed = 0;  // fraction won
};

struct CalibrationStats {
  int samples = 0;
  double brier = 0;
  double log_loss = 0;
  double base_rate = 0;              // fraction of samples whose seat won
  double base_brier = 0;             // Brier of always predicting base_rate (no skill)
  std::vector<ReliabilityBin> bins;  // 10 bins of width 0.1
};

// Statistics of (predicted probability, won) samples.
CalibrationStats calibration_stats(const std::vector<std::pair<double, bool>>& samples);

struct CalibrateResult {
  CalibrationStats stats;
  int games = 0;
  int unfinished = 0;
  double seconds = 0;
};

CalibrateResult run_calibrate(std::shared_ptr<const engine::Game> game,
                              const engine::Options& options, const CalibrateConfig& config,
                              std::ostream* progress);

engine::Json to_json(const CalibrateResult& result, const CalibrateConfig& config,
                     const engine::Game& game);

// The reliability diagram as an SVG document.
std::string reliability_svg(const CalibrationStats& stats, const std::string& title);

}  // namespace pacwar::cli
