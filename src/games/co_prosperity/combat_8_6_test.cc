// Tests of 8.6 Combat: the hit allocation cases of 8.6.5, factor modification (8.6.6), air units
// (8.6.7), carrier diversion (8.6.8), reaction (8.6.1), end of combat (8.7) and Bombing (8.8).
#include <gtest/gtest.h>

#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

// A Japanese naval move from Japan to Okinawa with card J5 (the US is at war).
Scenario& japanese_naval_attack(Scenario& sc) {
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan"});
  if (sc.s().step == Step::PickUnits) sc.act("done");
  sc.act("to Okinawa");
  return sc;
}

// 8.6.5 (1): hits go first to units of the firing priority, chosen by the firing player.
TEST(CoProsperityCombat, HitsFirstToSamePriorityFiringPlayerChooses_8_6_5_Case1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-CV-1", "Okinawa", 1).put("US-CV-2", "Okinawa", 1).put("US-BB-1", "Okinawa");
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({1, 6, 6, 6});  // round A: the Japanese carrier hits once, the US carriers miss
  EXPECT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().seat, kJapanese);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"hit US-CV-1", "hit US-CV-2"}));
  sc.act("hit US-CV-2");
  EXPECT_EQ(sc.where("US-CV-2"), "pool");
  sc.dice({6, 6});                                        // round B: the battleship misses
  EXPECT_EQ(sc.where("J-CV-1"), "Japanese-Retreat-Box");  // 8.7: the defender holds
}

// 8.6: the view names the space of the combat in progress (the browser shows the dice there),
// and no combat once it is over.
TEST(CoProsperityCombat, ViewNamesTheCombatSpaceWhileItIsFought_8_6) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-CV-1", "Okinawa", 1).put("US-CV-2", "Okinawa", 1).put("US-BB-1", "Okinawa");
  EXPECT_FALSE(sc.s().view(kAllied).contains("combat"));
  japanese_naval_attack(sc).act("no-diversion");
  for (int seat : {kJapanese, kAllied, -1}) {
    const engine::Json v = sc.s().view(seat);
    ASSERT_TRUE(v.contains("combat")) << seat;
    EXPECT_EQ(v["combat"]["oz"], "Okinawa");
    EXPECT_EQ(v["combat"]["attacker"], "japanese");
    EXPECT_EQ(v["combat"]["bombing"], false);
  }
  sc.dice({1, 6, 6, 6});
  sc.act("hit US-CV-2");
  sc.dice({6, 6});  // the combat ends (8.7)
  EXPECT_FALSE(sc.s().view(kJapanese).contains("combat"));
}

// 8.6.5 (2): once the same-priority units are gone, hits go to units of the firing type and the
// receiving player chooses.
TEST(CoProsperityCombat, ThenSameTypeReceivingPlayerChooses_8_6_5_Case2) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-CV-1", "Okinawa", 1).put("US-BB-1", "Okinawa").put("US-BB-2", "Okinawa");
  sc.put("US-Inf-1", "Okinawa");
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({1, 1, 6});                      // two hits; the US carrier misses
  EXPECT_EQ(sc.where("US-CV-1"), "pool");  // first hit: the only carrier
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"hit US-BB-1", "hit US-BB-2"}));
  sc.act("hit US-BB-2");
  EXPECT_EQ(sc.steps("US-BB-2"), 1);
  EXPECT_EQ(sc.steps("US-Inf-1"), 2);  // the infantry is not a naval unit
}

// 8.6.5: 4 hits on two 2-step battleships sink both whatever the allocation: nobody is asked,
// and the log says why.
TEST(CoProsperityCombat, HitsThatSinkEveryTargetAreAllocatedWithoutAsking_8_6_5) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-BB-1", "Japan").put("J-BB-2", "Japan");
  sc.put("US-BB-1", "Okinawa").put("US-BB-2", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan", "pick J-BB-1", "pick J-BB-2", "to Okinawa"});
  sc.dice({1, 1, 1, 1, 6, 6, 6, 6});  // round B: four Japanese hits, the US battleships miss
  EXPECT_NE(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.where("US-BB-1"), "pool");
  EXPECT_EQ(sc.where("US-BB-2"), "pool");
  EXPECT_EQ(sc.where("J-BB-1"), "Okinawa");  // 8.7: the attacker wins
  EXPECT_EQ(sc.s().step, Step::Operations);
  EXPECT_NE(sc.log_text().find("Every allocation of the Japanese priority B hits eliminates "
                               "US-BB-1 and US-BB-2: no choice to make."),
            std::string::npos)
      << sc.log_text();
}

