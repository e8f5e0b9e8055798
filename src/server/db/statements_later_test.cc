// SqlConnection::execute_later (db.h): on PostgreSQL the statements wait and go with the next one
// whose outcome is read, in one pipeline; on SQLite they run at once. Either way an error fails
// the transaction and nothing of it is kept. On SQLite, and on PostgreSQL by `make test-postgres`.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/db/db.h"
#include "server/db/pg_listener.h"
#include "server/db/store.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using testing::TempDir;

TEST(StatementsSentLater, FailWithTheirTransactionAndWriteNothing) {
  TempDir dir;
  Store store(open_database(testing::test_db(dir)));
  const std::string ann = testing::unique("ann");
  store.create_user(ann, "x", now_ms());
  Database& db = store.database();
  auto count = [&](const std::string& user) {
    auto c = db.acquire();
    const auto rows = c->query("SELECT COUNT(*) FROM user_settings WHERE username = ?", {user});
    return rows.empty() ? std::int64_t{-1} : std::stoll(rows[0][0].value_or("-1"));
  };
  {
    // Written later, committed: there.
    auto c = db.acquire();
    Transaction transaction(*c);
    c->execute_later("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
                     {ann, std::string("{}"), std::int64_t{1}});
    transaction.commit();
  }
  EXPECT_EQ(count(ann), 1);
  {
    // A second row for the same user breaks the key: the error comes at the latest with the
    // commit, and nothing of the transaction is kept.
    const std::string bob = testing::unique("bob");
    store.create_user(bob, "x", now_ms());
    auto c = db.acquire();
    bool failed = false;
    try {
      Transaction transaction(*c);
      c->execute_later("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
                       {bob, std::string("{}"), std::int64_t{1}});
      c->execute_later("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
                       {ann, std::string("{}"), std::int64_t{2}});
      transaction.commit();
    } catch (const DbError&) {
      failed = true;
    }
    EXPECT_TRUE(failed);
    EXPECT_EQ(count(bob), 0);
    // The connection serves the next transaction.
    Transaction transaction(*c);
    EXPECT_EQ(c->query("SELECT COUNT(*) FROM user_settings WHERE username = ?", {ann}).size(), 1u);
    transaction.commit();
  }
  {
    // Rolled back before anything was sent: nothing written, and the connection is clean.
    const std::string cy = testing::unique("cy");
    store.create_user(cy, "x", now_ms());
    auto c = db.acquire();
    {
      Transaction transaction(*c);
      c->execute_later("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
                       {cy, std::string("{}"), std::int64_t{1}});
    }
    EXPECT_EQ(count(cy), 0);
    // A read-only transaction with one read: its BEGIN goes with the read.
    Transaction read(*c, Transaction::Mode::kRead);
    EXPECT_EQ(c->query("SELECT username FROM users WHERE username = ?", {cy}).size(), 1u);
    read.commit();
  }
}

// SqlConnection::notify_after_commit (db.h): a notice goes once its transaction has committed, in
// a transaction of its own on PostgreSQL, never with a rollback or a failed commit, and at once
// outside a transaction. On SQLite (no notices) the same calls change nothing but the data.
TEST(StatementsSentLater, NoticesGoAfterTheirCommitAndNeverWithoutIt) {
  TempDir dir;
  Store store(open_database(testing::test_db(dir)));
  Database& db = store.database();
  const std::string channel = testing::unique("pacwar_test_notices");
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<std::string> received;
  std::unique_ptr<PgListener> listener;
  if (const auto url = testing::postgres_url()) {
    listener = std::make_unique<PgListener>(*url, channel,
                                            PgListener::Callbacks{[&](std::string_view payload) {
                                                                    std::lock_guard lock(mutex);
                                                                    received.emplace_back(payload);
                                                                    arrived.notify_all();
                                                                  },
                                                                  [] {}, [] {}});
  }
  // Waits (up to 10 s) until `count` notices have come.
  auto notices = [&](std::size_t count) {
    std::unique_lock lock(mutex);
    arrived.wait_for(lock, std::chrono::seconds(10), [&] { return received.size() >= count; });
    return received;
  };
  const std::string ann = testing::unique("ann");
  store.create_user(ann, "x", now_ms());
  auto settings = [&](const std::string& user) {
    auto c = db.acquire();
    return c->query("SELECT settings FROM user_settings WHERE username = ?", {user}).size();
  };
  {
    // Committed: the notice comes, and the data is there.
    auto c = db.acquire();
    Transaction transaction(*c);
    c->notify_after_commit(channel, "one");
    c->execute("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
               {ann, std::string("{}"), std::int64_t{1}});
    transaction.commit();
  }
  EXPECT_EQ(settings(ann), 1u);
  if (listener) {
    EXPECT_EQ(notices(1), (std::vector<std::string>{"one"}));
  }
  {
    // Rolled back: no notice.
    auto c = db.acquire();
    Transaction transaction(*c);
    c->notify_after_commit(channel, "rolled back");
    c->execute("UPDATE user_settings SET updated = 2 WHERE username = ?", {ann});
  }
  {
    // A commit that fails (the second row breaks the key when the pipeline runs): no notice.
    auto c = db.acquire();
    EXPECT_THROW(
        {
          Transaction transaction(*c);
          c->notify_after_commit(channel, "failed");
          c->execute_later(
              "INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
              {ann, std::string("{}"), std::int64_t{3}});
          transaction.commit();
        },
        DbError);
    // Outside a transaction: at once. The connection also serves the next transaction, whose two
    // notices come in their order.
    c->notify_after_commit(channel, "two");
    Transaction transaction(*c);
    c->notify_after_commit(channel, "three");
    c->notify_after_commit(channel, "four");
    c->execute("UPDATE user_settings SET updated = 4 WHERE username = ?", {ann});
    transaction.commit();
  }
  if (listener) {
    EXPECT_EQ(notices(4), (std::vector<std::string>{"one", "two", "three", "four"}));
  }
  auto c = db.acquire();
  EXPECT_EQ(c->query("SELECT updated FROM user_settings WHERE username = ?", {ann})[0][0], "4");
}

}  // namespace
}  // namespace pacwar::server
