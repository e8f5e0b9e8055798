// Tests for the rulings re-decided from the manual's words (issue 13, docs/rulings.md): each is
// named after the section whose text it follows.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// 9.1.1: "the Attacker must have at least one Aircraft Carrier, while the Defender must have at
// least one Aircraft Carrier and/or at least one LBA unit" to take part; Airstrike Combat is
// ignored only if neither has. Mogami (no carrier) attacks Houston and an Allied LBA in the
// Philippines: the LBA strikes, Mogami cannot strike back (ruling 14).
TEST(Combat_9_1_1, DefendingLbaStrikesAnAttackerWithoutCarriers) {
  Scenario sc;
  sc.empty_board(1)
      .put("Mogami", "Okinawa")
      .put("Houston", "Philippines")
      .put("LBA-A1", "Philippines")
      .control()
      .at_action(kJapanese);
  sc.acts({"move-from Okinawa", "pick Mogami", "to Philippines"});
  ASSERT_EQ(sc.s().step, Step::Reaction);  // an Allied LBA is there (8.12)
  sc.act("no-reaction");
  ASSERT_NE(sc.s().step, Step::SurfaceDecision);
  ASSERT_EQ(sc.s().combat.part, CombatPart::Air);
  EXPECT_EQ(sc.s().combat.firing, kAllied);
  EXPECT_TRUE(sc.is_legal("die 6"));
  sc.act("die 6");
  EXPECT_EQ(sc.s().combat.part, CombatPart::Air);
  EXPECT_NE(sc.log_text().find("Allied"), std::string::npos);

  // Without the LBA, and no carrier on either side, Airstrike Combat is ignored.
  Scenario plain;
  plain.empty_board(1)
      .put("Mogami", "Okinawa")
      .put("Houston", "Philippines")
      .control()
      .at_action(kJapanese);
  plain.acts({"move-from Okinawa", "pick Mogami", "to Philippines", "no-reaction"});
  EXPECT_EQ(plain.s().step, Step::SurfaceDecision);
}

// 9.5.1: "If the Defender chooses to not participate in combat, before a Combat Round begins,
// he may choose to retreat from the OZ." Before round 1 too, with no Reaction possible (no
// Ready carrier, no Allied LBA): Houston leaves the Philippines as Mogami arrives. Mogami's
// movement ended on entering (8.10.1): no pursuit, which is 8.12's alone.
TEST(Combat_9_5_1, DefenderRetreatsBeforeTheFirstRound) {
  Scenario sc;
  sc.empty_board(1)
      .put("Mogami", "Okinawa")
      .put("Houston", "Philippines")
      .control()
      .at_action(kJapanese);
  sc.acts({"move-from Okinawa", "pick Mogami", "to Philippines"});
  ASSERT_EQ(sc.s().step, Step::Reaction);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_NE(sc.s().prompt().find("9.5.1"), std::string::npos);
  EXPECT_FALSE(sc.is_legal("counterattack"));
  sc.act("evacuate");
  while (sc.s().step == Step::RetreatDestination) sc.act(sc.legal().front());
  EXPECT_NE(sc.where("Houston"), "Philippines");
  EXPECT_EQ(sc.where("Mogami"), "Philippines");
  EXPECT_NE(sc.s().step, Step::Pursuit);
  EXPECT_EQ(sc.s().combat.oz, -1);

  // Staying gives the usual combat.
  Scenario fight;
  fight.empty_board(1)
      .put("Mogami", "Okinawa")
      .put("Houston", "Philippines")
      .control()
      .at_action(kJapanese);
  fight.acts({"move-from Okinawa", "pick Mogami", "to Philippines", "no-reaction"});
  EXPECT_EQ(fight.s().step, Step::SurfaceDecision);
}

}  // namespace
}  // namespace pacwar::pacific_war
