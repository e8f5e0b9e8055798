// The Pacific War: action codes. An action is (kind, a, b) packed in 32 bits; its stable
// text id is "<verb> <args>" (see action_id in state.cc).
#pragma once

#include <cstdint>

#include "engine/game.h"
#include "engine/packed_action.h"

namespace pacwar::pacific_war {

enum class Kind : std::uint8_t {
  // chance
  Die,   // a = 1..6
  Draw,  // a = card index
  // generic answers
  Done,     // finish a sequence of picks
  Decline,  // 8.2: do not discard a card for the Initiative
  Pass,     // 8.2 (4): pass after the dice
  Skip,     // take no action after gaining the Initiative
  All,      // pick every remaining eligible unit
  // set-up (14.1, 14.2)
  Place,  // a = unit, b = oz
  // strategy phase (8.x)
  Initiative,  // a = card
  MoveFrom,    // a = oz (8.10 Normal Movement)
  ReturnFrom,  // a = oz (8.9.2 / 10.4 Return to Port)
  Redeploy,    // a = LBA unit (8.11 / 10.4)
  Resupply,    // a = card, b = oz (8.6)
  FleetTrain,  // a = card, b = oz (8.7)
  OpenRoutes,  // a = card (8.8)
  Pick,        // a = unit
  To,          // a = oz: destination
  Stop,        // end pursuit (8.12 emergency evacuation)
  // reaction (8.12)
  Evacuate,
  Counterattack,
  NoReaction,
  // combat (9.x)
  Hit,  // a = unit: allocate one hit
  Retreat,
  Stay,
  Surface,
  NoSurface,
  Continue,
  EndCombat,
  RetreatTo,  // a = oz
  // supply (10.x)
  IsolateTo,  // a = from oz, b = port (10.1 ties)
  Capture,    // a = oz (10.2)
  Ground,     // a = card, b = oz (10.2)
  Ready,      // a = card, b = oz (10.5)
  // advanced rules (13.x)
  AddUnit,          // a = unit: 13.4 Kasagi or Ibuki
  Divisions,        // a = oz: 13.6 place / redeploy the Australian Divisions
  RemoveDivisions,  // a = oz: 13.6.1 remove the Australian Divisions from a Base
  SeabeesLba,       // a = LBA unit: 13.7 Seabees
  Magic,            // 13.7 MAGIC: one last Strategy Action
  FreeFleetTrain,   // a = oz: 13.7 Fleet Train without a card
  // card events (4.5)
  Event,    // a = card, b = target OZ or unit (kNoTarget)
  NoEvent,  // play no card now (8.3.1, 9.0.1)
  Strike,   // a = LBA unit (9.0.2)
  Lose,     // a = card: discard it because of an event
  Count
};

inline constexpr int kNoTarget = 0xFF;

// A decoded action: its kind and its two arguments, whose meaning each Kind's comment above
// gives (a unit, an OZ, a card, a die), 8 bits each.
using Act = engine::PackedAction<Kind, 8>;
constexpr engine::ActionCode encode(Kind kind, int a = 0, int b = 0) {
  return Act::encode(kind, a, b);
}
constexpr Act decode(engine::ActionCode code) { return Act::decode(code); }

}  // namespace pacwar::pacific_war
