// SqlConnection::execute_later (db.h): on PostgreSQL the statements wait and go with the next one
// whose outcome is read, in one pipeline; on SQLite they run at once. Either way an error fails
// the transaction and nothing of it is kept. On SQLite, and on PostgreSQL by `make test-postgres`.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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

// The notices of many changes committed at once (PostgreSQL sends them in batches from the
// notifier's thread): every one arrives, each connection's in the order of its commits, and a
// notice still waiting when the database closes is sent before it is gone.
TEST(StatementsSentLater, NoticesOfManyCommitsAtOnceAllArriveInTheirOrder) {
  const auto url = testing::postgres_url();
  if (!url) GTEST_SKIP() << "PostgreSQL only (make test-postgres): SQLite has no notices";
  TempDir dir;
  const std::string channel = testing::unique("pacwar_test_batches");
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<std::string> received;
  PgListener listener(*url, channel,
                      PgListener::Callbacks{[&](std::string_view payload) {
                                              std::lock_guard lock(mutex);
                                              received.emplace_back(payload);
                                              arrived.notify_all();
                                            },
                                            [] {}, [] {}});
  constexpr int kThreads = 6;
  constexpr int kCommits = 40;
  {
    Store store(open_database(testing::test_db(dir)));
    Database& db = store.database();
    const std::string ann = testing::unique("ann");
    store.create_user(ann, "x", now_ms());
    {
      auto c = db.acquire();
      c->execute("INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?)",
                 {ann, std::string("{}"), std::int64_t{0}});
    }
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kCommits; ++i) {
          auto c = db.acquire();
          Transaction transaction(*c);
          c->notify_after_commit(channel, std::to_string(t) + ":" + std::to_string(i));
          c->execute("UPDATE user_settings SET updated = updated + 1 WHERE username = ?", {ann});
          transaction.commit();
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    auto c = db.acquire();
    EXPECT_EQ(c->query("SELECT updated FROM user_settings WHERE username = ?", {ann})[0][0],
              std::to_string(kThreads * kCommits));
  }  // the database closes here, perhaps with notices still to send
  // A database closed right after its last commit sends that commit's notice first.
  constexpr int kCloses = 10;
  for (int i = 0; i < kCloses; ++i) {
    auto db = open_database(testing::test_db(dir));
    auto c = db->acquire();
    c->notify_after_commit(channel, std::to_string(kThreads) + ":" + std::to_string(i));
  }
  constexpr std::size_t kAll = std::size_t{kThreads * kCommits + kCloses};
  std::unique_lock lock(mutex);
  arrived.wait_for(lock, std::chrono::seconds(20), [&] { return received.size() >= kAll; });
  ASSERT_EQ(received.size(), kAll);
  std::map<int, int> next;  // thread -> the commit whose notice comes next
  for (const std::string& payload : received) {
    const std::size_t colon = payload.find(':');
    ASSERT_NE(colon, std::string::npos) << payload;
    const int t = std::stoi(payload.substr(0, colon));
    EXPECT_EQ(std::stoi(payload.substr(colon + 1)), next[t]++) << "thread " << t;
  }
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(next[t], kCommits) << "thread " << t;
  EXPECT_EQ(next[kThreads], kCloses);
}

}  // namespace
}  // namespace pacwar::server
