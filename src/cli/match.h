// Games between computer players for the measurements (ladder, sprt, calibrate): a list of
// games, each with its players per seat and its own seed, played `jobs` at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/blunders.h"
#include "engine/game.h"
#include "engine/rng.h"

namespace pacwar::cli {

struct MatchGame {
  std::vector<std::string> players;  // per seat: agent specs ("mcts:normal", "oracle", ...)
  std::uint64_t seed = 0;            // chance and the players' seeds come from this alone
};

struct MatchOutcome {
  int winner = -1;  // seat, or -1 (a draw or unfinished)
  bool finished = false;
  int actions = 0;
  std::uint64_t digest = 0;  // of every action applied, chance included: the game's course
  std::vector<std::vector<double>> ms;         // per seat, each decision with >= 2 legal actions
  std::vector<std::pair<int, double>> probes;  // (seat to act, MatchConfig::probe's value)
  std::vector<std::vector<double>> records;    // MatchConfig::record's rows, in order
  // MatchConfig::blunders: the game's blunder counters per seat (engine/blunders.h); empty
  // otherwise, for a game without counters, or for a journal line written without them.
  engine::BlunderTally blunders;
};

struct MatchConfig {
  int jobs = 1;     // games at once
  int threads = 1;  // search threads of each player
  int max_actions = 100000;
  // When set, called before each decision with >= 2 legal actions (seat to act, a generator of
  // the game's own); the values are kept in MatchOutcome::probes (calibrate's predictions).
  std::function<double(const engine::State&, int seat, engine::Rng& rng)> probe;
  // Likewise, a row of numbers kept in MatchOutcome::records (pacwar record's positions).
  std::function<std::vector<double>(const engine::State&, int seat, engine::Rng& rng)> record;
  // Whether each game feeds its actions to the game's blunder counters (MatchOutcome::blunders;
  // a copy of the state per action).
  bool blunders = false;
};

// Called (one call at a time) as each game ends; return false to stop: games not yet started
// are skipped and those under way finish without a call.
using MatchDone = std::function<bool(std::size_t index, const MatchOutcome& outcome)>;

// Throws engine::UsageError for an unknown player spec (before any game starts).
void play_matches(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                  const std::vector<MatchGame>& games, const MatchConfig& config,
                  const MatchDone& done);

// Whether a game of `spec` (a valid agent spec) with `threads` search threads is fixed by its
// seed: no time budget, and one thread or an even split of the iterations.
bool reproducible(const std::string& spec, int threads);

// "12/240 games, 35 s, ETA 665 s" for the progress line on stderr (`unit` names what is counted).
std::string progress_line(std::size_t done, std::size_t total, double seconds,
                          const char* unit = "games");

// p-th quantile (0..1) of `values` (sorted copy); 0 for none.
double quantile(std::vector<double> values, double p);

}  // namespace pacwar::cli
