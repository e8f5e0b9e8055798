// Arena: complete games between computer players (random, heuristic, mcts...), one per seat,
// with win counts and the time each decision took.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/blunders.h"
#include "engine/game.h"

namespace pacwar::cli {

struct ArenaConfig {
  int games = 10;
  std::uint64_t seed = 1;
  int threads = 1;                   // search threads of each MCTS player
  int jobs = 1;                      // games played at once (each job has its own players)
  std::vector<std::string> players;  // per seat: "random", "heuristic", "mcts:hard", ...
  int max_actions_per_game = 100000;
  // When not empty: each game's save file (pacwar load's format, seed + options + action log)
  // is written to save_dir/game-<index>.json, for `pacwar load`, `pacwar analyse` or the server.
  std::string save_dir;
};

// How one game ended: its index, winner (-1: none), actions and last log lines.
struct ArenaGame {
  int index = 0;
  int winner = -1;
  bool finished = false;
  int actions = 0;
  std::vector<std::string> end;
};

struct ArenaResult {
  int games = 0;
  std::vector<int> wins;  // per seat
  int draws = 0;          // finished without a winner
  int unfinished = 0;     // stopped after max_actions_per_game
  // Decisions of non-random players with at least two legal actions.
  long long decisions = 0;
  double mean_ms_per_decision = 0.0;
  double p95_ms_per_decision = 0.0;
  std::vector<double> seat_mean_ms;  // per seat (0 for random players)
  double mean_actions = 0.0;
  double seconds = 0.0;
  std::vector<ArenaGame> per_game;  // in game order, whatever the number of jobs
  // The blunder counters of every game per seat (engine/blunders.h, docs/ai.md); empty for a
  // game whose module has none.
  engine::BlunderTally blunders;
};

// Game g uses chance and player seeds derived from (seed, g) only, so the results do not depend
// on `jobs` (only the times do). Throws engine::UsageError
// for an unknown player name or a wrong number of players.
ArenaResult run_arena(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                      const ArenaConfig& config);

// games, <seat>_wins, draws, unfinished, decisions, mean_ms_per_decision, p95_ms_per_decision,
// <seat>_mean_ms, players, mean_actions, seconds, jobs, per_game (winner, actions, the last
// log lines of each game) and blunders (per seat: decisions and each counter's count and rate
// per 100 decisions) where the game has blunder counters.
engine::Json to_json(const ArenaResult& result, const ArenaConfig& config,
                     const engine::Game& game);

}  // namespace pacwar::cli
