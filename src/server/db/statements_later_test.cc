// SqlConnection::execute_later (db.h): on PostgreSQL the statements wait and go with the next one
// whose outcome is read, in one pipeline; on SQLite they run at once. Either way an error fails
// the transaction and nothing of it is kept. On SQLite, and on PostgreSQL by `make test-postgres`.
#include <gtest/gtest.h>

#include "server/db/db.h"
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

}  // namespace
}  // namespace pacwar::server
