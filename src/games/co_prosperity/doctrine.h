// Greater East Asia Co-Prosperity Sphere's doctrine players (engine/doctrine.h; docs/ai.md,
// "Doctrine players"): the plan a competent player follows, as prioritised rules of thumb over
// each prompt's legal actions, read from a world consistent with the seat's view.
//
// Japan: no war on the US while the Allied production dwarfs Japan's; war on the Commonwealth
// alone in 1941 (the Allies gain no PP by it); keep a unit in Japan. The Allies: leave the
// declaration of war to Japan, no Atlantic reinforcements (8.9: Japan's target falls to 7) while
// Japan holds 5 spaces or more. Both: a hit on the cheapest unit that takes it, attacks at even
// odds or better, no move and no End of Turn move that gives up a space it controls; where no
// rule speaks, a look one step ahead with the game's evaluator.
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
  // A sound prior for the search (engine::Doctrine::sound_prior): hit allocation only (the
  // cheapest unit takes the hit; the enemy's dearest when this side chooses).
  bool sound_prior_in(const CpsState& state) const override;

 private:
  int side_;
};

}  // namespace pacwar::co_prosperity
