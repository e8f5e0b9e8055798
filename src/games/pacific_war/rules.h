// The Pacific War: entry points of the rules files, by manual section. state.cc dispatches each
// Step to the file that owns it.
#pragma once

#include <vector>

#include "engine/game.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

using Out = std::vector<engine::ActionCode>;
using Log = engine::LogSink*;

// 14.0 Game Set-Up (setup_14.cc)
void start_game(PwState& s);
void legal_setup(const PwState& s, Out& out);
void apply_setup(PwState& s, Act act, Log log);
void apply_setup_draw(PwState& s, Act act, Log log);

// 5.0 Turn Zero (turn0_5.cc)
void begin_turn_zero(PwState& s, Log log);
void apply_yamamoto_die(PwState& s, Act act, Log log);
void apply_yamamoto_column(PwState& s, Act act, Log log);
void after_raid(PwState& s, Log log);  // the raid's damage is applied: next Turn 0 phase

// 6.0 Reinforcements Phase (reinforcements_6.cc)
void begin_turn(PwState& s, Log log);  // advances the turn and runs 6.x
void legal_reinforce_lba(const PwState& s, Out& out);
void apply_reinforce_lba(PwState& s, Act act, Log log);
// The Turn a unit damaged now with `damage` repair Turns comes back (9.2.5; damage on Turn 0
// counts from Turn 1, the 5.0 note). A result past Turn 5 means it never comes back.
int return_turn(const PwState& s, int damage);
// 6.1.7 / 10.3.1: units under repair are lost the moment their repair Port (Japan for the
// Japanese, the Hawaiian Islands for US ships) is occupied (docs/rulings.md 30). PwState::apply
// runs it after every action; capture_port runs it at once.
void lose_repairs_at_occupied_ports(PwState& s, Log log);

// 7.0 Drawing Resource Cards (cards_7.cc)
void begin_draw_phase(PwState& s, Log log);
void card_draw_outcomes(const PwState& s, std::vector<engine::ChanceOutcome>& out);
void apply_draw(PwState& s, Act act, Log log);
void draw_card(PwState& s, int card, int side, Log log);  // moves one card, 7.4 reshuffle

// 8.0 Strategy Phase (strategy_8.cc)
void begin_strategy_phase(PwState& s, Log log);
void legal_initiative(const PwState& s, Out& out);
void apply_initiative(PwState& s, Act act, Log log);
void apply_initiative_die(PwState& s, Act act, Log log);
void legal_choose_action(const PwState& s, Out& out);
void apply_choose_action(PwState& s, Act act, Log log);
void finish_action(PwState& s, Log log);  // a Strategy Action is over: back to 8.2

// 8.9-8.11 Movement (movement_8_10.cc)
void start_group(PwState& s, MoveKind kind, int side, int from, bool supply);
void start_lba(PwState& s, int side, int unit, bool supply);
void legal_pick_group(const PwState& s, Out& out);
void apply_pick_group(PwState& s, Act act, Log log);
void legal_destination(const PwState& s, Out& out);
void apply_destination(PwState& s, Act act, Log log);
void legal_pursuit(const PwState& s, Out& out);
void apply_pursuit(PwState& s, Act act, Log log);
// Whether any move of each kind is possible (for the 8.3 menu).
bool group_can_move(const PwState& s, int side, int from);
// The same, given the speed of the fastest Ready Naval unit at `from` (-1: none).
bool group_can_leave(const PwState& s, int side, int from, int fastest);
bool can_return_from(const PwState& s, int side, int from);
bool lba_can_redeploy(const PwState& s, int unit);
// The OZs (bits) where an LBA of `side` may land (8.9.3, 10.4), its own OZ aside.
std::uint32_t lba_landing_mask(const PwState& s, int side);
// After a group stops in `oz` with `mp` left (enemy present or not): reaction / combat / end.
void group_arrived(PwState& s, int oz, Log log);

// 8.12 Reaction Movement (reaction_8_12.cc)
bool reaction_allowed(const PwState& s, int oz, int reactor);
void legal_reaction(const PwState& s, Out& out);
void apply_reaction(PwState& s, Act act, Log log);
void legal_counter_pick(const PwState& s, Out& out);
void apply_counter_pick(PwState& s, Act act, Log log);

// 9.0 Combat (combat_9.cc)
void begin_combat(PwState& s, int oz, int attacker, int mp, Log log);
void begin_raid(PwState& s, int raid_phase, Log log);  // Turn 0 one-sided airstrikes
void apply_fire_die(PwState& s, Act act, Log log);
void legal_allocate(const PwState& s, Out& out);
void apply_allocate(PwState& s, Act act, Log log);
void apply_damage_die(PwState& s, Act act, Log log);
void apply_combat_decision(PwState& s, Act act, Log log);
int airstrike_strength(const PwState& s, int side, int oz);
int gunnery_strength(const PwState& s, int side, int oz);

