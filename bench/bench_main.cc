// Google Benchmark micro-benchmarks of the Pacific War module through the engine interface.
#include <benchmark/benchmark.h>

#include <exception>
#include <memory>
#include <string>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace {

using pacwar::engine::Game;
using pacwar::engine::RandomPlayer;
using pacwar::engine::Rng;
using pacwar::engine::State;

constexpr const char* kGame = "pacific-war";
constexpr long long kMaxActions = 1000000;

// The game, or nullptr after marking the benchmark as skipped with the reason.
std::shared_ptr<const Game> game_or_skip(benchmark::State& bench) {
  try {
    if (auto game = pacwar::find_game(kGame)) return game;
    bench.SkipWithError("game 'pacific-war' is not registered");
  } catch (const std::exception& e) {
    bench.SkipWithError(e.what());
  }
  return nullptr;
}

// Plays random actions until the end or `limit` actions; returns the number played.
long long play_random(State& state, RandomPlayer& player, Rng& rng, long long limit) {
  long long actions = 0;
  for (; actions < limit && !state.is_terminal(); ++actions) {
    state.apply(player.pick(state, rng, rng), nullptr);
  }
  return actions;
}

// A state about halfway through a random game.
std::unique_ptr<State> mid_game(const Game& game) {
  RandomPlayer player;
  Rng rng(1);
  auto probe = game.new_initial_state(game.normalize_options(pacwar::engine::Json::object()));
  const long long length = play_random(*probe, player, rng, kMaxActions);
  rng = Rng(1);
  auto state = game.new_initial_state(game.normalize_options(pacwar::engine::Json::object()));
  play_random(*state, player, rng, length / 2);
  return state;
}

void BM_Clone(benchmark::State& bench) {
  const auto game = game_or_skip(bench);
  if (!game) return;
  const auto state = mid_game(*game);
  for (auto _ : bench) {
    auto copy = state->clone();
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_Clone);

// One random legal action (legal action generation included); a new game when one ends.
void BM_ApplyAction(benchmark::State& bench) {
  const auto game = game_or_skip(bench);
  if (!game) return;
  const auto options = game->normalize_options(pacwar::engine::Json::object());
  RandomPlayer player;
  Rng rng(2);
  auto state = game->new_initial_state(options);
  for (auto _ : bench) {
    if (state->is_terminal()) state = game->new_initial_state(options);
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
}
BENCHMARK(BM_ApplyAction);

void BM_RandomGame(benchmark::State& bench) {
  const auto game = game_or_skip(bench);
  if (!game) return;
  const auto options = game->normalize_options(pacwar::engine::Json::object());
  RandomPlayer player;
  Rng rng(3);
  long long actions = 0;
  for (auto _ : bench) {
    auto state = game->new_initial_state(options);
    actions += play_random(*state, player, rng, kMaxActions);
  }
  bench.counters["actions_per_game"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_RandomGame);

}  // namespace

BENCHMARK_MAIN();
