// The small JSON pieces that several of GameService's answers share (seat answers, the lobby,
// replays): whose move it is, a name or null, a finished game's result.
#pragma once

#include <string>

#include "engine/game.h"
#include "server/db/store.h"

namespace pacwar::server {

// The seat to move as the API names it: a seat's name, "chance", or "" when nobody moves.
std::string to_move_name(const engine::Game& game, int seat);
// `text`, or null when it is empty.
engine::Json name_or_null(const std::string& text);
// {"winner": seat or null, "resigned": seat?} for a finished game; null otherwise.
engine::Json result_json(const engine::Game& game, const GameStatus& s);

}  // namespace pacwar::server
