// Greater East Asia Co-Prosperity Sphere: the table of steps (engine/step_table.h). Every prompt
// (Step) has one entry, StepRules, defined in the rules file that owns it beside its code: who
// acts, which of its actions may not be undone, its chance outcomes or legal actions, its apply,
// its prompt, its phase name and its rule section, and the game's own fact: whether a combat or
// bombing is in progress (`extra`, state.h). CpsState (through engine::StepTableState) looks the
// entry up instead of switching on the step; step_table() checks on first use that every Step
// has exactly one entry, well formed (steps_test.cc checks it too).
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "engine/step_table.h"
#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {

using Actor = engine::StepActor;
using engine::kEveryKind;
using engine::kinds;
using engine::KindSet;
using engine::kNoKind;
using engine::Outcomes;
static_assert(static_cast<unsigned>(Kind::Keep) < 64, "KindSet holds a bit per Kind");

inline constexpr std::size_t kNumSteps = static_cast<std::size_t>(Step::GameOver) + 1;

// The entries indexed by Step (built and checked on first use).
using StepTable = engine::StepTable<StepRules, kNumSteps>;
const StepTable& step_table();

// The entry of `step`.
inline const StepRules& step_rules(Step step) {
  return *step_table()[static_cast<std::size_t>(step)];
}

// Whether a combat (8.6) or bombing (8.8) is in progress at `step` (its entry's extra).
inline bool is_combat_step(Step step) { return step_rules(step).extra; }

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
