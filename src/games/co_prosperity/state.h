// Greater East Asia Co-Prosperity Sphere: the game state (a small value type) and the prompt it
// is waiting on (Step). Each rules file handles the steps of its section: setup_3.cc,
// production_6.cc, war_7.cc, operations_8.cc, movement_8.cc, combat_8_6.cc, end_turn_9.cc
// (with victory, 4.0). board.cc holds control (3.4, 3.5) and the movement rules shared by all.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/packed_action.h"
#include "engine/state_reuse.h"
#include "engine/step_table.h"
#include "games/co_prosperity/content.h"

namespace pacwar::co_prosperity {

// Where a unit is: 0..23 spaces, 24/25 Retreat Boxes, or one of these.
enum Loc : std::uint8_t {
  kVladivostok = 26,  // 5.1
  kLocPool = 200,     // Units Pool box
  kLocTrack = 201,    // Production Track
  kLocRemoved = 203,  // out of the game (failed North Wind Rain)
};

enum UnitFlag : std::uint8_t {
  kNavalSide = 1,   // marine on its naval side (8.2.4)
  kDiverted = 2,    // carrier used as an air unit (8.6.8)
  kFires = 4,       // fires in the current combat round
  kMovedEot = 8,    // already moved in this End of Turn Phase (9.0)
  kAirFought = 16,  // air unit was in a combat space this turn: no bombing (6.3.9)
};
// Flags that outlive one Operation (the others are combat-only).
inline constexpr std::uint8_t kTurnFlags = kMovedEot | kAirFought;

struct UnitState {
  std::uint8_t loc = kLocPool;
  std::uint8_t steps = 0;
  std::uint8_t track_left = 0;     // advances still needed on the Production Track
  std::uint8_t placed_turn = 0;    // turn placed on the track (8.4.2)
  std::uint8_t advanced_turn = 0;  // turn last advanced on the track
  std::uint8_t flags = 0;
};

enum class CardLoc : std::uint8_t { Out, Hand, Played, Discarded, Removed };

enum class Step : std::uint8_t {
  SetupSplit,       // 3.1 Allied split at Pearl Harbor / Samoa
  ChooseCards,      // 6.0 secret choice, one card at a time
  DeclareJapanese,  // 7.1
  DeclareAllied,    // 7.2
  DiscardCost,      // 7.2.1
  SpecialOp,        // 7.3
  Operations,       // 8.0 choose an Operation or pass
  CbiNation,        // 8.5
  CbiAction,        // 8.5
  Develop,          // 6.3.1 / 8.5.1 pick the unit
  HomeSpace,        // where a unit enters the map
  Replenish,        // 6.3.2 / 8.4 / 8.5.2 pick the unit
  PickFrom,         // 8.1-8.3 the stack's space
  PickUnits,        // 8.1-8.3 units of the stack, one at a time
  Destination,      // 8.1-8.3
  Bomber,           // 8.8 the air unit
  BombTarget,       // 8.8 the space
  AtlanticPlace,    // 8.9
  Reaction,         // 8.6.1 play a reaction card or not
  ReactionPick,     // 8.6.1 the US naval units
  Diversion,        // 8.6.8
  CombatDie,        // 8.6.2 (chance)
  Allocate,         // 8.6.5
  EndTurnMove,      // 9.0 pick a unit or finish
  EndTurnDest,      // 9.0
  EndTurnStack,     // 9.0 which naval unit stays in a space without a port
  GameOver,
};

enum class Op : std::uint8_t {
  None,
  Develop,
  Replenish,
  Strategic,
  Naval,
  Ground,
  Bomb,
  NorthWind,
  Atlantic,
  Sustain,
  EndTurn
};

// Where play resumes when a movement (and its combat) is over.
enum class Resume : std::uint8_t { Operations, SpecialOps, EndTurn };

struct OpCtx {
  Op op = Op::None;
  std::int8_t side = 0;
  std::int8_t nation = -1;  // -1: the side's units usable with a non-CBI card
  Icon replenish = Icon::ReplenishAny;
  std::int8_t card = -1;  // card played (-1: RP or free)
  bool special = false;   // 7.3 Special Operation
  std::int8_t from = -1;
  std::uint64_t picked = 0;  // bit per unit
  std::int8_t unit = -1;     // unit waiting for a home space / the bomber / the EoT mover
  Resume resume = Resume::Operations;
};

struct CombatCtx {
  std::int8_t space = -1;
  std::int8_t attacker = 0;
  std::int8_t origin = -1;  // ground movement: where the attackers came from
  bool naval = false;       // caused by naval movement
  bool surprise = false;    // 8.6.4
  bool bombing = false;     // 8.8
  std::int8_t bomber = -1;
  std::int8_t round = 0;  // priority 0..3 = A..D; surprise: 0 attacker fires, 1 defender
  std::int8_t divert_seat = 0;
  std::int8_t fire_unit = -1;
  std::int8_t dice_left = 0;
  std::array<std::array<std::uint8_t, 4>, 2> hits{};  // per firing side and priority
  std::int8_t bomber_loss = 0;
  std::int8_t min_attacker_priority = 3;
  std::array<bool, 2> bonus{};  // 8.6.6
  std::int8_t reactors = 0;     // 8.6.1 units moved in so far
};

using NodeMask = std::uint32_t;  // bit n = map node n (24 spaces and the 2 Retreat Boxes)

// Control of every map node (3.4, 3.5) and what follows from it for movement (7.4), worked out
// in one pass over the units (compute_control, board.cc). It depends only on where the units
// are and on the US and Commonwealth war status, so CpsState keeps the last one it worked out
// (see `control_cache_`) and every legal-action list reads it instead of recounting.
struct Control {
  std::array<std::int8_t, kNumNodes> side{};    // kJapanese or kAllied
  std::array<std::int8_t, kNumNodes> nation{};  // controlling nation (controlling_nation)
  std::array<NodeMask, 2> of_side{};            // nodes each side controls
  std::array<NodeMask, 4> enter{};              // 7.4: nodes each nation may enter or pass
  std::array<NodeMask, 4> stop{};               // 7.4: nodes each nation may end a move in
  std::array<NodeMask, 4> of_nation{};          // nodes by controlling nation
  std::array<NodeMask, 2> units{};              // spaces holding units of each side (3.4)
  std::array<NodeMask, 2> air{};                // spaces holding air units of each side
  template <std::integral I>
  std::int8_t operator[](I node) const {
    return side[static_cast<std::size_t>(node)];
  }
};

// What a Control was worked out from (the units, of which only their locations count, and the
// war status) and the result.
struct ControlCache {
  std::array<UnitState, kMaxUnits> units{};
  std::uint8_t war = 0xFF;  // bit 0 US at war, bit 1 Commonwealth at war; 0xFF: nothing yet
  Control control;
};

// ---- actions: (kind, a, b) packed in 32 bits; stable text id "<verb> <args>" ----
enum class Kind : std::uint8_t {
  Die,
  Place,
  Choose,
  Declare,
  NoDeclaration,
  Discard,
  Special,
  EndSpecial,
  Play,
  Rp,
  Pass,
  Nation,
  CbiOp,
  Develop,
  Home,
  Replenish,
  Advance,
  From,
  Pick,
  Done,
  To,
  Bomber,
  Target,
  React,
  NoReaction,
  Divert,
  NoDiversion,
  Hit,
  Move,
  Keep
};
// A decoded action: its kind and its two arguments (a unit, a space, a card, a die, a nation:
// action_id in state.cc writes each kind's), 12 bits each.
using Act = engine::PackedAction<Kind, 12>;
constexpr engine::ActionCode encode(Kind k, int a = 0, int b = 0) { return Act::encode(k, a, b); }
constexpr Act decode(engine::ActionCode c) { return Act::decode(c); }

class CpsState;
// An entry of the table of steps (steps.h, engine/step_table.h). The game's own fact in each
// entry (`extra`): whether a combat (8.6) or bombing (8.8) is in progress (the view shows where).
using StepRules = engine::StepEntry<Step, CpsState, Act, bool>;

// The engine interface: who acts, legal actions, chance outcomes, the prompt, undo barriers,
// returns and counts come from the table of steps (engine::StepTableState); the rest is here.
class CpsState final : public engine::StepTableState<CpsState, &decode>,
                       public engine::ReusableState {
 public:
  explicit CpsState(std::shared_ptr<const Content> content);

  std::unique_ptr<engine::State> clone() const override;
  bool assign_from(const engine::State& other) override;  // engine::ReusableState
  void apply(engine::ActionCode action, engine::LogSink* log) override;
  std::string action_id(engine::ActionCode action) const override;
  std::string action_label(engine::ActionCode action) const override;
  engine::Json view(int seat) const override;
  std::uint64_t hash() const override;
  void resample_hidden(int seat, engine::Rng& rng) override;
  std::string check_invariants() const override;
  std::string check_transition(const engine::State& before,
                               engine::ActionCode action) const override;

  const Content& content() const { return *content_; }
  // The entry of the current step (steps.cc).
  const StepRules& step_entry() const;

  // ---- data (public: the rules files are the state's implementation) ----
  std::shared_ptr<const Content> content_;
  std::array<UnitState, kMaxUnits> units{};
  std::array<CardLoc, kNumCards> cards{};
  Step step = Step::SetupSplit;
  std::int8_t turn = 1;  // 1 = 1939 ... 6 = 1944
  std::int8_t seat = kAllied;
  std::int8_t winner_ = -1;
  std::int8_t pp[2] = {0, 0};
  bool us_war = false, cw_war = false;
  bool japan_declared = false, allied_declared = false;
  std::int8_t us_bonus = 0;     // 6.2: +4 or +2
  std::int8_t war_targets = 0;  // 7.3: bit per nation war was just declared on
  std::int8_t declarer = -1;
  std::int8_t special_left = 0;
  std::int8_t discard_left = 0;
  std::int8_t first = kJapanese;  // who goes first in Operations and End of Turn
  std::int8_t passes = 0;         // consecutive passes (8.0)
  std::int8_t rp = 0;             // Resource Points left (6.4)
  bool atlantic_used = false;     // 8.9
  bool nwr_done = false;          // 5.1 card removed
  std::int8_t nwr_turn = 0;       // turn the veteran went to Vladivostok
  bool nwr_failed = false;        // 5.1: fails at the end of this turn
  bool nwr_sustained = false;     // 5.1: the ground move of this turn was spent
  bool vladivostok_gone = false;
  std::int8_t eot_side = 0;  // side moving in the End of Turn Phase
  std::int8_t eot_done = 0;  // sides finished
  OpCtx op;
  CombatCtx combat;
  int moves_ = 0;
  // Not part of the position (not hashed, not shown): the control of the position after the
  // last apply() (or the start), reused by compute_control while no unit has moved and the
  // war status is the same. Written only by non-const members, so a const state read by
  // several threads stays read-only.
  ControlCache control_cache_;
  void refresh_control();
};

}  // namespace pacwar::co_prosperity
