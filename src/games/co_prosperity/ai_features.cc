#include "games/co_prosperity/ai_features.h"

#include <cassert>

#include "games/co_prosperity/ai_policy.h"
#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {

const std::vector<std::string>& CoProsperityFeatures::names() const {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& kNames = *new const std::vector<std::string>{
      "evaluator_logit", "space_margin", "turns_left",    "margin_per_turn",
      "material",        "home_nations", "japan_lost",    "japanese_hand",
      "allied_hand",     "end_of_turn",  "atlantic_used", "material_x_turns"};
  return kNames;
}

void CoProsperityFeatures::compute_state(const CpsState& state, int seat,
                                         std::span<double> out) const {
  (void)seat;  // nothing read here is hidden from either seat
  assert(out.size() == names().size());
  const CoProsperityScore score = score_co_prosperity(state);
  const double margin = score.spaces - score.needed + 0.5;
  const bool end_of_turn = state.step == Step::EndTurnMove || state.step == Step::EndTurnDest ||
                           state.step == Step::EndTurnStack;
  std::size_t i = 0;
  out[i++] = score.logit;
  out[i++] = margin;
  out[i++] = score.turns_left;
  out[i++] = margin / score.turns_left;
  out[i++] = score.material;
  out[i++] = score.home_nations;
  out[i++] = score.japan_lost ? 1.0 : 0.0;
  out[i++] = hand_size(state, kJapanese);
  out[i++] = hand_size(state, kAllied);
  out[i++] = end_of_turn ? 1.0 : 0.0;
  out[i++] = state.atlantic_used ? 1.0 : 0.0;
  out[i++] = score.material * score.turns_left;
}

}  // namespace pacwar::co_prosperity
