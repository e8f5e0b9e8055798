#include "server/db/migrations.h"

#include <chrono>

namespace pacwar::server {
namespace {

std::vector<std::string> version_1() {
  std::vector<std::string> statements;
  for (const auto* list : {&store_schema_v1(), &notice_schema(), &platform_schema_v1(),
                           &witp_schema_v1(), &analysis_schema_v1()}) {
    statements.insert(statements.end(), list->begin(), list->end());
  }
  return statements;
}

// One row per migration applied (its version and when, Unix milliseconds).
constexpr const char* kVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
    "applied BIGINT NOT NULL)";

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

const std::vector<Migration>& migrations() {
  // To add a migration: append {N + 1, "what it does", {statements}}. Never edit one that a
  // released pacwar has applied; its statements must run on SQLite and PostgreSQL alike.
  static const std::vector<Migration> list = {
      {1,
       "the schema before numbered migrations (CREATE TABLE IF NOT EXISTS: an existing "
       "database of that schema keeps its tables)",
       version_1()},
      {2,
       "games.rules_version: the rules version a game began with ('' before this column)",
       {"ALTER TABLE games ADD COLUMN rules_version TEXT NOT NULL DEFAULT ''"}},
  };
  return list;
}

int latest_schema_version() { return migrations().back().version; }

SchemaTooNew::SchemaTooNew(int database_version, int known_version)
    : DbError("this database is at schema version " + std::to_string(database_version) +
              " but this pacwar knows only up to " + std::to_string(known_version) +
              ": run the newer pacwar or restore a backup (nothing was changed)"),
      database_version_(database_version) {}

int schema_version(SqlConnection& c) {
  const std::vector<SqlRow> rows = c.query("SELECT MAX(version) FROM schema_version");
  if (rows.empty() || rows[0].empty() || !rows[0][0]) return 0;
  return std::stoi(*rows[0][0]);
}

int migrate(Database& db) {
  const int latest = latest_schema_version();
  int before = -1;
  while (true) {
    Database::Lease c = db.acquire();
    Transaction transaction(*c);
    db.lock_schema(*c);  // another process may be migrating: wait for it, then read its result
    c->execute(kVersionTable);
    const int current = schema_version(*c);
    if (before < 0) before = current;
    if (current > latest) throw SchemaTooNew(current, latest);  // rolls back: nothing changed
    if (current == latest) {
      transaction.commit();
      return before;
    }
    const Migration& next = migrations()[static_cast<std::size_t>(current)];
    for (const std::string& statement : next.statements) c->execute(statement);
    c->execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
               {std::int64_t{next.version}, wall_clock_ms()});
    transaction.commit();
  }
}

}  // namespace pacwar::server