// 8.6.5: 3 hits on the same two battleships leave one of them afloat, and which one is the
// firing player's choice: he is asked, until one hit on the survivor is all that is left.
TEST(CoProsperityCombat, HitsThatLeaveAChoiceAreStillAsked_8_6_5) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-BB-1", "Japan").put("J-BB-2", "Japan");
  sc.put("US-BB-1", "Okinawa").put("US-BB-2", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan", "pick J-BB-1", "pick J-BB-2", "to Okinawa"});
  sc.dice({1, 1, 1, 6, 6, 6, 6, 6});  // three Japanese hits
  ASSERT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().seat, kJapanese);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"hit US-BB-1", "hit US-BB-2"}));
  sc.act("hit US-BB-2");
  ASSERT_EQ(sc.s().step, Step::Allocate);  // 2 hits on 1 + 2 steps: still a choice
  sc.act("hit US-BB-2");                   // US-BB-2 sunk; the last hit can only hit US-BB-1
  EXPECT_EQ(sc.where("US-BB-2"), "pool");
  EXPECT_EQ(sc.steps("US-BB-1"), 1);
  EXPECT_EQ(sc.log_text().find("no choice to make"), std::string::npos) << sc.log_text();
}

// 8.6.5 (1) then (2): 3 hits on two 1-step carriers and two battleships: the carriers (same
// priority) sink whatever the Japanese player chooses, so he is not asked; which battleship
// takes the last hit is the Allied player's choice (2), and he is asked.
TEST(CoProsperityCombat, OnlyTheAllocationThatCannotMatterIsSkipped_8_6_5) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("J-CV-2", "Japan");
  sc.put("US-CV-1", "Okinawa", 1).put("US-CV-2", "Okinawa", 1);
  sc.put("US-BB-1", "Okinawa").put("US-BB-2", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan", "pick J-CV-1", "pick J-CV-2", "to Okinawa"});
  sc.act("no-diversion");
  sc.dice({1, 1, 1, 6, 6, 6});  // round A: three Japanese hits, the US carriers miss
  EXPECT_EQ(sc.where("US-CV-1"), "pool");
  EXPECT_EQ(sc.where("US-CV-2"), "pool");
  ASSERT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"hit US-BB-1", "hit US-BB-2"}));
}

// 8.6.5 (3), (4): naval fire on two full infantry units can only reduce each by one step: 2
// hits (or more) reduce both whatever the allocation; 1 hit is the firing player's choice.
TEST(CoProsperityCombat, ReducingEveryGroundUnitNeedsNoChoice_8_6_5_Case3_4) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-Inf-1", "Okinawa").put("US-Inf-2", "Okinawa");
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({1, 1});
  EXPECT_NE(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);
  EXPECT_EQ(sc.steps("US-Inf-2"), 1);
  EXPECT_NE(sc.log_text().find("Every allocation of the Japanese priority A hits reduces "
                               "US-Inf-1 and US-Inf-2 to one step: no choice to make."),
            std::string::npos)
      << sc.log_text();

  Scenario one;
  one.empty_board(3);
  one.put("J-CV-1", "Japan");
  one.put("US-Inf-1", "Okinawa").put("US-Inf-2", "Okinawa");
  japanese_naval_attack(one).act("no-diversion");
  one.dice({1, 6});
  ASSERT_EQ(one.s().step, Step::Allocate);
  EXPECT_EQ(one.s().seat, kJapanese);  // (3): the firing player
  EXPECT_EQ(one.legal(), (std::vector<std::string>{"hit US-Inf-1", "hit US-Inf-2"}));
}

// 8.6.5 (3), (4), (5): with no unit of the same priority or type left, hits go anywhere, but a
// naval unit may only reduce a ground unit; hits that cannot be applied are lost.
TEST(CoProsperityCombat, NavalFireOnlyReducesGroundUnits_8_6_5_Case3to5) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-Inf-1", "Okinawa");
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({1, 1});
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);
  EXPECT_NE(sc.log_text().find("1 hit lost."), std::string::npos);
  sc.dice({6});  // round C: the infantry fires back and misses
  EXPECT_EQ(sc.where("J-CV-1"), "Japanese-Retreat-Box");
}

