// `pacwar serve` (the web server, with its --config file) and `pacwar worker` (the computer
// players of a shared database): cli/command.h.
#pragma once

#include "cli/command.h"

namespace pacwar::cli {

Runner add_serve(CLI::App& command, const Prelude& prelude);
Runner add_worker(CLI::App& command, const Prelude& prelude);

}  // namespace pacwar::cli
