#include "games/pacific_war/game.h"

#include <stdexcept>

#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

// Rules not implemented yet are refused rather than silently ignored.
static bool implemented(const std::string& rule) { return rule == "15.1"; }

engine::Options PacificWarGame::normalize_options(const engine::Options& options) const {
  const RuleOptions rules = RuleOptions::from_json(options);
  for (const auto& id : all_rule_ids())
    if (rules.has(id) && !implemented(id))
      throw std::invalid_argument("rule " + id + " is not available yet in this version");
  return rules.to_json();
}

std::unique_ptr<engine::State> PacificWarGame::new_initial_state(
    const engine::Options& options) const {
  return std::make_unique<PwState>(content_, RuleOptions::from_json(normalize_options(options)));
}

}  // namespace pacwar::pacific_war
