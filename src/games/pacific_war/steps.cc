// The Pacific War: the table of steps, joined from the entries of the rules files (steps.h) and
// checked once by engine::build_step_table: every Step has exactly one entry, well formed.
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {

const StepTable& step_table() {
  // Never destroyed: threads still running when the process exits may read it.
  static const StepTable& table =
      *new const StepTable(engine::build_step_table<StepRules, kNumSteps>(
          "pacific_war", {setup_steps(), turn_zero_steps(), reinforcement_steps(),
                          card_draw_steps(), strategy_steps(), movement_steps(), reaction_steps(),
                          event_steps(), combat_steps(), combat_card_steps(), retreat_steps(),
                          supply_steps(), victory_steps(), advanced_steps(), optional_steps()}));
  return table;
}

void die_outcomes([[maybe_unused]] const PwState& s, Outcomes& out) {
  for (int d = 1; d <= 6; ++d) out.push_back({encode(Kind::Die, d), 1.0 / 6.0});
}

std::string who(const PwState& s) { return s.seat >= 0 ? side_name(s.seat) : std::string(); }

}  // namespace pacwar::pacific_war
