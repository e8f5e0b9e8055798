// `pacwar cards GAME --json`: every Resource Card end with its event as data (4.5, 4.6).
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar::cli {

// The card ends of `game` as JSON (an array, J01..J16 then A01..A16). Throws UsageError for a
// game without cards.
engine::Json cards_json(const std::string& game);

}  // namespace pacwar::cli
