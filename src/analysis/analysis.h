// Post-game analysis and hints (issue 19): what the computer player thinks of a seat's
// decisions, from that seat's information only.
//
// Everything here is built on the information-set search of src/ai (ai::Mcts through its public
// API, with today's evaluators): the search at a decision of seat S draws its worlds with
// resample_hidden(S), and the follow-up estimates (the value of an action the search hardly
// tried, the main line of a hint) start from a world drawn from S's view too. So the result is a
// function of (S's view, the action taken, seed, config): the opponent's real hidden cards never
// reach it (tests: AnalysisHiddenInfo.*).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/mcts.h"
#include "analysis/win_calibration.h"
#include "engine/game.h"

namespace pacwar::analysis {

// Loss thresholds in win probability (0..1) of the seat: docs/analysis.md.
inline constexpr double kInaccuracyLoss = 0.05;
inline constexpr double kMistakeLoss = 0.10;
inline constexpr double kBlunderLoss = 0.20;

// "", "inaccuracy", "mistake" or "blunder" for a loss in win probability.
std::string mark_for_loss(double loss);

struct AnalysisConfig {
  // The searcher: an mcts spec ("mcts", "mcts:easy", "mcts:500", "mcts:200,c=0.5"); an
  // iteration budget keeps the analysis deterministic for a seed. Oracle and time budgets are
  // refused (parse_config).
  std::string player = "mcts:easy";
  std::uint64_t seed = 1;
  int threads = 1;
  // Worlds drawn from the seat's view for a follow-up estimate (each searched with
  // iterations / determinizations).
  int determinizations = 4;
};

// Checks `config.player` and returns the search configuration; throws engine::UsageError with a
// clear message for anything but an iteration-budget mcts spec.
ai::MctsConfig search_config(const AnalysisConfig& config);
// The UCB constant of the analysis searches unless their player spec gives one: the constant of
// the self-play that fitted the calibration maps.
inline constexpr double kCalibratedExploration = 0.7;

struct ActionValue {
  std::string id;
  std::string label;
  double win_probability = 0.5;  // (1 + value) / 2 for the seat that decides
  long long visits = 0;
};

struct DecisionAnalysis {
  int seat = -1;
  std::string prompt;
  std::string taken;  // action id
  std::string best;   // the search's preferred action id
  std::string best_label;
  double before = 0.5;  // win probability with the preferred action
  double after = 0.5;   // win probability after the action taken
  double loss = 0.0;    // max(0, before - after)
  std::string mark;     // "", inaccuracy, mistake, blunder
  long long taken_visits = 0;
  bool follow_up = false;  // before/after re-estimated (the taken action was hardly tried)
  // A loss that would be marked is searched again with another seed; the decision shows the
  // search with the smaller loss, and `other_loss` is the other search's (analyse_decision).
  bool rechecked = false;
  double other_loss = 0.0;       // the other search's loss ("other_loss" in JSON)
  std::vector<ActionValue> top;  // the best actions by visits (up to 3)
};

// The win probability the analysis shows the seat to act in `state` (not chance or terminal):
// `calibration` applied to (1 + v) / 2 for v the value of the action its search prefers (the
// most visited). The search draws the hidden cards from that seat's view; `pacwar calibrate
// --analysis` scores it. Every win probability of the analysis goes through `calibration`
// (WinCalibration::for_game: the game's shipped map; the identity shows the raw values).
double position_win_probability(const engine::State& state, const ai::MctsConfig& search,
                                const std::string& game, std::uint64_t seed,
                                const WinCalibration& calibration = {});

// Analyses the decision of the seat to act in `state` (not chance or terminal) when it took
// `taken` (legal in `state`). Only what that seat sees is used. A loss that would be marked is
// searched again with another seed, and the smaller of the two losses is kept.
DecisionAnalysis analyse_decision(const engine::State& state, engine::ActionCode taken,
                                  const ai::MctsConfig& search, int determinizations,
                                  const std::string& game, std::uint64_t seed,
                                  const WinCalibration& calibration = {});

struct Hint {
  int seat = -1;
  std::string prompt;
  std::vector<ActionValue> top;        // up to three actions, best first
  std::vector<std::string> main_line;  // "japanese: move-from Truk", "chance: die 4", ...
  // The same line in words: "Japanese: Move a Naval group from Truk (8.10)", "Chance", ...
  std::vector<std::string> main_line_labels;
};

// The computer player's advice for the seat to act in `state`, from its view only: the top
// three actions and the line it expects after the best one (played out in a world drawn from the
// seat's view, chance by its likeliest outcome; `line_length` actions at most).
constexpr int kMainLineLength = 6;
Hint hint(const engine::State& state, const ai::MctsConfig& search, const std::string& game,
          const std::vector<std::string>& seat_names, std::uint64_t seed,
          int line_length = kMainLineLength, const WinCalibration& calibration = {});

engine::Json to_json(const DecisionAnalysis& decision);
engine::Json to_json(const Hint& hint);

// Progress: (decisions analysed, decisions in all); return false to stop early.
using Progress = std::function<bool(int done, int total)>;

// Analyses every decision of `seat` with at least two legal actions in the finished (or
// unfinished) game of `save` (a save file's JSON). Returns
// {"game","seat","seat_name","player","seed","decisions":N,"moves":[...],"summary":{...}}; every
// move has "index" (its position in the action log), "move" (its number among the seat's
// decisions) and the fields of to_json(DecisionAnalysis). Throws engine::UsageError for a bad
// save, seat or player.
engine::Json analyse_game(const engine::Json& save, int seat, const AnalysisConfig& config,
                          const Progress& progress = nullptr);

// The seat named `name` ("japanese") or given by number ("0"); throws UsageError.
int seat_by_name(const engine::Game& game, const std::string& name);

}  // namespace pacwar::analysis
