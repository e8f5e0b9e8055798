#include "cli/bench.h"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "engine/random_play.h"
#include "engine/rng.h"

namespace pacwar::cli {
namespace {

using Clock = std::chrono::steady_clock;
using engine::Rng;
using engine::State;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Plays one random game from the start, stopping after `stop_after` actions or at the end.
// Returns the number of actions played.
long long play_random(State& state, Rng& player_rng, Rng& chance_rng, long long stop_after,
                      engine::RandomPlayer& player) {
  long long actions = 0;
  while (!state.is_terminal() && actions < stop_after) {
    state.apply(player.pick(state, player_rng, chance_rng), nullptr);
    ++actions;
  }
  return actions;
}

// A state halfway through a random game.
std::unique_ptr<State> mid_game_state(const engine::Game& game, const engine::Options& options,
                                      const BenchConfig& config) {
  engine::RandomPlayer player;
  Rng player_rng(config.seed);
  Rng chance_rng(~config.seed);
  auto probe = game.new_initial_state(options);
  const long long length =
      play_random(*probe, player_rng, chance_rng, config.max_actions_per_game, player);
  player_rng = Rng(config.seed);
  chance_rng = Rng(~config.seed);
  auto state = game.new_initial_state(options);
  play_random(*state, player_rng, chance_rng, length / 2, player);
  return state;
}

}  // namespace

BenchResult run_bench(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                      const BenchConfig& config) {
  const engine::Options normalized = game->normalize_options(options);
  BenchResult result;

  // Clone: batches, timed while cloning only (freeing happens outside the clock). A batch stays
  // well under glibc's heap trim threshold (128 kB): freeing a larger one hands its pages back to
  // the system, and the next batch then times page faults instead of clones (a 2.2 kB Pacific
  // War state read ~1,300-3,500 ns in batches of 256 against 48 ns in BM_Clone).
  {
    const auto state = mid_game_state(*game, normalized, config);
    std::vector<std::unique_ptr<State>> batch(16);
    double timed = 0.0;
    do {
      const auto start = Clock::now();
      for (auto& slot : batch) slot = state->clone();
      timed += seconds_since(start);
      result.clones += static_cast<long long>(batch.size());
      for (auto& slot : batch) slot.reset();
    } while (config.games <= 0 && timed < config.seconds_per_measure);
    result.clone_ns = timed * 1e9 / static_cast<double>(result.clones);
  }

  // Random games: whole games (new state included) and the actions within them.
  {
    engine::RandomPlayer player;
    Rng player_rng(config.seed + 1);
    Rng chance_rng(~(config.seed + 1));
    const auto start = Clock::now();
    double elapsed = 0.0;
    double setup = 0.0;  // new_initial_state: part of a game, not of an action
    do {
      const auto setup_start = Clock::now();
      auto state = game->new_initial_state(normalized);
      setup += seconds_since(setup_start);
      result.actions +=
          play_random(*state, player_rng, chance_rng, config.max_actions_per_game, player);
      if (!state->is_terminal()) {
        throw std::runtime_error("bench: a random game did not end within " +
                                 std::to_string(config.max_actions_per_game) + " actions");
      }
      ++result.games;
      elapsed = seconds_since(start);
    } while (config.games > 0 ? result.games < config.games : elapsed < config.seconds_per_measure);
    result.random_games_per_second = static_cast<double>(result.games) / elapsed;
    result.apply_action_ns =
        result.actions > 0 ? (elapsed - setup) * 1e9 / static_cast<double>(result.actions) : 0.0;
  }
  return result;
}

engine::Json to_json(const BenchResult& result) {
  return {{"clone_ns", result.clone_ns},
          {"apply_action_ns", result.apply_action_ns},
          {"random_games_per_second", result.random_games_per_second},
          {"clones", result.clones},
          {"actions", result.actions},
          {"games", result.games}};
}

}  // namespace pacwar::cli
