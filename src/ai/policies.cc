// The search policies of a game, from its GameModule.
#include "ai/policy.h"
#include "games/registry.h"

namespace pacwar::ai {

void NeutralEvaluator::evaluate(const engine::State&, std::vector<double>& values) const {
  values.assign(static_cast<std::size_t>(seats_), 0.0);
}

engine::ActionCode UniformPlayout::pick(const engine::State&,
                                        const std::vector<engine::ActionCode>& legal,
                                        engine::Rng& rng) const {
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

GamePolicies policies_for(const engine::GameModule& module, int seats) {
  GamePolicies policies;
  policies.seats = seats;
  if (module.search) {
    engine::SearchPolicies search = module.search();
    policies.evaluator = std::move(search.evaluator);
    policies.playout = std::move(search.playout);
    policies.playout_depth = search.playout_depth;
    policies.features = std::move(search.features);
    policies.rave = search.rave;
    policies.mast = search.mast;
    policies.mast_expand = search.mast_expand;
    policies.reuse_tree = search.reuse_tree;
    policies.exploration = search.exploration;
  }
  policies.doctrine = module.doctrine;
  if (!policies.evaluator) policies.evaluator = std::make_shared<NeutralEvaluator>(seats);
  if (!policies.playout) policies.playout = std::make_shared<UniformPlayout>();
  return policies;
}

GamePolicies policies_for(const std::string& game, int seats) {
  const std::optional<engine::GameModule> module = find_module(game);
  return policies_for(module ? *module : engine::GameModule{game, {}, {}, {}, {}, {}, {}, {}},
                      seats);
}

void evaluate_or_score(const GamePolicies& policies, const engine::State& state,
                       std::vector<double>& values) {
  if (state.is_terminal()) {
    values = state.returns();
    return;
  }
  policies.evaluator->evaluate(state, values);
}

}  // namespace pacwar::ai
