// The Pacific War knowledge for search: a position evaluator (VP track, projected VPs from
// current control, fleet strength afloat and ready, cards in hand, turn) and a cheap biased
// playout policy.
#pragma once

#include <vector>

#include "engine/policy.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

// The share of a fight's playout picks that follow the odds (PacificWarPlayout).
inline constexpr double kCombatByOdds = 0.9;

class PacificWarEvaluator final : public engine::EvaluatorOf<PwState> {
 public:
  // values[0] Japanese, values[1] Allied = -values[0], in (-1, 1).
  void evaluate_state(const PwState& state, std::vector<double>& values) const override;
};

// Weighted random by action kind: captures, whole groups, movement and readying are favoured,
// doing nothing (Skip) is rare. In a fight (combat_prompt) most picks follow the odds instead:
// the doctrine's choice (doctrine.h: hits on the cheapest own unit and the enemy's dearest, 9.2.4;
// evacuate or retreat when outgunned, 8.12 and 9.1; fight on only when ahead, 9.1.2-9.1.3), so that
// the playouts neither leave a hopeless defender standing nor break off a won fight.
class PacificWarPlayout final : public engine::PlayoutPolicyOf<PwState> {
 public:
  engine::ActionCode pick_in(const PwState& state, const std::vector<engine::ActionCode>& legal,
                             engine::Rng& rng) const override;
  // The probabilities of pick_in: weight() of each legal action over their sum, and in a fight
  // kCombatByOdds shared among the doctrine's best actions.
  void weights_in(const PwState& state, const std::vector<engine::ActionCode>& legal,
                  std::vector<double>& out) const override;
  // The fights' prompts, where pick_in knows better than the search's move statistics (MAST).
  bool knows_best_in(const PwState& state) const override { return combat_prompt(state); }
  static bool combat_prompt(const PwState& state);
  // The relative weight of `action` (legal in `state`).
  double weight(const PwState& state, engine::ActionCode action) const;
};

// The parts of the evaluation, Japanese minus Allied where it applies (for tests and tuning).
struct PacificWarScore {
  double vp_track = 0;  // the VP marker (+ Japanese)
  double per_turn = 0;  // VPs the next Victory Phase would award at current control
  double invasion = 0;  // port VPs each side could invade now (10.2), Japanese minus Allied
  int victory_phases_left = 0;
  double material = 0;           // fraction of own fleet and air afloat, weighted by readiness
  double cards = 0;              // hand size difference
  double japanese_material = 0;  // the two sides' fractions behind `material`
  double allied_material = 0;
  double margin = 0;  // the projected VP margin, centred on the victory band (11.1)
  double logit = 0;   // the weighted sum before the squash: value = tanh(logit)
  double value = 0;   // the Japanese value in (-1, 1)
};
PacificWarScore score_pacific_war(const PwState& state);
// Throws std::invalid_argument when `state` is not a Pacific War state.
PacificWarScore score_pacific_war(const engine::State& state);

}  // namespace pacwar::pacific_war
