// The Pacific War: the table of steps (engine/step_table.h). Every prompt (Step) has one entry,
// StepRules, defined in the rules file that owns it beside its code: who acts, which of its
// actions may not be undone, its chance outcomes or legal actions, its apply, its prompt, its
// phase name and its manual section, and the game's own fact: whether the game is at rest there
// (`extra`, a Rest, state.h; invariants.cc). PwState (through engine::StepTableState) and
// invariants.cc look the entry up instead of switching on the step; step_table() checks on first
// use that every Step has exactly one entry, well formed (steps_test.cc checks it too).
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "engine/step_table.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

using Actor = engine::StepActor;
using engine::kEveryKind;
using engine::kinds;
using engine::KindSet;
using engine::kNoKind;
using engine::Outcomes;
static_assert(static_cast<unsigned>(Kind::Count) <= 64, "KindSet holds a bit per Kind");

inline constexpr std::size_t kNumSteps = static_cast<std::size_t>(Step::GameOver) + 1;

// The entries indexed by Step (built and checked on first use). PwState keeps a pointer to it
// (PwState::steps_), so that the per-action calls skip the function-local static's guard.
using StepTable = engine::StepTable<StepRules, kNumSteps>;
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
