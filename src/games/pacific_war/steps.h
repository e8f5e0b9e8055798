// The Pacific War: the table of steps. Every prompt (Step) has one entry, defined in the rules
// file that owns it beside its code: who acts, whether the game is at rest there, which of its
// actions may not be undone, its chance outcomes or legal actions, its apply, its prompt, its
// phase name and its manual section. Every field is given in every entry (no default hides
// what a new step must say). PwState and invariants.cc look the entry up instead of switching
// on the step; step_rules() checks on first use that every Step has exactly one entry
// (steps_test.cc checks it too).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

enum class Actor : std::uint8_t {
  Seat,      // the seat in PwState::seat
  Chance,    // a die or a card draw (PwState::chance_outcomes)
  Terminal,  // the game is over
};

// Whether no action is half done at a step: invariants.cc then checks that the control markers
// are up to date and that no OZ holds both sides' units.
enum class Rest : std::uint8_t {
  Busy,          // an action or a combat is under way
  AtRest,        // always at rest
  BetweenMoves,  // at rest unless a move is under way (PwState::move)
};

// A set of action Kinds, a bit per Kind.
using KindSet = std::uint64_t;
static_assert(static_cast<unsigned>(Kind::Count) <= 64, "KindSet holds a bit per Kind");
constexpr KindSet kinds(std::initializer_list<Kind> list) {
  KindSet set = 0;
  for (Kind k : list) set |= KindSet{1} << static_cast<unsigned>(k);
  return set;
}
// The undo barriers of a chance step: every outcome (a die roll or a card draw) is one.
inline constexpr KindSet kEveryKind = ~KindSet{0};
inline constexpr KindSet kNoKind = 0;

using Outcomes = std::vector<engine::ChanceOutcome>;

struct StepRules {
  Step step;
  // The step's stable name, kebab-case of its Step ("setup-japanese"): the view's "step", and
  // the key of its entry in data/<game>/tutorial.json (tutorial_test.cc checks both agree).
  const char* name;
  Actor actor;
  const char* phase;  // the view's "phase": setup, turn-0, reinforcements, card-draw, ...
  const char* rule;   // manual section the prompt cites
  Rest rest;          // whether the game is at rest at this step (invariants.cc)
  // The kinds of action at this step that may not be undone (State::is_undo_barrier): chance
  // outcomes (kEveryKind) and actions that reveal hidden information (a card played face up).
  // A kind missing here would leak what undo lets its player see.
  KindSet undo_barriers;
  // Chance outcomes when chance acts (die_outcomes, card_draw_outcomes; nullptr otherwise).
  void (*outcomes)(const PwState& s, Outcomes& out);
  // Legal actions when a seat acts (nullptr for chance and the end of the game).
  void (*legal)(const PwState& s, Out& out);
  void (*apply)(PwState& s, Act act, Log log);
  std::string (*prompt)(const PwState& s);
};

inline constexpr std::size_t kNumSteps = static_cast<std::size_t>(Step::GameOver) + 1;

// The entries indexed by Step (built and checked on first use). PwState keeps a pointer to it
// (PwState::steps_), so that the per-action calls skip the function-local static's guard.
using StepTable = std::array<const StepRules*, kNumSteps>;
const StepTable& step_table();

// The entry of `step`.
inline const StepRules& step_rules(Step step) {
  return *step_table()[static_cast<std::size_t>(step)];
}

// The entries each rules file defines (steps.cc joins them).
std::span<const StepRules> setup_steps();          // 14.0 setup_14.cc
std::span<const StepRules> turn_zero_steps();      // 5.0 turn0_5.cc
std::span<const StepRules> reinforcement_steps();  // 6.0 reinforcements_6.cc
std::span<const StepRules> card_draw_steps();      // 7.0 cards_7.cc
std::span<const StepRules> strategy_steps();       // 8.2-8.3 strategy_8.cc
std::span<const StepRules> movement_steps();       // 8.9-8.11 movement_8_10.cc
std::span<const StepRules> reaction_steps();       // 8.12 reaction_8_12.cc
std::span<const StepRules> event_steps();          // 4.5, 8.3.1 events_8_5.cc
std::span<const StepRules> combat_steps();         // 9.1-9.4 combat_9.cc
std::span<const StepRules> combat_card_steps();    // 9.0.1-9.0.2 combat_cards_9_0_1.cc
std::span<const StepRules> retreat_steps();        // 9.5 retreat_9_5.cc
std::span<const StepRules> supply_steps();         // 10.0 supply_10.cc
std::span<const StepRules> victory_steps();        // 11.0 victory_11.cc
std::span<const StepRules> advanced_steps();       // 13.x advanced_13.cc
std::span<const StepRules> optional_steps();       // 15.x optional_15.cc

// The chance outcomes of a die roll: 1-6, each 1/6.
void die_outcomes(const PwState& s, Outcomes& out);

// "Japanese" / "Allied" for the seat to act, "" at chance steps (prompt texts).
std::string who(const PwState& s);

}  // namespace pacwar::pacific_war
