// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/policies.cc, with the search settings of
// games/pacific_war/module.cc and games/co_prosperity/module.cc of c4de046, into namespace
// ai::v2: the one place of src/ai/v2 that knows the games by name.
#include "ai/v2/co_prosperity_policy.h"
#include "ai/v2/pacific_war_policy.h"
#include "ai/v2/policy.h"

namespace pacwar::ai::v2 {

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
    // RAVE K = 100 and MAST E = 0.5, UCB constant 0.3, playout depth 30, no tree reuse.
    policies.evaluator = std::make_shared<PacificWarEvaluator>();
    policies.playout = std::make_shared<PacificWarPlayout>();
    policies.playout_depth = 30;
    policies.rave = 100.0;
    policies.mast = 0.5;
    policies.mast_expand = false;
    policies.reuse_tree = false;
    policies.exploration = 0.3;
  } else if (game == "co-prosperity") {
    // MAST E = 0.5, no RAVE, UCB constant 0.7, playout depth 150, tree reuse.
    policies.evaluator = std::make_shared<CoProsperityEvaluator>();
    policies.playout = std::make_shared<CoProsperityPlayout>();
    policies.playout_depth = kCoProsperityPlayoutDepth;
    policies.rave = 0.0;
    policies.mast = 0.5;
    policies.mast_expand = false;
    policies.reuse_tree = true;
    policies.exploration = 0.7;
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

}  // namespace pacwar::ai::v2
