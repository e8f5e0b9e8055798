// PostgreSQL through libpq: a few connections, statements sent with text parameters ($1, $2...
// rewritten from the portable `?`). A connection that broke is reset before its next use. The
// data statements (SELECT, INSERT, UPDATE, DELETE) are prepared once per connection and then only
// executed, so PostgreSQL parses and plans each of them once, not at every call (issue 43). A
// transaction's BEGIN and the statements whose outcome is not read (execute_later) wait and go
// with the next statement that is read, in one pipeline: one round trip for them all.
#include <libpq-fe.h>

#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

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

// One statement ready to send: its prepared statement's name, or its text when it is not
// prepared, and its parameters as text (null: SQL NULL).
struct Statement {
  std::string name;  // empty: not prepared
  std::string text;  // the numbered SQL (sent when not prepared; in error messages)
  std::vector<std::optional<std::string>> params;
};

using Notices = std::vector<std::pair<std::string, std::string>>;  // channel, payload

class Notifier;

class PostgresConnection final : public SqlConnection {
 public:
  // `notifier`: where notify_after_commit's notices go (null: this connection sends none).
  explicit PostgresConnection(const std::string& url, Notifier* notifier = nullptr)
      : conn_(PQconnectdb(url.c_str())), notifier_(notifier) {
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
  // clause and changes nothing when the revision moved. BEGIN goes with the transaction's first
  // statement (run_later).
  void begin() override {
    run_later("BEGIN", {});
    begin_pending_ = true;
    in_transaction_ = true;
  }
  void begin_read() override {
    run_later("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", {});
    begin_pending_ = true;
    in_transaction_ = true;
  }

 protected:
  void ended() override {
    in_transaction_ = false;
    notices_.clear();
  }
  void send_notices();
  void run_commit_unsynced() override {
    run_later("SET LOCAL synchronous_commit TO OFF", {});
    run_commit();
  }
  void run_notify_after_commit(std::string_view channel, std::string payload) override {
    notices_.emplace_back(std::string(channel), std::move(payload));
    if (!in_transaction_) send_notices();
  }
  // The COMMIT; once it stands, its notices go to the notifier (notify_after_commit). They are
  // held aside meanwhile because the COMMIT ends the transaction (ended() clears notices_).
  void run_commit() override {
    Notices notices = std::move(notices_);
    notices_.clear();
    SqlConnection::run_commit();
    notices_ = std::move(notices);
    send_notices();
  }
  std::vector<SqlRow> run_query(std::string_view sql,
                                const std::vector<SqlValue>& params) override {
    Result result = run(sql, params);
    std::vector<SqlRow> rows;
    if (!result) return rows;
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
    if (!result) return 0;
    const char* tuples = PQcmdTuples(result.get());
    return tuples[0] == '\0' ? 0 : std::strtoll(tuples, nullptr, 10);
  }

  void run_later(std::string_view sql, const std::vector<SqlValue>& params) override {
    check_connection();
    pending_.push_back(statement(sql, params));
  }

 private:
  // A broken connection is made again before its next statement; statements of a transaction
  // not sent yet are then lost with it, which is an error.
  void check_connection() {
    if (PQstatus(conn_) == CONNECTION_OK && !broken_) return;
    const bool lost_work = !pending_.empty();
    pending_.clear();
    begin_pending_ = false;
    PQreset(conn_);
    prepared_.clear();  // a new session has none
    broken_ = false;
    if (lost_work) throw DbError("PostgreSQL: the connection was lost during a transaction");
  }

  Statement statement(std::string_view sql, const std::vector<SqlValue>& params) {
    Statement s;
    const int count = static_cast<int>(params.size());
    if (const std::string* name = prepared(sql, count)) s.name = *name;
    s.text = numbered(sql);
    s.params.reserve(params.size());
    for (const SqlValue& value : params) {
      if (const auto* number = std::get_if<std::int64_t>(&value)) {
        s.params.emplace_back(std::to_string(*number));
      } else if (const auto* text = std::get_if<std::string>(&value)) {
        s.params.emplace_back(*text);
      } else {
        s.params.emplace_back(std::nullopt);
      }
    }
    return s;
  }

  static std::vector<const char*> values_of(const Statement& s) {
    std::vector<const char*> values(s.params.size(), nullptr);
    for (std::size_t i = 0; i < s.params.size(); ++i) {
      if (s.params[i]) values[i] = s.params[i]->c_str();
    }
    return values;
  }

  [[noreturn]] void fail(const std::string& message, const std::string& text) {
    throw DbError("PostgreSQL: " + message + " in: " + text);
  }

  Result run(std::string_view sql, const std::vector<SqlValue>& params) {
    check_connection();
    if (sql == "ROLLBACK" && !pending_.empty()) {
      // What was not sent needs no undoing; a transaction not begun yet needs no ROLLBACK.
      const bool begun = !begin_pending_;
      pending_.clear();
      begin_pending_ = false;
      if (!begun) return nullptr;
    }
    Statement current = statement(sql, params);
    if (!pending_.empty()) return run_pipeline(std::move(current));
    const std::vector<const char*> values = values_of(current);
    const int count = static_cast<int>(values.size());
    Result result(!current.name.empty() ? PQexecPrepared(conn_, current.name.c_str(), count,
                                                         values.data(), nullptr, nullptr, 0)
                                        : PQexecParams(conn_, current.text.c_str(), count, nullptr,
                                                       values.data(), nullptr, nullptr, 0));
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      fail(PQerrorMessage(conn_), current.text);
    }
    return result;
  }

