// SQLite in WAL mode: a few connections, so that reads never wait for a write; writes take turns
// on an in-process mutex (SQLite has one writer at a time anyway) and a busy timeout covers other
// processes sharing the file. A background thread checkpoints the WAL into the database, so that
// no request waits for the checkpoint's fsync. Durable by default: a commit is answered only once
// the WAL holding it is fsynced, so an acknowledged move survives a killed process and also an
// operating-system crash or power loss; the fsync is shared by the commits made at the same time
// (group commit, server/db/group_commit.h) instead of one synchronous=FULL fsync per commit in
// turn. "?synchronous=normal" gives up the crash guarantee for speed (docs/security.md).
#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "server/db/db.h"
#include "server/db/group_commit.h"
#include "server/thread_name.h"

namespace pacwar::server {
namespace {

class SqliteConnection final : public SqlConnection {
 public:
  // `group`: commits wait for its shared WAL sync (null: synchronous=NORMAL, no wait).
  SqliteConnection(const std::string& file, std::shared_ptr<std::mutex> write_mutex,
                   std::shared_ptr<GroupCommit> group)
      : write_mutex_(std::move(write_mutex)) {
    if (sqlite3_open_v2(file.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      db_ = nullptr;
      throw DbError("cannot open SQLite database '" + file + "': " + message);
    }
    sqlite3_busy_timeout(db_, 10000);
    query("PRAGMA journal_mode=WAL");
    execute("PRAGMA synchronous=NORMAL");
    execute("PRAGMA foreign_keys=ON");
    query("PRAGMA wal_autocheckpoint=0");
    group_ = std::move(group);  // the set-up statements above wait for no sync
  }
  ~SqliteConnection() override {
    for (auto& [sql, statement] : cache_) sqlite3_finalize(statement);
    sqlite3_close(db_);
  }

  void begin() override {
    write_mutex_->lock();
    try {
      execute("BEGIN IMMEDIATE");
    } catch (...) {
      write_mutex_->unlock();
      throw;
    }
    writing_ = true;
  }
  void begin_read() override { execute("BEGIN"); }

 protected:
  void ended() override {
    if (writing_) {
      writing_ = false;
      write_mutex_->unlock();
    }
  }
  void run_commit() override {
    if (const std::uint64_t ticket = commit_written(); ticket != 0) durable(ticket);
  }
  // Counted as written all the same, so that the next sync anyone waits for covers it.
  void run_commit_unsynced() override { commit_written(); }
  std::vector<SqlRow> run_query(std::string_view sql,
                                const std::vector<SqlValue>& params) override {
    sqlite3_stmt* statement = prepare(sql, params);
    std::vector<SqlRow> rows;
    while (true) {
      const int rc = sqlite3_step(statement);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) fail(statement, sql);
      const int columns = sqlite3_column_count(statement);
      SqlRow row(static_cast<std::size_t>(columns));
      for (int c = 0; c < columns; ++c) {
        if (sqlite3_column_type(statement, c) == SQLITE_NULL) continue;
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, c));
        row[static_cast<std::size_t>(c)] =
            std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(statement, c)));
      }
      rows.push_back(std::move(row));
    }
    sqlite3_reset(statement);
    return rows;
  }

  std::int64_t run_execute(std::string_view sql, const std::vector<SqlValue>& params) override {
    sqlite3_stmt* statement = prepare(sql, params);
    // A write outside a transaction commits by itself: it waits for its sync too (BEGIN is not
    // read-only either, but it leaves autocommit mode).
    const bool outside =
        group_ && sqlite3_get_autocommit(db_) != 0 && sqlite3_stmt_readonly(statement) == 0;
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) fail(statement, sql);
    sqlite3_reset(statement);
    const std::int64_t changes = sqlite3_changes(db_);
    if (outside && sqlite3_get_autocommit(db_) != 0) durable(group_->written());
    return changes;
  }

 private:
  // COMMIT, and the commit's group-commit ticket (0 without group commit or a write). The ticket
  // is taken before the write lock is released: commits are numbered in the order their frames
  // reached the WAL.
  std::uint64_t commit_written() {
    execute("COMMIT");
    const std::uint64_t ticket = writing_ && group_ ? group_->written() : 0;
    ended();
    return ticket;
  }
  // On a request worker (a DeferScope is open) the answer waits for the sync, not the thread.
  void durable(std::uint64_t ticket) {
    if (DeferScope* scope = DeferScope::current()) {
      scope->note(group_, ticket);
    } else {
      group_->wait_durable(ticket);
    }
  }

  sqlite3_stmt* prepare(std::string_view sql, const std::vector<SqlValue>& params) {
    std::string key(sql);
    sqlite3_stmt* statement = nullptr;
    if (auto it = cache_.find(key); it != cache_.end()) {
      statement = it->second;
    } else {
      if (sqlite3_prepare_v2(db_, key.c_str(), static_cast<int>(key.size()), &statement, nullptr) !=
          SQLITE_OK) {
        throw DbError("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + key);
      }
      cache_.emplace(std::move(key), statement);
    }
    sqlite3_clear_bindings(statement);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      if (const auto* number = std::get_if<std::int64_t>(&params[i])) {
        sqlite3_bind_int64(statement, index, *number);
      } else if (const auto* text = std::get_if<std::string>(&params[i])) {
        sqlite3_bind_text(statement, index, text->data(), static_cast<int>(text->size()),
                          SQLITE_TRANSIENT);
      } else {
        sqlite3_bind_null(statement, index);
      }
    }
    return statement;
  }

  [[noreturn]] void fail(sqlite3_stmt* statement, std::string_view sql) {
    const std::string message = sqlite3_errmsg(db_);
    sqlite3_reset(statement);
    throw DbError("SQLite: " + message + " in: " + std::string(sql));
  }

  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*> cache_;
  std::shared_ptr<std::mutex> write_mutex_;
  std::shared_ptr<GroupCommit> group_;
  bool writing_ = false;
};

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(const std::string& file, bool full_sync)
      : group_(full_sync ? std::make_shared<GroupCommit>(file + "-wal") : nullptr) {
    auto write_mutex = std::make_shared<std::mutex>();
    checkpointer_connection_ = std::make_unique<SqliteConnection>(file, write_mutex, group_);
    for (int i = 0; i < kConnections; ++i) {
      add_connection(std::make_unique<SqliteConnection>(file, write_mutex, group_));
    }
    checkpointer_ = std::thread([this] {
      name_this_thread("db-checkpoint");
      std::unique_lock lock(stop_mutex_);
      while (!stop_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stopping_; })) {
        try {
          checkpointer_connection_->query("PRAGMA wal_checkpoint(PASSIVE)");
        } catch (const DbError&) {
          // Busy (another process checkpoints): the next round will do it.
        }
      }
    });
  }
  ~SqliteDatabase() override {
    {
      std::lock_guard lock(stop_mutex_);
      stopping_ = true;
    }
    stop_.notify_all();
    checkpointer_.join();
    try {
      checkpointer_connection_->query("PRAGMA wal_checkpoint(PASSIVE)");
    } catch (const DbError&) {
    }
  }
  std::string kind() const override { return "sqlite"; }
  CommitStats commit_stats() const override {
    if (!group_) return {.durable = false};
    return {.durable = true,
            .group_commit = true,
            .commits = group_->commits(),
            .syncs = group_->syncs()};
  }

 private:
  static constexpr int kConnections = 4;
  std::shared_ptr<GroupCommit> group_;
  std::unique_ptr<SqliteConnection> checkpointer_connection_;
  std::mutex stop_mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread checkpointer_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const std::string& file, bool full_sync) {
  return std::make_unique<SqliteDatabase>(file, full_sync);
}

}  // namespace pacwar::server
