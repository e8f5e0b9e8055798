#include "server/db/backup.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "server/db/db.h"
#include "server/db/migrations.h"

namespace pacwar::server {
namespace {

// One raw SQLite connection (the backup API works on sqlite3 handles, not on Database).
class Handle {
 public:
  Handle(const std::string& file, int flags) {
    if (sqlite3_open_v2(file.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw DbError("cannot open SQLite database '" + file + "': " + message);
    }
    sqlite3_busy_timeout(db_, 10000);
  }
  ~Handle() { sqlite3_close(db_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  sqlite3* get() const { return db_; }

  // The first column of the first row of `sql` ("" when no row or NULL).
  std::string value(const std::string& sql) const {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
      throw DbError("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
    }
    std::string result;
    const int rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW && sqlite3_column_type(statement, 0) != SQLITE_NULL) {
      result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
      throw DbError("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
    }
    return result;
  }

 private:
  sqlite3* db_ = nullptr;
};

// Copies the whole database `from` into `to` in one step (one read transaction on `from`: a
// consistent snapshot; writers in WAL mode go on meanwhile).
void copy_database(const Handle& from, const Handle& to) {
  sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from.get(), "main");
  if (backup == nullptr) throw DbError("SQLite backup: " + std::string(sqlite3_errmsg(to.get())));
  int rc;
  while ((rc = sqlite3_backup_step(backup, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) throw DbError("SQLite backup: " + std::string(sqlite3_errstr(rc)));
}

// The schema version of a pacwar database; throws for a file that is not one.
int version_of(const Handle& db, const std::string& file) {
  const auto has_table = [&db](const std::string& name) {
    return !db.value("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '" + name +
                     "'")
                .empty();
  };
  if (has_table("schema_version")) {
    const std::string version = db.value("SELECT MAX(version) FROM schema_version");
    return version.empty() ? 0 : std::stoi(version);
  }
  if (has_table("games")) return 0;
  throw DbError("'" + file + "' is not a pacwar database (it has no games table)");
}

std::int64_t size_of(const std::string& file) {
  return static_cast<std::int64_t>(std::filesystem::file_size(file));
}

}  // namespace

std::string sqlite_file_of_url(const std::string& url) {
  if (url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0) {
    throw std::runtime_error(
        "pacwar backup and restore work on SQLite databases; back up PostgreSQL with its own "
        "tools: pg_dump --format=custom --file=pacwar.dump 'DATABASE_URL', and restore into an "
        "empty database with pg_restore --no-owner --dbname='DATABASE_URL' pacwar.dump "
        "(docs/deploy.md, \"Backups and upgrades\")");
  }
  if (url.rfind("sqlite:", 0) != 0 || url.size() == 7) {
    throw std::runtime_error("--db: expected sqlite:FILE, not '" + url + "'");
  }
  std::string file = url.substr(7);
  if (const auto query = file.find('?'); query != std::string::npos) file.resize(query);
  return file;
}

BackupInfo backup_sqlite(const std::string& db_file, const std::string& out_file) {
  if (!std::filesystem::exists(db_file)) {
    throw std::runtime_error("no database at '" + db_file + "'");
  }
  const Handle from(db_file, SQLITE_OPEN_READWRITE);  // read-write: it may join the WAL
  const std::string partial = out_file + ".partial";
  std::filesystem::remove(partial);
  BackupInfo info;
  {
    const Handle to(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    copy_database(from, to);
    to.value("PRAGMA journal_mode=DELETE");  // one self-contained file
    info.schema_version = version_of(to, db_file);
  }
  std::filesystem::rename(partial, out_file);
  info.bytes = size_of(out_file);
  return info;
}

BackupInfo restore_sqlite(const std::string& backup_file, const std::string& db_file, bool force) {
  if (!std::filesystem::exists(backup_file)) {
    throw std::runtime_error("no backup at '" + backup_file + "'");
  }
  BackupInfo info;
  const Handle from(backup_file, SQLITE_OPEN_READONLY);
  if (const std::string check = from.value("PRAGMA quick_check"); check != "ok") {
    throw std::runtime_error("the backup '" + backup_file + "' is damaged: " + check);
  }
  info.schema_version = version_of(from, backup_file);
  if (info.schema_version > latest_schema_version()) {
    throw SchemaTooNew(info.schema_version, latest_schema_version());
  }
  if (std::filesystem::exists(db_file) && std::filesystem::file_size(db_file) > 0 && !force) {
    const Handle existing(db_file, SQLITE_OPEN_READONLY);
    if (existing.value("SELECT COUNT(*) FROM sqlite_master") != "0") {
      throw std::runtime_error("'" + db_file +
                               "' holds a database already: restore into a new file, or add "
                               "--force to replace it (stop its servers first)");
    }
  }
  {
    const Handle to(db_file, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    copy_database(from, to);
  }
  info.bytes = size_of(db_file);
  return info;
}

}  // namespace pacwar::server
