// SQL databases behind one small interface: SQLite (a file, WAL mode) and PostgreSQL (libpq).
// The storage code (store.cc) is written once over it with portable SQL and `?` placeholders.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace pacwar::server {

// A failed database operation (connection lost, constraint, SQL error).
class DbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A value bound to a statement: NULL, an integer or text.
using SqlValue = std::variant<std::monostate, std::int64_t, std::string>;
// One result row: the text of each column (nullopt for NULL).
using SqlRow = std::vector<std::optional<std::string>>;
// The integer a result cell holds; 0 for NULL or an empty cell.
inline std::int64_t sql_number(const std::optional<std::string>& cell) {
  return cell && !cell->empty() ? std::stoll(*cell) : 0;
}

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  // Runs one statement with `?` placeholders and returns its rows.
  std::vector<SqlRow> query(std::string_view sql, const std::vector<SqlValue>& params = {}) {
    return run_query(sql, params);
  }
  // Runs one statement and returns the number of rows it changed.
  std::int64_t execute(std::string_view sql, const std::vector<SqlValue>& params = {}) {
    return run_execute(sql, params);
  }
  // Runs a statement in a transaction whose outcome nobody reads: PostgreSQL sends it with the
  // connection's next statement whose outcome is read (at the latest the COMMIT), all in one
  // round trip (libpq's pipeline); SQLite runs it now. Its error is thrown by that statement.
  void execute_later(std::string_view sql, const std::vector<SqlValue>& params = {}) {
    run_later(sql, params);
  }
  // Sends `payload` on the notice channel `channel` once this transaction has committed; a
  // rollback drops it, and outside a transaction it goes at once. PostgreSQL: the database's
  // notifier (postgres_db.cc) sends it from a thread and a connection of its own, with the other
  // notices that came meanwhile, in one transaction for them all that writes nothing before its
  // commit record, so it does not wait for the disk. A NOTIFY inside the transaction would hold
  // PostgreSQL's one lock of notices until the commit is on disk, so that the commits of all
  // connections would reach the disk one at a time instead of together. The notice follows the
  // commit it announces, and may pass a notice of another process's earlier commit (the
  // receivers keep the highest revision). SQLite has no notices.
  void notify_after_commit(std::string_view channel, std::string payload) {
    run_notify_after_commit(channel, std::move(payload));
  }
  // Starts a transaction that writes (SQLite: BEGIN IMMEDIATE, so that two processes never
  // deadlock on upgrading a read lock).
  virtual void begin() = 0;
  // Starts a read-only transaction that sees one snapshot of the database.
  virtual void begin_read() = 0;
  void commit() { run_commit(); }
  // Commits without waiting for the commit to reach the disk: a killed process keeps it, an
  // operating-system crash or power loss may lose it (SQLite: the commit asks for no WAL sync of
  // its own, the next one covers it; PostgreSQL: synchronous_commit off for this transaction).
  // Only for what is redone when lost: a computer player's lease on its job.
  void commit_unsynced() { run_commit_unsynced(); }
  void rollback() {
    struct End {
      SqlConnection* connection;
      ~End() { connection->ended(); }
    } end{this};
    execute("ROLLBACK");
  }

 protected:
  // Called when a transaction ended (committed or rolled back).
  virtual void ended() {}
  // Commits the transaction; returns once the commit is as durable as the database promises.
  virtual void run_commit() {
    execute("COMMIT");
    ended();
  }
  virtual void run_commit_unsynced() { run_commit(); }
  virtual void run_notify_after_commit(std::string_view /*channel*/, std::string /*payload*/) {}
  virtual std::vector<SqlRow> run_query(std::string_view sql,
                                        const std::vector<SqlValue>& params) = 0;
  virtual std::int64_t run_execute(std::string_view sql, const std::vector<SqlValue>& params) = 0;
  virtual void run_later(std::string_view sql, const std::vector<SqlValue>& params) {
    run_execute(sql, params);
  }
};

// A fixed set of connections shared by the request threads; acquire() waits for a free one.
class Database {
 public:
  class Lease {
   public:
    Lease(Database& db, std::unique_ptr<SqlConnection> connection)
        : db_(&db), connection_(std::move(connection)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (connection_) db_->release(std::move(connection_));
    }
    SqlConnection* operator->() { return connection_.get(); }
    SqlConnection& operator*() { return *connection_; }

   private:
    Database* db_;
    std::unique_ptr<SqlConnection> connection_;
  };

  virtual ~Database() = default;
  // "sqlite" or "postgresql".
  virtual std::string kind() const = 0;
  // How commits reach the disk: `durable` when an acknowledged commit survives an operating-
  // system crash; SQLite's group commit counts the commits and the WAL syncs that covered them.
  struct CommitStats {
    bool durable = true;
    bool group_commit = false;
    std::uint64_t commits = 0;
    std::uint64_t syncs = 0;
  };
  virtual CommitStats commit_stats() const { return {}; }
  Lease acquire();
  // Called first in the transaction of a schema migration (migrations.h), so that several
  // processes starting at once migrate one after another. SQLite needs nothing: a write
  // transaction (BEGIN IMMEDIATE) holds the file's one write lock.
  virtual void lock_schema(SqlConnection& /*connection*/) {}

 protected:
  void add_connection(std::unique_ptr<SqlConnection> connection);

 private:
  void release(std::unique_ptr<SqlConnection> connection);

  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<SqlConnection>> free_;
};

// A transaction that rolls back unless committed.
class Transaction {
 public:
  enum class Mode { kWrite, kRead };
  explicit Transaction(SqlConnection& connection, Mode mode = Mode::kWrite)
      : connection_(connection) {
    if (mode == Mode::kWrite) {
      connection.begin();
    } else {
      connection.begin_read();
    }
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void commit() {
    connection_.commit();
    done_ = true;
  }
  // SqlConnection::commit_unsynced: for what is redone when an OS crash loses it.
  void commit_unsynced() {
    connection_.commit_unsynced();
    done_ = true;
  }

 private:
  SqlConnection& connection_;
  bool done_ = false;
};

// Opens "sqlite:FILE" (or "sqlite:FILE?synchronous=normal") or "postgresql://..." (also
// "postgres://..."); throws DbError with a clear message for anything else or a database that
// cannot be opened.
std::unique_ptr<Database> open_database(const std::string& url);

// `full_sync`: synchronous=FULL (every commit fsynced; the default), else NORMAL (an OS crash or
// power loss may lose the last commits; a killed process loses none).
std::unique_ptr<Database> open_sqlite(const std::string& file, bool full_sync = true);
std::unique_ptr<Database> open_postgres(const std::string& url, int connections);

}  // namespace pacwar::server
