#include "games/pacific_war/ai_features.h"

#include <cassert>

#include "games/pacific_war/ai_policy.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

const std::vector<std::string>& PacificWarFeatures::names() const {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& kNames = *new const std::vector<std::string>{
      "evaluator_logit", "vp_track",    "per_turn",          "invasion",
      "phases_left",     "margin",      "japanese_material", "allied_material",
      "japanese_hand",   "allied_hand", "per_turn_x_phases", "invasion_x_phases",
      "last_turn"};
  return kNames;
}

void PacificWarFeatures::compute_state(const PwState& state, int seat,
                                       std::span<double> out) const {
  (void)seat;  // nothing read here is hidden from either seat
  assert(out.size() == names().size());
  const PacificWarScore score = score_pacific_war(state);
  const double phases = score.victory_phases_left;
  std::size_t i = 0;
  out[i++] = score.logit;
  out[i++] = score.vp_track;
  out[i++] = score.per_turn;
  out[i++] = score.invasion;
  out[i++] = phases;
  out[i++] = score.margin;
  out[i++] = score.japanese_material;
  out[i++] = score.allied_material;
  out[i++] = hand_size(state, kJapanese);
  out[i++] = hand_size(state, kAllied);
  out[i++] = score.per_turn * phases;
  out[i++] = score.invasion * phases;
  out[i++] = state.turn >= kLastTurn ? 1.0 : 0.0;
}

}  // namespace pacwar::pacific_war
