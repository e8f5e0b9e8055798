// Tests of The Pacific War's blunder counters (blunders.h; docs/ai.md, "Blunder counters"):
// for each, a scripted position where the pattern happens and is counted, and a near miss
// where it does not. Named after the rule sections each counter relies on.
#include "games/pacific_war/blunders.h"

#include <gtest/gtest.h>

#include "engine/blunders_for_test.h"
#include "engine/scripted.h"
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

using engine::testing::watch;

// Picks every ship of the group being formed (8.10.1, 8.9.2), then ends the picking.
void pick_group(Scenario& sc, PwBlunders& counter) {
  for (int guard = 0; guard < 20 && sc.s().step == Step::PickGroup; ++guard) {
    std::string id = "done";
    for (const std::string& legal : sc.legal())
      if (legal.rfind("pick ", 0) == 0) {
        id = legal;
        break;
      }
    if (sc.is_legal("all")) id = "all";
    watch(sc, counter, id);
  }
}

// A die on the current CRT column giving hits (or none).
std::string die_with(const PwState& s, bool hits) {
  const auto& column = s.content().crt.hits[static_cast<std::size_t>(s.combat.column)];
  for (int d = 6; d >= 1; --d)
    if ((column[static_cast<std::size_t>(d - 1)] > 0) == hits) return "die " + std::to_string(d);
  ADD_FAILURE() << "no such die on this column";
  return "die 1";
}

// Plays the battle under way to its end: the Allies' fire scores hits or not as `allied_hits`,
// the Japanese fire always does, Allied ships hit are sunk (a 6) and Japanese ones are not
// (a 1); both sides stay and end the combat when asked (9.1.3, 9.4).
void fight_out(Scenario& sc, PwBlunders& counter, bool allied_hits) {
  for (int guard = 0; guard < 100 && sc.s().combat.oz >= 0 && sc.s().combat.round >= 1; ++guard) {
    const PwState& s = sc.s();
    std::string id = sc.legal().front();
    if (s.step == Step::FireDie) {
      id = die_with(s, s.combat.firing == kJapanese || allied_hits);
    } else if (s.step == Step::DamageDie) {
      id = side_of(s, s.dmg_unit) == kAllied ? "die 6" : "die 1";
    } else if (sc.is_legal("stay")) {
      id = "stay";
    } else if (sc.is_legal("surface")) {
      id = "surface";
    } else if (sc.is_legal("end-combat")) {
      id = "end-combat";
    }
    watch(sc, counter, id);
  }
}

// Houston alone at the Philippines attacks Nagato and Mutsu at Borneo (8.10.1, 9.1.2).
void lone_cruiser_attacks(Scenario& sc, PwBlunders& counter) {
  sc.empty_board(2);
  sc.put("Houston", "Philippines").put("Nagato", "Borneo").put("Mutsu", "Borneo");
  sc.base("Borneo", kJapanese).control().at_action(kAllied);
  watch(sc, counter, "move-from Philippines");
  pick_group(sc, counter);
  watch(sc, counter, "to Borneo");
  if (sc.is_legal("no-reaction")) watch(sc, counter, "no-reaction");
}

// 9.0, 9.2.3, 9.2.5: a lone cruiser sent into a battle where it misses and is sunk.
TEST(Blunders_9_2_5, SuicideLoneShipSunkWithoutAHitIsCounted) {
  Scenario sc;
  PwBlunders counter;
  lone_cruiser_attacks(sc, counter);
  fight_out(sc, counter, false);
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(counter.count(kAllied, Blunder::Suicide), 1);
  EXPECT_EQ(counter.count(kJapanese, Blunder::Suicide), 0);
}

// 9.2.3: the same cruiser scores a hit before it sinks: no suicide.
TEST(Blunders_9_2_5, SuicideNotCountedWhenTheShipScoresAHit) {
  Scenario sc;
  PwBlunders counter;
  lone_cruiser_attacks(sc, counter);
  fight_out(sc, counter, true);
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(counter.count(kAllied, Blunder::Suicide), 0);
}

// 8.2 (1), 8.3: a card discarded for the Initiative, then "take no action".
TEST(Blunders_8_2, IdleInitiativeCountsACardSpentOnNoAction) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kJapanese, 1);
  sc.control();
  begin_strategy_phase(sc.s(), nullptr);
  PwBlunders counter;
  watch(sc, counter, "initiative J01");
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  watch(sc, counter, "skip");
  EXPECT_EQ(counter.count(kJapanese, Blunder::IdleInitiative), 1);
}

// 8.3: the card bought an action, which was taken: nothing to count.
TEST(Blunders_8_2, IdleInitiativeNotCountedWhenTheActionIsTaken) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kJapanese, 1);
  sc.control();
  begin_strategy_phase(sc.s(), nullptr);
  PwBlunders counter;
  watch(sc, counter, "initiative J01");
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  watch(sc, counter, "redeploy LBA-J1");
  watch(sc, counter, sc.legal().front());
  EXPECT_EQ(counter.count(kJapanese, Blunder::IdleInitiative), 0);
}

