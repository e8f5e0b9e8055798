// Tests for 8.9-8.11: Naval movement, Return to Port, LBA redeployment.
#include "engine/random_play.h"
#include "games/pacific_war/paths.h"
#include "games/pacific_war/scenario_for_test.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

Scenario hyuga_kumano() {
  Scenario sc;
  sc.empty_board(1)
      .put("Hyuga", "Japan")
      .put("Kumano", "Japan")
      .put("Houston", "Johnston-Island")  // enemy Naval units at Johnston Island
      .control()
      .at_action(kJapanese);
  return sc;
}

// 8.10 Example of Movement: the group moves at its slowest speed, 3 MP if no enemy is
// entered, and to one destination only.
TEST(Movement_8_10, ExampleOfMovementHyugaAndKumano) {
  Scenario sc = hyuga_kumano();
  sc.acts({"move-from Japan", "pick Hyuga", "pick Kumano"});
  EXPECT_TRUE(sc.is_legal("to Midway"));            // 2 MP, no enemy: 3 MP allowed
  EXPECT_FALSE(sc.is_legal("to Johnston-Island"));  // enemy there: Hyuga's speed 1 rules
  sc.act("to Midway");
  EXPECT_EQ(sc.where("Hyuga"), "Midway");
  EXPECT_EQ(sc.where("Kumano"), "Midway");  // no dropping off along the way
  EXPECT_FALSE(sc.ready("Hyuga"));          // flipped to Ops Complete
  EXPECT_FALSE(sc.ready("Kumano"));

  Scenario alone = hyuga_kumano();
  alone.acts({"move-from Japan", "pick Kumano", "done"});
  EXPECT_TRUE(alone.is_legal("to Johnston-Island"));  // speed 3 reaches it
}

TEST(Movement_8_10, OpsCompleteShipsCannotMove) {
  Scenario sc;
  sc.empty_board(1).put("Kongo", "Japan", false).control().at_action(kJapanese);
  EXPECT_FALSE(sc.is_legal("move-from Japan"));
  EXPECT_TRUE(sc.is_legal("skip"));
}

TEST(Movement_8_10, SpeedZeroShipsEnterOnlyEnemyFreeOzs) {
  Scenario sc;
  sc.empty_board(1)
      .put("Nevada", "Hawaiian-Islands")
      .put("Kongo", "Midway")
      .control()
      .at_action(kAllied);
  sc.acts({"move-from Hawaiian-Islands", "pick Nevada"});
  EXPECT_FALSE(sc.is_legal("to Midway"));
  EXPECT_TRUE(sc.is_legal("to Johnston-Island"));
}

TEST(Movement_8_10, NoPassingThroughEnemyUnits) {
  Scenario sc;
  sc.empty_board(1)
      .put("Kumano", "Okinawa")
      .put("Houston", "Philippines")
      .put("Exeter", "Singapore")
      .control();
  sc.at_action(kJapanese).acts({"move-from Okinawa", "pick Kumano"});
  EXPECT_TRUE(sc.is_legal("to Philippines"));
  EXPECT_FALSE(sc.is_legal("to Borneo"));  // only through the Philippines or Singapore
}

TEST(Movement_8_10, JapaneseNeverEnterWestCoastOrMadagascar) {
  Scenario sc;
  sc.empty_board(1).put("Kumano", "Hawaiian-Islands").port("Hawaiian-Islands", kJapanese);
  sc.control().at_action(kJapanese).acts({"move-from Hawaiian-Islands", "pick Kumano"});
  EXPECT_FALSE(sc.is_legal("to West-Coast"));
}

// 8.9.2 / 10.4 Return to Port: any distance, never through enemy control or units, no flip.
TEST(Movement_8_9_2, ReturnToPortKeepsTheSideUpAndAvoidsEnemyControl) {
  Scenario sc;
  sc.empty_board(1)
      .put("Kumano", "Midway", false)
      .put("Mogami", "Midway", true)
      .put("Houston", "Johnston-Island")
      .base("Midway", kJapanese)
      .control()
      .at_action(kJapanese);
  sc.acts({"return-from Midway", "all"});
  EXPECT_TRUE(sc.is_legal("to Japan"));
  EXPECT_FALSE(sc.is_legal("to Hawaiian-Islands"));  // an enemy Port
  EXPECT_TRUE(sc.is_legal("to Truk"));               // through Japan and the Marianas
  sc.act("to Japan");
  EXPECT_FALSE(sc.ready("Kumano"));
  EXPECT_TRUE(sc.ready("Mogami"));
}

