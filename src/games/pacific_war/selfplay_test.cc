// Random self-play of complete games with every invariant checked after every action, plus
// save/load, replay, undo and bad-input checks on real Pacific War games.
#include "cli/selfplay.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/session.h"
#include "games/pacific_war/game.h"
#include "games/pacific_war/options.h"
#include "games/registry.h"

namespace pacwar {
namespace {

int selfplay_games() {
  const char* env = std::getenv("PACWAR_SELFPLAY_GAMES");  // fewer under the sanitizers
  return env != nullptr ? std::atoi(env) : 1000;
}

std::shared_ptr<const engine::Game> pacific_war() {
  static const auto game = find_game("pacific-war");
  return game;
}

// Every advanced and optional rule switched on (--rules all).
engine::Options all_rules() {
  return pacific_war()->normalize_options(engine::Json{{"rules", "all"}});
}

// 1,000 random games with every implemented rule on; every card end is played for its event
// (4.5) in them or, for the rarest ends (the +2 Ground Strength invasions need ships in an
// enemy Port short of strength at the Supply Phase), in at most 9,000 more unchecked games.
TEST(PacificWarSelfplay, ThousandRandomGamesKeepEveryInvariant) {
  const int games = selfplay_games();
  const engine::Options rules = all_rules();
  const cli::SelfplayResult r =
      cli::run_selfplay(pacific_war(), rules, {.games = games, .seed = 2026, .threads = 2});
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(r.invariant_violations, 0) << (r.violations.empty() ? "" : r.violations.front());
  EXPECT_EQ(r.completed, games);
  EXPECT_EQ(r.wins[0] + r.wins[1], games);  // The Pacific War has no draws
  EXPECT_GT(r.mean_actions, 100.0);
  if (games < 1000) return;  // a sanitizer run checks memory, not coverage
  EXPECT_GT(r.events_played.size(), 20u);
  std::map<std::string, int> played = r.events_played;
  const auto& content = dynamic_cast<const pacific_war::PacificWarGame&>(*pacific_war()).content();
  auto missing = [&] {
    std::string ids;
    for (const auto& card : content.cards)
      for (const auto* end : {&card.japanese, &card.allied})
        if (!played.count(end->id)) ids += " " + end->id;
    return ids;
  };
  for (int batch = 1; batch <= 9 && !missing().empty(); ++batch) {
    const auto more = cli::run_selfplay(pacific_war(), rules,
                                        {.games = 1000,
                                         .seed = static_cast<std::uint64_t>(2026 + batch),
                                         .threads = 2,
                                         .check_invariants = false});
    for (const auto& [id, n] : more.events_played) played[id] += n;
  }
  EXPECT_EQ(missing(), "") << "card ends never played for their event";
  EXPECT_EQ(played.size(), 32u);
}

TEST(PacificWarSelfplay, DefaultRulesKeepEveryInvariant) {
  const cli::SelfplayResult r =
      cli::run_selfplay(pacific_war(), engine::Options::object(), {.games = 100, .seed = 7});
  EXPECT_EQ(r.invariant_violations, 0) << (r.violations.empty() ? "" : r.violations.front());
  EXPECT_EQ(r.completed, 100);
}

TEST(PacificWarSelfplay, DigestIsTheSameWhateverTheThreads) {
  const auto one = cli::run_selfplay(pacific_war(), engine::Options::object(),
                                     {.games = 40, .seed = 99, .check_invariants = false});
  const auto two =
      cli::run_selfplay(pacific_war(), engine::Options::object(),
                        {.games = 40, .seed = 99, .threads = 2, .check_invariants = false});
  EXPECT_EQ(one.digest, two.digest);
  const auto other =
      cli::run_selfplay(pacific_war(), engine::Options::object(),
                        {.games = 40, .seed = 100, .threads = 2, .check_invariants = false});
  EXPECT_NE(one.digest, other.digest);
}

void play_random(engine::Session& session, int n, std::uint64_t seed) {
  engine::play_random_actions(session, n, seed);
}

engine::Session load(const engine::Json& save) {
  return engine::Session::load(save, [](const std::string& name) { return find_game(name); });
}

TEST(PacificWarSession, SaveLoadRoundTripsOnRandomGames) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    engine::Session session(pacific_war(), engine::Options::object(), seed);
    play_random(session, static_cast<int>(seed * 97), seed);
    const engine::Json save = session.save();
    engine::Session loaded = load(save);
    EXPECT_EQ(loaded.state().hash(), session.state().hash()) << "seed " << seed;
    EXPECT_EQ(loaded.history_ids(), session.history_ids());
    // Going on from the loaded game gives the same game as going on from the original.
    play_random(session, 200, seed + 1000);
    play_random(loaded, 200, seed + 1000);
    EXPECT_EQ(loaded.state().hash(), session.state().hash()) << "seed " << seed;
  }
}

