// The Pacific War: Resource Card events as data (4.5, 4.6). Each card end's event is a timing
// window, requirements and a list of effects built from the small set of primitives below;
// data/pacific-war/cards.json holds them and content_loader.cc validates them. Changing what a
// card does needs no code change as long as these primitives suffice (docs/data.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pacwar::pacific_war {

struct UnitDef;  // content.h

// When an event may be played.
enum class Timing : std::uint8_t {
  Action,       // 8.3 / 8.5: as the Active Player's Strategy Action
  Interrupt,    // 8.3.1: after the other player gains the Initiative, before the action
  CombatStart,  // 9.0.1: only at the beginning of a combat
  Combat,       // 9.0.1: at the beginning of a combat or of a Surface Combat
  Surface,      // 9.0.1: at the beginning of a Surface Combat
  Fire,         // 9.0.1: during one side's combat resolution, before its die (requires.fire)
  Invasion,     // 10.2: in the player's Port Invasion sub-phase
};

enum class CombatPartSel : std::uint8_t { Air, Surface, Both };
enum class UnitFilter : std::uint8_t { All, Carrier, Capital, NonCapital };
enum class ActionFilter : std::uint8_t { Any, NavalMove, LbaRedeploy };

enum class EffectType : std::uint8_t {
  ColumnShift,     // side, part, amount: CRT columns for the rest of the combat (9.2.2)
  Strength,        // side, part, multiply / divide (rounded up) for the rest of the combat
  FireFirst,       // side, part: that fire is resolved and its losses applied first (9.3)
  AllocateHits,    // side allocates the hits of `fire`'s fire in `part` (9.2.4)
  Retreat,         // side: all its units in the combat OZ retreat; the combat ends (9.5)
  RedrawHand,      // side: discards its hand; discards reshuffled; draws as many (7.4)
  Discard,         // side: discards `amount` cards of its choice
  GroundStrength,  // +amount Ground Strength at the target Port invasion (10.2)
  PortDefence,     // +amount Ground Strength needed at the target own Port this Turn
  CancelAction,    // the Active Player's Strategy Action is cancelled (8.3.1)
  LbaStrike,       // 9.0.2: an own LBA strikes an adjacent OZ; amount = column shift
  SurfaceHitsLba,  // side: its surface hits may be allocated to enemy LBA (9.2.4)
  VictoryPoints,   // side gains `amount` VP (11.0)
  ExtraAction,     // the player takes `amount` more Strategy Actions of kind `action`
  ReadyUnits,      // own Ops Complete Naval units (filter) in the target OZ flip to Ready
  ExhaustUnits,    // side's Ready Naval units (filter) in `oz` flip to Ops Complete
  Repair,          // the target own repairing unit returns `amount` Turns earlier (now: at `oz`)
  EarlyReinforcement,  // the target own unit (nation) due next Turn arrives now at `oz`
  Count
};

// What an event's action names besides the card (at most one targeted effect per event).
enum class EventTarget : std::uint8_t {
  None,
  InvasionPort,       // GroundStrength: a Port the player may invade now
  DefendedPort,       // PortDefence: an own Port (not already defended this Turn)
  OwnUnitsOz,         // ReadyUnits: an OZ with own Ops Complete units matching the filter
  StrikeOz,           // LbaStrike: an OZ with enemy targets next to an own LBA
  RepairingUnit,      // Repair: an own Naval unit on the Turn Track (repairing, or new_ships)
  ReinforcementUnit,  // EarlyReinforcement: an own unit due next Turn
};

struct Effect {
  EffectType type = EffectType::Count;
  int side = -1;  // kJapanese / kAllied where the primitive names a side
  CombatPartSel part = CombatPartSel::Both;
  int amount = 0;
  int divide = 1;  // Strength
  int fire = -1;   // AllocateHits: whose hits
  UnitFilter units = UnitFilter::All;
  ActionFilter action = ActionFilter::Any;
  int oz = -1;             // ExhaustUnits, EarlyReinforcement, Repair
  int nation = -1;         // EarlyReinforcement (a Nation value)
  bool new_ships = false;  // Repair: also Naval units not yet arrived (new construction)
};

struct Requirements {
  std::vector<int> turns;  // empty: any Turn
  int fire = -1;           // Fire timing: whose fire
  CombatPartSel fire_part = CombatPartSel::Both;
  bool own_units_in_combat = false;
  bool enemy_lba_in_combat = false;
  bool enemy_hand = false;        // the enemy holds at least one card
  std::vector<int> own_ready_in;  // a Ready own Naval unit (own_ready_units) in one of these OZs
  UnitFilter own_ready_units = UnitFilter::All;
};

struct CardEvent {
  Timing timing = Timing::Action;
  Requirements needs;  // "requires" in cards.json
  std::vector<Effect> effects;
  EventTarget target = EventTarget::None;  // derived from the effects at load time
};

// Names used in cards.json (and by `pacwar cards`).
const char* timing_name(Timing t);
const char* effect_name(EffectType t);
const char* part_name(CombatPartSel p);
const char* unit_filter_name(UnitFilter f);
// Whether a unit of definition `d` is one the filter names.
bool unit_matches(const UnitDef& d, UnitFilter f);
const char* action_filter_name(ActionFilter f);
// The target an effect needs, or None.
EventTarget effect_target(EffectType t);

}  // namespace pacwar::pacific_war
