#include "witp/catalog.h"

#include <gtest/gtest.h>

#include <set>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

Json run(const std::string& name, std::map<std::string, std::vector<std::string>> values,
         std::optional<std::uint64_t> seed = std::nullopt) {
  const Calculator* calculator = find_calculator(name);
  EXPECT_NE(calculator, nullptr) << name;
  return run_calculator(*calculator, std::move(values), Tables("data/witp/tables.json"), seed);
}

TEST(WitpCatalog, NamesAreUniqueAndCiteSections) {
  std::set<std::string> names;
  for (const Calculator& calculator : calculators()) {
    EXPECT_TRUE(names.insert(calculator.name).second) << calculator.name;
    EXPECT_FALSE(calculator.section.empty()) << calculator.name;
  }
}

TEST(WitpCatalog, SupplyDistanceJaluitJson) {
  const Json json = run(
      "supply-distance",
      {{"ucs-distance", {"47"}}, {"supply-base-distance", {"19"}}, {"distance-only", {"true"}}});
  EXPECT_EQ(json["section"], "32.1.1");
  EXPECT_EQ(json["result"]["total_supply_distance"], 1786);
  EXPECT_EQ(json["inputs"]["ucs-distance"], 47);
  EXPECT_THROW(run("supply-distance", {{"ucs-distance", {"47"}}, {"supply-base-distance", {"19"}}}),
               engine::UsageError);  // category needs the chartbook table
}

TEST(WitpCatalog, MiningAndDefaults) {
  const Json json = run(
      "mining",
      {{"aps", {"2"}}, {"resource-value", {"9"}}, {"die", {"6"}}, {"extended-range", {"true"}}});
  EXPECT_EQ(json["result"]["msp_lost"], 9);
  EXPECT_EQ(json["inputs"]["target"], "resource");
}

TEST(WitpCatalog, BadArgumentsNameTheField) {
  try {
    run("mining", {{"aps", {"two"}}, {"die", {"6"}}});
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--aps"), std::string::npos);
  }
  try {
    run("cp-gearing", {});
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--previous-cycle-cps: required"), std::string::npos);
  }
  EXPECT_THROW(run("cp-gearing", {{"previous-cycle-cps", {"50"}}, {"colour", {"red"}}}),
               engine::UsageError);
  EXPECT_THROW(run("msp-conversion", {{"ship", {"BB"}}, {"load", {"7"}}}), engine::UsageError);
}

TEST(WitpCatalog, RolledDiceAreSeededAndEchoed) {
  const Json first = run("general-elimination", {{"dice", {"roll"}}}, 7);
  const Json second = run("general-elimination", {{"dice", {"roll"}}}, 7);
  EXPECT_EQ(first, second);
  const std::int64_t dice = first["inputs"]["dice"].get<std::int64_t>();
  EXPECT_GE(dice, 2);
  EXPECT_LE(dice, 12);
  EXPECT_EQ(first["inputs"]["dice_rolled"].size(), 2u);
  EXPECT_THROW(run("general-elimination", {{"dice", {"roll"}}}), engine::UsageError);
}

TEST(WitpCatalog, ListsAndMultipleValues) {
  const Json json = run("msp-conversion", {{"load", {"7", "7"}}});
  EXPECT_EQ(json["result"]["msp_gained"], 7);
  const Json carry = run("cp-carry-over", {{"reserve-cps", {"8"}}, {"hq-cps", {"9", "3"}}});
  EXPECT_EQ(carry["result"]["reserve_cps"], 6);
  EXPECT_EQ(carry["result"]["hq_cps"], Json::parse("[4, 1]"));
}

// The worked examples through the catalog, as the command line runs them.
TEST(WitpCatalog, WorkedExamplesThroughTheCatalog) {
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  const Json repair =
      run_calculator(*find_calculator("naval-repair"),
                     {{"ship", {"CV"}}, {"damage", {"3"}}, {"dice", {"7"}}}, example);
  EXPECT_EQ(repair["section"], "36.1");
  EXPECT_EQ(repair["result"]["total_gts"], 19);
  EXPECT_EQ(run_calculator(*find_calculator("cargo-aps"), {{"ground-steps", {"34"}}},
                           example)["result"]["cargo_aps"],
            8);
  EXPECT_EQ(
      run_calculator(*find_calculator("cadre-release"),
                     {{"printed-tq", {"6"}}, {"printed-steps", {"10"}}, {"years-early", {"2"}}},
                     example)["result"]["early_release_cps"],
      14);
  EXPECT_EQ(
      run_calculator(*find_calculator("seaplane-base"), {{"tq", {"5"}}}, example)["result"]["gts"],
      3);
  EXPECT_EQ(
      run_calculator(*find_calculator("engineers"), {{"normal-gts", {"10"}}, {"engineers", {"2"}}},
                     example)["result"]["gts"],
      5);
}

TEST(WitpCatalog, DrawsNeedASeedAndRepeatWithIt) {
  const Tables none("data/witp/tables.json");
  const Calculator& draw = *find_calculator("attrition-draw");
  EXPECT_THROW(run_calculator(draw, {{"cup", {"allied"}}, {"draw", {"true"}}}, none),
               engine::UsageError);
  const Json first = run_calculator(draw, {{"cup", {"allied"}}, {"draw", {"true"}}}, none, 5);
  const Json again = run_calculator(draw, {{"cup", {"allied"}}, {"draw", {"true"}}}, none, 5);
  EXPECT_EQ(first["result"]["drawn"], again["result"]["drawn"]);
  EXPECT_THROW(run_calculator(*find_calculator("magic-draw"), {{"chits", {"2"}}}, none),
               engine::UsageError);
  EXPECT_THROW(run_calculator(draw, {{"cup", {"soviet"}}}, none), engine::UsageError);
  EXPECT_THROW(run_calculator(*find_calculator("naval-repair"),
                              {{"ship", {"CV"}}, {"damage", {"3"}}, {"dice", {"7"}}}, none),
               engine::UsageError);
  EXPECT_THROW(
      run_calculator(*find_calculator("railcap"), {{"unit", {"brigade"}}, {"steps", {"-4"}}}, none),
      engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
