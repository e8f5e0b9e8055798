#include "engine/session.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/errors.h"
#include "engine/hex.h"
#include "tests/toy_game.h"

namespace pacwar::engine {
namespace {

std::shared_ptr<const Game> find_toy(const std::string& name) {
  return name == "toy" ? toy::game() : nullptr;
}

// Expects `f` to throw UsageError whose message contains `part`.
template <typename F>
void expect_usage_error(F f, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no UsageError; expected one containing: " << part;
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(part), std::string::npos) << message;
  }
}

// A session past the initial deal, red to choose.
Session started(std::uint64_t seed = 7, Options options = Json::object()) {
  Session session(toy::game(), std::move(options), seed);
  session.resolve_chance();
  return session;
}

struct Snapshot {
  std::uint64_t hash;
  std::vector<std::string> ids;
  std::size_t log_size;
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const Session& s) { return {s.state().hash(), s.history_ids(), s.log().size()}; }

TEST(SessionTest, InitialDealIsChanceAndThenRedActs) {
  Session session(toy::game(), Json::object(), 1);
  EXPECT_TRUE(session.state().is_chance());
  EXPECT_EQ(session.legal_ids(), (std::vector<std::string>{"card 1", "card 2", "card 3"}));
  session.resolve_chance();
  EXPECT_EQ(session.state().current_seat(), 0);
  ASSERT_EQ(session.history_ids().size(), 2u);
  EXPECT_EQ(session.history_seats(), (std::vector<int>{kChanceSeat, kChanceSeat}));
  EXPECT_EQ(session.options()["target"], 12);  // options are normalized
}

TEST(SessionTest, BadOptionsAreRefused) {
  expect_usage_error([] { Session s(toy::game(), Json{{"speed", 3}}, 1); }, "unknown toy option");
}

TEST(SessionTest, IllegalActionRefusedWithLegalListAndNothingChanges) {
  Session session = started();
  const Snapshot before = snapshot(session);
  expect_usage_error([&] { session.apply_id("fly", 0); },
                     "illegal action 'fly' at 2: red chooses; legal: roll, draw, rest, play ");
  expect_usage_error([&] { session.apply_id("die 3", 0); }, "illegal action 'die 3'");
  expect_usage_error([&] { session.apply(999); }, "illegal action code 999");
  EXPECT_EQ(snapshot(session), before);
}

TEST(SessionTest, SeatOutOfTurnRefused) {
  Session session = started();
  const Snapshot before = snapshot(session);
  expect_usage_error([&] { session.apply_id("rest", 1); }, "not your turn: blue");
  EXPECT_EQ(snapshot(session), before);
  session.apply_id("roll", 0);
  // Chance acts now: no seat may pick the die.
  expect_usage_error([&] { session.apply_id("die 6", 0); }, "chance acts");
  session.apply_id("die 6");  // without a seat, chance outcomes may be named (replays, tests)
  EXPECT_EQ(session.history_ids().back(), "die 6");
  EXPECT_EQ(session.history_seats().back(), kChanceSeat);
  EXPECT_EQ(session.state().current_seat(), 1);
}

TEST(SessionTest, LogLinesAreAppendedWithVisibility) {
  Session session = started();
  ASSERT_EQ(session.log().size(), 4u);  // two deals, each with a private and a public line
  EXPECT_TRUE(session.log()[0].visible(0));
  EXPECT_FALSE(session.log()[0].visible(1));
  EXPECT_FALSE(session.log()[0].visible(-1));
  EXPECT_TRUE(session.log()[1].visible(1));
  session.apply_id("rest", 0);
  ASSERT_EQ(session.log().size(), 5u);
  EXPECT_EQ(session.log().back().text, "red rests");
  EXPECT_EQ(session.log().back().rule, "2.3");
  EXPECT_TRUE(session.log().back().visible(-1));
}

void play_fixed_line(Session& session) {
  for (int i = 0; i < 12 && !session.state().is_terminal(); ++i) {
    session.resolve_chance();
    if (session.state().is_terminal()) break;
    session.apply_id(i % 3 == 2 ? "draw" : "roll", session.state().current_seat());
  }
  session.resolve_chance();
}

