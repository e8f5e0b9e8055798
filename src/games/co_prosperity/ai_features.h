// Co-Prosperity's features of a seat's view for the learned value model (engine/features.h):
// the parts of the evaluator's score (ai_policy.h: spaces against the victory count, sudden
// victory, strength in play, turns left), hand sizes and the phase, Japanese minus Allied where
// it applies. All of it is public, so every seat sees the same.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/features.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {

class CoProsperityFeatures final : public engine::ViewFeaturesOf<CpsState> {
 public:
  const std::vector<std::string>& names() const override;
  void compute_state(const CpsState& state, int seat, std::span<double> out) const override;
};

}  // namespace pacwar::co_prosperity
