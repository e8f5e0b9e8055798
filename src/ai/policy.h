// Game-specific knowledge used by the generic search: how good a non-terminal position is and
// how to pick actions quickly in playouts. The search code never includes a game's headers;
// each game hands out its policies through its GameModule (engine/game_module.h).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/game_module.h"
#include "engine/policy.h"
#include "engine/rng.h"

namespace pacwar::ai {

// The interfaces live in the engine (engine/policy.h) so that each game's module implements
// them beside its rules.
using engine::Evaluator;
using engine::PlayoutPolicy;

// Knows nothing: every non-terminal position is even.
class NeutralEvaluator final : public Evaluator {
 public:
  explicit NeutralEvaluator(int seats) : seats_(seats) {}
  void evaluate(const engine::State& state, std::vector<double>& values) const override;

 private:
  int seats_;
};

class UniformPlayout final : public PlayoutPolicy {
 public:
  engine::ActionCode pick(const engine::State& state, const std::vector<engine::ActionCode>& legal,
                          engine::Rng& rng) const override;
};

struct GamePolicies {
  int seats = 2;
  int playout_depth = 30;  // the search's playout depth when its configuration gives none
  std::shared_ptr<const Evaluator> evaluator;
  std::shared_ptr<const PlayoutPolicy> playout;
  // The game's features of a seat's view (engine/features.h), for a learned value model; may
  // be null.
  std::shared_ptr<const engine::ViewFeatures> features;
  double rave = 0.0;  // the search's RAVE constant and MAST probability when its configuration
  double mast = 0.0;  // gives none (engine::SearchPolicies)
  bool mast_expand = false;  // likewise, MAST orders the expansions (`,mastexp=1`)
  bool reuse_tree = false;   // likewise, tree reuse between decisions (`,reuse=1`)
  double exploration = 0.7;  // likewise, the UCB exploration constant (`,c=X`)
  // The game's doctrine player for a seat (engine/doctrine.h), for the search's doctrine prior
  // (`,dprior=M`); null for a game without one.
  std::function<std::shared_ptr<const engine::Doctrine>(int seat)> doctrine;
};

// The policies of `module` (its SearchPolicies); neutral ones when it has none.
GamePolicies policies_for(const engine::GameModule& module, int seats);
// The policies of the game called `game` ("pacific-war"); neutral ones for an unknown game.
GamePolicies policies_for(const std::string& game, int seats);

// Final returns when terminal, else the evaluator's estimate.
void evaluate_or_score(const GamePolicies& policies, const engine::State& state,
                       std::vector<double>& values);

}  // namespace pacwar::ai
