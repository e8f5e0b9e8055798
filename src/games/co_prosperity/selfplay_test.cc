// Random self-play of complete Co-Prosperity games with every invariant and transition checked
// after every action, plus save/load and hidden-information checks on real games.
#include "cli/selfplay.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "engine/random_play.h"
#include "engine/session.h"
#include "engine/state_reuse.h"
#include "games/co_prosperity/scenario_for_test.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
namespace {

int selfplay_games() {
  const char* env = std::getenv("PACWAR_SELFPLAY_GAMES");  // fewer under the sanitizers
  return env != nullptr ? std::atoi(env) : 1000;
}

TEST(CoProsperitySelfplay, ThousandRandomGamesKeepEveryInvariant) {
  const int games = selfplay_games();
  const cli::SelfplayResult r = cli::run_selfplay(testing::shared_game(), engine::Options::object(),
                                                  {.games = games, .seed = 2026, .threads = 2});
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(r.invariant_violations, 0) << (r.violations.empty() ? "" : r.violations.front());
  EXPECT_EQ(r.completed, games);
  EXPECT_EQ(r.wins[0] + r.wins[1], games);  // no draws
  EXPECT_GT(r.mean_actions, 50.0);
  std::printf(
      "co-prosperity self-play: %d games, Japanese %d, Allied %d, %.0f actions/game, %.0f "
      "games/s\n",
      r.games, r.wins[0], r.wins[1], r.mean_actions, r.games_per_second);
}

// engine::ReusableState (the search's world, copied in place): after assign_from a reused state
// is the other one, and plays on exactly as a clone of it would; a state of another game is
// refused and leaves it as it was.
TEST(CoProsperitySelfplay, AssignFromCopiesLikeClone) {
  const auto game = testing::shared_game();
  auto state = game->new_initial_state(engine::Options::object());
  auto reused = game->new_initial_state(engine::Options::object());
  auto& target = dynamic_cast<engine::ReusableState&>(*reused);
  engine::RandomPlayer player;
  engine::Rng rng(7);
  for (int n = 0; !state->is_terminal() && n < 400; ++n) {
    if (n % 37 == 0) {
      ASSERT_TRUE(target.assign_from(*state));
      auto copy = state->clone();
      EXPECT_EQ(reused->hash(), state->hash());
      EXPECT_EQ(reused->check_invariants(), "");
      engine::Rng a(n), b(n);
      for (int k = 0; k < 20 && !copy->is_terminal(); ++k) {
        const auto action = player.pick(*copy, a, a);
        ASSERT_EQ(player.pick(*reused, b, b), action);
        copy->apply(action, nullptr);
        reused->apply(action, nullptr);
        ASSERT_EQ(reused->hash(), copy->hash());
        ASSERT_EQ(reused->legal_actions(), copy->legal_actions());
      }
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  const std::uint64_t before = reused->hash();
  const auto other = find_game("pacific-war")->new_initial_state(engine::Options::object());
  EXPECT_FALSE(target.assign_from(*other));
  EXPECT_EQ(reused->hash(), before);
}

TEST(CoProsperityRegistry, FoundByNameAndPlayableToTheEnd) {
  const auto game = find_game("co-prosperity");
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->name(), "co-prosperity");
  EXPECT_THROW(game->normalize_options(engine::Json{{"rules", {"15.1"}}}), std::invalid_argument);
  const auto r = cli::run_selfplay(game, engine::Options::object(), {.games = 20, .seed = 7});
  EXPECT_EQ(r.completed, 20);
}

TEST(CoProsperitySelfplay, DigestIsTheSameWhateverTheThreads) {
  const auto one = cli::run_selfplay(testing::shared_game(), engine::Options::object(),
                                     {.games = 30, .seed = 99, .check_invariants = false});
  const auto two =
      cli::run_selfplay(testing::shared_game(), engine::Options::object(),
                        {.games = 30, .seed = 99, .threads = 2, .check_invariants = false});
  EXPECT_EQ(one.digest, two.digest);
}

void play_random(engine::Session& session, int n, std::uint64_t seed) {
  engine::play_random_actions(session, n, seed);
}

TEST(CoProsperitySession, SaveLoadRoundTripsOnRandomGames) {
  auto finder = [](const std::string& name) -> std::shared_ptr<const engine::Game> {
    return name == "co-prosperity" ? testing::shared_game() : nullptr;
  };
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    engine::Session session(testing::shared_game(), engine::Options::object(), seed);
    play_random(session, static_cast<int>(seed * 83), seed);
    engine::Session loaded = engine::Session::load(session.save(), finder);
    EXPECT_EQ(loaded.state().hash(), session.state().hash()) << "seed " << seed;
    play_random(session, 150, seed + 1000);
    play_random(loaded, 150, seed + 1000);
    EXPECT_EQ(loaded.state().hash(), session.state().hash()) << "seed " << seed;
  }
}

TEST(CoProsperityView, OpponentHandIsNeverShown) {
  engine::Session session(testing::shared_game(), engine::Options::object(), 11);
  play_random(session, 60, 11);
  for (int seat : {0, 1}) {
    const engine::Json view = session.state().view(seat);
    const std::string other = seat == 0 ? "allied" : "japanese";
    const std::string mine = seat == 0 ? "japanese" : "allied";
    EXPECT_FALSE(view["hands"][other].contains("cards"));
    EXPECT_TRUE(view["hands"][mine].contains("cards"));
  }
  for (const auto& line : session.log())
    if (line.visible(0)) {
      EXPECT_EQ(line.text.find("You choose A"), std::string::npos);
    }
}

TEST(CoProsperitySession, ResampleKeepsCountsAndVisibleState) {
  engine::Session session(testing::shared_game(), engine::Options::object(), 5);
  play_random(session, 40, 5);
  auto copy = session.state().clone();
  engine::Rng rng(3);
  copy->resample_hidden(0, rng);
  EXPECT_EQ(copy->view(0), session.state().view(0));
  EXPECT_EQ(copy->check_invariants(), "");
}

}  // namespace
}  // namespace pacwar::co_prosperity