  // The statements waiting (run_later) and `last`, sent together and answered together: one
  // round trip. Returns `last`'s result; throws the first error (the statements after a failed
  // one are not run, and its transaction is left failed for the caller's ROLLBACK).
  Result run_pipeline(Statement last) {
    std::vector<Statement> batch = std::move(pending_);
    pending_.clear();
    begin_pending_ = false;
    batch.push_back(std::move(last));
    const std::size_t answer_at = batch.size() - 1;
    if (PQenterPipelineMode(conn_) != 1) fail(PQerrorMessage(conn_), batch.front().text);
    std::string error;
    std::string error_text;
    bool sent = true;
    for (const Statement& s : batch) {
      const std::vector<const char*> values = values_of(s);
      const int count = static_cast<int>(values.size());
      const int ok = !s.name.empty() ? PQsendQueryPrepared(conn_, s.name.c_str(), count,
                                                           values.data(), nullptr, nullptr, 0)
                                     : PQsendQueryParams(conn_, s.text.c_str(), count, nullptr,
                                                         values.data(), nullptr, nullptr, 0);
      if (ok != 1) {
        sent = false;
        error = PQerrorMessage(conn_);
        error_text = s.text;
        break;
      }
    }
    if (sent && PQpipelineSync(conn_) != 1) {
      sent = false;
      error = PQerrorMessage(conn_);
      error_text = batch.back().text;
    }
    Result answer;
    if (sent) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        Result result(PQgetResult(conn_));
        // Each statement's result is followed by a null.
        while (PGresult* more = PQgetResult(conn_)) PQclear(more);
        const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
        const bool failed = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK;
        if (failed && error.empty()) {
          error = result && status != PGRES_PIPELINE_ABORTED ? PQresultErrorMessage(result.get())
                                                             : PQerrorMessage(conn_);
          error_text = batch[i].text;
        }
        if (i == answer_at) answer = std::move(result);
      }
      Result sync(PQgetResult(conn_));
      if (!sync || PQresultStatus(sync.get()) != PGRES_PIPELINE_SYNC) {
        if (error.empty()) {
          error = PQerrorMessage(conn_);
          error_text = batch.back().text;
        }
        broken_ = true;
      }
    }
    if (PQexitPipelineMode(conn_) != 1) broken_ = true;  // made again before the next statement
    if (!sent) broken_ = true;
    if (!error.empty()) fail(error, error_text);
    return answer;
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
      fail(PQerrorMessage(conn_), text);
    }
    return &prepared_.emplace(key, std::move(name)).first->second;
  }

  PGconn* conn_ = nullptr;
  std::map<std::string, std::string> prepared_;  // SQL -> its prepared statement's name
  std::vector<Statement> pending_;               // run_later's statements not sent yet
  bool begin_pending_ = false;                   // the transaction's BEGIN is among them
  bool broken_ = false;                          // a pipeline went wrong: reset before reuse
  bool in_transaction_ = false;                  // between begin() and the transaction's end
  Notices notices_;                              // to send after the COMMIT
  Notifier* notifier_ = nullptr;
};

