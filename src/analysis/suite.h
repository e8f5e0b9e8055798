// The strategic test suite (issue 36): positions of competent play, each with the actions a
// competent player takes there (good), those that do no harm (acceptable) and the ones a human
// punishes (blunders), scored for a computer player as the Strategic Test Suite scores chess
// engines. docs/suite.md describes the files and how to add a position.
//
// Files: data/<game>/suite/suite.json (the themes and the positions) and the save files the
// positions are cut from, data/<game>/suite/games/<name>.json (pacwar load's format). A position
// is the state after the first `at` actions of its game; its state hash is recorded, so a rule
// change that moves the position is an error naming it, not a silent change of the suite.
//
// A player is asked only through ai::make_agent, which plans from the acting seat's view (the
// searches redraw what the seat cannot see); the suite refuses the oracle.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "engine/game.h"
#include "engine/session.h"

namespace pacwar::analysis {

// What a label says of an action.
enum class Verdict { kGood, kAcceptable, kBlunder, kOther };
std::string verdict_name(Verdict verdict);

struct SuitePosition {
  std::string id;                     // "pw-hits-01"
  std::string theme;                  // a key of Suite::themes
  std::vector<std::string> sections;  // the rule sections it turns on ("9.2.4")
  std::string game;                   // the save file's name in suite/games/, without ".json"
  int at = 0;                         // actions of that game played before the position
  std::string state_hash;             // the position's State::hash(), hex
  std::string seat;                   // the seat to decide (its name)
  // Action ids, or prefixes ending in '*' ("to *" is every destination); an action matching
  // none of the three lists is "other" (neither good nor a blunder).
  std::vector<std::string> good;
  std::vector<std::string> acceptable;
  std::vector<std::string> blunder;
  std::string why;  // the reason, citing the rules
};

struct Suite {
  std::string game;
  std::string directory;                      // data/<game>/suite
  std::map<std::string, std::string> themes;  // name -> what it tests
  std::vector<SuitePosition> positions;
  std::map<std::string, engine::Json> games;  // save files by name
};

// Reads data/<game>/suite (or `directory` when not empty). Throws engine::UsageError for a game
// without a suite and engine::DataError naming the file and the position for a malformed one.
Suite load_suite(const std::string& game, const std::string& directory = "");

// The position as a game in progress. Throws engine::DataError naming the position when its
// game does not reach it or its hash differs (a rule change moved it).
engine::Session position_session(const Suite& suite, const SuitePosition& position);

// Whether `id` matches a label (an id, or a prefix ending in '*').
bool label_matches(const std::string& label, const std::string& id);
Verdict verdict_for(const SuitePosition& position, const std::string& id);

// Everything wrong with a position, one line each; empty when it is sound: it loads, the seat
// named decides there, every label matches a legal action and no action is in two lists, at
// least one action is good, its sections exist in data/<game>/sections.json and its reason
// cites one of them.
std::vector<std::string> check_position(const Suite& suite, const SuitePosition& position);

struct SuiteConfig {
  std::string player = "mcts:normal";  // an agent spec (ai/agent.h); the oracle is refused
  std::uint64_t seed = 1;
  int threads = 1;               // search threads of the player
  std::string theme;             // only this theme when not empty
  std::vector<std::string> ids;  // only these positions when not empty
};

// Each position's choice and verdict, and the scores: { game, player, seed, positions, good,
// acceptable, blunder, other, good_rate, blunder_rate, themes: {name: {the same counts}},
// results: [{id, theme, seat, chose, label, verdict, ms}] }. `progress(done, total)` after each
// position. Throws engine::UsageError for an unknown or refused player or theme.
using SuiteProgress = std::function<void(int done, int total)>;
engine::Json run_suite(const Suite& suite, const SuiteConfig& config,
                       const SuiteProgress& progress = {});

// The analysis view (analysis.h) scored on the suite (issue 42): at each position, the first legal
// action labelled a blunder and the first labelled good are analysed as a game's analysis would
// show them (analyse_decision, from the deciding seat's view, through the game's win-probability
// map). A sound analysis marks the blunders and leaves the good actions unmarked. Returns
// { game, analysis, seed, blunders: {analysed, marked, inaccuracy, mistake, blunder}, goods: {the
// same}, results: [{id, theme, seat, blunder: {action, label, mark, loss, best}, good: {...}}] };
// `config` chooses the positions (theme, ids) and the seed (its player is not used). Throws
// engine::UsageError for a refused analysis player (search_config) or an unknown theme.
engine::Json analyse_suite(const Suite& suite, const SuiteConfig& config,
                           const AnalysisConfig& analysis, const SuiteProgress& progress = {});

// The decisions of a save file (for writing positions): for each action a seat chose, from
// `from` up to `to` (exclusive, <0: to the end), { at, seat, move, turn, state_hash, prompt,
// chose, legal: [{id, label}] } and, with `views`, the deciding seat's view; when the save ends
// at a decision, that decision too, with `chose` null (where a new position is cut). Throws
// engine::UsageError for a save that does not load.
engine::Json save_decisions(const engine::Json& save, int from, int to, bool views);

}  // namespace pacwar::analysis
