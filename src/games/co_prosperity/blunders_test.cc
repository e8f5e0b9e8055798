// Tests of Co-Prosperity's blunder counters (blunders.h; docs/ai.md, "Blunder counters"): for
// each, a scripted position where the pattern happens and is counted, and a near miss where it
// does not. Named after the rule sections each counter relies on.
#include "games/co_prosperity/blunders.h"

#include <gtest/gtest.h>

#include "engine/blunders_for_test.h"
#include "engine/scripted.h"
#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

using engine::testing::watch;

void watch_all(Scenario& sc, CpsBlunders& counter, const std::vector<std::string>& ids) {
  for (const std::string& id : ids) watch(sc, counter, id);
}

bool in_combat(const CpsState& s) {
  return s.step == Step::Reaction || s.step == Step::ReactionPick || s.step == Step::Diversion ||
         s.step == Step::CombatDie || s.step == Step::Allocate;
}

// J-BB-1 alone sails from Japan to Okinawa (8.2) against two US battleships; its dice are
// `japanese_die`, the US dice all hit (8.6.2); the combat is played to its end.
void lone_battleship_attacks(Scenario& sc, CpsBlunders& counter, int japanese_die) {
  sc.empty_board(3);
  sc.put("J-BB-1", "Japan");
  sc.put("US-BB-1", "Okinawa").put("US-BB-2", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  watch_all(sc, counter, {"play J5 naval", "from Japan"});
  if (sc.s().step == Step::PickUnits) watch(sc, counter, "done");
  watch(sc, counter, "to Okinawa");
  for (int guard = 0; guard < 100 && in_combat(sc.s()); ++guard) {
    const CpsState& s = sc.s();
    std::string id = sc.legal().front();
    if (s.step == Step::CombatDie)
      id = "die " +
           std::to_string(s.content().side(s.combat.fire_unit) == kJapanese ? japanese_die : 1);
    watch(sc, counter, id);
  }
}

// 8.2.3, 8.6.2, 8.6.5: the lone battleship misses with every die and is eliminated.
TEST(CpsBlunders_8_6_5, SuicideLoneStackEliminatedWithoutDamageIsCounted) {
  Scenario sc;
  CpsBlunders counter;
  lone_battleship_attacks(sc, counter, 6);
  EXPECT_EQ(sc.where("J-BB-1"), "pool");
  EXPECT_EQ(counter.count(kJapanese, Blunder::Suicide), 1);
  EXPECT_EQ(counter.count(kAllied, Blunder::Suicide), 0);
}

// 8.6.5: its dice hit and a US battleship loses steps before it goes down: no suicide.
TEST(CpsBlunders_8_6_5, SuicideNotCountedWhenTheStackDoesDamage) {
  Scenario sc;
  CpsBlunders counter;
  lone_battleship_attacks(sc, counter, 1);
  EXPECT_EQ(sc.where("J-BB-1"), "pool");
  EXPECT_EQ(counter.count(kJapanese, Blunder::Suicide), 0);
}

// Both sides pass (8.0), and the End of Turn Phase (9.0) is
// played out until the next turn's Production Phase (6.0) has begun.
void pass_to_next_turn(Scenario& sc, CpsBlunders& counter) {
  watch_all(sc, counter, {"pass", "pass"});
  for (int guard = 0;
       guard < 40 && sc.s().step != Step::ChooseCards && sc.s().step != Step::GameOver; ++guard)
    watch(sc, counter, sc.is_legal("done") ? "done" : sc.legal().front());
  ASSERT_EQ(sc.s().step, Step::ChooseCards);
}

// 6.0: two cards held to the end of the turn are discarded unplayed.
TEST(CpsBlunders_6_0, CardsLeftCountsCardsDiscardedUnplayed) {
  Scenario sc;
  sc.empty_board(3).put("J-BB-1", "Japan").put("US-BB-1", "Pearl-Harbor");
  sc.give("J5").give("J7").at_operations(kJapanese);
  CpsBlunders counter;
  pass_to_next_turn(sc, counter);
  EXPECT_EQ(counter.count(kJapanese, Blunder::CardsLeft), 2);
  EXPECT_EQ(counter.count(kAllied, Blunder::CardsLeft), 0);
}

// 6.3: a card played is not lost: only the one kept counts.
TEST(CpsBlunders_6_0, CardsLeftNotCountedForACardPlayed) {
  Scenario sc;
  sc.empty_board(3).put("J-BB-1", "Japan").put("US-BB-1", "Pearl-Harbor");
  sc.give("J5").give("J7").at_operations(kJapanese);
  CpsBlunders counter;
  watch_all(sc, counter, {"play J5 naval", "from Japan"});
  if (sc.s().step == Step::PickUnits) watch(sc, counter, "done");
  watch(sc, counter, "to Okinawa");
  ASSERT_EQ(sc.s().step, Step::Operations);
  sc.at_operations(kJapanese);
  pass_to_next_turn(sc, counter);
  EXPECT_EQ(counter.count(kJapanese, Blunder::CardsLeft), 1);
}

// J-BB-1 sails from Japan to Okinawa with J5, then with J7 from Okinawa back to Japan (`home`)
// or to another space (8.2).
void out_and_back(Scenario& sc, CpsBlunders& counter, bool home) {
  sc.empty_board(3).put("J-BB-1", "Japan").put("US-BB-1", "Pearl-Harbor");
  sc.give("J5").give("J7").at_operations(kJapanese);
  watch_all(sc, counter, {"play J5 naval", "from Japan"});
  if (sc.s().step == Step::PickUnits) watch(sc, counter, "done");
  watch(sc, counter, "to Okinawa");
  ASSERT_EQ(sc.where("J-BB-1"), "Okinawa");
  sc.at_operations(kJapanese);
  watch_all(sc, counter, {"play J7 naval", "from Okinawa"});
  if (sc.s().step == Step::PickUnits) watch(sc, counter, "done");
  ASSERT_EQ(sc.s().step, Step::Destination);
  std::string to = "to Japan";
  if (!home) {
    for (const std::string& id : sc.legal())
      if (id != "to Japan" && id != "to Okinawa") to = id;
  }
  ASSERT_EQ(home, to == "to Japan");
  watch(sc, counter, to);
  EXPECT_EQ("to " + sc.where("J-BB-1"), to);
}

// 6.3.4, 8.2: Japan, Okinawa, Japan: two cards spent to end where it began.
TEST(CpsBlunders_8_2, RoundTripCountsAPaidMoveBackToTheStart) {
  Scenario sc;
  CpsBlunders counter;
  out_and_back(sc, counter, true);
  EXPECT_EQ(counter.count(kJapanese, Blunder::RoundTrip), 1);
}

// 8.2: on to another space instead: not a round trip.
TEST(CpsBlunders_8_2, RoundTripNotCountedForAnotherDestination) {
  Scenario sc;
  CpsBlunders counter;
  out_and_back(sc, counter, false);
  EXPECT_EQ(counter.count(kJapanese, Blunder::RoundTrip), 0);
}

}  // namespace
}  // namespace pacwar::co_prosperity
