#include "witp/supply_32.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

Tables test_tables(const std::string& tables_json) {
  return Tables::from_json(Json::parse(R"({"format": "pacwar-witp-tables", "version": 1,
                                           "tables": )" +
                                       tables_json + "}"),
                           "test-tables.json");
}

// 32.1.1 Example: Jaluit, y = 47 (to Japan), x = 19 (to Truk): 2 x 47 = 94; 19 x 94 = 1786.
TEST(Witp32_1_1, JaluitTotalSupplyDistance1786) {
  const SupplyDistanceResult result =
      supply_distance({.ucs_distance = 47, .supply_base_distance = 19});
  EXPECT_EQ(result.total, 1786);
  EXPECT_FALSE(result.penalty_free);
  EXPECT_FALSE(result.category.has_value());
}

// "Jaluit, with a Total Supply Distance of 1786, will suffer category A penalties."
TEST(Witp32_1_1, JaluitCategoryAFromThePlayersTable) {
  const Tables tables = test_tables(R"({"supply_penalty_categories": {"rows": [
      {"category": "A", "min_distance": 1500}, {"category": "B", "min_distance": 2000},
      {"category": "C", "min_distance": 2500}, {"category": "D", "min_distance": 3000},
      {"category": "E", "min_distance": 3500}, {"category": "F", "min_distance": 4000}]}})");
  EXPECT_EQ(supply_distance({.ucs_distance = 47, .supply_base_distance = 19}, tables).category,
            "A");
}

TEST(Witp32_1_1, UnderFifteenHundredNeedsNoTable) {
  const Tables none("tables.json");
  const SupplyDistanceResult result =
      supply_distance({.ucs_distance = 10, .supply_base_distance = 74}, none);
  EXPECT_EQ(result.total, 1480);
  EXPECT_TRUE(result.penalty_free);
  EXPECT_EQ(result.category, "none");
}

TEST(Witp32_1_1, MissingOrIncompleteCategoryTableRefuses) {
  const Tables none("data/witp/tables.json");
  try {
    supply_distance({.ucs_distance = 47, .supply_base_distance = 19}, none);
    FAIL();
  } catch (const engine::UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("supply_penalty_categories"), std::string::npos);
    EXPECT_NE(message.find("data/witp/tables.json"), std::string::npos);
  }
  const Tables partial = test_tables(
      R"({"supply_penalty_categories": {"rows": [{"category": "A", "min_distance": 1500}]}})");
  EXPECT_THROW(supply_distance({.ucs_distance = 47, .supply_base_distance = 19}, partial),
               engine::UsageError);
}

TEST(Witp32_1_1, RejectsNegativeDistances) {
  EXPECT_THROW(supply_distance({.ucs_distance = -47, .supply_base_distance = 19}),
               engine::UsageError);
  EXPECT_THROW(supply_distance({.ucs_distance = 47, .supply_base_distance = -1}),
               engine::UsageError);
}

// 32.4.1 Example: "A linked penalty category B base which is 20 hexes from the nearest supply
// base, with a total of 6 MS Load Capacity points assigned to it would have no supply penalty
// category." The required load at 20 hexes is in the (absent) table; with any requirement of 3
// (two multiples in 6) the example holds.
TEST(Witp32_4_1, CategoryBBaseWithSixLoadHasNoPenalty) {
  const Tables tables = test_tables(R"({"ms_load_required": {"rows": [
      {"min_distance": 1, "load": 1}, {"min_distance": 11, "load": 3}]}})");
  const SupplyReliefResult result =
      supply_relief({.category = "B", .supply_base_distance = 20, .load_assigned = 6}, tables);
  EXPECT_EQ(result.levels_reduced, 2);
  EXPECT_EQ(result.category_after, "none");
  const SupplyReliefResult isolated = supply_relief(
      {.category = "B", .supply_base_distance = 20, .load_assigned = 6, .isolated = true}, tables);
  EXPECT_EQ(isolated.load_required, 9);
  EXPECT_EQ(isolated.category_after, "B");
  EXPECT_THROW(supply_relief({.category = "G", .supply_base_distance = 20}, tables),
               engine::UsageError);
  EXPECT_THROW(supply_relief({.category = "B", .supply_base_distance = 20}, Tables("t.json")),
               engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
