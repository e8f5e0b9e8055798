// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/games/pacific_war/ai_policy.h into namespace ai::v2.
// The Pacific War knowledge for search: a position evaluator (VP track, projected VPs from
// current control, fleet strength afloat and ready, cards in hand, turn) and a cheap biased
// playout policy.
#pragma once

#include <vector>

#include "ai/v2/policy.h"
#include "games/pacific_war/state.h"

namespace pacwar::ai::v2 {

class PacificWarEvaluator final : public EvaluatorOf<pacific_war::PwState> {
 public:
  // values[0] Japanese, values[1] Allied = -values[0], in (-1, 1).
  void evaluate_state(const pacific_war::PwState& state,
                      std::vector<double>& values) const override;
};

// Weighted random by action kind: captures, whole groups, movement and readying are favoured,
// doing nothing (Skip) is rare.
class PacificWarPlayout final : public PlayoutPolicyOf<pacific_war::PwState> {
 public:
  engine::ActionCode pick_in(const pacific_war::PwState& state,
                             const std::vector<engine::ActionCode>& legal,
                             engine::Rng& rng) const override;
  // weight() of each legal action over their sum: the probabilities of pick_in.
  void weights_in(const pacific_war::PwState& state, const std::vector<engine::ActionCode>& legal,
                  std::vector<double>& out) const override;
  // The relative weight of `action` (legal in `state`).
  double weight(const pacific_war::PwState& state, engine::ActionCode action) const;
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
PacificWarScore score_pacific_war(const pacific_war::PwState& state);
// Throws std::invalid_argument when `state` is not a Pacific War state.
PacificWarScore score_pacific_war(const engine::State& state);

}  // namespace pacwar::ai::v2
