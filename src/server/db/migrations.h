// The database schema's versions (docs/architecture.md, "Schema and migrations"): an ordered list
// of numbered migrations, applied at start, each in one transaction, recorded in schema_version.
// Version 1 is the schema of the servers before numbered migrations, gathered from each feature's
// table list; a database with those tables and no schema_version is upgraded from there.
#pragma once

#include <string>
#include <vector>

#include "server/db/db.h"

namespace pacwar::server {

struct Migration {
  int version = 0;
  std::string summary;
  std::vector<std::string> statements;
};

// Every migration, version 1 first, one version after another.
const std::vector<Migration>& migrations();
// The newest schema version this binary knows.
int latest_schema_version();

// A database made by a newer pacwar: refused, unchanged.
class SchemaTooNew : public DbError {
 public:
  SchemaTooNew(int database_version, int known_version);
  int database_version() const { return database_version_; }

 private:
  int database_version_;
};

// The database's schema version: 0 for an empty database (or one older than version 1's
// schema_version table). Read on `c` in its current transaction, if any.
int schema_version(SqlConnection& c);

// Brings the database to latest_schema_version(), one migration per transaction; several
// processes may call it at once (Database::lock_schema): each migration runs once. Throws
// SchemaTooNew, having changed nothing, for a database newer than this binary. Returns the
// version the database had before.
int migrate(Database& db);

// The table lists of schema version 1, each beside its feature's code. Frozen: a change to these
// tables is a new migration in migrations.cc.
const std::vector<std::string>& store_schema_v1();     // store.cc
const std::vector<std::string>& notice_schema();       // notice_queue.cc
const std::vector<std::string>& platform_schema_v1();  // platform.cc
const std::vector<std::string>& witp_schema_v1();      // witp_api.cc
const std::vector<std::string>& analysis_schema_v1();  // analysis_service.cc

}  // namespace pacwar::server
