// What a change notice carries and what a process may skip because of it (issue 43): the revision
// and the computer's job in the payload (pg_listener.h), the game in memory that the notices vouch
// for (GameService::Freshness::kNoticed), the chat count kept between notices (Platform) and the
// log-in sessions kept between them (Store::session_user). Two GameService (or Store) objects on
// one database stand for two server processes; on SQLite as on PostgreSQL (`make
// test-postgres`), since what is tested is what a process does with the notices it is given.
#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "server/community/platform.h"
#include "server/db/notice_epoch.h"
#include "server/db/pg_listener.h"
#include "server/http/api_error.h"
#include "server/play/games.h"
#include "server/test_support.h"
#include "tests/toy_game.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::TempDir;

std::vector<GameRules> toy_rules() { return {{std::make_shared<toy::ToyGame>(), "1"}}; }

TEST(ChangeNotices, APayloadCarriesTheRevisionAndWhetherAWorkerMustLook) {
  const auto notice = parse_game_notice(game_notice(GameNotice{"g1", 7, 12, false}));
  ASSERT_TRUE(notice.has_value());
  EXPECT_EQ(notice->game, "g1");
  EXPECT_EQ(notice->version, 7);
  EXPECT_EQ(notice->revision, 12);
  EXPECT_FALSE(notice->job);
  // The payload of an older server (and of a chat message): no revision, a worker looks.
  const auto old = parse_game_notice(R"({"game":"g2","version":-1})");
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->revision, -1);
  EXPECT_TRUE(old->job);
  EXPECT_EQ(game_of_notice(game_notice("g3", 0)), "g3");
  EXPECT_FALSE(parse_game_notice("not json").has_value());
  EXPECT_FALSE(parse_game_notice(R"({"version":1})").has_value());
}

TEST(ChangeNotices, TheEpochTrustsOnlyWhileTheConnectionListens) {
  NoticeEpoch epoch;
  EXPECT_FALSE(NoticeEpoch::listening(epoch.now()));
  epoch.resumed();
  const std::uint64_t first = epoch.now();
  EXPECT_TRUE(NoticeEpoch::listening(first));
  epoch.lost();
  EXPECT_FALSE(NoticeEpoch::listening(epoch.now()));
  epoch.lost();  // twice: still not listening, no new epoch to trust
  EXPECT_FALSE(NoticeEpoch::listening(epoch.now()));
  epoch.resumed();
  EXPECT_TRUE(NoticeEpoch::listening(epoch.now()));
  EXPECT_NE(epoch.now(), first);  // what was kept before the loss is not trusted again
  const std::uint64_t second = epoch.now();
  epoch.resumed();  // made again without a loss seen: a new epoch all the same
  EXPECT_NE(epoch.now(), second);
}

