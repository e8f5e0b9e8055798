#include "games/pacific_war/game.h"

#include <stdexcept>

#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

engine::Options PacificWarGame::normalize_options(const engine::Options& options) const {
  return RuleOptions::from_json(options).to_json();
}

std::unique_ptr<engine::State> PacificWarGame::new_initial_state(
    const engine::Options& options) const {
  // Parsed once: from_json accepts the raw and the normalized form alike (and refuses an unknown
  // rule with its message), so normalizing first would only parse the JSON twice.
  return std::make_unique<PwState>(content_, RuleOptions::from_json(options));
}

}  // namespace pacwar::pacific_war
