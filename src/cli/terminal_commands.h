// The commands that run games in this process: `pacwar play`, `load`, `selfplay`, `bench`,
// `arena` and `cards` over any registered game (cli/command.h). Seat options are named after the
// game's seats (--japanese, --allied for Pacific War), so the game is looked up before the
// command line is parsed: it is the first positional argument of `play` and `arena` (or the game
// of the save file given to `load`).
#pragma once

#include "cli/command.h"

namespace pacwar::cli {

Runner add_play(CLI::App& command, const Prelude& prelude);
Runner add_load(CLI::App& command, const Prelude& prelude);
Runner add_selfplay(CLI::App& command, const Prelude& prelude);
Runner add_bench(CLI::App& command, const Prelude& prelude);
Runner add_arena(CLI::App& command, const Prelude& prelude);
Runner add_cards(CLI::App& command, const Prelude& prelude);

}  // namespace pacwar::cli
