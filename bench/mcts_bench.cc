// Google Benchmark of information-set MCTS on The Pacific War: iterations per second per
// thread from mid-game positions reached by seeded random play.
#include <benchmark/benchmark.h>

#include <exception>
#include <memory>
#include <vector>

#include "ai/mcts.h"
#include "ai/policy.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace {

using pacwar::engine::Rng;
using pacwar::engine::State;

constexpr int kPositions = 8;
constexpr int kIterationsPerSearch = 200;

// Positions a quarter to three quarters through seeded random games where a seat has a choice.
std::vector<std::unique_ptr<State>> mid_game_positions(const pacwar::engine::Game& game) {
  const auto options = game.normalize_options(pacwar::engine::Json::object());
  std::vector<std::unique_ptr<State>> positions;
  pacwar::engine::RandomPlayer player;
  for (int i = 0; i < kPositions; ++i) {
    Rng rng(1000 + static_cast<std::uint64_t>(i));
    auto state = game.new_initial_state(options);
    const int stop = 150 + 40 * i;
    for (int n = 0; !state->is_terminal(); ++n) {
      if (n >= stop && !state->is_chance() && state->legal_actions().size() >= 2) break;
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    if (!state->is_terminal()) positions.push_back(std::move(state));
  }
  return positions;
}

// Arg: threads. Reports iterations per second per thread.
void BM_MctsIterations(benchmark::State& bench) {
  std::shared_ptr<const pacwar::engine::Game> game;
  try {
    game = pacwar::find_game("pacific-war");
  } catch (const std::exception& e) {
    bench.SkipWithError(e.what());
    return;
  }
  if (!game) {
    bench.SkipWithError("game 'pacific-war' is not registered");
    return;
  }
  const auto positions = mid_game_positions(*game);
  const int threads = static_cast<int>(bench.range(0));
  pacwar::ai::MctsConfig config;
  config.iterations = kIterationsPerSearch * threads;
  config.threads = threads;
  pacwar::ai::Mcts mcts(config, pacwar::ai::policies_for("pacific-war", game->num_seats()));
  long long iterations = 0;
  std::uint64_t seed = 1;
  std::size_t next = 0;
  for (auto _ : bench) {
    const auto result = mcts.search(*positions[next], seed++);
    next = (next + 1) % positions.size();
    iterations += result.iterations;
    benchmark::DoNotOptimize(result.action);
  }
  bench.counters["iterations_per_second_per_thread"] =
      benchmark::Counter(static_cast<double>(iterations) / threads, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MctsIterations)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
