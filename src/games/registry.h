// The games pacwar knows: one GameModule per game (engine/game_module.h), listed once here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/game_module.h"

namespace pacwar {

// Every game's module, in the order games are listed to users.
std::vector<engine::GameModule> game_modules();
// The module of the game called `name` ("pacific-war"), or nullopt.
std::optional<engine::GameModule> find_module(std::string_view name);

// Returns the game called `name` ("pacific-war"), or nullptr. Loads its data on first use;
// throws engine::DataError when the data files are invalid.
std::shared_ptr<const engine::Game> find_game(const std::string& name);
std::vector<std::string> game_names();

}  // namespace pacwar