// Sends the notices of committed changes (SqlConnection::notify_after_commit) on a connection
// and a thread of its own. The notices that come while one batch is on its way, or within 2 ms
// of the last batch, go together in the next: one transaction and one round trip for them all
// instead of a transaction for each change (docs/performance.md: PostgreSQL's CPU per action
// 5-13% lower). Such a transaction writes nothing before its commit record, so PostgreSQL commits
// it without waiting for the disk and holds the lock of notices only for that moment. A notice
// follows its commit and goes after the notices posted before it; one that cannot be sent
// (PostgreSQL unreachable twice in a row) is dropped with a message, as one lost with a killed
// process: each event stream asks the store at its heartbeat.
class Notifier {
 public:
  explicit Notifier(const std::string& url) : connection_(url), thread_([this] { run(); }) {}
  Notifier(const Notifier&) = delete;
  Notifier& operator=(const Notifier&) = delete;
  // Sends what was posted, then stops.
  ~Notifier() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  void post(Notices notices) {
    {
      std::lock_guard lock(mutex_);
      for (auto& notice : notices) queue_.push_back(std::move(notice));
    }
    wake_.notify_one();
  }

 private:
  // A batch goes at once when the last went more than kGather ago (a notice of a quiet server is
  // not delayed), else when kGather has passed since: at 2,000 changes a second about four
  // notices a transaction instead of one, and no notice waits more than kGather and a round trip.
  static constexpr std::chrono::milliseconds kGather{2};

  void run() {
    std::chrono::steady_clock::time_point next_batch{};
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything sent
      // Under load (the last batch went less than kGather ago), what comes until then joins.
      wake_.wait_until(lock, next_batch, [this] { return stopping_; });
      Notices batch = std::move(queue_);
      queue_.clear();
      lock.unlock();
      send(batch);
      next_batch = std::chrono::steady_clock::now() + kGather;
      lock.lock();
    }
  }
  void send(const Notices& batch) {
    std::string error;
    for (int attempt = 0; attempt < 2; ++attempt) {
      try {
        // BEGIN, the notices and the COMMIT go in one pipeline (one round trip).
        Transaction transaction(connection_);
        for (const auto& [channel, payload] : batch) {
          connection_.execute_later("SELECT pg_notify(?, ?)", {channel, payload});
        }
        transaction.commit();
        return;
      } catch (const DbError& e) {
        error = e.what();
      }
    }
    std::fprintf(stderr, "pacwar: PostgreSQL: %zu change notices were not sent (%s)\n",
                 batch.size(), error.c_str());
  }

  PostgresConnection connection_;
  std::mutex mutex_;
  std::condition_variable wake_;
  Notices queue_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts when the rest is ready
};

void PostgresConnection::send_notices() {
  if (notices_.empty()) return;
  Notices notices = std::move(notices_);
  notices_.clear();
  if (notifier_ != nullptr) notifier_->post(std::move(notices));
}

class PostgresDatabase final : public Database {
 public:
  PostgresDatabase(const std::string& url, int connections)
      : notifier_(std::make_unique<Notifier>(url)) {
    for (int i = 0; i < connections; ++i) {
      add_connection(std::make_unique<PostgresConnection>(url, notifier_.get()));
    }
  }
  std::string kind() const override { return "postgresql"; }
  // Several servers may start at once: one migrates, the others wait for it (the lock is held
  // until the transaction ends).
  void lock_schema(SqlConnection& connection) override {
    connection.query("SELECT pg_advisory_xact_lock(7061637761720)");
  }

 private:
  // Destroyed before the connections (Database's), which never send after that: the pool's users
  // are gone when the database is.
  std::unique_ptr<Notifier> notifier_;
};

}  // namespace

std::unique_ptr<Database> open_postgres(const std::string& url, int connections) {
  return std::make_unique<PostgresDatabase>(url, connections);
}

}  // namespace pacwar::server
