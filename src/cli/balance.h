// `pacwar balance`: the balance lab (docs/balance.md). Plays N games between equal computer
// players, optionally on data corrected by --data-override and, per --sweep FIELD, on the data with
// that value changed by -1 and +1 (the same seeds: common random numbers), and writes
// DIR/report.html with SVG plots and DIR/summary.json.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "cli/data_override.h"
#include "engine/game.h"

namespace pacwar::cli {

struct BalanceConfig {
  std::string game;
  std::string player = "heuristic";  // both seats
  int games = 100;
  std::uint64_t seed = 1;
  int jobs = 1;
  int max_actions = 20000;
  engine::Options options = engine::Json::object();
  std::string data_override;        // file, or ""
  std::vector<std::string> sweeps;  // JSON pointers into the data ("/units.json/units/0/attack")
  std::string out;                  // directory of report.html
};

// One game's record.
struct BalanceGame {
  int winner = -1;  // seat, -1 draw or unfinished
  bool finished = false;
  int actions = 0;
  int turns = 0;
  std::string end;  // the last public log line, digits replaced by N ("how games end")
  // Per turn (index = turn), the public measures at its end: "vp", "held:<seat>".
  std::map<std::string, std::vector<double>> by_turn;
  std::map<std::string, int> cards;  // "<seat>: <action id>" of actions that revealed something
};

struct BalanceRun {
  std::string label;   // "base", "/units.json/.../attack = 2"
  engine::Json value;  // the swept value (null for the base run)
  std::string refused;  // why the data with this value is refused (then no games)
  std::vector<BalanceGame> games;
};

struct BalanceResult {
  std::vector<std::string> seats;
  BalanceRun base;
  struct Sweep {
    std::string field;
    engine::Json base_value;
    std::vector<BalanceRun> runs;  // value - 1, value + 1
  };
  std::vector<Sweep> sweeps;
  double seconds = 0;
};

// Wilson score interval (95%) of `wins` in `n`.
std::pair<double, double> wilson(int wins, int n);

BalanceResult run_balance(const BalanceConfig& config, std::ostream* progress);
engine::Json to_json(const BalanceResult& result, const BalanceConfig& config);
// The HTML report with its SVG plots.
std::string balance_report(const BalanceResult& result, const BalanceConfig& config);

}  // namespace pacwar::cli
