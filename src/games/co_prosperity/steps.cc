// Greater East Asia Co-Prosperity Sphere: the table of steps, joined from the entries of the
// rules files (steps.h) and checked once by engine::build_step_table: every Step has exactly one
// entry, well formed.
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
const StepTable& step_table() {
  // Never destroyed: threads still running when the process exits may read it.
  static const StepTable& table =
      *new const StepTable(engine::build_step_table<StepRules, kNumSteps>(
          "co_prosperity", {setup_steps(), production_steps(), war_steps(), operation_steps(),
                            movement_steps(), combat_steps(), end_turn_steps()}));
  return table;
}

const StepRules& CpsState::step_entry() const { return step_rules(step); }

void die_outcomes([[maybe_unused]] const CpsState& s, Outcomes& out) {
  for (int d = 1; d <= 6; ++d) out.push_back({encode(Kind::Die, d), 1.0 / 6.0});
}

std::string who(const CpsState& s) { return s.seat == kJapanese ? "Japanese" : "Allied"; }

}  // namespace pacwar::co_prosperity