TEST(ChangeNotices, ASessionIsKeptUntilADeletionIsNoticedAndForHalfAMinuteAtMost) {
  TempDir dir;
  Store here(open_database(testing::test_db(dir)));   // told of deletions by sessions_noticed()
  Store there(open_database(testing::test_db(dir)));  // another process
  NoticeEpoch epoch;
  epoch.resumed();
  here.set_notice_epoch(&epoch);
  const std::string ann = testing::unique("ann");
  there.create_user(ann, "x", now_ms());
  const std::int64_t t0 = now_ms();
  const std::int64_t hour = 3'600'000;
  auto session = [&](const std::string& name) {
    const std::string hash = testing::unique(name);
    there.create_session(hash, ann, t0 + hour);
    EXPECT_EQ(here.session_user(hash, t0).value_or(""), ann);  // read, and kept
    return hash;
  };
  // Ended in another process: kept until the notice comes.
  const std::string first = session("s1");
  there.delete_session(first);
  EXPECT_EQ(here.session_user(first, t0 + 1).value_or(""), ann);
  here.sessions_noticed();
  EXPECT_FALSE(here.session_user(first, t0 + 2).has_value());
  // Ended in this process: at once.
  const std::string second = session("s2");
  here.delete_session(second);
  EXPECT_FALSE(here.session_user(second, t0 + 1).has_value());
  // Ended by hand in the database (no notice): within kSessionKeptMs.
  const std::string third = session("s3");
  {
    auto c = there.database().acquire();
    c->execute("DELETE FROM sessions WHERE token_hash = ?", {third});
  }
  EXPECT_EQ(here.session_user(third, t0 + 1).value_or(""), ann);
  EXPECT_FALSE(here.session_user(third, t0 + Store::kSessionKeptMs).has_value());
  // Expired: never answered from what is kept.
  const std::string fourth = session("s4");
  EXPECT_FALSE(here.session_user(fourth, t0 + hour).has_value());
  // The connection lost: the store is asked.
  const std::string fifth = session("s5");
  there.delete_sessions_of(ann);
  epoch.lost();
  EXPECT_FALSE(here.session_user(fifth, t0 + 1).has_value());
  // Without notices (SQLite) every call reads the store.
  here.set_notice_epoch(nullptr);
  epoch.resumed();
  const std::string sixth = testing::unique("s6");
  there.create_session(sixth, ann, t0 + hour);
  EXPECT_EQ(here.session_user(sixth, t0).value_or(""), ann);
  there.delete_session(sixth);
  EXPECT_FALSE(here.session_user(sixth, t0 + 1).has_value());
}

// Two processes on one store: `here` is told of changes only by noticed(), as a LISTEN
// connection would; `there` makes changes.
class NoticedGames : public ::testing::Test {
 protected:
  NoticedGames()
      : store(open_database(testing::test_db(dir))),
        here(store, notifier_here, toy_rules()),
        there(store, notifier_there, toy_rules()) {
    store.create_user(ann, "x", now_ms());
    store.create_user(bob, "x", now_ms());
    const Json created =
        here.create(ann, Json{{"game", "toy"}, {"seat", "red"}, {"opponent", "human"}});
    id = created["id"].get<std::string>();
    here.join(bob, created["invite"].get<std::string>());
    epoch.resumed();
    here.set_notice_epoch(&epoch);
  }
  std::int64_t version_seen(GameService& games, const std::string& user) {
    return Json::parse(games.state_text(user, id))["version"].get<std::int64_t>();
  }
  // The user to act and the version, as `games` sees it now (read from the store).
  std::pair<std::string, std::int64_t> turn(GameService& games) {
    const Json state = Json::parse(games.state_text(ann, id));
    return {state["your_turn"].get<bool>() ? ann : bob, state["version"].get<std::int64_t>()};
  }
  void act(GameService& games, const std::string& action) {
    const auto [user, version] = turn(games);
    games.act(user, id, {{"action", action}, {"version", version}});
  }

  TempDir dir;
  Store store;
  Notifier notifier_here;
  Notifier notifier_there;
  NoticeEpoch epoch;
  GameService here;
  GameService there;
  const std::string ann = testing::unique("ann");
  const std::string bob = testing::unique("bob");
  std::string id;
};

TEST_F(NoticedGames, AGameTheNoticesVouchForIsReadWithoutTheStoreUntilTheNextNotice) {
  act(here, "rest");  // this process's own change: its revision is the latest known
  const std::int64_t mine = here.summary(ann, id).event["version"].get<std::int64_t>();
  act(there, "rest");  // another process's change, whose notice has not come yet
  const auto theirs = store.load_game(id);
  ASSERT_TRUE(theirs.has_value());
  ASSERT_GT(theirs->state.version, mine);
  // The stream's read trusts the notices: it shows this process's revision...
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(), mine);
  // ...until the notice of the other change comes (and wakes the stream again).
  here.noticed(id, theirs->revision);
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(), theirs->state.version);
  // A notice without a revision (a chat message, a deleted account): the next read asks.
  act(there, "rest");
  here.noticed(id, -1);
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(),
            store.load_game(id)->state.version);
  // A state read (GET) always asks the store.
  act(there, "rest");
  EXPECT_EQ(version_seen(here, ann), store.load_game(id)->state.version);
}

