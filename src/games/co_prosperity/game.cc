#include "games/co_prosperity/game.h"

#include <stdexcept>

#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {

// The game has no optional rules: only an empty object (or one with an empty rule list).
engine::Options CoProsperityGame::normalize_options(const engine::Options& options) const {
  if (options.is_null()) return engine::Options::object();
  if (!options.is_object()) throw std::invalid_argument("options must be a JSON object");
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (it.key() == "rules" && it.value().is_array() && it.value().empty()) continue;
    throw std::invalid_argument("co-prosperity has no option '" + it.key() + "'");
  }
  return engine::Options::object();
}

std::unique_ptr<engine::State> CoProsperityGame::new_initial_state(
    const engine::Options& options) const {
  normalize_options(options);
  return std::make_unique<CpsState>(content_);
}

}  // namespace pacwar::co_prosperity
