// PostgreSQL through libpq: a few connections, statements sent with text parameters ($1, $2...
// rewritten from the portable `?`). A connection that broke is reset before its next use. The
// data statements (SELECT, INSERT, UPDATE, DELETE) are prepared once per connection and then only
// executed, so PostgreSQL parses and plans each of them once, not at every call (issue 43).
#include <libpq-fe.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "server/db/db.h"

namespace pacwar::server {
namespace {

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// "a = ? AND b = ?" -> "a = $1 AND b = $2" (the SQL of store.cc holds no '?' in literals).
std::string numbered(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int n = 0;
  for (char c : sql) {
    if (c == '?') {
      out += '$' + std::to_string(++n);
    } else {
      out += c;
    }
  }
  return out;
}

// Whether a statement can be prepared (PREPARE takes these; BEGIN, SET and the like run as they
// are).
bool preparable(std::string_view sql) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
  std::string word;
  for (; i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i])); ++i) {
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i])));
  }
  return word == "SELECT" || word == "INSERT" || word == "UPDATE" || word == "DELETE" ||
         word == "WITH";
}

class PostgresConnection final : public SqlConnection {
 public:
  explicit PostgresConnection(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
    if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) {
      const std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
      PQfinish(conn_);
      conn_ = nullptr;
      throw DbError("cannot connect to PostgreSQL: " + message);
    }
    run("SET client_min_messages TO WARNING", {});
  }
  ~PostgresConnection() override { PQfinish(conn_); }

  // Read committed: a guarded UPDATE that waited for another transaction re-checks its WHERE
  // clause and changes nothing when the revision moved.
  void begin() override { execute("BEGIN"); }
  void begin_read() override { execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); }

 protected:
  void run_commit_unsynced() override {
    execute("SET LOCAL synchronous_commit TO OFF");
    run_commit();
  }
  std::vector<SqlRow> run_query(std::string_view sql,
                                const std::vector<SqlValue>& params) override {
    Result result = run(sql, params);
    std::vector<SqlRow> rows;
    const int count = PQntuples(result.get());
    const int columns = PQnfields(result.get());
    rows.reserve(static_cast<std::size_t>(count));
    for (int r = 0; r < count; ++r) {
      SqlRow row(static_cast<std::size_t>(columns));
      for (int c = 0; c < columns; ++c) {
        if (PQgetisnull(result.get(), r, c)) continue;
        row[static_cast<std::size_t>(c)] =
            std::string(PQgetvalue(result.get(), r, c),
                        static_cast<std::size_t>(PQgetlength(result.get(), r, c)));
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

  std::int64_t run_execute(std::string_view sql, const std::vector<SqlValue>& params) override {
    Result result = run(sql, params);
    const char* tuples = PQcmdTuples(result.get());
    return tuples[0] == '\0' ? 0 : std::strtoll(tuples, nullptr, 10);
  }

 private:
  Result run(std::string_view sql, const std::vector<SqlValue>& params) {
    if (PQstatus(conn_) != CONNECTION_OK) {
      PQreset(conn_);
      prepared_.clear();  // a new session has none
    }
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size(), nullptr);
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (const auto* number = std::get_if<std::int64_t>(&params[i])) {
        texts[i] = std::to_string(*number);
        values[i] = texts[i].c_str();
      } else if (const auto* text = std::get_if<std::string>(&params[i])) {
        values[i] = text->c_str();
      }
    }
    const int count = static_cast<int>(params.size());
    const std::string* name = prepared(sql, count);
    Result result(name != nullptr ? PQexecPrepared(conn_, name->c_str(), count, values.data(),
                                                   nullptr, nullptr, 0)
                                  : PQexecParams(conn_, numbered(sql).c_str(), count, nullptr,
                                                 values.data(), nullptr, nullptr, 0));
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      throw DbError("PostgreSQL: " + std::string(PQerrorMessage(conn_)) + " in: " + numbered(sql));
    }
    return result;
  }

  // The name of `sql`'s prepared statement on this connection, prepared now if it is new; null
  // for a statement that is not prepared (preparable()).
  const std::string* prepared(std::string_view sql, int params) {
    if (!preparable(sql)) return nullptr;
    const std::string key(sql);
    if (auto it = prepared_.find(key); it != prepared_.end()) return &it->second;
    std::string name = "pacwar_" + std::to_string(prepared_.size() + 1);
    const std::string text = numbered(sql);
    Result result(PQprepare(conn_, name.c_str(), text.c_str(), params, nullptr));
    if (!result || PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
      throw DbError("PostgreSQL: " + std::string(PQerrorMessage(conn_)) + " in: " + text);
    }
    return &prepared_.emplace(key, std::move(name)).first->second;
  }

  PGconn* conn_ = nullptr;
  std::map<std::string, std::string> prepared_;  // SQL -> its prepared statement's name
};

class PostgresDatabase final : public Database {
 public:
  PostgresDatabase(const std::string& url, int connections) {
    for (int i = 0; i < connections; ++i) {
      add_connection(std::make_unique<PostgresConnection>(url));
    }
  }
  std::string kind() const override { return "postgresql"; }
  // Several servers may start at once: one migrates, the others wait for it (the lock is held
  // until the transaction ends).
  void lock_schema(SqlConnection& connection) override {
    connection.query("SELECT pg_advisory_xact_lock(7061637761720)");
  }
};

}  // namespace

std::unique_ptr<Database> open_postgres(const std::string& url, int connections) {
  return std::make_unique<PostgresDatabase>(url, connections);
}

}  // namespace pacwar::server
