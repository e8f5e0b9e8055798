// `pacwar backup` and `pacwar restore`: SQLite databases through the online backup API
// (server/db/backup.h); PostgreSQL is pointed to pg_dump and pg_restore.
#pragma once

#include <CLI/CLI.hpp>

namespace pacwar::cli {

// Registers both subcommands on `app`; each runs in its callback during app.parse() and ends it
// with CLI::Success (or throws its error).
void add_backup_commands(CLI::App& app);

}  // namespace pacwar::cli