TEST(PacificWarSession, CompleteGameReplaysToTheSameHash) {
  engine::Session session(pacific_war(), engine::Options::object(), 5);
  play_random(session, 1000000, 5);
  ASSERT_TRUE(session.state().is_terminal());
  engine::Session loaded = load(session.save());
  EXPECT_EQ(loaded.state().hash(), session.state().hash());
  EXPECT_EQ(loaded.state().winner(), session.state().winner());
}

TEST(PacificWarSession, CorruptSavesAreRefused) {
  engine::Session session(pacific_war(), engine::Options::object(), 3);
  play_random(session, 300, 3);
  engine::Json save = session.save();
  engine::Json bad_hash = save;
  bad_hash["state_hash"] = "0000000000000001";
  EXPECT_THROW(load(bad_hash), engine::UsageError);
  engine::Json bad_action = save;
  bad_action["actions"][40] = "move-from Nowhere";
  try {
    load(bad_action);
    ADD_FAILURE() << "a tampered action was accepted";
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("Nowhere"), std::string::npos) << e.what();
  }
  engine::Json bad_game = save;
  bad_game["game"] = "chess";
  EXPECT_THROW(load(bad_game), engine::UsageError);
  engine::Json bad_rules = save;
  bad_rules["options"] = engine::Json{{"rules", {"99.9"}}};
  EXPECT_THROW(load(bad_rules), engine::UsageError);
}

TEST(PacificWarSession, IllegalActionIsRefusedAndChangesNothing) {
  engine::Session session(pacific_war(), engine::Options::object(), 4);
  const auto hash = session.state().hash();
  try {
    session.apply_id("capture Japan");
    ADD_FAILURE() << "an illegal action was accepted";
  } catch (const engine::UsageError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("place LBA-A1 Australia"), std::string::npos) << msg;  // lists legal ids
  }
  EXPECT_EQ(session.state().hash(), hash);
  EXPECT_TRUE(session.history_ids().empty());
}

TEST(PacificWarSession, UndoNeverCrossesADieRollOrARevealedCard) {
  engine::Session session(pacific_war(), engine::Options::object(), 8);
  const auto before = session.state().hash();
  session.apply_id("place LBA-A1 Port-Moresby");
  EXPECT_TRUE(session.can_undo(1));
  EXPECT_FALSE(session.can_undo(0));  // not the Japanese player's action
  EXPECT_TRUE(session.undo(1));
  EXPECT_EQ(session.state().hash(), before);
  // Through the set-up and the opening draw (chance): no undo past a chance outcome.
  play_random(session, 30, 8);
  while (!session.state().is_chance()) play_random(session, 1, 9);
  session.resolve_chance();
  const int seat = session.state().current_seat();
  if (seat >= 0) {
    EXPECT_FALSE(session.can_undo(seat));
  }
}

TEST(PacificWarView, OpponentHandAndDeckOrderAreNeverShown) {
  engine::Session session(pacific_war(), engine::Options::object(), 11);
  play_random(session, 400, 11);
  for (int seat : {0, 1}) {
    const engine::Json view = session.state().view(seat);
    const std::string other = seat == 0 ? "allied" : "japanese";
    const std::string mine = seat == 0 ? "japanese" : "allied";
    EXPECT_FALSE(view["hands"][other].contains("cards"));
    EXPECT_TRUE(view["hands"][mine].contains("cards"));
    EXPECT_FALSE(view.contains("deck"));
    EXPECT_TRUE(view.contains("deck_count"));
  }
  // The opponent's card names never appear in a view or in the log lines the seat may read.
  const auto& state = session.state();
  const engine::Json allied_view = state.view(1);
  const engine::Json japanese_view = state.view(0);
  for (const auto& card : japanese_view["hands"]["japanese"]["cards"]) {
    const std::string name = card["name"];
    const std::string dumped = allied_view["hands"].dump();
    EXPECT_EQ(dumped.find(name), std::string::npos) << name;
  }
  for (const auto& line : session.log())
    if (line.visible(0) && line.text.find("Allied draw ") == 0) {
      EXPECT_EQ(line.text, "Allied draw a card.");
    }
}

}  // namespace
}  // namespace pacwar
