// The Pacific War: the terminal board, drawn from a seat's view (PwState::view, view.cc).
//
// Reads only the view JSON, never the state: what a seat may not know is not in the view, so
// it cannot be drawn. Missing fields are tolerated (drawn as absent), so that a view from an
// older or newer module still renders.
#pragma once

#include <string>

#include "engine/game.h"
#include "games/pacific_war/content.h"

namespace pacwar::pacific_war {

// Lines of at most kBoardWidth columns (a longer single word excepted), each ending in '\n'.
inline constexpr std::size_t kBoardWidth = 100;

std::string render_text(const engine::Json& view);

// A text map of the OZs at their map positions, the Sea Routes between them (Nav Points and the
// restricted routes marked), each OZ's controller and unit counts from the view; the map's
// geometry comes from the content (it is public).
std::string render_map(const engine::Json& view, const Content& content);

}  // namespace pacwar::pacific_war
