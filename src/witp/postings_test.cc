// One step from result to book for the naval repair, maximum effort and supply distance
// calculators: the result goes into the Ship Repair Log, the HQ's CPs or the Base Log as one
// logged, undoable change, or is refused with nothing changed.
#include "witp/postings.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "witp/base_log.h"
#include "witp/ship_repair_log.h"

namespace pacwar::witp {
namespace {

Json run(const Tables& tables, const std::string& name,
         std::map<std::string, std::vector<std::string>> values) {
  return run_calculator(*find_calculator(name), std::move(values), tables);
}

// 36.1 Example: the D3 USN CV at dice 7 (19 G/Ts) goes into the Ship Repair Log as the book's
// own repair change would put it; the same ship again is refused.
TEST(WitpPostings, Witp36_1NavalRepairEntersTheShipRepairLog) {
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  Campaign posted = Campaign::fresh("0/1/42", "posted");
  const Json repair =
      run(example, "naval-repair", {{"ship", {"CV"}}, {"damage", {"3"}}, {"dice", {"7"}}});
  const std::string summary = post_result(posted, repair, {{"name", {"CV-5 Yorktown"}}});
  EXPECT_EQ(summary, "CV-5 Yorktown: in repair until G/T 3 of 0/5/42 (19 G/Ts, 36.1)");
  Campaign booked = Campaign::fresh("0/1/42", "booked");
  apply_book_command(
      booked, {"repair", "ship=CV-5 Yorktown", "side=allied", "type=CV", "damage=3", "dice=7"},
      example);
  EXPECT_EQ(posted.books(), booked.books());
  EXPECT_THROW(post_result(posted, repair, {{"name", {"CV-5 Yorktown"}}}), engine::UsageError);
  EXPECT_THROW(post_result(posted, repair, {}), engine::UsageError);  // --name required
  EXPECT_EQ(posted.log().size(), 1u);
  EXPECT_NE(posted.undo().find("naval-repair"), std::string::npos);
  EXPECT_TRUE(read_ship_repair_log(posted.books()).ships.empty());
}

// 36.4.3: the maximum effort's CPs come from the HQ controlling the port; one it cannot afford
// (which would take the HQ below 0) is refused.
TEST(WitpPostings, Witp36_4_3MaximumEffortSpendsFromTheHq) {
  // A Maximum Effort Repair Table row for the test only (the chartbook's values are the
  // player's; no row survives in the text).
  Json rows = Json::array();
  for (std::int64_t dr = 1; dr <= 7; ++dr) rows.push_back({{"dr", dr}, {"cps", dr + 2}});
  const Tables tables =
      Tables::from_json({{"format", "pacwar-witp-tables"},
                         {"version", 1},
                         {"tables", {{"maximum_effort_repair", {{"rows", rows}}}}}},
                        "test-tables.json");
  Campaign campaign = Campaign::fresh("0/3/43", "test");
  apply_book_command(campaign, {"assign", "side=allied", "hq=POA", "cps=10", "previous=10"},
                     tables);
  const Json effort = run(tables, "maximum-effort", {{"die", {"4"}}, {"cps-available", {"10"}}});
  EXPECT_NE(post_result(campaign, effort, {{"side", {"allied"}}, {"hq", {"POA"}}}).find("4 left"),
            std::string::npos);
  const Json short_of_cps =
      run(tables, "maximum-effort", {{"die", {"4"}}, {"cps-available", {"4"}}});
  EXPECT_THROW(post_result(campaign, short_of_cps, {{"side", {"allied"}}, {"hq", {"POA"}}}),
               engine::UsageError);
  EXPECT_EQ(campaign.log().size(), 2u);
}

// 32.1.1 Example: Jaluit, 47 hexes to the UCS and 19 to its supply base, 1786: category A.
TEST(WitpPostings, Witp32_1_1SupplyDistanceEntersTheBaseLog) {
  // Category A from 1500 (32.2.1, the Jaluit example); the other rows for the test only.
  Json rows = Json::array();
  const char* const categories[] = {"A", "B", "C", "D", "E", "F"};
  for (std::int64_t i = 0; i < 6; ++i) {
    rows.push_back({{"category", categories[i]}, {"min_distance", 1500 + 1000 * i}});
  }
  const Tables example =
      Tables::from_json({{"format", "pacwar-witp-tables"},
                         {"version", 1},
                         {"tables", {{"supply_penalty_categories", {{"rows", rows}}}}}},
                        "test-tables.json");
  Campaign campaign = Campaign::fresh("0/1/42", "test");
  const Json jaluit =
      run(example, "supply-distance", {{"ucs-distance", {"47"}}, {"supply-base-distance", {"19"}}});
  EXPECT_EQ(post_result(campaign, jaluit, {{"base", {"Jaluit"}}, {"side", {"japanese"}}}),
            "Jaluit: Total Supply Distance 1786, category A (Base Log, 32.1.1)");
  BaseLog log = read_base_log(campaign.books());
  EXPECT_EQ(log.at("Jaluit").category, "A");
  EXPECT_EQ(log.at("Jaluit").side, "japanese");
  EXPECT_THROW(post_result(campaign, jaluit, {{"base", {"Jaluit"}}, {"side", {"axis"}}}),
               engine::UsageError);
  const Json only = run(
      example, "supply-distance",
      {{"ucs-distance", {"47"}}, {"supply-base-distance", {"19"}}, {"distance-only", {"true"}}});
  post_result(campaign, only, {{"base", {"Jaluit"}}, {"side", {"japanese"}}});
  log = read_base_log(campaign.books());
  EXPECT_FALSE(log.at("Jaluit").category.has_value());
  EXPECT_TRUE(log.at("Jaluit").category_note.has_value());
  EXPECT_EQ(campaign.log().size(), 2u);
}

}  // namespace
}  // namespace pacwar::witp