// 9.5 Retreating (retreat_9_5.cc)
// Ports the retreating side can reach (9.5.3), or, if none, the nearest friendly ports
// (isolated redeployment). `isolated` tells which.
std::vector<int> retreat_ports(const PwState& s, int side, int oz, bool* isolated);
void start_retreat(PwState& s, int side, int oz, Log log);  // sets RetreatDestination or resolves
void legal_retreat_destination(const PwState& s, Out& out);
void apply_retreat_destination(PwState& s, Act act, Log log);
void lba_to_next_turn(PwState& s, int unit, Log log);  // LBA removed, back next turn
void combat_after_retreat(PwState& s, Log log);        // combat_9.cc: a retreat is over
void after_evacuation(PwState& s, Log log);            // reaction_8_12.cc: evacuation is over

// 10.0 Supply Phase (supply_10.cc)
void begin_supply_phase(PwState& s, Log log);
void legal_isolation(const PwState& s, Out& out);
void apply_isolation(PwState& s, Act act, Log log);
void legal_invasion(const PwState& s, Out& out);
void apply_invasion(PwState& s, Act act, Log log);
void legal_supply_moves(const PwState& s, Out& out);
void apply_supply_moves(PwState& s, Act act, Log log);
void supply_group_done(PwState& s, Log log);  // a 10.4 move is over: back to the menu
void legal_readying(const PwState& s, Out& out);
void apply_readying(PwState& s, Act act, Log log);
int ground_strength(const PwState& s, int side, int oz);
int ground_needed(const PwState& s, int oz);
bool is_isolated(const PwState& s, int side, int oz);
std::vector<int> nearest_ports(const PwState& s, int side, int oz);

// 11.0 Victory Phase (victory_11.cc)
void victory_phase(PwState& s, Log log);
void end_game(PwState& s, int winner, const std::string& why, Log log);
int port_vp(const PwState& s, int side);
int base_count(const PwState& s, int side);

// 12.0 Control (control_12.cc)
void update_control(PwState& s, Log log);
// 8.7: "at any time there is at least one Japanese Naval unit present in an OZ with an FT
// marker, the FT marker is then immediately removed". PwState::apply runs it after every
// action, and update_control at every control check.
void remove_fleet_train_if_japanese_present(PwState& s, Log log);
using AirMasks = std::array<std::uint32_t, 2>;  // [side]: 12.1 Air Superiority Zones (OZ bits)
AirMasks air_superiority_masks(const PwState& s);
bool air_superiority(const PwState& s, int side, int oz);
void capture_port(PwState& s, int side, int oz, Log log);  // 10.2 / 12.3.2

// 13.0 Advanced Rules (advanced_13.cc). Each entry point does nothing when its rule is off.
bool waits_for_condition(const PwState& s, int unit);  // 13.1/13.3/13.4/13.5: starts in the pool
void advanced_turn_start(PwState& s, Log log);         // 13.1, 13.3, 13.4, 13.5 at a turn's start
bool advanced_reinforcement_prompt(PwState& s, Log log);  // 13.4 / 13.6; true if one is asked
void apply_advanced(PwState& s, Act act, Log log);
std::string advanced_action_id(const PwState& s, Act act);
std::string advanced_action_label(const PwState& s, Act act);  // "" when not a 13.x action
// 13.2 Torpedo Cruisers
bool start_torpedo_dice(PwState& s);  // a Surface part begins: true if dice are to be rolled
void apply_torpedo_die(PwState& s, Act act, Log log);
int torpedo_gunnery(const PwState& s, int unit);  // this round's rolled value, else 0
bool torpedo_cruisers_in(const PwState& s, int oz);
bool torpedo_cruisers_first(const PwState& s);  // Allied surface hits go to them first now
bool is_torpedo_cruiser(const PwState& s, int unit);
// 13.6 Australian Divisions
int divisions_ground_bonus(const PwState& s, int oz);       // +1 Ground Strength needed
bool divisions_hold_base(const PwState& s, int oz);         // 13.6.1: the Base cannot be captured
void divisions_port_captured(PwState& s, int oz, Log log);  // 13.6.3
void legal_divisions_invasion(const PwState& s, Out& out);  // 13.6.1 in the 10.2 sub-phase
// 13.7 Seabees / MAGIC / Fleet Train
bool advanced_combat_over(PwState& s, int oz, int attacker, Log log);  // Seabees offer
bool offer_magic(PwState& s, Log log);  // an Initiative tie: true if MAGIC is asked
bool fleet_train_is_free(const PwState& s);
// 13.8 Battle marker (display): the OZ it stands in, or -1 in the Game Events box
int battle_marker_oz(const PwState& s);
std::string check_advanced_invariants(const PwState& s);
// `moved`: the units whose place changed (moved_units).
std::string check_advanced_transition(const PwState& before, const PwState& after, Act act,
                                      const UnitMask& moved);

