// Tests for the rules an outside audit found the engine getting wrong (issue 13): each is named
// after the section whose words it checks, and failed before its fix.
#include <algorithm>

#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::rules;
using testing::Scenario;

int cards_in_hand(Scenario& sc, int side) { return hand_size(sc.s(), side); }

// 7.1: "the Japanese Player's hand limit is four (4) (exception: Optional Rule 15.2)". The
// Japanese reach Turn 1 with their four opening cards (7.2; none is usable on Turn 0, 8.4), so
// 15.2's Turn 1 card is drawn over the limit, and the Turn 2 card too; Borneo's two are not.
TEST(Optional_15_2, ExtraCardsAreDrawnOverTheHandLimit_7_1) {
  Scenario sc(rules("15.2"));
  sc.empty_board(0);
  for (int n : {1, 2, 3, 4}) sc.give(kJapanese, n);
  sc.base("Borneo", kJapanese);
  begin_turn(sc.s(), nullptr);  // Turn 1
  ASSERT_EQ(sc.s().step, Step::DrawCards);
  EXPECT_EQ(sc.s().draw_left[kJapanese], 1);  // the oil card only: Borneo's two need room
  while (sc.s().step == Step::DrawCards) sc.act(sc.legal().front());
  EXPECT_EQ(cards_in_hand(sc, kJapanese), 5);
  EXPECT_EQ(sc.s().check_invariants(), "");

  // Turn 2 with five cards in hand: the die gives one more, again over the limit.
  begin_turn(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::OilDie);
  sc.act("die 4");
  EXPECT_EQ(sc.s().draw_left[kJapanese], 1);
  while (sc.s().step == Step::DrawCards) sc.act(sc.legal().front());
  EXPECT_EQ(cards_in_hand(sc, kJapanese), 6);

  // Without 15.2 a full hand draws nothing (7.1).
  Scenario plain;
  plain.empty_board(0);
  for (int n : {1, 2, 3, 4}) plain.give(kJapanese, n);
  plain.base("Borneo", kJapanese);
  begin_turn(plain.s(), nullptr);
  EXPECT_EQ(plain.s().draw_left[kJapanese], 0);
}

// 12.3: an enemy Port held as a Base "is considered in all aspects as a Base"; 12.2: "Neither
// player can use it as a Port for any purpose"; 8.9.3 / 10.4: one LBA per Base. Singapore,
// Allied-owned, held as a Japanese Base by LBA-J1, takes no second Japanese LBA; the Japanese
// Port of Indochina takes any number.
TEST(Control_12_3, EnemyPortHeldAsABaseTakesOneLba_8_9_3) {
  Scenario sc;
  sc.empty_board(2)
      .put("LBA-J1", "Singapore")
      .put("LBA-J2", "Japan")
      .put("LBA-J3", "Indochina")
      .control()
      .at_action(kJapanese);
  ASSERT_EQ(sc.s().base_marker[sc.oz("Singapore")], kJapanese);
  sc.act("redeploy LBA-J2");
  EXPECT_FALSE(sc.is_legal("to Singapore"));
  EXPECT_TRUE(sc.is_legal("to Indochina"));  // a Japanese Port: no limit
  // With Japanese ships there too, it is still a Base.
  sc.put("Mogami", "Singapore");
  EXPECT_FALSE(sc.is_legal("to Singapore"));
}

// 10.1: "In case there are Ports at an equal distance, the controlling player can choose which
// Port and redeploy his units as desired between." Houston and Chicago, isolated at Port Moresby
// (Japanese ships at Rabaul, Australia and the Solomons), have Samoa and Ceylon both 3 MP away:
// they may split.
TEST(Supply_10_1, IsolatedUnitsSplitBetweenEquallyNearPorts) {
  Scenario sc;
  sc.empty_board(2)
      .put("Houston", "Port-Moresby")
      .put("Chicago", "Port-Moresby")
      .put("Mogami", "Rabaul")
      .put("Mikuma", "Australia")
      .put("Kako", "Solomon-Islands")  // keeps Mikuma's line to Truk open
      .control();
  ASSERT_TRUE(is_isolated(sc.s(), kAllied, sc.oz("Port-Moresby")));
  begin_supply_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::Isolation);
  ASSERT_EQ(sc.s().seat, kAllied);
  EXPECT_TRUE(sc.is_legal("isolate-to Samoa-Islands"));
  EXPECT_TRUE(sc.is_legal("isolate-to Ceylon"));
  sc.act("isolate-to Ceylon");
  ASSERT_EQ(sc.s().step, Step::Isolation);  // the second ship chooses for itself
  sc.act("isolate-to Samoa-Islands");
  std::vector<std::string> at = {sc.where("Houston"), sc.where("Chicago")};
  std::sort(at.begin(), at.end());
  EXPECT_EQ(at, (std::vector<std::string>{"Ceylon", "Samoa-Islands"}));
  EXPECT_FALSE(sc.ready("Houston"));
  EXPECT_FALSE(sc.ready("Chicago"));
}

// 9.5.3: a retreat that cannot return to port is a "Redeployment of Isolated units", so 10.1's
// tie rule holds there too: Houston and Chicago, retreating from Port Moresby before the first
// round (9.5.1) with every way out blocked, go one to Ceylon and one to Samoa.
TEST(Combat_9_5_3, IsolatedRetreatSplitsBetweenEquallyNearPorts) {
  Scenario sc;
  sc.empty_board(2)
      .put("Houston", "Port-Moresby")
      .put("Chicago", "Port-Moresby")
      .put("Mogami", "Rabaul")
      .put("Mikuma", "Australia")
      .put("Kako", "Solomon-Islands")
      .control()
      .at_action(kJapanese);
  sc.acts({"move-from Solomon-Islands", "pick Kako", "to Port-Moresby", "evacuate"});
  ASSERT_EQ(sc.s().step, Step::RetreatDestination);
  EXPECT_TRUE(sc.is_legal("retreat-to Samoa-Islands"));
  sc.act("retreat-to Ceylon");
  ASSERT_EQ(sc.s().step, Step::RetreatDestination);  // the second ship chooses for itself
  sc.act("retreat-to Samoa-Islands");
  std::vector<std::string> at = {sc.where("Houston"), sc.where("Chicago")};
  std::sort(at.begin(), at.end());
  EXPECT_EQ(at, (std::vector<std::string>{"Ceylon", "Samoa-Islands"}));
  EXPECT_FALSE(sc.ready("Houston"));
  EXPECT_FALSE(sc.ready("Chicago"));
}

}  // namespace
}  // namespace pacwar::pacific_war
