// `pacwar serve`: runs the web server until SIGINT or SIGTERM.
#pragma once

#include <iosfwd>

#include "server/api_server.h"

namespace pacwar::cli {

// Prints the address to open on `out`; returns the exit code.
int run_serve(const server::ServerConfig& config, std::ostream& out);

}  // namespace pacwar::cli
