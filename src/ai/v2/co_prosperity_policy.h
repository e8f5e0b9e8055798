// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/games/co_prosperity/ai_policy.h into namespace ai::v2.
// Greater East Asia Co-Prosperity Sphere knowledge for search: a position evaluator built on
// the victory conditions (4.0: Japanese space count against 8, or 7 after the Atlantic
// operation; sudden victory by two Allied nations' home spaces or by taking Japan), the
// strength on the board and the years left (not the hands: unplayed cards are discarded,
// 6.1); a biased playout policy; and the search horizon, the next End of Turn Phase.
// They read only what every seat sees (unit positions and steps, control, the phase).
#pragma once

#include <vector>

#include "ai/v2/policy.h"
#include "games/co_prosperity/state.h"

namespace pacwar::ai::v2 {

class CoProsperityEvaluator final : public EvaluatorOf<co_prosperity::CpsState> {
 public:
  // values[0] Japanese, values[1] Allied = -values[0], in (-1, 1).
  void evaluate_state(const co_prosperity::CpsState& state,
                      std::vector<double>& values) const override;
};

// Weighted random: operations over passing, moves into spaces the enemy controls, reactions.
// Playouts end at the horizon (CoProsperityPlayout::stop); this only bounds them. An
// Operations Phase and the End of Turn Phase take about 60 actions.
inline constexpr int kCoProsperityPlayoutDepth = 150;

class CoProsperityPlayout final : public PlayoutPolicyOf<co_prosperity::CpsState> {
 public:
  engine::ActionCode pick_in(const co_prosperity::CpsState& state,
                             const std::vector<engine::ActionCode>& legal,
                             engine::Rng& rng) const override;
  // The weights of pick_in over their sum: the probabilities with which it picks each action.
  void weights_in(const co_prosperity::CpsState& state,
                  const std::vector<engine::ActionCode>& legal,
                  std::vector<double>& out) const override;
  // At the first End of Turn Phase (9.0) after the root's Operations Phase: the end of the
  // root's turn, or of the next one when the root is in an End of Turn Phase.
  bool stop_at(const co_prosperity::CpsState& root,
               const co_prosperity::CpsState& state) const override;
};

// The parts of the evaluation, Japanese minus Allied where it applies (for tests and tuning).
struct CoProsperityScore {
  int spaces = 0;           // spaces Japan controls now (with the Vladivostok veteran, 5.1)
  int needed = 8;           // spaces Japan needs at the end of 1944 (8, or 7: 8.9)
  int home_nations = 0;     // Allied nations with a home space under Japanese control (4.1)
  bool japan_lost = false;  // Japan under Allied control (4.2)
  int turns_left = 0;       // End of Turn Phases still to come, this one included
  double material = 0;      // Japanese share of the strength in play minus 0.5, times 2
  double logit = 0;         // the weighted sum before the squash: value = tanh(logit)
  double value = 0;         // the Japanese value in (-1, 1)
};
CoProsperityScore score_co_prosperity(const co_prosperity::CpsState& state);
// Throws std::invalid_argument when `state` is not a Co-Prosperity state.
CoProsperityScore score_co_prosperity(const engine::State& state);

}  // namespace pacwar::ai::v2
