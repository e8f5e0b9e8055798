// The jobs of quick computer players go claimed to the worker of the process that made them
// (AgentQueue in games.h, issue 43): the change that makes the computer's turn writes the job
// with this worker's lease and hands it over, with no claim transaction and no search of the
// store; another worker may claim it only once that lease has run out (the process died).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "server/db/store.h"
#include "server/notify/notifier.h"
#include "server/play/games.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::TempDir;

// This process's worker as the game service sees it: it takes the jobs of `random` at once (and,
// with `at_once`, plays its moves in the request).
class RecordingQueue final : public AgentQueue {
 public:
  explicit RecordingQueue(std::int64_t until_ms, bool at_once = false)
      : until_ms_(until_ms), at_once_(at_once) {}
  void wake() override { ++wakes; }
  std::optional<Lease> lease(const std::string& agent) override {
    if (agent != "random") return std::nullopt;
    return Lease{"here", until_ms_};
  }
  void take(AiJob job) override { taken.push_back(std::move(job)); }
  std::optional<std::string> plays_at_once(const std::string& agent) override {
    if (!at_once_ || agent != "random") return std::nullopt;
    return "here";
  }

  int wakes = 0;
  std::vector<AiJob> taken;

 private:
  std::int64_t until_ms_;
  bool at_once_;
};

// The computer player's move, as a worker elsewhere makes it.
void computer_moves(GameService& games, const std::string& id) {
  const auto move = games.think_agent(id);
  ASSERT_TRUE(move.has_value());
  games.apply_agent(id, *move, "elsewhere");
}

// The computer's moves until it is the person's turn.
void play_computer_until_human(GameService& games, const std::string& id, const std::string& user) {
  for (int i = 0; i < 500; ++i) {
    if (Json::parse(games.state_text(user, id))["your_turn"].get<bool>()) return;
    computer_moves(games, id);
  }
  FAIL() << "the computer never left the turn to " << user;
}