// 15.0 Optional Rules (optional_15.cc); 15.1 is in turn0_5.cc.
int oil_reserve_cards(const PwState& s);  // 15.2: extra Japanese cards this turn
int oil_cards_so_far(const PwState& s);   // 15.2: most extra cards possible up to this turn
bool start_oil_die(PwState& s);           // 15.2: true if the die is to be rolled first
void apply_oil_die(PwState& s, Act act, Log log);
int allied_draws(const PwState& s);  // 7.3, or 15.3's schedule

// Resuming the base sequence after an advanced prompt.
void resume_reinforcements(PwState& s, Log log);            // reinforcements_6.cc
void resume_surface_fire(PwState& s, Log log);              // combat_9.cc
void start_strategy_action(PwState& s, int side, Log log);  // strategy_8.cc
void end_strategy_phase_now(PwState& s, Log log);           // strategy_8.cc
// 10.2 helper (supply_10.cc): `side` may invade the enemy Port in `oz` now.
bool invasion_candidate(const PwState& s, int side, int oz);

// ---- Card events: 4.5, 4.6, 8.3.1, 8.4, 8.5, 9.0.1, 9.0.2 ----
// card_effects.cc: when an event may be played and what its primitives do.
bool events_usable(const PwState& s);  // 8.4
bool strategic_used(const PwState& s, int card, int side);
bool event_available(const PwState& s, int card, int side);  // in-hand checks by the callers
bool target_valid(const PwState& s, const CardEvent& ev, int side, int target);
void event_targets(const PwState& s, const CardEvent& ev, int side, std::vector<int>& out);
std::vector<int> strike_units(const PwState& s, int side, int oz);
std::string event_target_id(const PwState& s, int card, int side, int target);
std::string event_target_name(const PwState& s, int card, int side, int target);
// Discards the card and applies its effects; true when an effect took the flow over (another
// prompt, a retreat, a cancelled action): the caller must not go on.
bool play_event(PwState& s, int card, int side, int target, Log log);
int card_column_shift(const PwState& s, int side, CombatPart part);
int card_strength(const PwState& s, int side, CombatPart part, int strength);
std::uint64_t card_state_digest(const PwState& s);
engine::Json card_event_json(const CardEnd& end, const Content& c);

// events_8_5.cc: events outside combat.
void legal_event_actions(const PwState& s, Out& out);  // 8.5 in the 8.3 menu
void apply_event_action(PwState& s, Act act, Log log);
bool offer_interrupt(PwState& s);  // 8.3.1: true if the Non-Active Player is asked
void legal_interrupt(const PwState& s, Out& out);
void apply_interrupt(PwState& s, Act act, Log log);
bool take_extra_action(PwState& s);  // an event owes another Strategy Action
void filter_extra_action(const PwState& s, Out& out);
void legal_invasion_events(const PwState& s, Out& out);  // 10.2
void legal_event_discard(const PwState& s, Out& out);
void apply_event_discard(PwState& s, Act act, Log log);
void apply_event_draw(PwState& s, Act act, Log log);
void event_flow_done(PwState& s, Log log);     // a discard or redraw is over
void restart_initiative(PwState& s, Log log);  // strategy_8.cc: back to 8.2 step (1)

// combat_cards_9_0_1.cc: the combat card procedure and LBA strikes.
void open_card_window(PwState& s, CardWindow window, int fire_side, Log log);
bool fire_window_wanted(const PwState& s, int fire_side);
void advance_card_window(PwState& s, Log log);
void legal_combat_cards(const PwState& s, Out& out);
void apply_combat_cards(PwState& s, Act act, Log log);
void prepare_lba_strike(PwState& s, Log log);  // after an lba_strike event
void legal_strike_lba(const PwState& s, Out& out);
void apply_strike_lba(PwState& s, Act act, Log log);
void strike_fire(PwState& s, Log log);     // the strike's fire (after its windows)
void end_lba_strike(PwState& s, Log log);  // its results are applied
bool is_strike_target(const PwState& s, int unit);
// CombatCtx::raid_phase: kNoRaid in a combat; the Turn 0 airstrikes (5.0, 15.1) and a 9.0.2
// strike.
inline constexpr int kNoRaid = 0;           // a combat, not a one-sided strike
inline constexpr int kPearlHarborRaid = 1;  // 5.0 Phase I: the [H] carriers strike Pearl Harbor
inline constexpr int kThirdWaveRaid = 2;    // 15.1: Yamamoto's third wave strikes Pearl Harbor
inline constexpr int kMalayaRaid = 3;       // 5.0 Phase II: the Indochina LBA strike Singapore
inline constexpr int kLbaStrikePhase = 4;   // a 9.0.2 strike
// combat_9.cc: go on after a card window closes.
void combat_after_window(PwState& s, CardWindow window, Log log);

}  // namespace pacwar::pacific_war
