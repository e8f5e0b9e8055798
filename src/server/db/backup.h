// Backups of a SQLite database with SQLite's online backup API: a consistent copy while servers
// keep writing (WAL mode: they never wait for it), and restores into a new database file.
// PostgreSQL is backed up with pg_dump (docs/deploy.md, "Backups and upgrades").
#pragma once

#include <cstdint>
#include <string>

namespace pacwar::server {

struct BackupInfo {
  int schema_version = 0;  // 0: made before schema versions (upgraded at start as version 1)
  std::int64_t bytes = 0;  // of the backup file
};

// The FILE of a "sqlite:FILE" --db; for PostgreSQL, throws with the pg_dump / pg_restore
// commands to use instead.
std::string sqlite_file_of_url(const std::string& url);

// Copies the database `db_file` (which servers may be using) into `out_file`, a self-contained
// file (no -wal); written beside it and renamed into place, so `out_file` is always whole.
BackupInfo backup_sqlite(const std::string& db_file, const std::string& out_file);

// Checks the backup `backup_file` (a pacwar database, intact, a schema version this binary
// knows) and copies it into `db_file`, which must not exist or be empty unless `force`. Stop the
// servers of `db_file` first.
BackupInfo restore_sqlite(const std::string& backup_file, const std::string& db_file, bool force);

}  // namespace pacwar::server
