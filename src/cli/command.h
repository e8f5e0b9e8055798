// One subcommand of `pacwar`: cli/main.cc's table names it, gives its help line and the
// function that adds its options to it and returns what it runs (cli/terminal_commands.h,
// cli/server_commands.h).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engine/game.h"

namespace pacwar::cli {

// The exit code of a refused command line.
inline constexpr int kErrorExit = 2;

// What run() knows before the command line is parsed: the seat options of play, load and arena
// are named after the game's seats, so their game (or the save file's) is looked up first.
struct Prelude {
  std::string command;                            // argv[1]
  std::shared_ptr<const engine::Game> seat_game;  // the game whose seats name options
  std::optional<engine::Json> save;               // load: the save file, read once
};

// The Prelude of this command line (reads the save file given to `load`).
Prelude read_prelude(int argc, char** argv);

// What a subcommand runs once the command line is parsed: its exit code.
using Runner = std::function<int()>;

// Adds a subcommand's options to `command` and returns what it runs; the options' values live
// in the returned runner.
using AddCommand = Runner (*)(CLI::App& command, const Prelude& prelude);

}  // namespace pacwar::cli