// A game service on the test's database, and a user of its own (the PostgreSQL database of the
// tests is shared).
class AgentQueueTest : public ::testing::Test {
 protected:
  AgentQueueTest() {
    user = std::string("queue-") + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
           "-" + std::to_string(now);
    store.create_user(user, "x", now);
  }
  // A game of the user's as Japan against `opponent`: the computer (the Allies) sets up first
  // (14.1).
  std::string new_game(const std::string& opponent) {
    const Json created = games.create(
        user, Json{{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", opponent}});
    return created["id"].get<std::string>();
  }

  TempDir dir;
  Store store{open_database(testing::test_db(dir))};
  Notifier notifier;
  GameService games{store, notifier};
  const std::int64_t now = now_ms();
  std::string user;
};

TEST_F(AgentQueueTest, AQuickPlayersJobIsWrittenClaimedByThisWorkerAndHandedOver) {
  const std::int64_t until = now + 60'000;
  RecordingQueue queue(until);
  games.set_agent_queue(&queue);
  // A new game's job is queued for any worker, and the worker is woken.
  const std::string id = new_game("random");
  EXPECT_EQ(queue.wakes, 1);
  EXPECT_TRUE(queue.taken.empty());
  // The computer's moves: each one that leaves the turn to the computer hands the next job over.
  play_computer_until_human(games, id, user);
  queue.taken.clear();
  const int wakes = queue.wakes;

  // The person's move makes the computer's turn: the job is handed over, claimed, unwoken.
  Json state = Json::parse(games.state_text(user, id));
  for (int i = 0; i < 500 && queue.taken.empty(); ++i) {
    ASSERT_TRUE(state["your_turn"].get<bool>());
    ASSERT_FALSE(state["legal"].empty());
    state = Json::parse(
        games.act(user, id, {{"action", state["legal"][0]["id"]}, {"version", state["version"]}}));
  }
  ASSERT_EQ(queue.taken.size(), 1u);
  EXPECT_EQ(queue.wakes, wakes);
  EXPECT_EQ(queue.taken[0].game_id, id);
  EXPECT_EQ(queue.taken[0].attempts, 1);
  {
    auto c = store.database().acquire();
    const auto rows = c->query(
        "SELECT revision, worker, lease_until, attempts FROM ai_jobs WHERE game_id = ?", {id});
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0][0].value_or(""), std::to_string(queue.taken[0].revision));
    EXPECT_EQ(rows[0][1].value_or(""), "here");
    EXPECT_EQ(rows[0][2].value_or(""), std::to_string(until));
    EXPECT_EQ(rows[0][3].value_or(""), "1");
  }
  // Nobody else claims it while the lease holds; once it ran out (this process died), anyone.
  EXPECT_FALSE(store.claim_ai_job("other", now + 1'000, 60'000).has_value());
  const std::optional<AiJob> after = store.claim_ai_job("other", until, 60'000);
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->game_id, id);
  EXPECT_EQ(after->revision, queue.taken[0].revision);
  EXPECT_EQ(after->attempts, 2);

  // A player with a time budget is queued for any worker, as before.
  const std::string slow = new_game("mcts:expert");
  EXPECT_EQ(queue.wakes, wakes + 1);
  EXPECT_EQ(queue.taken.size(), 1u);
  games.set_agent_queue(nullptr);
  games.resign(user, id);
  games.resign(user, slow);
}

// A computer player that does not search answers in the person's request: the answer is the
// person's turn again, the person's action and the computer's moves are stored in one change,
// each of the computer's moves as a worker's (ai_moves, at its own index), and no job is left for
// a worker.
TEST_F(AgentQueueTest, APlayerThatDoesNotSearchAnswersInThePersonsRequest) {
  RecordingQueue queue(now + 60'000, true);
  games.set_agent_queue(&queue);
  const std::string id = new_game("random");
  play_computer_until_human(games, id, user);
  queue.taken.clear();
  const int wakes = queue.wakes;
  const auto moves_here = [&] {
    auto c = store.database().acquire();
    const auto rows =
        c->query("SELECT COUNT(*) FROM ai_moves WHERE game_id = ? AND worker = 'here'", {id});
    return std::stoll(rows[0][0].value_or("0"));
  };
  const auto jobs = [&] {
    auto c = store.database().acquire();
    return c->query("SELECT revision FROM ai_jobs WHERE game_id = ?", {id}).size();
  };

  // The person acts until one of their moves leaves the turn to the computer.
  Json state = Json::parse(games.state_text(user, id));
  std::int64_t answered = 0;
  std::int64_t revisions = 0;
  for (int i = 0; i < 500 && moves_here() == 0; ++i) {
    ASSERT_TRUE(state["your_turn"].get<bool>()) << state.dump();
    const std::int64_t version = state["version"].get<std::int64_t>();
    const std::int64_t revision = store.game_revision(id).value_or(-1);
    state = Json::parse(
        games.act(user, id, {{"action", state["legal"][0]["id"]}, {"version", version}}));
    answered = state["version"].get<std::int64_t>() - version;
    revisions = store.game_revision(id).value_or(-1) - revision;
  }
  ASSERT_GT(moves_here(), 0);
  // The person's move and the computer's (one or more, and the chance outcomes they led to) in
  // one answer; the person is to act.
  EXPECT_GE(answered, 1 + moves_here());
  EXPECT_EQ(revisions, 1);
  {
    // Each ai_moves row is at an action of the computer's seat.
    auto c = store.database().acquire();
    const auto people = c->query(
        "SELECT COUNT(*) FROM ai_moves m JOIN actions a ON a.game_id = m.game_id AND a.idx = "
        "m.idx JOIN seats s ON s.game_id = m.game_id AND s.seat = a.seat WHERE m.game_id = ? AND "
        "s.agent IS NULL",
        {id});
    EXPECT_EQ(people[0][0].value_or(""), "0");
  }
  EXPECT_TRUE(state["your_turn"].get<bool>() || state["status"] == "finished") << state.dump();
  EXPECT_EQ(jobs(), 0u);
  EXPECT_TRUE(queue.taken.empty());
  EXPECT_EQ(queue.wakes, wakes);
  // A later read agrees with the answer (the moves are stored, not only in memory).
  const Json read = Json::parse(games.state_text(user, id));
  EXPECT_EQ(read["version"], state["version"]);
  games.set_agent_queue(nullptr);
  games.resign(user, id);
}

// Every change leaves the game a job exactly when a computer player is to move: the change that
// ends the computer's turn removes its job, and a person's move after a person's move, which
// sends no DELETE (GameChange::job_before), has none to remove.
TEST_F(AgentQueueTest, EveryChangeLeavesAJobExactlyWhenAComputerIsToMove) {
  const std::string id = new_game("random");
  const auto jobs = [&] {
    auto c = store.database().acquire();
    return c->query("SELECT revision FROM ai_jobs WHERE game_id = ?", {id}).size();
  };
  int person_after_person = 0;
  int computer_to_person = 0;
  int person_to_computer = 0;
  bool person_before = false;
  for (int i = 0; i < 400; ++i) {
    const Json state = Json::parse(games.state_text(user, id));
    if (state["status"] == "finished") break;
    const bool person = state["your_turn"].get<bool>();
    ASSERT_EQ(jobs(), person ? 0u : 1u) << "at version " << state["version"];
    if (i > 0) {
      person_after_person += person_before && person ? 1 : 0;
      computer_to_person += !person_before && person ? 1 : 0;
      person_to_computer += person_before && !person ? 1 : 0;
    }
    person_before = person;
    if (person) {
      games.act(user, id, {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
    } else {
      computer_moves(games, id);
    }
  }
  EXPECT_GT(person_after_person, 0);
  EXPECT_GT(computer_to_person, 0);
  EXPECT_GT(person_to_computer, 0);
  games.resign(user, id);
}

// A person's move and the computer's moves made at once, stored at a revision that is no longer
// the game's (another request or process changed it first): nothing is written, on SQLite and
// PostgreSQL alike (the guarded UPDATE of Store::change_game).
TEST_F(AgentQueueTest, AChangeAtAStaleRevisionWritesNothing) {
  const std::string id = new_game("random");
  play_computer_until_human(games, id, user);
  const auto record = store.load_game(id);
  ASSERT_TRUE(record.has_value());
  const Json state = Json::parse(games.state_text(user, id));
  ASSERT_TRUE(state["your_turn"].get<bool>());
  const auto count = [&](const std::string& table) {
    auto c = store.database().acquire();
    return std::stoll(
        c->query("SELECT COUNT(*) FROM " + table + " WHERE game_id = ?", {id})[0][0].value_or(""));
  };
  const long long actions = count("actions");
  const long long moves = count("ai_moves");
  GameChange change;
  change.before = record->state;
  change.status = record->state;
  change.status.version = record->state.version + 2;
  change.keep = record->state.version;
  change.job_before = false;
  change.append = {{state["legal"][0]["id"].get<std::string>(), record->state.to_move},
                   {state["legal"][0]["id"].get<std::string>(), 1 - record->state.to_move}};
  change.moves_at_once = {{record->state.version + 1, "here"}};
  EXPECT_FALSE(store.change_game(id, record->revision - 1, change).has_value());
  EXPECT_FALSE(store.change_game(id, record->revision + 1, change).has_value());
  EXPECT_EQ(store.game_revision(id), record->revision);
  EXPECT_EQ(store.load_game(id)->state.version, record->state.version);
  EXPECT_EQ(count("actions"), actions);
  EXPECT_EQ(count("ai_moves"), moves);
  // The game goes on from where it was.
  const Json after = Json::parse(
      games.act(user, id, {{"action", state["legal"][0]["id"]}, {"version", state["version"]}}));
  EXPECT_GT(after["version"].get<std::int64_t>(), state["version"].get<std::int64_t>());
  games.resign(user, id);
}

}  // namespace
}  // namespace pacwar::server
