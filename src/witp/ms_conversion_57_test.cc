#include "witp/ms_conversion_57.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 57.5.1 Example: "1x full MSU (load capacity: 7) removed from the map equates to 3x MSPs (7/2 =
// 3.5, rounded down to 3)."
TEST(Witp57_5_1, FullMsuLoadSevenGivesThreeMsps) {
  EXPECT_EQ(msu_to_msp({.load_capacities = {7}}).msp_gained, 3);
}

TEST(Witp57_5_1, RoundsDownTheTotalCapacity) {
  // "rounding down for the total MSU capacity converted": 7 + 7 = 14 -> 7, not 3 + 3.
  EXPECT_EQ(msu_to_msp({.load_capacities = {7, 7}}).msp_gained, 7);
  // 57.5.4: each AO's capacity halved, rounded down.
  EXPECT_EQ(msu_to_msp({.ship = ConvertedShip::kAo, .load_capacities = {3, 3}}).msp_gained, 2);
  EXPECT_FALSE(
      msu_to_msp({.ship = ConvertedShip::kApb, .load_capacities = {4}}).returns_to_force_pool);
}

TEST(Witp57_5_1, RejectsBadInput) {
  EXPECT_THROW(msu_to_msp({.load_capacities = {}}), engine::UsageError);
  EXPECT_THROW(msu_to_msp({.load_capacities = {7, -1}}), engine::UsageError);
  try {
    parse_converted_ship("--ship", "BB");
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown ship type 'BB'"), std::string::npos);
  }
}

}  // namespace
}  // namespace pacwar::witp
