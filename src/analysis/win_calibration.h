// The map from the analysis search's raw win probability to the one players are shown.
//
// The raw number, (1 + v) / 2 for the search's value v of the preferred action, is
// over-confident in the middle of its range (docs/ai.md, "Calibration of the analysis view"):
// `pacwar calibrate GAME --analysis mcts:N --fit FILE` fits this map on self-play decisions by
// isotonic regression (pool adjacent violators on equal-count bins of the raw probability) and
// writes it as `data/<game>/win_calibration.json`; the analysis shows apply(raw). The map is
// non-decreasing, linear between its knots and flat beyond the first and last.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace pacwar::analysis {

class WinCalibration {
 public:
  struct Knot {
    double raw = 0.0;         // the mean raw probability of a pooled block
    double calibrated = 0.0;  // the fraction of those decisions whose seat won
  };

  WinCalibration() = default;  // the identity: raw numbers shown as they are

  // Fits the map on (raw probability, won) samples in `bins` equal-count bins (at most).
  static WinCalibration fit(std::vector<std::pair<double, bool>> samples, int bins = 20);
  // Reads a map written by to_json(); engine::DataError naming `file`, the field and the reason
  // when it is malformed (knots not increasing in raw, values outside [0, 1], ...).
  static WinCalibration from_json(const engine::Json& json, const std::string& file);
  // data/<game>/win_calibration.json, or the identity when the game ships none.
  static WinCalibration for_game(const std::string& game);
  static std::string path_for(const std::string& game);

  double apply(double raw) const;
  bool identity() const { return knots_.empty(); }
  const std::vector<Knot>& knots() const { return knots_; }
  // {"format", "knots": [[raw, calibrated], ...]}; the caller adds the provenance.
  engine::Json to_json() const;

 private:
  std::vector<Knot> knots_;
};

}  // namespace pacwar::analysis
