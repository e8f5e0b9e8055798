// pacwar calibrate: how well the evaluator's win probability predicts the result. Over N
// self-play games of one player, at each decision (>= 2 legal actions) the seat to act gets
// p = (1 + value) / 2 from the game's evaluator on a world sampled from that seat's view only
// (resample_hidden), scored against whether that seat won: Brier score, log loss and a 10-bin
// reliability table, written with an SVG plot. With `analysis` set (`--analysis mcts:N`) the
// prediction is instead the win probability the analysis view shows that seat: the value of the
// preferred action of a search of mcts:N from the seat's view (analysis::position_win_probability).
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
  std::string svg;       // where to write the plot ("" = none)
  std::string analysis;  // "" = the evaluator; else the analysis search scored (mcts:N)
  // With `analysis`: the raw numbers are scored and a WinCalibration fitted on them is written
  // to this file (`--fit`); without it the numbers shown (the game's shipped map) are scored.
  std::string fit;
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

// Platt scaling, p = 1 / (1 + exp(-(a * v + b))) on the evaluator's value v = 2 p_raw - 1,
// fitted by maximum likelihood (Newton) on `samples` (raw probability, won).
struct PlattFit {
  double a = 2.0;  // the raw (1 + v) / 2 is close to a = 2 for small v
  double b = 0.0;
  double apply(double raw) const;
};
PlattFit fit_platt(const std::vector<std::pair<double, bool>>& samples);

struct CalibrateResult {
  CalibrationStats stats;  // the raw evaluator, every game
  // Platt scaling fitted on the even-numbered games, scored on the odd-numbered ones (held out),
  // beside the raw evaluator on those same odd games.
  PlattFit platt;
  CalibrationStats raw_held_out;
  CalibrationStats platt_held_out;
  // The analysis through a shipped map: its file, and the raw numbers' statistics beside.
  std::string map_file;
  CalibrationStats raw;
  int games = 0;
  int unfinished = 0;
  double seconds = 0;
};

CalibrateResult run_calibrate(std::shared_ptr<const engine::Game> game,
                              const engine::Options& options, const CalibrateConfig& config,
                              std::ostream* progress);

engine::Json to_json(const CalibrateResult& result, const CalibrateConfig& config,
                     const engine::Game& game);

// The reliability diagram as an SVG document: the predictions scored (blue, named by `label`)
// and the Platt-scaled ones on held-out games (orange).
std::string reliability_svg(const CalibrationStats& stats, const CalibrationStats& platt,
                            const std::string& title, const std::string& label = "raw evaluator");

}  // namespace pacwar::cli
