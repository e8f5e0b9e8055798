// Greater East Asia Co-Prosperity Sphere: the terminal board, drawn from a seat's view.
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar::co_prosperity {

// Renders CpsState::view(seat) as text of at most 100 columns. Missing fields are skipped.
std::string render_text(const engine::Json& view);

}  // namespace pacwar::co_prosperity
