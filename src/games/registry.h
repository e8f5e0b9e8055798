// The games pacwar knows, by name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pacwar {

// Returns the game called `name` ("pacific-war"), or nullptr. Loads its data on first use;
// throws engine::DataError when the data files are invalid.
std::shared_ptr<const engine::Game> find_game(const std::string& name);
std::vector<std::string> game_names();

}  // namespace pacwar