// 7.1, 8.4: the cards still in hand when the game ends.
TEST(Blunders_7_1, CardsLeftCountsTheHandsAtTheEnd) {
  Scenario sc;
  sc.empty_board(6).give(kJapanese, 1).give(kJapanese, 2).give(kAllied, 3);
  PwBlunders counter;
  counter.finish(sc.s());
  EXPECT_EQ(counter.count(kJapanese, Blunder::CardsLeft), 2);
  EXPECT_EQ(counter.count(kAllied, Blunder::CardsLeft), 1);
}

// 7.1: empty hands leave nothing.
TEST(Blunders_7_1, CardsLeftIsZeroForEmptyHands) {
  Scenario sc;
  sc.empty_board(6);
  PwBlunders counter;
  counter.finish(sc.s());
  EXPECT_EQ(counter.count(kJapanese, Blunder::CardsLeft), 0);
  EXPECT_EQ(counter.count(kAllied, Blunder::CardsLeft), 0);
}

// Akagi Ops Complete at Truk, a Japanese Port that does not ready for free; Japan does (10.5).
void ops_complete_carrier_at_truk(Scenario& sc) {
  sc.empty_board(2).put("Akagi", "Truk", false).put("LBA-A1", "Australia");
  sc.control();
  begin_supply_phase(sc.s(), nullptr);
}

// Answers the Supply Phase's remaining 10.4 / 10.5 prompts with "done".
void finish_supply(Scenario& sc, PwBlunders& counter) {
  for (int guard = 0;
       guard < 20 && (sc.s().step == Step::SupplyMoves || sc.s().step == Step::Readying); ++guard)
    watch(sc, counter, sc.is_legal("done") ? "done" : sc.legal().front());
}

// 10.4, 10.5: a free Return to Port to Japan was open, not taken: Akagi stays Ops Complete.
TEST(Blunders_10_5, OpsCompleteIdleCountsACapitalShipNotReturned) {
  Scenario sc;
  ops_complete_carrier_at_truk(sc);
  ASSERT_EQ(sc.s().step, Step::SupplyMoves);
  PwBlunders counter;
  finish_supply(sc, counter);
  EXPECT_FALSE(sc.ready("Akagi"));
  EXPECT_EQ(counter.count(kJapanese, Blunder::OpsCompleteIdle), 1);
}

// 10.4, 10.5: Akagi returns to Japan and is readied there for free: nothing to count.
TEST(Blunders_10_5, OpsCompleteIdleNotCountedAfterAReturnToAHomePort) {
  Scenario sc;
  ops_complete_carrier_at_truk(sc);
  PwBlunders counter;
  watch(sc, counter, "return-from Truk");
  pick_group(sc, counter);
  watch(sc, counter, "to Japan");
  finish_supply(sc, counter);
  EXPECT_TRUE(sc.ready("Akagi"));
  EXPECT_EQ(counter.count(kJapanese, Blunder::OpsCompleteIdle), 0);
}

// Northampton moves from the Hawaiian Islands to Midway (8.10.1), then Returns to Port
// (8.9.2) to `back`, each a Strategy Action of the same turn.
void out_and_back(Scenario& sc, PwBlunders& counter, const std::string& back) {
  sc.empty_board(2).put("Northampton", "Hawaiian-Islands").put("LBA-J1", "Japan");
  sc.control().at_action(kAllied);
  watch(sc, counter, "move-from Hawaiian-Islands");
  pick_group(sc, counter);
  watch(sc, counter, "to Midway");
  ASSERT_EQ(sc.where("Northampton"), "Midway");
  sc.at_action(kAllied);
  watch(sc, counter, "return-from Midway");
  pick_group(sc, counter);
  watch(sc, counter, "to " + back);
  EXPECT_EQ(sc.where("Northampton"), back);
}

// 8.9, 8.10.1: out to Midway and back to the Hawaiian Islands: a round trip.
TEST(Blunders_8_10, RoundTripCountsAMoveBackToTheStart) {
  Scenario sc;
  PwBlunders counter;
  out_and_back(sc, counter, "Hawaiian-Islands");
  EXPECT_EQ(counter.count(kAllied, Blunder::RoundTrip), 1);
}

// 8.9.2: back to another Port (the West Coast): not a round trip.
TEST(Blunders_8_10, RoundTripNotCountedForAnotherDestination) {
  Scenario sc;
  PwBlunders counter;
  out_and_back(sc, counter, "West-Coast");
  EXPECT_EQ(counter.count(kAllied, Blunder::RoundTrip), 0);
}

}  // namespace
}  // namespace pacwar::pacific_war
