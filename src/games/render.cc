#include "games/render.h"

#include "games/registry.h"

namespace pacwar {

std::string render_board(const std::string& game, const engine::Json& view) {
  const std::optional<engine::GameModule> module = find_module(game);
  if (module && module->render_board) return module->render_board(view);
  return view.dump(2) + "\n";  // a game without a text board: its view as it is
}

std::string render_map(const std::string& game, const engine::Json& view) {
  const std::optional<engine::GameModule> module = find_module(game);
  if (module && module->render_map) return module->render_map(view);
  return "";
}

}  // namespace pacwar