TEST_F(NoticedGames, ANoticeThatNeverCameIsMadeUpForAtTheStreamsHeartbeat) {
  act(here, "rest");
  const std::int64_t mine = here.summary(ann, id).event["version"].get<std::int64_t>();
  act(there, "rest");  // its process dies before the notice goes: none comes
  const std::int64_t theirs = store.load_game(id)->state.version;
  ASSERT_GT(theirs, mine);
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(), mine);
  // The stream's read at a heartbeat asks the store (GameEvents::next).
  EXPECT_EQ(here.summary(ann, id, nullptr, true).event["version"].get<std::int64_t>(), theirs);
}

TEST_F(NoticedGames, WhenTheConnectionIsLostEveryReadAsksTheStore) {
  act(here, "rest");
  epoch.lost();
  act(there, "rest");
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(),
            store.load_game(id)->state.version);
  // Made again: what was kept before the loss is not trusted; the first read asks.
  epoch.resumed();
  act(there, "rest");
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(),
            store.load_game(id)->state.version);
}

TEST_F(NoticedGames, AMoveThatTheGameInMemoryWouldRefuseAsksTheStoreFirst) {
  act(here, "rest");   // vouched for by this process's change
  act(there, "rest");  // the other process moves; its notice is on its way
  // The player to move now, with the version the other process answered: this process's
  // memory says it is not their turn and the version is stale, but the store says otherwise.
  const auto [user, version] = turn(there);
  const Json answer = Json::parse(here.act(user, id, {{"action", "rest"}, {"version", version}}));
  EXPECT_GT(answer["version"].get<std::int64_t>(), version);
  EXPECT_EQ(store.load_game(id)->state.version, answer["version"].get<std::int64_t>());
  // A version that is stale in the store too is still refused, with the store's version.
  try {
    here.act(user, id, {{"action", "rest"}, {"version", version}});
    ADD_FAILURE() << "a stale version was accepted";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 409);
  }
}

TEST_F(NoticedGames, WithoutNoticesEveryReadAsksTheStore) {
  here.set_notice_epoch(nullptr);  // SQLite: no LISTEN connection
  act(here, "rest");
  act(there, "rest");
  EXPECT_EQ(here.summary(ann, id).event["version"].get<std::int64_t>(),
            store.load_game(id)->state.version);
}

TEST_F(NoticedGames, TheChatCountIsKeptUntilAChatNoticeOfItsGame) {
  const std::string ratings = game_data_dir("server") + "/ai_ratings.json";
  Platform platform_here(store.database(), here, ratings);
  Platform platform_there(store.database(), there, ratings);
  platform_here.set_notice_epoch(&epoch);
  std::int64_t retry = 0;
  EXPECT_EQ(platform_here.chat_count(id), 0);
  platform_there.post_chat(bob, id, Json{{"text", "hello"}}, retry);
  EXPECT_EQ(platform_here.chat_count(id), 0);  // kept: the notice has not come
  platform_here.chat_noticed(id);
  EXPECT_EQ(platform_here.chat_count(id), 1);
  // This process's own message drops its count at once.
  platform_here.post_chat(ann, id, Json{{"text", "hi"}}, retry);
  EXPECT_EQ(platform_here.chat_count(id), 2);
  // Lost connection: the store is asked.
  platform_there.post_chat(bob, id, Json{{"text", "again"}}, retry);
  epoch.lost();
  EXPECT_EQ(platform_here.chat_count(id), 3);
  // Without notices (SQLite) every call reads the store.
  epoch.resumed();
  EXPECT_EQ(platform_there.chat_count(id), 3);
  platform_here.post_chat(ann, id, Json{{"text", "last"}}, retry);
  EXPECT_EQ(platform_there.chat_count(id), 4);
}

}  // namespace
}  // namespace pacwar::server
