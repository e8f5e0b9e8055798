// Greater East Asia Co-Prosperity Sphere's doctrine players (engine/doctrine.h; docs/ai.md,
// "Doctrine players"): the plan a competent player follows, as prioritised rules of thumb over
// each prompt's legal actions, read from a world consistent with the seat's view.
//
// Japan: no war on the US and the Commonwealth while the Allied production dwarfs Japan's;
// take what it can hold, attack at good odds only, never empty a space it controls. The
// Allies: keep ports and spaces garrisoned, attack at good odds, no end-of-turn moves that give
// up a space. Both: a hit on the cheapest unit that takes it; the rest as the playout policy
// weighs it, its heaviest action first.
#pragma once

#include <vector>

#include "engine/doctrine.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {

class CoProsperityDoctrine final : public engine::DoctrineOf<CpsState> {
 public:
  explicit CoProsperityDoctrine(int side) : side_(side) {}
  engine::ActionCode choose_in(const CpsState& state, const std::vector<engine::ActionCode>& legal,
                               engine::Rng& rng) const override;
  // How much the plan wants `action` (legal in `state`, the doctrine's seat to act): higher is
  // better; 0 where the plan has no opinion (the playout policy's weights then choose).
  double score(const CpsState& state, engine::ActionCode action) const;

 private:
  int side_;
};

}  // namespace pacwar::co_prosperity
