// Generic speed measurements of a game module through the engine interface.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/game.h"

namespace pacwar::cli {

struct BenchConfig {
  std::uint64_t seed = 1;
  double seconds_per_measure = 0.5;  // each measure runs at least this long (and >= 1 round)
  int max_actions_per_game = 100000;
  // Fixed work instead of fixed time (for instruction counts, e.g. under callgrind): when > 0,
  // exactly this many random games and one batch of clones.
  long long games = 0;
};

struct BenchResult {
  double clone_ns = 0.0;         // mean time to clone (and free) a mid-game state
  double apply_action_ns = 0.0;  // mean time per random action: legal actions + pick + apply
  double random_games_per_second = 0.0;  // one thread, complete random games
  long long clones = 0;
  long long actions = 0;
  long long games = 0;
};

// Throws std::runtime_error when a random game does not end within max_actions_per_game.
BenchResult run_bench(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                      const BenchConfig& config);

// {"clone_ns", "apply_action_ns", "random_games_per_second"} (plus the counts).
engine::Json to_json(const BenchResult& result);

}  // namespace pacwar::cli