TEST(SessionTest, ChanceResolutionIsDeterministic) {
  Session a(toy::game(), Json::object(), 42);
  Session b(toy::game(), Json::object(), 42);
  play_fixed_line(a);
  play_fixed_line(b);
  EXPECT_EQ(a.history_ids(), b.history_ids());
  EXPECT_EQ(a.state().hash(), b.state().hash());

  bool any_difference = false;
  for (std::uint64_t seed = 1; seed < 20 && !any_difference; ++seed) {
    Session c(toy::game(), Json::object(), seed);
    play_fixed_line(c);
    any_difference = c.history_ids() != a.history_ids();
  }
  EXPECT_TRUE(any_difference) << "the seed has no influence on chance";
}

TEST(SessionTest, SaveLoadRoundTrip) {
  Session session(toy::game(), Json{{"target", 20}}, 99);
  play_fixed_line(session);
  session.apply_id("rest", session.state().current_seat());
  const Json save = session.save();
  EXPECT_EQ(save["format_version"], 1);
  EXPECT_EQ(save["game"], "toy");
  EXPECT_EQ(save["seed"], 99u);
  EXPECT_EQ(save["options"]["target"], 20);
  EXPECT_EQ(save["actions"].size(), session.history_ids().size());
  EXPECT_EQ(save["state_hash"], to_hex(session.state().hash()));

  // Through text, as a file would be.
  Session loaded = Session::load(Json::parse(save.dump()), find_toy);
  EXPECT_EQ(loaded.state().hash(), session.state().hash());
  EXPECT_EQ(loaded.history_ids(), session.history_ids());
  EXPECT_EQ(loaded.history_seats(), session.history_seats());
  EXPECT_EQ(loaded.log().size(), session.log().size());
  EXPECT_EQ(loaded.seed(), 99u);

  // Going on gives the same game.
  play_fixed_line(session);
  play_fixed_line(loaded);
  EXPECT_EQ(loaded.history_ids(), session.history_ids());
  EXPECT_EQ(loaded.state().hash(), session.state().hash());
}

class CorruptSaveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Session session = started(5);
    session.apply_id("rest", 0);
    session.apply_id("roll", 1);
    session.resolve_chance();
    good_ = session.save();
  }
  void expect_refused(const Json& save, const std::string& part) {
    expect_usage_error([&] { Session::load(save, find_toy); }, part);
  }
  Json good_;
};

TEST_F(CorruptSaveTest, GoodSaveLoads) { EXPECT_NO_THROW(Session::load(good_, find_toy)); }

TEST_F(CorruptSaveTest, NotAnObject) {
  expect_refused(Json::array(), "save file: must be a JSON object");
}

TEST_F(CorruptSaveTest, MissingField) {
  Json save = good_;
  save.erase("seed");
  expect_refused(save, "save file: field 'seed' is missing");
}

TEST_F(CorruptSaveTest, BadTypes) {
  const std::vector<std::pair<std::string, Json>> cases = {
      {"format_version", "1"}, {"game", 3},   {"options", Json::array()}, {"seed", -1},
      {"seed", "5"},           {"seed", 1.5}, {"actions", "rest"},        {"state_hash", 7},
      {"state_hash", "xyz"}};
  for (const auto& [name, value] : cases) {
    Json save = good_;
    save[name] = value;
    expect_refused(save, "save file: field '" + name + "' must be");
  }
  Json save = good_;
  save["actions"][1] = 17;
  expect_refused(save, "save file: field 'actions[1]' must be a string");
  save = good_;  // a signed but non-negative integer is a fine seed
  save["seed"] = good_["seed"].get<std::int64_t>();
  ASSERT_FALSE(save["seed"].is_number_unsigned());
  EXPECT_NO_THROW(Session::load(save, find_toy));
}

TEST_F(CorruptSaveTest, UnknownVersionOrGame) {
  Json save = good_;
  save["format_version"] = 2;
  expect_refused(save, "save file: unknown format version 2");
  save = good_;
  save["game"] = "chess";
  expect_refused(save, "save file: unknown game 'chess'");
}

