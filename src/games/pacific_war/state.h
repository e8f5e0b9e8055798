// The Pacific War: the game state (a small value type) and the prompt it is waiting on.
//
// The rules are a state machine of prompts (Step). Each rules file handles the steps of its
// manual section: setup_14.cc, turn0_5.cc, reinforcements_6.cc, cards_7.cc,
// strategy_8.cc, movement_8_10.cc, reaction_8_12.cc, combat_9.cc, retreat_9_5.cc, supply_10.cc,
// victory_11.cc, control_12.cc.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/game.h"
#include "engine/step_table.h"
#include "games/pacific_war/actions.h"
#include "games/pacific_war/card_state.h"
#include "games/pacific_war/content.h"
#include "games/pacific_war/options.h"

namespace pacwar::pacific_war {

// Where a unit is. 0..kMaxOz-1 are OZs on the map.
enum Loc : std::uint8_t {
  kLocPool = 200,     // not yet in play (set aside; a reinforcement not yet due)
  kLocTrack = 201,    // on the Turn Track: arrives on `turn` (reinforcement or repair)
  kLocSunk = 202,     // sunk or destroyed
  kLocRemoved = 203,  // removed from the game otherwise (withdrawn, repairs past Turn 5, unused)
};

enum UnitFlag : std::uint8_t {
  kReady = 1,      // Ready side up (else Ops Complete)
  kRepairing = 2,  // on the Turn Track for repairs (not a first arrival)
  kSelected = 4,   // picked for the group being formed
  kMoved = 8,      // already moved in this Supply sub-phase (10.4)
  kSix = 16,       // a damage die of 6 was rolled against it this combat part (9.2.5)
};

struct UnitState {
  std::uint8_t loc = kLocPool;
  std::uint8_t flags = 0;
  std::uint8_t turn = 0;       // kLocTrack: arrival turn
  std::uint8_t pend_hits = 0;  // hits allocated in the current combat part
  std::uint8_t pend_dmg = 0;   // damage dice total in the current combat part
};

enum class CardLoc : std::uint8_t { Deck, HandJapanese, HandAllied, Discard, Removed };

enum class Step : std::uint8_t {
  SetupAllied,      // 14.1: place each [LAC] LBA
  SetupJapanese,    // 14.2: place each uncoded ship
  SetupDraw,        // 14.2: Japanese draw four cards (chance)
  YamamotoDie,      // 15.1: 5-6 allows another strike (chance)
  YamamotoColumn,   // 15.1: column die (chance)
  ReinforceLba,     // 6.1 note: Allied LBA to West Coast or Madagascar
  DrawCards,        // 7.0 (chance)
  Init1,            // 8.2 (1) Japanese may discard for the Initiative
  Init2,            // 8.2 (2) Allied may discard
  Init3,            // 8.2 (3) Allied may discard
  InitDieJapanese,  // 8.2 (4) dice (chance)
  InitDieAllied,
  ChooseAction,        // 8.3
  PickGroup,           // 8.10.1 / 8.9.2: pick units for the group
  ChooseDestination,   // 8.10.1 / 8.9.2 / 8.11: where the group or LBA goes
  Pursuit,             // 8.12 after an evacuation: go on with remaining MP or stop
  Reaction,            // 8.12: evacuate / counterattack / none
  CounterPick,         // 8.12 Counterattack: pick units that join
  FireDie,             // 9.2.3 hit die (chance)
  Allocate,            // 9.2.4 allocate one hit
  DamageDie,           // 9.2.5 damage die (chance)
  RetreatDecision,     // 9.1.1 / 9.1.2 / 9.4 retreat or stay
  SurfaceDecision,     // 9.1.2 attacker: fight Surface Combat?
  ContinueDecision,    // 9.1.3 attacker: spend 1 MP for another round?
  RetreatDestination,  // 9.5.3 where the retreating units go
  Isolation,           // 10.1 choose among equally near ports
  Invasion,            // 10.2
  SupplyMoves,         // 10.4 redeployment and return to port
  Readying,            // 10.5
  // Advanced Rules 13.x and Optional Rules 15.x (advanced_13.cc, optional_15.cc)
  KasagiIbuki,  // 13.4 Japanese: which of Kasagi / Ibuki joins on Turn 5
  Divisions,    // 13.6 Allied: place or redeploy the Australian Divisions
  TorpedoDie,   // 13.2 a torpedo cruiser's gunnery die (chance)
  Seabees,      // 13.7 Allied: redeploy one LBA after the combat
  Magic,        // 13.7 Allied: one last Strategy Action after an Initiative tie
  OilDie,       // 15.2 the Japanese oil-reserve die (chance)
  // card events (events_8_5.cc, combat_cards_9_0_1.cc)
  Interrupt,     // 8.3.1 the Non-Active Player may interrupt
  CombatCards,   // 9.0.1 one card at a time, Japanese first, until both pass
  StrikeLba,     // 9.0.2 which LBA strikes
  EventDiscard,  // an event makes a player discard a card of their choice
  EventDraw,     // an event's redraw (chance)
  GameOver,
};

// What the movement/return/redeploy in progress is.
enum class MoveKind : std::uint8_t { None, Normal, Return, Lba, Counter };

// What a combat is doing right now (the combat coroutine's program counter).
enum class CombatPart : std::uint8_t { Air, Surface, Raid };

// Where play goes when the current Strategy Action is over (8.2).
// EndPhase: the action granted by MAGIC (13.7) is the last one.
enum class AfterAction : std::uint8_t { ToInit1, ToInit2, ToLoser, ToInit1AfterDice, EndPhase };

struct MoveCtx {
  MoveKind kind = MoveKind::None;
  std::int8_t side = -1;
  std::int8_t from = -1;
  std::int16_t unit = -1;   // Lba: the LBA being redeployed
  std::int8_t at = -1;      // where the moving group is now
  std::int8_t mp = 0;       // MP left (Normal movement, for combat rounds and pursuit)
  bool supply = false;      // inside the Supply Phase (10.4) rather than a Strategy Action
  bool evacuating = false;  // 8.12 Emergency Evacuation retreat in progress
};

struct CombatCtx {
  std::int8_t oz = -1;
  std::int8_t attacker = 0;
  std::int8_t mp = 0;  // attacker's MP left to buy rounds (9.1)
  std::uint8_t round = 0;
  CombatPart part = CombatPart::Air;
  std::int8_t firing = -1;  // side whose fire is being resolved
  std::uint8_t fired = 0;   // bit per side: fire resolved in this part
  std::int8_t column = 0;   // CRT column index for the current fire (may be < 0: no hits)
  std::uint8_t hits_left = 0;
  std::int8_t allocator = 0;
  std::int8_t retreat_asker = -1;  // side being asked about retreat
  std::uint8_t retreat_stage = 0;  // which retreat question (see combat_9.cc)
  std::int8_t retreating = -1;     // side retreating (RetreatDestination)
  std::int8_t winner = -1;
  std::int8_t raid_phase = 0;  // kNoRaid, or kPearlHarborRaid ... kLbaStrikePhase (rules.h)
  CombatMods mods;             // card effects in force (card_state.h)
};

// State of the Advanced (13.x) and Optional (15.x) rules; see advanced_13.cc, optional_15.cc.
struct AdvancedState {
  std::int8_t japanese_lost_mark = 0;  // 13.4: Japanese naval losses at the start of the turn
  std::int8_t kasagi_ibuki_due = 0;    // 13.4: additions earned but not chosen yet
  std::int8_t divisions_oz = -1;       // 13.6: marker's OZ; kDivisionsOff / kDivisionsGone
  std::int8_t divisions_turn = -1;     // 13.6: turn of the last placement decision
  std::int8_t marker_turn = -1;        // 13.7: turn the Seabees / MAGIC marker was used
  std::int8_t seabees_oz = -1;         // 13.7: where the Seabees may bring an LBA (prompt)
  std::int8_t torpedo[2] = {-1, -1};   // 13.2: this Surface round's rolled gunnery, -1 unrolled
  std::int8_t oil_turn = -1;           // 15.2: turn whose die gave `oil_bonus`
  std::int8_t oil_bonus = 0;           // 15.2: extra Japanese cards from that die
};
inline constexpr std::int8_t kDivisionsOff = -1;   // 13.6: not arrived yet
inline constexpr std::int8_t kDivisionsGone = -2;  // 13.6.3: removed from the game

// Whether no action is half done at a step: invariants.cc then checks that the control markers
// are up to date and that no OZ holds both sides' units. The game's own fact in each entry of
// the table of steps (StepRules::extra).
enum class Rest : std::uint8_t {
  Busy,          // an action or a combat is under way
  AtRest,        // always at rest
  BetweenMoves,  // at rest unless a move is under way (PwState::move)
};

class PwState;
// An entry of the table of steps (steps.h, engine/step_table.h).
using StepRules = engine::StepEntry<Step, PwState, Act, Rest>;

// The engine interface: who acts, legal actions, chance outcomes, the prompt, undo barriers,
// returns and counts come from the table of steps (engine::StepTableState); the rest is here.
class PwState final : public engine::StepTableState<PwState, &decode> {
 public:
  PwState(std::shared_ptr<const Content> content, RuleOptions options);