// 8.11 / 8.9.3 LBA: any distance, to a friendly OZ or one with friendly ships, one per Base.
TEST(Movement_8_11, LbaRedeploymentLimits) {
  Scenario sc;
  sc.empty_board(1)
      .put("LBA-A1", "West-Coast")
      .put("LBA-A2", "Midway")
      .put("Houston", "Borneo")
      .control()
      .at_action(kAllied);
  sc.act("redeploy LBA-A1");
  EXPECT_TRUE(sc.is_legal("to Madagascar"));  // no Sea Route needed
  EXPECT_TRUE(sc.is_legal("to Australia"));   // a Port: no limit
  EXPECT_FALSE(sc.is_legal("to Midway"));     // a Base already holding an LBA
  EXPECT_TRUE(sc.is_legal("to Borneo"));      // friendly ships there
  EXPECT_FALSE(sc.is_legal("to Okinawa"));    // Japanese-controlled
}

// 8.9.2 / 10.4: return_reach (one flood of the open OZs for all asked OZs) agrees with a search
// from each OZ holding the side's ships, on every position of random games, with and without
// the Advanced and Optional rules: a usable Port other than the OZ itself reached through OZs
// neither enemy-controlled nor holding enemy units.
// A log line names the ships of a small group and counts a large one by type: the 41
// Japanese ships of a Return to Port read "41 ships (...)", not 41 names in a row.
TEST(Movement_8_9_2, ALargeGroupIsCountedByTypeInTheLog) {
  Scenario small;
  small.empty_board(1).put("Hyuga", "Truk").put("Kumano", "Truk").control().at_action(kJapanese);
  EXPECT_EQ(ship_list(small.s(), {small.unit("Hyuga"), small.unit("Kumano")}), "Hyuga, Kumano");

  Scenario sc;
  sc.empty_board(1);
  const char* kShips[] = {"Akagi", "Kaga",   "Hiryu",  "Soryu", "Nagato",
                          "Mutsu", "Kumano", "Mogami", "Tone"};
  std::vector<int> units;
  for (const char* ship : kShips) {
    sc.put(ship, "Midway");
    units.push_back(sc.unit(ship));
  }
  sc.base("Midway", kJapanese).control().at_action(kJapanese);
  EXPECT_EQ(ship_list(sc.s(), units), "9 ships (4 carriers, 2 battleships, 3 cruisers)");
  sc.acts({"return-from Midway", "all", "to Japan"});
  const std::string text = sc.log_text();
  EXPECT_NE(
      text.find("Japanese return 9 ships (4 carriers, 2 battleships, 3 cruisers) to port at Japan"),
      std::string::npos)
      << text;
}

TEST(Movement_8_9_2, ReturnReachAgreesWithASearchFromEachOz) {
  engine::RandomPlayer player;
  const auto game = find_game("pacific-war");
  int positions = 0;
  int returns = 0;
  for (const engine::Json& rules : {engine::Json::array(), engine::Json("all")}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      engine::Rng rng(seed);
      auto state = game->new_initial_state(game->normalize_options(engine::Json{{"rules", rules}}));
      while (!state->is_terminal()) {
        const auto& s = static_cast<const PwState&>(*state);
        const Content& c = s.content();
        for (int side : {kJapanese, kAllied}) {
          std::uint32_t expected = 0;
          for (int from = 0; from < c.num_ozs(); ++from) {
            if (!has_naval(s, side, from)) continue;
            const auto passable = [&](int oz) {
              return !(side == kJapanese && c.ozs[oz].japanese_forbidden) &&
                     !has_units(s, 1 - side, oz) && controller(s, oz) != 1 - side;
            };
            const Distances dist = distances(s, from, passable, passable);
            for (int oz = 0; oz < c.num_ozs(); ++oz)
              if (oz != from && dist[oz] < kUnreachable && usable_port(s, side, oz))
                expected |= oz_bit(from);
          }
          ASSERT_EQ(return_reach(s, side), expected) << positions;
          returns += std::popcount(expected);
        }
        ++positions;
        state->apply(player.pick(*state, rng, rng), nullptr);
      }
    }
  }
  EXPECT_GT(positions, 2000);
  EXPECT_GT(returns, 1000);
}

}  // namespace
}  // namespace pacwar::pacific_war
