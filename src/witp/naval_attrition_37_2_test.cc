#include "witp/naval_attrition_37_2.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

ChitCups cups() { return load_chit_cups(source_dir() + "/data/witp/chit_cups.json"); }

// 37.2.1: 32 Allied chits, 44 Japanese; 42.4.1: 62 Magic chits.
TEST(Witp37_2_1, CupsHoldThePrintedMixes) {
  const ChitCups all = cups();
  EXPECT_EQ(all.allied_attrition.size(), 32u);
  EXPECT_EQ(all.japanese_attrition.size(), 44u);
  EXPECT_EQ(all.magic.size(), 62u);
  const Json chances = class_chances(all.japanese_attrition);
  EXPECT_EQ(chances["blank"], "12/44");
  EXPECT_EQ(chances["BB"], "3/44");
}

// 37.2.2: unmarked chits leave the cup for the year; marked ones return.
TEST(Witp37_2_2, DrawnUnmarkedChitsLeaveForTheYear) {
  const ChitCups all = cups();
  const std::vector<Chit> left = cup_contents(all, AttritionCup::kAllied, {"CV", "DD"});
  EXPECT_EQ(left.size(), 30u);
  EXPECT_EQ(class_chances(left)["CV"], "1/30");
  EXPECT_THROW(cup_contents(all, AttritionCup::kAllied, {"CV", "CV"}), engine::UsageError);
  EXPECT_THROW(cup_contents(all, AttritionCup::kAllied, {"APD"}), engine::UsageError);
  EXPECT_THROW(cup_contents(all, AttritionCup::kJapanese, {"SS"}), engine::UsageError);
  engine::Rng rng(7);
  const AttritionDraw draw = draw_attrition_chit(left, rng);
  EXPECT_EQ(draw.leaves_cup, !draw.chit.returned);
}

TEST(Witp37_2_3, TimingRolls) {
  EXPECT_EQ(attrition_gt(4), 4);
  EXPECT_FALSE(attrition_gt(5).has_value());
  EXPECT_EQ(attrition_naval_phase(2), 1);
  EXPECT_EQ(attrition_naval_phase(3), 2);
  EXPECT_EQ(attrition_naval_phase(6), 3);
  EXPECT_THROW(attrition_gt(0), engine::UsageError);
}

TEST(Witp37_2_5, SubmarineAttritionOnSeven) {
  EXPECT_TRUE(submarine_attrition(7));
  EXPECT_FALSE(submarine_attrition(6));
  EXPECT_THROW(submarine_attrition(13), engine::UsageError);
}

TEST(Witp37_2_1, BadCupFileNamesTheField) {
  EXPECT_THROW(load_chit_cups("/nonexistent/chit_cups.json"), engine::DataError);
  EXPECT_THROW(parse_attrition_cup("--side", "dutch"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
