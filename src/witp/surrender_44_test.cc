#include "witp/surrender_44.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp44_1_5, AustraliaEightOrMoreWithCpModifiers) {
  SurrenderInput input;
  input.states = 4;
  input.dice = 6;
  input.japanese_cps = 25;  // +2
  input.australian_ground_units = 9;
  SurrenderResult result = surrender_roll(input);
  EXPECT_EQ(result.drm, 2);
  EXPECT_TRUE(result.surrenders);
  EXPECT_EQ(result.units_eliminated, 4);
  input.allied_cps = 10;  // -1
  EXPECT_FALSE(surrender_roll(input).surrenders);
  input.ports_bonus = true;
  EXPECT_TRUE(surrender_roll(input).surrenders);
  input.states = 3;
  EXPECT_FALSE(surrender_roll(input).surrenders);
  EXPECT_FALSE(surrender_roll(input).eligible);
}

TEST(Witp44_4_4, IndiaNeedsTwoRailCentersAndTwelveCities) {
  SurrenderInput input;
  input.country = SurrenderCountry::kIndia;
  input.rail_centers = 2;
  input.cities = 11;
  input.dice = 12;
  EXPECT_FALSE(surrender_roll(input).surrenders);
  input.cities = 12;
  EXPECT_TRUE(surrender_roll(input).surrenders);
  input.dice = 7;
  EXPECT_FALSE(surrender_roll(input).surrenders);
}

// 44.5.5: Soerabaja, with a L-2 A/F = 5 VPs.
TEST(Witp44_5_5, SoerabajaFiveVps) {
  EXPECT_EQ(java_surrender(1, 0, 2).vps, 5);
  EXPECT_FALSE(java_surrender(1, 0, 2).surrenders);
  EXPECT_TRUE(java_surrender(2, 2, 2).surrenders);
  EXPECT_THROW(java_surrender(-1, 0, 0), engine::UsageError);
}

TEST(Witp44_1_5, RejectsBadInput) {
  SurrenderInput input;
  input.dice = 13;
  EXPECT_THROW(surrender_roll(input), engine::UsageError);
  input.dice = 7;
  input.japanese_cps = -10;
  EXPECT_THROW(surrender_roll(input), engine::UsageError);
  EXPECT_THROW(parse_surrender_country("--country", "burma"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
