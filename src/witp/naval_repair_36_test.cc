#include "witp/naval_repair_36.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

Tables example_tables() { return Tables::load(source_dir() + "/data/witp/tables.example.json"); }

// 36.1 Example: a D3 USN CV (Table #4) with a modified DR of 7: 11 + 6 + 2 = 19 G/Ts.
TEST(Witp36_1, D3UsnCvNineteenGts) {
  RepairInput input;
  input.ship_type = "CV";
  input.damage = 3;
  input.dice = 7;
  const RepairResult result = repair_duration(input, example_tables());
  EXPECT_EQ(result.table, 4);
  EXPECT_EQ(result.gts, (std::vector<std::int64_t>{2, 6, 11}));
  EXPECT_EQ(result.total_gts, 19);
}

// 36.4.4: maximum effort takes 8 G/Ts off, the highest damage levels first.
TEST(Witp36_4_4, MaximumEffortCutsEightFromTheTop) {
  RepairInput input;
  input.ship_type = "CV";
  input.damage = 3;
  input.dice = 7;
  input.maximum_effort = true;
  const RepairResult result = repair_duration(input, example_tables());
  EXPECT_EQ(result.gts, (std::vector<std::int64_t>{2, 6, 3}));
  EXPECT_EQ(result.total_gts, 11);
}

TEST(Witp36_1_2, PortDrmsAndMissingCellsRefuse) {
  RepairInput input;
  input.ship_type = "CV";
  input.damage = 3;
  input.dice = 5;
  input.port = RepairPort::kUsWestCoast;  // +2: DR 7
  EXPECT_EQ(repair_duration(input, example_tables()).total_gts, 19);
  input.capital_ship_under_repair = true;  // +1: DR 6, not in the example file
  try {
    repair_duration(input, example_tables());
    FAIL() << "expected a refusal";
  } catch (const engine::UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("naval_damage_repair"), std::string::npos) << message;
    EXPECT_NE(message.find("tables.example.json"), std::string::npos) << message;
  }
}

TEST(Witp36_1, BadShipTypesAndMissingTables) {
  RepairInput input;
  input.ship_type = "XX";
  input.damage = 2;
  input.dice = 7;
  EXPECT_THROW(repair_duration(input, example_tables()), engine::UsageError);
  input.ship_type = "MSU";  // 36.2.4
  EXPECT_THROW(repair_duration(input, example_tables()), engine::UsageError);
  input.ship_type = "BB";  // its table is not in the example file
  EXPECT_THROW(repair_duration(input, example_tables()), engine::UsageError);
  input.ship_type = "CV";
  EXPECT_THROW(repair_duration(input, Tables("nowhere.json")), engine::UsageError);
  input.damage = 5;
  EXPECT_THROW(repair_duration(input, example_tables()), engine::UsageError);
  input.damage = -1;
  EXPECT_THROW(repair_duration(input, example_tables()), engine::UsageError);
}

// 36.2 Salvage Table with +1 major port / -1 anchorage.
TEST(Witp36_2, SalvageTable) {
  EXPECT_EQ(salvage_cycles(3, SalvagePort::kMinor), 0);
  EXPECT_EQ(salvage_cycles(3, SalvagePort::kMajor), 6);
  EXPECT_EQ(salvage_cycles(5, SalvagePort::kMinor), 4);
  EXPECT_EQ(salvage_cycles(6, SalvagePort::kMajor), 2);
  EXPECT_EQ(salvage_cycles(4, SalvagePort::kAnchorage), 0);
  EXPECT_THROW(salvage_cycles(7, SalvagePort::kMinor), engine::UsageError);
  EXPECT_THROW(parse_salvage_port("--port", "harbour"), engine::UsageError);
}

// Made-up costs: the real Maximum Effort Repair Table is the chartbook's.
TEST(Witp36_4_2, MaximumEffortNeedsTheChartbookTable) {
  EXPECT_THROW(maximum_effort({.die = 3}, example_tables()), engine::UsageError);
  const Json document = {
      {"format", "pacwar-witp-tables"},
      {"version", 1},
      {"tables",
       {{"maximum_effort_repair",
         {{"rows", Json::array({Json{{"dr", 1}, {"cps", 4}}, Json{{"dr", 2}, {"cps", 6}},
                                Json{{"dr", 3}, {"cps", 8}}, Json{{"dr", 4}, {"cps", 10}},
                                Json{{"dr", 5}, {"cps", 12}}, Json{{"dr", 6}, {"cps", 14}},
                                Json{{"dr", 7}, {"cps", 16}}})}}}}}};
  const Tables tables = Tables::from_json(document, "t.json");
  const MaximumEffortResult us =
      maximum_effort({.die = 3, .us_cv = true, .cps_available = 12}, tables);
  EXPECT_EQ(us.cost, 10);
  EXPECT_TRUE(us.affordable);
  const MaximumEffortResult japan =
      maximum_effort({.die = 4, .japanese = true, .cps_available = 12}, tables);
  EXPECT_EQ(japan.cost, 20);
  EXPECT_FALSE(japan.affordable);
  EXPECT_EQ(japan.cps_taken, 30);
}

TEST(Witp36_5, YardPeriodsAndRefits) {
  const YardResult cv = yard_requirement({.ship_type = "CV", .year = 42});
  EXPECT_EQ(cv.required, 1);
  EXPECT_EQ(yard_requirement({.ship_type = "CV", .year = 41}).required, 0);
  EXPECT_EQ(
      yard_requirement({.ship_type = "BB", .year = 43, .reinforcement_this_year = true}).required,
      0);
  const YardResult missed = yard_requirement({.ship_type = "CA",
                                              .year = 43,
                                              .refits_missed = 2,
                                              .consecutive_missed = 2,
                                              .yard_periods_done = 1,
                                              .activation_cost = 3});
  EXPECT_EQ(missed.required, 2);
  EXPECT_EQ(missed.outstanding, 1);
  EXPECT_TRUE(missed.naval_crt_roll);
  EXPECT_EQ(missed.extended_cps, 6);
  EXPECT_EQ(yard_requirement({.ship_type = "DD", .year = 43}).required, 0);
  EXPECT_THROW(yard_requirement({.ship_type = "ZZ", .year = 43}), engine::UsageError);
  EXPECT_THROW(yard_requirement({.ship_type = "CV", .year = 43, .refits_missed = -1}),
               engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
