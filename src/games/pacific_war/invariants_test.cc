// The invariant and transition checks of self-play (invariants.cc) catch what they are for: a
// state or a transition broken by hand gets the check's message.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

UnitMask mask_of(std::initializer_list<int> units) {
  UnitMask m{};
  for (int u : units) m[static_cast<std::size_t>(u / 64)] |= std::uint64_t{1} << (u % 64);
  return m;
}

Scenario japan_group() {
  Scenario sc;
  sc.empty_board(1)
      .put("Hyuga", "Japan")
      .put("Kumano", "Japan")
      .put("Houston", "Johnston-Island")
      .control()
      .at_action(kJapanese);
  return sc;
}

TEST(PacificWarInvariants, CleanPositionPasses) {
  Scenario sc = japan_group();
  EXPECT_EQ(sc.s().check_invariants(), "");
  sc.acts({"move-from Japan", "pick Hyuga"});
  EXPECT_EQ(sc.s().check_invariants(), "");
}

TEST(PacificWarInvariants, UnitCountsThatDisagreeWithTheUnits) {
  for (int field = 0; field < 5; ++field) {
    Scenario sc = japan_group();
    PwState& s = sc.s();
    const int japan = sc.oz("Japan");
    const int hyuga = sc.unit("Hyuga");
    switch (field) {
      case 0:
        ++s.naval_count[japan][kJapanese];
        break;
      case 1:
        ++s.lba_count[sc.oz("Midway")][kAllied];
        break;
      case 2:
        s.units_at[japan][static_cast<std::size_t>(hyuga / 64)] &=
            ~(std::uint64_t{1} << (hyuga % 64));
        break;
      case 3:
        s.naval_ozs[kAllied] |= std::uint32_t{1} << japan;
        break;
      default:
        s.lba_ozs[kJapanese] |= std::uint32_t{1} << japan;
        break;
    }
    EXPECT_EQ(s.check_invariants(), "unit counts per OZ disagree with the units") << field;
  }
}

TEST(PacificWarInvariants, UnitChecks) {
  Scenario sc = japan_group();
  PwState& s = sc.s();
  const int kumano = sc.unit("Kumano");
  s.units[kumano].flags |= kSelected;  // at the 8.3 menu, no move under way
  EXPECT_EQ(s.check_invariants(), "unit still selected outside a move: Kumano (loc " +
                                      std::to_string(sc.oz("Japan")) + ")");
  s.units[kumano].flags &= static_cast<std::uint8_t>(~kSelected);
  s.units[kumano].pend_hits = 1;
  EXPECT_NE(s.check_invariants().find("pending hits outside combat: Kumano"), std::string::npos);
  s.units[kumano].pend_hits = 0;
  set_loc(s, kumano, sc.oz("West-Coast"));
  EXPECT_NE(s.check_invariants().find("Japanese unit in a forbidden OZ: Kumano"),
            std::string::npos);
  set_loc(s, kumano, kLocTrack);
  s.units[kumano].turn = 0;
  EXPECT_NE(s.check_invariants().find("unit on the Turn Track outside Turns 1-5: Kumano"),
            std::string::npos);
  s.units[kumano].turn = 2;
  EXPECT_EQ(s.check_invariants(), "");
  s.units[kumano].loc = 150;  // not through set_loc: no such place
  EXPECT_NE(s.check_invariants().find("unit in no valid place: Kumano"), std::string::npos);
  set_loc(s, kumano, kLocSunk);
  s.units[kumano].loc = static_cast<std::uint8_t>(sc.oz("Japan"));  // not through set_loc
  EXPECT_EQ(s.check_invariants(), "unit counts per OZ disagree with the units");
}

TEST(PacificWarInvariants, AdvancedUnitInPlayWithoutItsRule) {
  Scenario sc = japan_group();  // no Advanced Rule on
  int advanced = -1;
  for (int u = 0; u < sc.c().num_units() && advanced < 0; ++u)
    if (sc.c().units[static_cast<std::size_t>(u)].advanced) advanced = u;
  ASSERT_GE(advanced, 0);
  set_loc(sc.s(), advanced, sc.oz("Midway"));
  EXPECT_NE(sc.s().check_invariants().find("advanced unit in play without its rule"),
            std::string::npos);
}

TEST(PacificWarInvariants, PickedUnitOutsideTheGroupsOz) {
  Scenario sc = japan_group();
  sc.acts({"move-from Japan", "pick Hyuga"});
  set_loc(sc.s(), sc.unit("Hyuga"), sc.oz("Midway"));
  EXPECT_NE(sc.s().check_invariants().find("a unit picked for the group is not in its OZ: Hyuga"),
            std::string::npos);
}

TEST(PacificWarInvariants, TransitionChecksLookAtTheUnitsThatMoved) {
  Scenario sc = japan_group();
  sc.acts({"move-from Japan", "pick Hyuga", "done"});
  const std::unique_ptr<engine::State> before = sc.s().clone();
  const engine::ActionCode to_midway = encode(Kind::To, sc.oz("Midway"), 2);
  sc.s().apply(to_midway, nullptr);
  EXPECT_EQ(sc.s().check_transition(*before, to_midway), "");

  // Kumano, not in the group, moved too.
  std::unique_ptr<engine::State> after = before->clone();
  after->apply(to_midway, nullptr);
  auto& broken = static_cast<PwState&>(*after);
  set_loc(broken, sc.unit("Kumano"), sc.oz("Midway"));
  EXPECT_EQ(broken.check_transition(*before, to_midway), "a unit outside the group moved: Kumano");
  EXPECT_EQ(moved_units(static_cast<const PwState&>(*before), broken),
            mask_of({sc.unit("Hyuga"), sc.unit("Kumano")}));

  // A sunk unit back on the map (the last unit of the table: the scan's last block).
  const int last = sc.c().num_units() - 1;
  auto sunk = before->clone();
  set_loc(static_cast<PwState&>(*sunk), last, kLocSunk);
  auto back = sunk->clone();
  set_loc(static_cast<PwState&>(*back), last, sc.oz("Japan"));
  EXPECT_EQ(back->check_transition(*sunk, to_midway),
            "a sunk unit came back: " + sc.c().units[static_cast<std::size_t>(last)].id);
}

}  // namespace
}  // namespace pacwar::pacific_war
