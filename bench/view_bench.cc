// Google Benchmark of a seat's redacted view, from mid-game positions reached by seeded random
// play: built as a JSON tree (State::view) and serialized, or written as text (State::write_view)
// as the web server does. Every new state answer of `pacwar serve` holds one
// (docs/performance.md, "Web server").
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/json_writer.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace {

using pacwar::engine::Rng;
using pacwar::engine::State;

std::vector<std::unique_ptr<State>> positions(const pacwar::engine::Game& game) {
  const auto options = game.normalize_options(pacwar::engine::Json::object());
  std::vector<std::unique_ptr<State>> out;
  pacwar::engine::RandomPlayer player;
  for (int i = 0; i < 8; ++i) {
    Rng rng(2000 + static_cast<std::uint64_t>(i));
    auto state = game.new_initial_state(options);
    for (int n = 0; n < 100 + 60 * i && !state->is_terminal(); ++n) {
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    if (!state->is_terminal()) out.push_back(std::move(state));
  }
  return out;
}

void run_view(benchmark::State& bench, const std::string& name, bool dump) {
  const auto game = pacwar::find_game(name);
  const auto states = positions(*game);
  if (states.empty()) {
    bench.SkipWithError("no mid-game position");
    return;
  }
  std::size_t i = 0;
  std::size_t bytes = 0;
  for (auto _ : bench) {
    const State& state = *states[i++ % states.size()];
    const auto view = state.view(0);
    if (dump) {
      const std::string text = view.dump();
      bytes += text.size();
      benchmark::DoNotOptimize(text.data());
    } else {
      benchmark::DoNotOptimize(&view);
    }
  }
  if (dump) bench.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

// The view written as text (State::write_view), as `pacwar serve` writes it into its answers.
void run_write_view(benchmark::State& bench, const std::string& name) {
  const auto game = pacwar::find_game(name);
  const auto states = positions(*game);
  if (states.empty()) {
    bench.SkipWithError("no mid-game position");
    return;
  }
  std::size_t i = 0;
  std::size_t bytes = 0;
  std::string text;
  for (auto _ : bench) {
    const State& state = *states[i++ % states.size()];
    text.clear();
    pacwar::engine::JsonWriter writer(text);
    state.write_view(0, writer);
    bytes += text.size();
    benchmark::DoNotOptimize(text.data());
  }
  bench.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void BM_PacificWarView(benchmark::State& bench) { run_view(bench, "pacific-war", false); }
void BM_PacificWarViewDump(benchmark::State& bench) { run_view(bench, "pacific-war", true); }
void BM_CoProsperityViewDump(benchmark::State& bench) { run_view(bench, "co-prosperity", true); }
void BM_PacificWarWriteView(benchmark::State& bench) { run_write_view(bench, "pacific-war"); }

BENCHMARK(BM_PacificWarView)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PacificWarViewDump)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CoProsperityViewDump)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PacificWarWriteView)->Unit(benchmark::kMicrosecond);

}  // namespace