// 8.6.5 (6) and 8.6.6: air units take no hits but give +1 to their side.
TEST(CoProsperityCombat, AirUnitsTakeNoHitsButModify_8_6_5_Case6_8_6_6) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.put("US-Air-1", "Okinawa").put("US-Inf-1", "Okinawa", 1);
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({1, 1});  // both hits lost: the infantry cannot be eliminated by ships, air not hit
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);
  EXPECT_EQ(sc.steps("US-Air-1"), 2);
  EXPECT_EQ(fire_factor(sc.s(), sc.unit("US-Inf-1")), 4);  // 3 + 1 (air unit present)
  sc.dice({4});                                            // hits at 4 thanks to the air unit
  EXPECT_EQ(sc.where("J-CV-1"), "Japanese-Retreat-Box");
}

TEST(CoProsperityCombat, AirInRangeRaisesFactor_8_6_6) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("J-Air-1", "Japan");  // Japan - Okinawa is distance 1
  sc.put("US-BB-1", "Okinawa", 1);
  japanese_naval_attack(sc).act("no-diversion");
  sc.dice({4, 6});  // 4 hits with factor 3 + 1
  EXPECT_EQ(sc.where("US-BB-1"), "pool");
  EXPECT_EQ(sc.where("J-CV-1"), "Okinawa");  // 8.7: the attacker wins
  EXPECT_EQ(sc.controller("Okinawa"), kJapanese);
}

TEST(CoProsperityCombat, OnlyAirUnitsAreEliminatedWithoutCombat_8_6_7) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("US-Air-1", "Okinawa");
  japanese_naval_attack(sc);
  EXPECT_EQ(sc.where("US-Air-1"), "pool");
  EXPECT_EQ(sc.where("J-CV-1"), "Okinawa");
  EXPECT_EQ(sc.s().step, Step::Operations);
}

TEST(CoProsperityCombat, DivertedCarrierActsAsAirUnit_8_6_8) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("J-CV-2", "Japan");
  sc.put("US-BB-1", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan", "pick J-CV-1", "pick J-CV-2", "to Okinawa"});
  EXPECT_TRUE(sc.is_legal("divert J-CV-2"));
  sc.act("divert J-CV-2");
  sc.dice({4, 4});  // only J-CV-1 fires, at 3 + 1 thanks to the diverted carrier
  EXPECT_EQ(sc.where("US-BB-1"), "pool");
  EXPECT_EQ(sc.where("J-CV-2"), "Okinawa");
  EXPECT_EQ(sc.steps("J-CV-2"), 2);
  EXPECT_EQ(sc.s().step, Step::Operations);
}

TEST(CoProsperityCombat, ReactionFromTheRetreatBox_8_6_1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("US-Inf-1", "Okinawa");
  sc.put("US-BB-1", "Allied-Retreat-Box").put("US-BB-2", "Allied-Retreat-Box");
  sc.put("US-CV-1", "Allied-Retreat-Box");
  sc.give("A1");
  japanese_naval_attack(sc);
  EXPECT_EQ(sc.s().step, Step::Reaction);
  sc.acts({"react A1", "pick US-BB-1", "pick US-BB-2"});
  EXPECT_EQ(sc.where("US-BB-1"), "Okinawa");
  EXPECT_EQ(sc.where("US-CV-1"), "Allied-Retreat-Box");  // at most two
  EXPECT_EQ(sc.s().step, Step::Diversion);
}

TEST(CoProsperityCombat, GroundAttackersGoBackWhenTheyLose_8_7) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Shanghai").put("CH-Inf-3", "Guilin", 1);
  sc.give("J3").at_operations(kJapanese);
  sc.acts({"play J3 ground", "from Shanghai", "to Guilin"});
  EXPECT_EQ(fire_factor(sc.s(), sc.unit("CH-Inf-3")), 2);  // 8.6.2: Chinese defend at 2
  sc.dice({6, 6, 2});                                      // C: Japanese miss; D: the Chinese hit
  EXPECT_EQ(sc.steps("J-Inf-2"), 1);
  EXPECT_EQ(sc.where("J-Inf-2"), "Shanghai");
  EXPECT_EQ(sc.where("CH-Inf-3"), "Guilin");
}

