// Google Benchmark of one position evaluation, the hand-written evaluator of each game against
// the learned value model (eval=model, data/<game>/value_model.json), on mid-game positions
// reached by seeded random play. The time per iteration is the nanoseconds per evaluation.
#include <benchmark/benchmark.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/policy.h"
#include "engine/random_play.h"
#include "games/registry.h"

namespace {

void run_evaluator(benchmark::State& bench, const std::string& name, bool model) {
  std::shared_ptr<const pacwar::engine::Game> game;
  pacwar::ai::GamePolicies policies;
  try {
    game = pacwar::find_game(name);
    pacwar::ai::AgentSpec spec;
    spec.kind = pacwar::ai::AgentSpec::Kind::kMcts;
    spec.model_eval = model;
    policies = pacwar::ai::agent_policies(spec, name, game->num_seats());
  } catch (const std::exception& e) {
    bench.SkipWithError(e.what());
    return;
  }
  std::vector<std::unique_ptr<pacwar::engine::State>> positions;
  for (int i = 0; i < 16; ++i) {
    auto state =
        pacwar::engine::random_state(*game, 50 + 40 * i, 300 + static_cast<std::uint64_t>(i));
    if (!state->is_terminal()) positions.push_back(std::move(state));
  }
  std::vector<double> values;
  std::size_t next = 0;
  for (auto _ : bench) {
    policies.evaluator->evaluate(*positions[next], values);
    next = (next + 1) % positions.size();
    benchmark::DoNotOptimize(values.data());
  }
}

void BM_EvaluatorPacificWar(benchmark::State& bench) { run_evaluator(bench, "pacific-war", false); }
void BM_ValueModelPacificWar(benchmark::State& bench) { run_evaluator(bench, "pacific-war", true); }
void BM_EvaluatorCoProsperity(benchmark::State& bench) {
  run_evaluator(bench, "co-prosperity", false);
}
void BM_ValueModelCoProsperity(benchmark::State& bench) {
  run_evaluator(bench, "co-prosperity", true);
}

BENCHMARK(BM_EvaluatorPacificWar);
BENCHMARK(BM_ValueModelPacificWar);
BENCHMARK(BM_EvaluatorCoProsperity);
BENCHMARK(BM_ValueModelCoProsperity);

}  // namespace
