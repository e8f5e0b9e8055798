#include "cli/cards.h"

#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {

engine::Json cards_json(const std::string& game) {
  const std::optional<engine::GameModule> module = find_module(game);
  if (!module || !module->cards) {
    std::string with;
    for (const engine::GameModule& m : game_modules())
      if (m.cards) with += (with.empty() ? "" : ", ") + m.name;
    throw engine::UsageError("'" + game + "' has no card events to list (try " + with + ")");
  }
  return module->cards();
}

}  // namespace pacwar::cli
