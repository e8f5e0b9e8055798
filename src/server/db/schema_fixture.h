// Test helper: a database of schema version 1 holding tests/fixtures/schema-v1.sqlite's rows
// (tools/make_schema_fixture.py), as today's servers left it (no schema_version). SQLite: a copy
// of the file in a temporary directory. PostgreSQL ($PACWAR_TEST_POSTGRES): a new schema of that
// database, made with version 1's tables and loaded with the fixture's rows, dropped at the end.
#pragma once

#include <filesystem>
#include <string>

#include "engine/data_dir.h"
#include "server/db/db.h"
#include "server/db/migrations.h"
#include "server/test_support.h"

namespace pacwar::server::testing {

// Copies every table of the SQLite database `from` into `to`, whose tables exist and are empty
// (table by table in the order they were created, so that foreign keys hold).
void copy_rows(const std::string& from_sqlite_file, Database& to);

class FixtureDb {
 public:
  explicit FixtureDb(const TempDir& dir);
  ~FixtureDb();
  FixtureDb(const FixtureDb&) = delete;
  FixtureDb& operator=(const FixtureDb&) = delete;
  // The --db URL of the fixture's database.
  const std::string& url() const { return url_; }

 private:
  std::string url_;
  std::string schema_;  // PostgreSQL only
};

// tests/fixtures/schema-v1.sqlite in the source tree.
inline std::filesystem::path schema_fixture_file() {
  return std::filesystem::path(source_dir()) / "tests" / "fixtures" / "schema-v1.sqlite";
}

inline void copy_rows(const std::string& from_sqlite_file, Database& to) {
  std::unique_ptr<Database> from = open_sqlite(from_sqlite_file);
  auto in = from->acquire();
  auto out = to.acquire();
  Transaction transaction(*out);
  for (const SqlRow& table :
       in->query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")) {
    const std::string name = table[0].value_or("");
    std::string columns;
    std::string marks;
    for (const SqlRow& column : in->query("SELECT name FROM pragma_table_info(?)", {name})) {
      columns += (columns.empty() ? "" : ", ") + column[0].value_or("");
      marks += marks.empty() ? "?" : ", ?";
    }
    const std::string insert = "INSERT INTO " + name + " (" + columns + ") VALUES (" + marks + ")";
    for (const SqlRow& row : in->query("SELECT " + columns + " FROM " + name)) {
      std::vector<SqlValue> values;
      for (const auto& cell : row) values.push_back(cell ? SqlValue(*cell) : SqlValue());
      out->execute(insert, values);
    }
  }
  transaction.commit();
}

inline FixtureDb::FixtureDb(const TempDir& dir) {
  const std::filesystem::path copy = dir.path() / "fixture.db";
  std::filesystem::copy_file(schema_fixture_file(), copy);
  const auto postgres = postgres_url();
  if (!postgres) {
    url_ = "sqlite:" + copy.string();
    return;
  }
  schema_ = unique("fixture");
  open_database(*postgres)->acquire()->execute("CREATE SCHEMA " + schema_);
  url_ = *postgres + (postgres->find('?') == std::string::npos ? "?" : "&") +
         "options=-csearch_path%3D" + schema_;
  std::unique_ptr<Database> db = open_database(url_);
  {
    // What today's servers made: version 1's tables, no schema_version.
    auto c = db->acquire();
    Transaction transaction(*c);
    for (const std::string& statement : migrations()[0].statements) c->execute(statement);
    transaction.commit();
  }
  copy_rows(copy.string(), *db);
}

inline FixtureDb::~FixtureDb() {
  if (schema_.empty()) return;
  try {
    open_database(*postgres_url())->acquire()->execute("DROP SCHEMA " + schema_ + " CASCADE");
  } catch (const DbError&) {
  }
}

}  // namespace pacwar::server::testing
