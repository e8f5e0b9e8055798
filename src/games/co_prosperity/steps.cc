// Greater East Asia Co-Prosperity Sphere: the table of steps, joined from the entries of the
// rules files (steps.h) and checked once: every Step has exactly one entry, and a seat's step
// has legal actions.
#include "games/co_prosperity/steps.h"

#include <array>
#include <stdexcept>

namespace pacwar::co_prosperity {
namespace {

using Table = std::array<const StepRules*, kNumSteps>;

Table build_table() {
  Table table{};
  for (std::span<const StepRules> part :
       {setup_steps(), production_steps(), war_steps(), operation_steps(), movement_steps(),
        combat_steps(), end_turn_steps()}) {
    for (const StepRules& entry : part) {
      const auto i = static_cast<std::size_t>(entry.step);
      if (i >= kNumSteps || table[i] != nullptr)
        throw std::logic_error("co_prosperity/steps.h: step " + std::to_string(i) +
                               " has two entries");
      if (entry.name == nullptr || entry.name[0] == '\0' || entry.apply == nullptr ||
          entry.prompt == nullptr || (entry.actor == Actor::Seat) != (entry.legal != nullptr) ||
          (entry.actor == Actor::Chance) != (entry.outcomes != nullptr) ||
          (entry.actor == Actor::Chance) != (entry.undo_barriers == kEveryKind))
        throw std::logic_error("co_prosperity/steps.h: the entry of step " + std::to_string(i) +
                               " lacks its name, apply, prompt, legal actions or outcomes");
      table[i] = &entry;
    }
  }
  for (std::size_t i = 0; i < kNumSteps; ++i)
    if (table[i] == nullptr)
      throw std::logic_error("co_prosperity/steps.h: step " + std::to_string(i) + " has no entry");
  return table;
}

}  // namespace

const StepRules& step_rules(Step step) {
  static const Table table = build_table();
  return *table[static_cast<std::size_t>(step)];
}

void die_outcomes([[maybe_unused]] const CpsState& s, Outcomes& out) {
  for (int d = 1; d <= 6; ++d) out.push_back({encode(Kind::Die, d), 1.0 / 6.0});
}

std::string who(const CpsState& s) { return s.seat == kJapanese ? "Japanese" : "Allied"; }

}  // namespace pacwar::co_prosperity
