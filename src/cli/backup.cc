#include "cli/backup.h"

#include <iostream>
#include <memory>
#include <string>

#include "server/db/backup.h"
#include "server/db/migrations.h"

namespace pacwar::cli {
namespace {

struct Options {
  std::string db;
  std::string out;
  std::string from;
  bool force = false;
};

std::string version_text(int version) {
  const int latest = server::latest_schema_version();
  if (version == 0) return "made before schema versions (upgraded at start)";
  return "schema version " + std::to_string(version) +
         (version < latest ? " (upgraded to " + std::to_string(latest) + " at start)" : "");
}

}  // namespace

void add_backup_commands(CLI::App& app) {
  auto options = std::make_shared<Options>();

  CLI::App* backup = app.add_subcommand(
      "backup",
      "copy a SQLite database, consistent even while servers use it (PostgreSQL: "
      "pg_dump)");
  backup->add_option("--db", options->db, "the database: sqlite:FILE")->required();
  backup->add_option("--out", options->out, "the backup file (replaced when it exists)")
      ->required();
  backup->callback([options] {
    const std::string file = server::sqlite_file_of_url(options->db);
    const server::BackupInfo info = server::backup_sqlite(file, options->out);
    std::cout << "backed up " << file << " to " << options->out << " (" << info.bytes << " bytes, "
              << version_text(info.schema_version) << ")\n";
    throw CLI::Success();
  });

  CLI::App* restore =
      app.add_subcommand("restore",
                         "restore a backup of `pacwar backup` into a new SQLite database (stop the "
                         "server first)");
  restore->add_option("--from", options->from, "the backup file")->required();
  restore->add_option("--db", options->db, "the database to make: sqlite:FILE")->required();
  restore->add_flag("--force", options->force, "replace an existing database");
  restore->callback([options] {
    const std::string file = server::sqlite_file_of_url(options->db);
    const server::BackupInfo info = server::restore_sqlite(options->from, file, options->force);
    std::cout << "restored " << options->from << " into " << file << " ("
              << version_text(info.schema_version) << ")\n";
    throw CLI::Success();
  });
}

}  // namespace pacwar::cli