TEST(CoProsperityCombat, BombingHitsAsACarrierAndLosesStepsOnSix_8_8) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Air-1", "Okinawa").put("US-Inf-1", "Philippines");
  sc.give("J2").at_operations(kJapanese);
  sc.acts({"play J2 bombing-japan", "bomber J-Air-1"});
  sc.dice({1, 6});
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);  // reduced
  EXPECT_EQ(sc.steps("J-Air-1"), 1);   // the 6 costs a step
  sc.give("J7").at_operations(kJapanese);
  sc.acts({"play J7 bombing-japan", "bomber J-Air-1"});
  sc.dice({1});
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);  // a ground unit cannot be eliminated by bombing
}

TEST(CoProsperityCombat, BombingACarrierCostsStepsOnFive_8_8) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Air-1", "Okinawa").put("US-CV-1", "Philippines");
  sc.give("J2").at_operations(kJapanese);
  sc.acts({"play J2 bombing-japan", "bomber J-Air-1"});
  sc.dice({5, 2});
  EXPECT_EQ(sc.steps("US-CV-1"), 1);
  EXPECT_EQ(sc.steps("J-Air-1"), 1);
}

// 6.3.9: bombing uses air units "that have not performed direct combat": an air unit that was
// in a space where combat took place this turn does not bomb again that turn (docs/rulings.md).
TEST(CoProsperityCombat, AirUnitThatWasInACombatDoesNotBomb_6_3_9) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Shanghai").put("J-Air-1", "Shanghai").put("CH-Inf-3", "Guilin");
  sc.give("A11").give("J2").at_operations(kAllied);
  sc.act("play A11 cbi");
  if (sc.is_legal("nation china")) sc.act("nation china");
  sc.act("op ground");
  if (sc.is_legal("from Guilin")) sc.act("from Guilin");
  sc.act("to Shanghai");
  sc.dice({6, 6, 6, 6});  // C: J-Inf-2 misses twice; D: CH-Inf-3 misses twice
  EXPECT_EQ(sc.where("CH-Inf-3"), "Guilin");
  EXPECT_EQ(sc.where("J-Air-1"), "Shanghai");
  ASSERT_EQ(sc.s().step, Step::Operations);
  ASSERT_EQ(sc.s().seat, kJapanese);
  EXPECT_FALSE(sc.is_legal("play J2 bombing-japan"));
  // Next turn it may bomb again.
  sc.s().turn = 4;
  begin_turn(sc.s(), nullptr);
  sc.give("J2").at_operations(kJapanese);
  EXPECT_TRUE(sc.is_legal("play J2 bombing-japan"));
}

TEST(CoProsperityCombat, EachPriorityFiresAfterTheHitsOfTheOneBefore_8_6_3) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan").put("US-BB-1", "Midway", 1);
  sc.give("J1").at_operations(kJapanese);
  sc.acts({"play J1 naval", "from Japan", "to Midway", "no-diversion"});
  sc.dice({1, 6});  // A: one hit sinks the reduced battleship before its B fire
  EXPECT_EQ(sc.where("US-BB-1"), "pool");
  EXPECT_EQ(sc.where("J-CV-1"), "Midway");   // 8.7: the attacker wins
  EXPECT_EQ(sc.s().step, Step::Operations);  // no die left for priority B
  EXPECT_EQ(sc.s().seat, kAllied);
}

TEST(CoProsperityCombat, DefendersLeftWithOnlyAirAreEliminated_8_6_7) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Shanghai").put("CH-Inf-3", "Guilin", 1).put("CH-Air-1", "Guilin");
  sc.give("J3").at_operations(kJapanese);
  sc.acts({"play J3 ground", "from Shanghai", "to Guilin"});
  sc.dice({1, 6});  // C: one hit eliminates the Chinese infantry before it fires at D
  EXPECT_EQ(sc.where("CH-Inf-3"), "pool");
  EXPECT_EQ(sc.where("CH-Air-1"), "pool");
  EXPECT_EQ(sc.where("J-Inf-2"), "Guilin");
}

}  // namespace
}  // namespace pacwar::co_prosperity
