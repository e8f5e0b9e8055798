// The Pacific War's features of a seat's view for the learned value model (engine/features.h):
// the parts of the evaluator's score (ai_policy.h) and a few products of them with the Victory
// Phases left, Japanese minus Allied where it applies. All of it is public (the VP track, unit
// positions and readiness, port and base markers, hand sizes), so every seat sees the same.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/features.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

class PacificWarFeatures final : public engine::ViewFeaturesOf<PwState> {
 public:
  const std::vector<std::string>& names() const override;
  void compute_state(const PwState& state, int seat, std::span<double> out) const override;
};

}  // namespace pacwar::pacific_war
