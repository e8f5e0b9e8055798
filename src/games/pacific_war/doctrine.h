// The Pacific War's doctrine players (engine/doctrine.h; docs/ai.md, "Doctrine players"): the
// plan a competent player follows, as prioritised rules of thumb over each prompt's legal
// actions, read from a world consistent with the seat's view.
//
// Japan: concentrate the fleet, take the Philippines, Singapore and the Borneo oil in Turns 1-2
// and stay in an enemy port until the Supply Phase invasion, then hold the perimeter: retake
// lost ports, attack only what it outguns, keep capital ships ready. The Allies: move ships
// together, never into a stack that outguns them, guard threatened ports, return ships to port
// to ready, play cards when a fleet is at stake, open the restricted routes from Turn 3, and
// strike back on Turns 4-5 when the Essex carriers have come.
#pragma once

#include <vector>

#include "engine/doctrine.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

class PacificWarDoctrine final : public engine::DoctrineOf<PwState> {
 public:
  explicit PacificWarDoctrine(int side) : side_(side) {}
  engine::ActionCode choose_in(const PwState& state, const std::vector<engine::ActionCode>& legal,
                               engine::Rng& rng) const override;
  // How much the plan wants `action` (legal in `state`, the doctrine's seat to act): higher is
  // better; 0 where the plan has no opinion (the playout policy's weights then choose).
  double score(const PwState& state, engine::ActionCode action) const;
  // A sound prior for the search (engine::Doctrine::sound_prior): hit allocation (9.2.4: the
  // cheapest unit takes the hit, an airstrike's on the enemy's dearest) and leaving a fight
  // that outguns the fleet (8.12 evacuation, 9.5.1 retreat); not the plan's moves.
  bool sound_prior_in(const PwState& state) const override;

 private:
  int side_;
};

}  // namespace pacwar::pacific_war
