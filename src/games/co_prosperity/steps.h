// Greater East Asia Co-Prosperity Sphere: the table of steps. Every prompt (Step) has one entry,
// defined in the rules file that owns it beside its code: who acts, which of its actions may not
// be undone, its chance outcomes or legal actions, its apply, its prompt, its phase name and its
// rule section. Every field is given in every entry (no default hides what a new step must say).
// CpsState looks the entry up instead of switching on the step; step_rules() checks on first use
// that every Step has exactly one entry (steps_test.cc checks it too).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {

enum class Actor : std::uint8_t {
  Seat,      // the seat in CpsState::seat
  Chance,    // a die (CpsState::chance_outcomes)
  Terminal,  // the game is over
};

// A set of action Kinds, a bit per Kind.
using KindSet = std::uint64_t;
static_assert(static_cast<unsigned>(Kind::Keep) < 64, "KindSet holds a bit per Kind");
constexpr KindSet kinds(std::initializer_list<Kind> list) {
  KindSet set = 0;
  for (Kind k : list) set |= KindSet{1} << static_cast<unsigned>(k);
  return set;
}
// The undo barriers of a chance step: every outcome (a die roll) is one.
inline constexpr KindSet kEveryKind = ~KindSet{0};
inline constexpr KindSet kNoKind = 0;

using Outcomes = std::vector<engine::ChanceOutcome>;

struct StepRules {
  Step step;
  // The step's stable name, kebab-case of its Step ("setup-japanese"): the view's "step", and
  // the key of its entry in data/<game>/tutorial.json (tutorial_test.cc checks both agree).
  const char* name;
  Actor actor;
  const char* phase;  // the view's "phase": setup, production, war, operations, end-of-turn, ...
  const char* rule;   // rule section the prompt cites
  bool combat;        // a combat (8.6) or bombing (8.8) is in progress: the view shows where
  // The kinds of action at this step that may not be undone (State::is_undo_barrier): chance
  // outcomes (kEveryKind) and actions that reveal hidden information (a card played or
  // discarded). A kind missing here would leak what undo lets its player see.
  KindSet undo_barriers;
  // Chance outcomes when chance acts (die_outcomes; nullptr otherwise).
  void (*outcomes)(const CpsState& s, Outcomes& out);
  // Legal actions when a seat acts (nullptr for chance and the end of the game).
  void (*legal)(const CpsState& s, Out& out);
  void (*apply)(CpsState& s, Act a, Log log);
  std::string (*prompt)(const CpsState& s);
};

inline constexpr std::size_t kNumSteps = static_cast<std::size_t>(Step::GameOver) + 1;

// The entry of `step` (the table is built and checked once).
const StepRules& step_rules(Step step);

// The entries each rules file defines (steps.cc joins them).
std::span<const StepRules> setup_steps();       // 3.1 setup_3.cc
std::span<const StepRules> production_steps();  // 6.0-6.3 production_6.cc
std::span<const StepRules> war_steps();         // 7.0-7.3 war_7.cc
std::span<const StepRules> operation_steps();   // 8.0, 8.5, 8.8, 8.9 operations_8.cc
std::span<const StepRules> movement_steps();    // 8.1-8.3 movement_8.cc
std::span<const StepRules> combat_steps();      // 8.6 combat_8_6.cc
std::span<const StepRules> end_turn_steps();    // 9.0, 4.0 end_turn_9.cc

// The chance outcomes of a die roll: 1-6, each 1/6.
void die_outcomes(const CpsState& s, Outcomes& out);

// "Japanese" / "Allied" for the seat in CpsState::seat (prompt texts).
std::string who(const CpsState& s);

}  // namespace pacwar::co_prosperity