  std::unique_ptr<engine::State> clone() const override;
  void apply(engine::ActionCode action, engine::LogSink* log) override;
  std::string action_id(engine::ActionCode action) const override;
  std::string action_label(engine::ActionCode action) const override;
  engine::ActionGroup action_group(engine::ActionCode action) const override;
  engine::Json view(int seat) const override;
  void write_view(int seat, engine::JsonWriter& out) const override;
  std::uint64_t hash() const override;
  void resample_hidden(int seat, engine::Rng& rng) override;
  std::string check_invariants() const override;
  std::string check_transition(const engine::State& before,
                               engine::ActionCode action) const override;

  const Content& content() const { return *content_; }
  const RuleOptions& options() const { return options_; }
  // The entry of the current step.
  const StepRules& step_entry() const { return *steps_[static_cast<std::size_t>(step)]; }

  // ---- data (public: the rules files are the state's implementation) ----
  std::shared_ptr<const Content> content_;
  // The table of steps (steps.h: step_table().data()), kept here so that the engine calls of
  // every action (current_seat, legal_actions, apply) index it directly. Not part of the
  // position: the same table for every state.
  const StepRules* const* steps_;
  RuleOptions options_;
  std::array<UnitState, kMaxUnits> units{};
  std::array<CardLoc, kMaxCards> cards{};
  std::array<std::int8_t, kMaxOz> port_owner{};   // ports: side owning the Port marker
  std::array<std::int8_t, kMaxOz> base_marker{};  // bases: controller or -1; ports: overlay
  std::array<bool, kMaxOz> contested{};           // ports: enemy naval under owner's ASZ
  Step step = Step::SetupAllied;
  std::int8_t turn = 0;
  std::int8_t vp = 0;  // Victory Point track, + for Japan (11.0)
  std::int8_t winner_ = -1;
  std::int8_t active = -1;          // Active Player (8.2.1)
  std::int8_t seat = 0;             // who acts at player steps
  bool routes_open = false;         // 8.8
  std::int8_t fleet_train_oz = -1;  // 8.7
  std::int8_t fleet_trains_left = 2;
  std::int8_t fleet_train_turn = -1;
  AfterAction after = AfterAction::ToInit1;
  std::int8_t dice[2] = {0, 0};  // 8.2 (4) initiative dice
  std::int8_t die_winner = -1;
  std::uint8_t passes = 0;  // 8.2 (4): bit per side that passed
  std::int8_t draw_left[2] = {0, 0};
  std::int8_t draw_first = 0;
  std::int8_t supply_side = 0;         // side acting in the current Supply sub-phase
  std::int16_t pending_unit = -1;      // set-up / reinforcement LBA being placed
  std::int8_t committed[kMaxOz] = {};  // 10.2 Ground Strength cards committed per port
  std::int16_t dmg_unit = -1;          // unit whose damage dice are being rolled
  std::uint8_t dmg_dice_left = 0;
  std::int8_t yamamoto_column = -1;
  MoveCtx move;
  CombatCtx combat;
  AdvancedState adv;
  EventState events;  // card events (card_state.h)
  int moves_ = 0;
  // Derived: Naval units and LBA per OZ and side, kept in step by set_loc (hot in searches).
  std::array<std::array<std::uint8_t, 2>, kMaxOz> naval_count{};
  std::array<std::array<std::uint8_t, 2>, kMaxOz> lba_count{};
  // Derived: the units in each OZ, and the OZs (bits) holding Naval units / LBA of each side,
  // kept in step by set_loc.
  std::array<UnitMask, kMaxOz> units_at{};
  std::array<std::uint32_t, 2> naval_ozs{};
  std::array<std::uint32_t, 2> lba_ozs{};
  // Derived: the control markers as OZ masks (bits), kept in step by set_base_marker,
  // set_port_owner and set_contested (the legal-action generators ask them for the whole map):
  // where base_marker is each side, where port_owner is each side, where contested is set.
  std::array<std::uint32_t, 2> marker_ozs{};
  std::array<std::uint32_t, 2> port_ozs{};
  std::uint32_t contested_ozs = 0;
};

// Moves a unit (to an OZ or one of the Loc values), keeping the counts in step.
void set_loc(PwState& s, int unit, int loc);
// The units of `mask` in ascending order: for_each_unit(mask, [](int u) { ... }).
template <class F>
void for_each_unit(const UnitMask& mask, F&& f) {
  for (int w = 0; w < kUnitWords; ++w)
    for (std::uint64_t m = mask[static_cast<std::size_t>(w)]; m != 0; m &= m - 1)
      f(w * 64 + std::countr_zero(m));
}
// Whether pred(u) holds for a unit of `mask`, asked in ascending order up to the first yes.
template <class P>
bool any_unit(const UnitMask& mask, P&& pred) {
  for (int w = 0; w < kUnitWords; ++w)
    for (std::uint64_t m = mask[static_cast<std::size_t>(w)]; m != 0; m &= m - 1)
      if (pred(w * 64 + std::countr_zero(m))) return true;
  return false;
}
// The units of `mask` numbered `first` or higher.
inline UnitMask units_from(UnitMask mask, int first) {
  for (int w = 0; w < kUnitWords; ++w) {
    const int low = first - w * 64;  // bits of this word below `first`
    auto& word = mask[static_cast<std::size_t>(w)];
    if (low >= 64)
      word = 0;
    else if (low > 0)
      word &= ~std::uint64_t{0} << low;
  }
  return mask;
}
inline UnitMask operator&(const UnitMask& a, const UnitMask& b) {
  UnitMask r;
  for (std::size_t w = 0; w < r.size(); ++w) r[w] = a[w] & b[w];
  return r;
}
// Clears `flag` in every unit's flags, eight bytes at a time: UnitState is 5 bytes with the flags
// in byte 1, so the flags bytes repeat every 40 bytes (five words) of the unit array.
inline void clear_unit_flag(PwState& s, std::uint8_t flag) {
  static_assert(sizeof(UnitState) == 5 && offsetof(UnitState, flags) == 1);
  static_assert(sizeof(s.units) % 40 == 0 && std::endian::native == std::endian::little);
  constexpr std::array<std::uint64_t, 5> kFlagBytes = [] {
    std::array<std::uint64_t, 5> r{};
    for (std::size_t byte = 0; byte < 40; ++byte)
      if (byte % 5 == 1) r[byte / 8] |= std::uint64_t{1} << (8 * (byte % 8));
    return r;
  }();
  unsigned char* p = reinterpret_cast<unsigned char*>(s.units.data());
  for (std::size_t block = 0; block < sizeof(s.units); block += 40, p += 40) {
    for (std::size_t w = 0; w < 5; ++w) {
      std::uint64_t word;
      std::memcpy(&word, p + 8 * w, 8);
      word &= ~(kFlagBytes[w] * flag);
      std::memcpy(p + 8 * w, &word, 8);
    }
  }
}
// The OZs (bits) holding Naval units or LBA of `side`.
inline std::uint32_t occupied_ozs(const PwState& s, int side) {
  return s.naval_ozs[static_cast<std::size_t>(side)] | s.lba_ozs[static_cast<std::size_t>(side)];
}
// The units in `oz`, none for a place off the map (a Loc value, or -1).
inline UnitMask units_in(const PwState& s, int oz) {
  return oz >= 0 && oz < kMaxOz ? s.units_at[static_cast<std::size_t>(oz)] : UnitMask{};
}
// The Naval units of `side` in `oz`.
inline UnitMask ships_at(const PwState& s, int side, int oz) {
  return s.units_at[static_cast<std::size_t>(oz)] &
         s.content().side_naval_units[static_cast<std::size_t>(side)];
}
// The derived fields of PwState, computed from the units (recount; the invariant checks).
struct UnitCounts {
  std::array<std::array<std::uint8_t, 2>, kMaxOz> naval_count{};
  std::array<std::array<std::uint8_t, 2>, kMaxOz> lba_count{};
  std::array<UnitMask, kMaxOz> units_at{};
  std::array<std::uint32_t, 2> naval_ozs{};
  std::array<std::uint32_t, 2> lba_ozs{};
};
// Adds one unit at `loc` (an OZ) to the counts.
inline void count_unit(UnitCounts& n, const Content& c, int unit, int loc) {
  const Content::UnitHot& d = c.unit_hot[static_cast<std::size_t>(unit)];
  const auto oz = static_cast<std::size_t>(loc);
  (d.naval ? n.naval_count : n.lba_count)[oz][d.side]++;
  (d.naval ? n.naval_ozs : n.lba_ozs)[d.side] |= std::uint32_t{1} << loc;
  n.units_at[oz][static_cast<std::size_t>(unit / 64)] |= std::uint64_t{1} << (unit % 64);
}
UnitCounts count_units(const PwState& s);
// Whether the state's derived fields are `n` (one compare per array).
bool counts_agree(const PwState& s, const UnitCounts& n);
// The units whose place differs between two states of the same game (the transition checks
// look only at them): a scan of the unit arrays by 32-byte blocks.
UnitMask moved_units(const PwState& before, const PwState& after);
// Recomputes the counts from the units (set-up; and invariant checks compare with it).
void recount(PwState& s);

// The control markers (12.0), written only through these so that the masks of PwState follow.
// `side` -1: no marker / no owner.
inline void set_base_marker(PwState& s, int oz, int side) {
  const std::uint32_t bit = std::uint32_t{1} << oz;
  s.base_marker[static_cast<std::size_t>(oz)] = static_cast<std::int8_t>(side);
  s.marker_ozs[0] &= ~bit;
  s.marker_ozs[1] &= ~bit;
  if (side >= 0) s.marker_ozs[static_cast<std::size_t>(side)] |= bit;
}
inline void set_port_owner(PwState& s, int oz, int side) {
  const std::uint32_t bit = std::uint32_t{1} << oz;
  s.port_owner[static_cast<std::size_t>(oz)] = static_cast<std::int8_t>(side);
  s.port_ozs[0] &= ~bit;
  s.port_ozs[1] &= ~bit;
  if (side >= 0) s.port_ozs[static_cast<std::size_t>(side)] |= bit;
}
inline void set_contested(PwState& s, int oz, bool contested) {
  const std::uint32_t bit = std::uint32_t{1} << oz;
  s.contested[static_cast<std::size_t>(oz)] = contested;
  s.contested_ozs = contested ? s.contested_ozs | bit : s.contested_ozs & ~bit;
}

// ---- helpers shared by the rules files (implemented in board.cc; the small ones here, inline:
// the legal-action generators call them in their inner loops) ----
inline int side_of(const PwState& s, int unit) { return s.content().units[unit].side; }
inline bool on_map(const PwState& s, int unit) { return s.units[unit].loc < kMaxOz; }
inline bool is_ready(const PwState& s, int unit) { return (s.units[unit].flags & kReady) != 0; }
void set_ready(PwState& s, int unit, bool ready);
inline bool has_naval(const PwState& s, int side, int oz) { return s.naval_count[oz][side] > 0; }
inline bool has_lba(const PwState& s, int side, int oz) { return s.lba_count[oz][side] > 0; }
inline int count_lba(const PwState& s, int side, int oz) { return s.lba_count[oz][side]; }
// Naval or LBA.
inline bool has_units(const PwState& s, int side, int oz) {
  return s.naval_count[oz][side] > 0 || s.lba_count[oz][side] > 0;
}
bool counts_as_carrier(const PwState& s, int unit);  // 13.1: carrier-battleships when Ready
// The side controlling the OZ (12.0), or -1.
inline int controller(const PwState& s, int oz) {
  if (!s.content().ozs[oz].port) return s.base_marker[oz];
  if (s.base_marker[oz] >= 0) return s.base_marker[oz];
  if (s.contested[oz]) return -1;
  return s.port_owner[oz];
}
// A Port (or Fleet Train, 8.7) `side` can use.
inline bool usable_port(const PwState& s, int side, int oz) {
  if (has_units(s, 1 - side, oz)) return false;
  if (s.content().ozs[oz].port)
    return s.port_owner[oz] == side && s.base_marker[oz] < 0 && !s.contested[oz];
  return side == kAllied && s.fleet_train_oz == oz;  // 8.7: a Fleet Train base acts as a Port
}
inline bool is_friendly_controlled(const PwState& s, int side, int oz) {
  return controller(s, oz) == side;
}
// The OZs (bits) whose entry in a per-OZ byte array equals `value`, or is below zero: eight
// entries at a time, so that the legal-action generators ask a whole map in a few operations.
template <class T>
requires(sizeof(T) == 1) std::uint32_t oz_mask_equal(const std::array<T, kMaxOz>& bytes, T value) {
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  const std::uint64_t pattern = 0x0101010101010101ULL * static_cast<std::uint8_t>(value);
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < kMaxOz; i += 8) {
    std::uint64_t x;
    std::memcpy(&x, bytes.data() + i, sizeof x);
    x ^= pattern;                                                     // equal bytes are now 0
    const std::uint64_t zero = ~(((x & kLow7) + kLow7) | x | kLow7);  // 0x80 in each zero byte
    mask |= static_cast<std::uint32_t>(((zero >> 7) * 0x0102040810204080ULL) >> 56) << i;
  }
  return mask;
}
inline std::uint32_t oz_mask_negative(const std::array<std::int8_t, kMaxOz>& bytes) {
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < kMaxOz; i += 8) {
    std::uint64_t x;
    std::memcpy(&x, bytes.data() + i, sizeof x);
    const std::uint64_t sign = (x >> 7) & 0x0101010101010101ULL;  // the sign bit of each byte
    mask |= static_cast<std::uint32_t>((sign * 0x0102040810204080ULL) >> 56) << i;
  }
  return mask;
}
// The Ports (bits) held by their owner with no Base marker on them and not contested: the
// owner's usable Ports before enemy units are looked at (usable_port). Markers are -1, 0 or 1
// (invariants.cc), so "no marker" is "neither side's".
inline std::uint32_t clear_ports(const PwState& s, int owner) {
  return s.content().port_mask & s.port_ozs[static_cast<std::size_t>(owner)] &
         ~(s.marker_ozs[0] | s.marker_ozs[1] | s.contested_ozs);
}
// The OZs (bits) whose controller() is `side` (12.0).
inline std::uint32_t controlled_ozs(const PwState& s, int side) {
  return s.marker_ozs[static_cast<std::size_t>(side)] | clear_ports(s, side);
}
// Whether the masks of the control markers agree with the per-OZ arrays, and every Base marker
// is -1, 0 or 1 (invariants.cc).
inline bool control_masks_agree(const PwState& s) {
  const std::uint32_t all = s.content().all_ozs_mask;
  const std::uint32_t unmarked = oz_mask_equal(s.base_marker, std::int8_t{-1});
  if (((unmarked | s.marker_ozs[0] | s.marker_ozs[1]) & all) != all) return false;
  for (int side : {0, 1}) {
    const auto v = static_cast<std::int8_t>(side);
    if (s.marker_ozs[static_cast<std::size_t>(side)] != (oz_mask_equal(s.base_marker, v) & all) ||
        s.port_ozs[static_cast<std::size_t>(side)] != (oz_mask_equal(s.port_owner, v) & all))
      return false;
  }
  return s.contested_ozs == (oz_mask_equal(s.contested, true) & all);
}
// The OZs (bits) where usable_port(s, side, oz) holds.
inline std::uint32_t usable_ports(const PwState& s, int side) {
  std::uint32_t ports = clear_ports(s, side);
  if (side == kAllied && s.fleet_train_oz >= 0 && !s.content().ozs[s.fleet_train_oz].port)
    ports |= std::uint32_t{1} << s.fleet_train_oz;  // 8.7
  return ports & ~(s.naval_ozs[static_cast<std::size_t>(1 - side)] |
                   s.lba_ozs[static_cast<std::size_t>(1 - side)]);
}
// 8.6 / 10.5: a card readies every Ops Complete ship of `side` in `oz` if it is a Port the side
// can use, only the non-capital ones elsewhere. `card_readies_any` tells whether one would flip.
bool card_readies_any(const PwState& s, int side, int oz);
void ready_with_card(PwState& s, int side, int oz);
int hand_size(const PwState& s, int side);
// The cards in a hand, without allocating (a hand never exceeds the 16 cards).
struct CardList {
  std::array<std::int8_t, kMaxCards> items{};
  int n = 0;
  const std::int8_t* begin() const { return items.data(); }
  const std::int8_t* end() const { return items.data() + n; }
  int size() const { return n; }
};
CardList hand(const PwState& s, int side);
int deck_size(const PwState& s);
inline const CardEnd& card_end(const PwState& s, int card, int side) {
  const CardDef& def = s.content().cards[card];
  return side == kJapanese ? def.japanese : def.allied;
}
void discard(PwState& s, int card);
std::string side_name(int side);
std::string unit_name(const PwState& s, int unit);
// The ships of a log line: their names, or past kLongShipList ships a count by type
// ("41 ships: 11 carriers, 12 battleships, 18 cruisers") that a reader takes in at a glance.
constexpr std::size_t kLongShipList = 8;
std::string ship_list(const PwState& s, const std::vector<int>& units);
std::string oz_name(const PwState& s, int oz);
using engine::log_line;  // engine/step_table.h

}  // namespace pacwar::pacific_war
