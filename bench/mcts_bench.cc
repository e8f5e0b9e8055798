// Google Benchmark of information-set MCTS: iterations per second per thread from mid-game
// positions reached by seeded random play, for The Pacific War and Co-Prosperity.
//
// Counters: `iterations_per_second_per_thread` uses wall-clock time (what a player waits for;
// it drops when other programs share the cores), `iterations_per_cpu_second` uses the CPU time
// of the whole process (all search threads), which a loaded machine disturbs much less.
#include <benchmark/benchmark.h>
#include <time.h>

#include <exception>
#include <memory>
#include <string>
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

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Positions part way through seeded random games (from action `first`, `step` apart) where a
// seat has a choice.
std::vector<std::unique_ptr<State>> mid_game_positions(const pacwar::engine::Game& game, int first,
                                                       int step) {
  const auto options = game.normalize_options(pacwar::engine::Json::object());
  std::vector<std::unique_ptr<State>> positions;
  pacwar::engine::RandomPlayer player;
  for (int i = 0; i < kPositions; ++i) {
    Rng rng(1000 + static_cast<std::uint64_t>(i));
    auto state = game.new_initial_state(options);
    const int stop = first + step * i;
    for (int n = 0; !state->is_terminal(); ++n) {
      if (n >= stop && !state->is_chance() && state->legal_actions().size() >= 2) break;
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    if (!state->is_terminal()) positions.push_back(std::move(state));
  }
  return positions;
}

// Arg: threads. Reports iterations per second per thread.
void run_mcts(benchmark::State& bench, const std::string& name, int first, int step) {
  std::shared_ptr<const pacwar::engine::Game> game;
  try {
    game = pacwar::find_game(name);
  } catch (const std::exception& e) {
    bench.SkipWithError(e.what());
    return;
  }
  if (!game) {
    bench.SkipWithError("game is not registered");
    return;
  }
  const auto positions = mid_game_positions(*game, first, step);
  if (positions.empty()) {
    bench.SkipWithError("no mid-game position");
    return;
  }
  const int threads = static_cast<int>(bench.range(0));
  pacwar::ai::MctsConfig config;
  config.iterations = kIterationsPerSearch * threads;
  config.threads = threads;
  pacwar::ai::Mcts mcts(config, pacwar::ai::policies_for(name, game->num_seats()));
  long long iterations = 0;
  std::uint64_t seed = 1;
  std::size_t next = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : bench) {
    const auto result = mcts.search(*positions[next], seed++);
    next = (next + 1) % positions.size();
    iterations += result.iterations;
    benchmark::DoNotOptimize(result.action);
  }
  const double cpu = process_cpu_seconds() - cpu_start;
  bench.counters["iterations_per_second_per_thread"] =
      benchmark::Counter(static_cast<double>(iterations) / threads, benchmark::Counter::kIsRate);
  bench.counters["iterations_per_cpu_second"] =
      benchmark::Counter(cpu > 0.0 ? static_cast<double>(iterations) / cpu : 0.0);
}

void BM_MctsIterations(benchmark::State& bench) { run_mcts(bench, "pacific-war", 150, 40); }
BENCHMARK(BM_MctsIterations)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_MctsIterationsCoProsperity(benchmark::State& bench) {
  run_mcts(bench, "co-prosperity", 40, 20);
}
BENCHMARK(BM_MctsIterationsCoProsperity)
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
