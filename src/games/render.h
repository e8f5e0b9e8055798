// Text boards for the terminal, one renderer per game.
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar {

// Draws the board of `game` ("pacific-war") from `view` (State::view of one seat or a
// spectator) as text lines, each ending in '\n'.
std::string render_board(const std::string& game, const engine::Json& view);

// Draws the map of `game` (its areas, routes, control and unit counts from `view`), or "" for
// a game without a text map.
std::string render_map(const std::string& game, const engine::Json& view);

}  // namespace pacwar
