// FROZEN: the search of main at commit 940a9ac (player `mcts-v1`), kept as the fixed baseline
// of issue 20. Do not change what it decides; src/ai/v1/decisions_test.cc checks recorded
// decisions. Copied from src/ai/policies.cc into namespace ai::v1.
// The per-game policy registry: the one place of src/ai that knows the games.
#include "ai/v1/co_prosperity_policy.h"
#include "ai/v1/pacific_war_policy.h"
#include "ai/v1/policy.h"

namespace pacwar::ai::v1 {

void NeutralEvaluator::evaluate(const engine::State&, std::vector<double>& values) const {
  values.assign(static_cast<std::size_t>(seats_), 0.0);
}

engine::ActionCode UniformPlayout::pick(const engine::State&,
                                        const std::vector<engine::ActionCode>& legal,
                                        engine::Rng& rng) const {
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

GamePolicies policies_for(const std::string& game, int seats) {
  GamePolicies policies;
  policies.seats = seats;
  if (game == "pacific-war") {
    policies.evaluator = std::make_shared<PacificWarEvaluator>();
    policies.playout = std::make_shared<PacificWarPlayout>();
  } else if (game == "co-prosperity") {
    policies.evaluator = std::make_shared<CoProsperityEvaluator>();
    policies.playout = std::make_shared<CoProsperityPlayout>();
    policies.playout_depth = kCoProsperityPlayoutDepth;
  } else {
    policies.evaluator = std::make_shared<NeutralEvaluator>(seats);
    policies.playout = std::make_shared<UniformPlayout>();
  }
  return policies;
}

void evaluate_or_score(const GamePolicies& policies, const engine::State& state,
                       std::vector<double>& values) {
  if (state.is_terminal()) {
    values = state.returns();
    return;
  }
  policies.evaluator->evaluate(state, values);
}

}  // namespace pacwar::ai::v1
