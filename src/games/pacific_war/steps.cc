// The Pacific War: the table of steps, joined from the entries of the rules files (steps.h) and
// checked once: every Step has exactly one entry, and a seat's step has legal actions.
#include "games/pacific_war/steps.h"

#include <stdexcept>

namespace pacwar::pacific_war {
namespace {

StepTable build_table() {
  StepTable table{};
  for (std::span<const StepRules> part :
       {setup_steps(), turn_zero_steps(), reinforcement_steps(), card_draw_steps(),
        strategy_steps(), movement_steps(), reaction_steps(), event_steps(), combat_steps(),
        combat_card_steps(), retreat_steps(), supply_steps(), victory_steps(), advanced_steps(),
        optional_steps()}) {
    for (const StepRules& entry : part) {
      const auto i = static_cast<std::size_t>(entry.step);
      if (i >= kNumSteps || table[i] != nullptr)
        throw std::logic_error("steps.h: step " + std::to_string(i) + " has two entries");
      if (entry.name == nullptr || entry.name[0] == '\0' || entry.apply == nullptr ||
          entry.prompt == nullptr || (entry.actor == Actor::Seat) != (entry.legal != nullptr) ||
          (entry.actor == Actor::Chance) != (entry.outcomes != nullptr) ||
          (entry.actor == Actor::Chance) != (entry.undo_barriers == kEveryKind))
        throw std::logic_error("steps.h: the entry of step " + std::to_string(i) +
                               " lacks its name, apply, prompt, legal actions or outcomes");
      table[i] = &entry;
    }
  }
  for (std::size_t i = 0; i < kNumSteps; ++i)
    if (table[i] == nullptr)
      throw std::logic_error("steps.h: step " + std::to_string(i) + " has no entry");
  return table;
}

}  // namespace

const StepTable& step_table() {
  static const StepTable table = build_table();
  return table;
}

void die_outcomes([[maybe_unused]] const PwState& s, Outcomes& out) {
  for (int d = 1; d <= 6; ++d) out.push_back({encode(Kind::Die, d), 1.0 / 6.0});
}

std::string who(const PwState& s) { return s.seat >= 0 ? side_name(s.seat) : std::string(); }

}  // namespace pacwar::pacific_war
