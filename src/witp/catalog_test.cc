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

// 35.7.1, 42.7, 55.3, 41.1.4 through the catalog: named arguments, rolled dice echoed, tables
// refused by name.
TEST(WitpCatalog, DemolitionYamamotoAndStrikeArguments) {
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  const Calculator& demolition = *find_calculator("railcap-demolition");
  const Json passed = run_calculator(
      demolition, {{"tq-check", {"pass"}}, {"railcap", {"10"}}, {"dice", {"7"}}, {"cps", {"5"}}},
      example);
  EXPECT_EQ(passed["section"], "35.7.1");
  EXPECT_EQ(passed["result"]["railcap_destroyed"], 10);
  EXPECT_EQ(run_calculator(demolition, {{"tq-check", {"fail"}}, {"railcap", {"10"}}},
                           example)["result"]["railcap_destroyed"],
            0);
  EXPECT_THROW(run_calculator(demolition, {{"tq-check", {"pass"}}, {"railcap", {"10"}}}, example),
               engine::UsageError);  // no dice
  EXPECT_THROW(
      run_calculator(demolition, {{"tq-check", {"fail"}}, {"railcap", {"10"}}, {"dice", {"7"}}},
                     example),
      engine::UsageError);  // no roll after a failed check
  EXPECT_THROW(run_calculator(demolition, {{"tq-check", {"maybe"}}, {"railcap", {"10"}}}, example),
               engine::UsageError);
  // A rolled 2D6 is echoed with its faces (the cell may then be the chartbook's).
  try {
    const Json rolled = run_calculator(
        demolition, {{"tq-check", {"pass"}}, {"railcap", {"10"}}, {"dice", {"roll"}}}, example, 3);
    EXPECT_EQ(rolled["inputs"]["dice_rolled"].size(), 2u);
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bombardment_of_air_points"), std::string::npos);
  }

  const Calculator& yamamoto = *find_calculator("yamamoto");
  const Json empty_reserve = run_calculator(yamamoto,
                                            {{"hq-cps", {"30"}},
                                             {"other-hq-cps", {"8", "4"}},
                                             {"reserve-cps", {"0"}},
                                             {"koga-paid-from", {"hq"}},
                                             {"si-dice", {"roll"}}},
                                            example, 11);
  EXPECT_EQ(empty_reserve["result"]["hq_cps_lost"], 23);
  EXPECT_EQ(empty_reserve["result"]["koga_change_of_command_cps"], 7);
  EXPECT_EQ(empty_reserve["result"]["other_hqs_cps_lost"], Json::parse("[6, 3]"));
  EXPECT_EQ(empty_reserve["inputs"]["si-dice_rolled"].size(), 2u);
  EXPECT_THROW(run_calculator(yamamoto,
                              {{"hq-cps", {"30"}},
                               {"reserve-cps", {"20"}},
                               {"reserve-dice", {"7"}},
                               {"koga-paid-from", {"reserve"}},
                               {"si-dice", {"7"}}},
                              example),
               engine::UsageError);  // the reserve's column is the chartbook's
  EXPECT_THROW(run_calculator(yamamoto,
                              {{"hq-cps", {"30"}},
                               {"hq-left", {"31"}},
                               {"reserve-cps", {"0"}},
                               {"koga-paid-from", {"hq"}},
                               {"si-dice", {"7"}}},
                              example),
               engine::UsageError);

  const Calculator& strike = *find_calculator("strategic-strike");
  EXPECT_THROW(run_calculator(strike, {{"strength", {"200"}}, {"dice", {"7"}}}, example),
               engine::UsageError);  // divide first (55.3.3)
  EXPECT_THROW(
      run_calculator(strike,
                     {{"strength", {"100"}}, {"dice", {"7"}}, {"red-industrial-center", {"true"}}},
                     example),
      engine::UsageError);  // the red 1D6 is missing
  try {
    run_calculator(strike, {{"strength", {"100"}}, {"dice", {"7"}}}, example);
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bombardment_of_ports_and_airbases"), std::string::npos);
  }
  EXPECT_THROW(run_calculator(*find_calculator("demolition"), {{"tq-check", {"pass"}}}, example),
               engine::UsageError);
}

// 58.1 B through the catalog: "--d10 roll" rolls only after a successful 2D6.
TEST(WitpCatalog, AirTrainingRollsTheD10OnlyWhenNeeded) {
  const Tables none("data/witp/tables.json");
  const Calculator& training = *find_calculator("air-training");
  const Json failed = run_calculator(
      training, {{"weeks", {"2"}}, {"green-aps", {"6"}}, {"dice", {"9"}}, {"d10", {"roll"}}}, none,
      1);
  EXPECT_FALSE(failed["result"]["success"].get<bool>());
  EXPECT_FALSE(failed["inputs"].contains("d10"));
  const Json passed = run_calculator(
      training, {{"weeks", {"2"}}, {"green-aps", {"6"}}, {"dice", {"2"}}, {"d10", {"roll"}}}, none,
      1);
  EXPECT_TRUE(passed["result"]["success"].get<bool>());
  EXPECT_EQ(passed["inputs"]["d10_rolled"].size(), 1u);
  EXPECT_THROW(
      run_calculator(training, {{"weeks", {"2"}}, {"green-aps", {"6"}}, {"dice", {"2"}}}, none),
      engine::UsageError);  // the 1D10 is needed
  EXPECT_THROW(run_calculator(
                   training,
                   {{"weeks", {"2"}}, {"green-aps", {"6"}}, {"dice", {"9"}}, {"d10", {"3"}}}, none),
               engine::UsageError);  // no 1D10 after a failure
}

}  // namespace
}  // namespace pacwar::witp