TEST_F(CorruptSaveTest, BadOptions) {
  Json save = good_;
  save["options"]["speed"] = 1;
  expect_refused(save, "unknown toy option 'speed'");
}

TEST_F(CorruptSaveTest, TamperedAction) {
  Json save = good_;
  ASSERT_EQ(save["actions"][2], "rest");
  save["actions"][2] = "fly";
  expect_refused(save, "save file: action 2 'fly' cannot be replayed: illegal action 'fly'");
  save = good_;
  save["actions"][2] = "roll";  // red now rolls, so action 3 must be a die, not "roll"
  expect_refused(save, "save file: action 3 'roll' cannot be replayed");
}

TEST_F(CorruptSaveTest, TamperedHash) {
  Json save = good_;
  const std::string good_hash = save["state_hash"];
  save["state_hash"] = "0123456789abcdef";
  expect_refused(
      save, "save file does not match: state hash " + good_hash + " expected 0123456789abcdef");
  // A different but replayable action log also fails on the hash.
  save = good_;
  save["actions"].back() = save["actions"].back() == "die 1" ? "die 2" : "die 1";
  expect_refused(save, "save file does not match: state hash ");
}

TEST(SessionUndoTest, UndoTakesBackOwnLastAction) {
  Session session = started();
  const Snapshot before = snapshot(session);
  session.apply_id("rest", 0);
  EXPECT_FALSE(session.can_undo(1));
  EXPECT_FALSE(session.undo(1));  // wrong seat
  EXPECT_FALSE(session.can_undo(kChanceSeat));
  EXPECT_TRUE(session.can_undo(0));
  EXPECT_TRUE(session.undo(0));
  EXPECT_EQ(snapshot(session), before);
  // The deal before it is chance: undo never crosses it.
  EXPECT_FALSE(session.can_undo(0));
  EXPECT_FALSE(session.undo(0));
  EXPECT_EQ(snapshot(session), before);
}

TEST(SessionUndoTest, OnlyTheLastAction) {
  Session session = started();
  session.apply_id("rest", 0);
  session.apply_id("rest", 1);
  EXPECT_FALSE(session.undo(0));  // red's action is not the last one
  EXPECT_TRUE(session.undo(1));
  EXPECT_EQ(session.state().current_seat(), 1);
  EXPECT_TRUE(session.undo(0));
  EXPECT_EQ(session.state().current_seat(), 0);
  EXPECT_EQ(session.history_ids().size(), 2u);
}

TEST(SessionUndoTest, NeverAcrossChanceOrBarrier) {
  Session session = started();
  session.apply_id("roll", 0);
  session.resolve_chance();
  EXPECT_EQ(session.history_seats().back(), kChanceSeat);
  EXPECT_FALSE(session.can_undo(0));
  EXPECT_FALSE(session.can_undo(1));
  EXPECT_FALSE(session.undo(0));

  // Playing a hidden card reveals it: a barrier.
  const Json hand = session.state().view(1)["hand"];
  ASSERT_FALSE(hand.empty());
  const std::string play = "play " + std::to_string(hand[0].get<int>());
  session.apply_id(play, 1);
  EXPECT_EQ(session.history_ids().back(), play);
  EXPECT_FALSE(session.can_undo(1));
  EXPECT_FALSE(session.undo(1));
  EXPECT_EQ(session.history_ids().back(), play);
}

TEST(SessionTest, NoActionAfterTheEnd) {
  Session session = started(3, Json{{"target", 1}});
  session.apply_id("roll", 0);
  session.resolve_chance();
  ASSERT_TRUE(session.state().is_terminal());
  EXPECT_EQ(session.state().winner(), 0);
  EXPECT_TRUE(session.legal_ids().empty());
  expect_usage_error([&] { session.apply_id("roll"); }, "the game is over");
  EXPECT_NO_THROW(session.resolve_chance());
}

}  // namespace
}  // namespace pacwar::engine
