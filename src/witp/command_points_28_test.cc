#include "witp/command_points_28.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 28.4 Example: "If the US P.O.A. HQ was allocated 50 CPs during cycle 0/3/42, the maximum it
// could be allocated during cycle 0/4/42 would be 75."
TEST(Witp28_4, PoaHq50To75) {
  const GearingResult result = gearing_limit({.previous_cycle_cps = 50, .requested_cps = 75});
  EXPECT_EQ(result.limit, 75);
  EXPECT_TRUE(result.allowed);
  EXPECT_FALSE(gearing_limit({.previous_cycle_cps = 50, .requested_cps = 76}).allowed);
  EXPECT_EQ(gearing_limit({.previous_cycle_cps = 50, .requested_cps = 76}).excess, 1);
}

TEST(Witp28_4, TwentyIsTheFloorAndNewHqsTakeHalfTheAllotment) {
  EXPECT_EQ(gearing_limit({.previous_cycle_cps = 0}).limit, 20);
  EXPECT_EQ(gearing_limit({.previous_cycle_cps = 13}).limit, 20);
  EXPECT_EQ(gearing_limit({.previous_cycle_cps = 15}).limit, 22);  // 22.5 may not be exceeded
  EXPECT_EQ(gearing_limit({.newly_deployed = true, .side_allotment = 91}).limit, 45);
}

TEST(Witp28_4, RejectsNegativeCounts) {
  EXPECT_THROW(gearing_limit({.previous_cycle_cps = -1}), engine::UsageError);
  try {
    gearing_limit({.requested_cps = -5});
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("requested-cps"), std::string::npos);
  }
}

TEST(Witp28_5, FiftyPerCycleUpToSixCyclesAhead) {
  EXPECT_EQ(future_ops_add({.cps_added = 50, .cycles_ahead = 6, .pool_cps = 50}).pool_cps, 100);
  EXPECT_THROW(future_ops_add({.cps_added = 51, .cycles_ahead = 2}), engine::UsageError);
  EXPECT_THROW(future_ops_add({.cps_added = 10, .cycles_ahead = 7}), engine::UsageError);
  EXPECT_THROW(future_ops_add({.cps_added = 10, .cycles_ahead = 0}), engine::UsageError);
}

// 28.6.1 "for every 4 CPs placed into reserve, only 3 (fractions are rounded down) are
// actually recorded"; 28.6.2 at most 50% of the cycle's total.
TEST(Witp28_6_1, AlliedReserveAtFourToThree) {
  const Tables none("tables.json");
  EXPECT_EQ(reserve_placement({.cps_placed = 4, .cycle_total = 40}, none).recorded, 3);
  EXPECT_EQ(reserve_placement({.cps_placed = 10, .cycle_total = 40}, none).recorded, 7);
  EXPECT_THROW(reserve_placement({.cps_placed = 21, .cycle_total = 40}, none), engine::UsageError);
}

TEST(Witp28_6_1, JapaneseReserveNeedsTheChartbookTable) {
  const Tables none("my-tables.json");
  try {
    reserve_placement({.side = Side::kJapanese, .cps_placed = 10, .ms_points = 300}, none);
    FAIL();
  } catch (const engine::UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("japanese_reserve_exchange"), std::string::npos);
    EXPECT_NE(message.find("my-tables.json"), std::string::npos);
  }
  const Tables tables =
      Tables::from_json(Json::parse(R"({"format": "pacwar-witp-tables", "version": 1, "tables": {
        "japanese_reserve_exchange": {"rows": [{"min_ms_points": 0, "give": 3, "get": 1},
                                               {"min_ms_points": 200, "give": 2, "get": 1}]}}})"),
                        "test");
  EXPECT_EQ(reserve_placement({.side = Side::kJapanese, .cps_placed = 10, .ms_points = 300}, tables)
                .recorded,
            5);
  EXPECT_EQ(reserve_placement({.side = Side::kJapanese, .cps_placed = 10, .ms_points = 199}, tables)
                .recorded,
            3);
}

TEST(Witp28_6_3, IsolatedHqReceivesHalf) {
  EXPECT_EQ(reserve_received(7, false), 7);
  EXPECT_EQ(reserve_received(7, true), 3);
  EXPECT_THROW(reserve_received(-1, true), engine::UsageError);
}

// 28.8 "An exchange rate penalty of 4:3 applies. Exception: Until at least 4 are sent, none are
// lost."
TEST(Witp28_8, LendingLosesOneOfEachFour) {
  EXPECT_EQ(lending_received(3), 3);
  EXPECT_EQ(lending_received(4), 3);
  EXPECT_EQ(lending_received(8), 6);
  EXPECT_EQ(lending_received(9), 7);
}

TEST(Witp28_9, CarryOverReserveFourToThreeHqTwoToOne) {
  const CarryOverResult result = carry_over({.reserve_cps = 11, .hq_cps = {9, 4, 0}});
  EXPECT_EQ(result.reserve_cps, 8);
  EXPECT_EQ(result.hq_cps, (std::vector<std::int64_t>{4, 2, 0}));
  EXPECT_THROW(carry_over({.hq_cps = {3, -1}}), engine::UsageError);
}

// 31.5 Example: activation cost 2 on an emergency link: "an additional 2 CPs (for a total of 4)".
TEST(Witp31_5, EmergencyLinkTwoPlusTwo) { EXPECT_EQ(emergency_link_cost(2), 4); }

// 33.1.5 Example: "located at Medium Range (normally a 20% CP penalty), but the reacting TF's HQ
// is already activated ... leaving a 10% penalty."
TEST(Witp33_1_5, MediumRangeTwentyPercentToTen) {
  const EmergencySortieResult result = emergency_sortie(
      {.base_cps = 10, .range = Range::kMedium, .hq_activated = true, .cps_available = 20});
  EXPECT_EQ(result.percent, 10);
  EXPECT_EQ(result.total_cps, 11);
  EXPECT_EQ(result.deficit_cps, 0);
}

// 33.1.5 "If a 2:1 exchange rate is mandated, then for every CP used in deficit spending, 2 CPs
// are lost from a side's next cycle's total CP allotment."
TEST(Witp33_1_5, DeficitSpendingBySiLevel) {
  EmergencySortieInput input{.base_cps = 10, .range = Range::kShort, .cps_available = 8};
  input.si_level = 2;
  EXPECT_EQ(emergency_sortie(input).total_cps, 13);
  EXPECT_EQ(emergency_sortie(input).deficit_cps, 5);
  EXPECT_EQ(emergency_sortie(input).next_cycle_loss, 10);
  input.si_level = 3;
  EXPECT_EQ(emergency_sortie(input).next_cycle_loss, 8);
  input.si_level = 4;
  EXPECT_EQ(emergency_sortie(input).next_cycle_loss, 5);
  input.si_level = 5;
  EXPECT_THROW(emergency_sortie(input), engine::UsageError);
  EXPECT_THROW(parse_range("--range", "close"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
