// The Pacific War: the table of steps. Every prompt (Step) has one entry, defined in the rules
// file that owns it beside its code: who acts, its legal actions, its apply, its prompt, its
// phase name and its manual section. PwState looks the entry up instead of switching on the
// step; step_rules() checks on first use that every Step has exactly one entry
// (steps_test.cc checks it too).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

enum class Actor : std::uint8_t {
  Seat,      // the seat in PwState::seat
  Chance,    // a die or a card draw (PwState::chance_outcomes)
  Terminal,  // the game is over
};

struct StepRules {
  Step step;
  // The step's stable name, kebab-case of its Step ("setup-japanese"): the view's "step", and
  // the key of its entry in data/<game>/tutorial.json (tutorial_test.cc checks both agree).
  const char* name;
  Actor actor;
  const char* phase;  // the view's "phase": setup, turn-0, reinforcements, card-draw, ...
  const char* rule;   // manual section the prompt cites
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

// "Japanese" / "Allied" for the seat to act, "" at chance steps (prompt texts).
std::string who(const PwState& s);

}  // namespace pacwar::pacific_war
