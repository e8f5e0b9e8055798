#include "witp/tables.h"

#include <gtest/gtest.h>

#include <fstream>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(WitpTables, ExampleFileIsValid) {
  std::ifstream stream(source_dir() + "/data/witp/tables.example.json");
  ASSERT_TRUE(stream);
  const Json document = Json::parse(stream);
  for (const TableProblem& problem : validate_tables(document)) {
    EXPECT_EQ(problem.problem.rfind("incomplete", 0), 0u)
        << problem.where << ": " << problem.problem;
  }
  EXPECT_NO_THROW(Tables::from_json(document, "tables.example.json"));
}

// Issue 41: {"format": 5} ended the validator with the JSON library's type_error (the server
// answered 500). Every value of the example document, in turn replaced by a value of each JSON
// type, is a problem named by the validator (or a valid document), never an exception.
TEST(WitpTables, AnyValueOfAnyTypeIsAProblemNotAnException) {
  std::ifstream stream(source_dir() + "/data/witp/tables.example.json");
  ASSERT_TRUE(stream);
  const Json example = Json::parse(stream);
  const Json flat = example.flatten();
  std::vector<Json::json_pointer> paths;
  for (const auto& [path, value] : flat.items()) {
    // Every value and every object or array holding it.
    for (Json::json_pointer p(path); !p.empty(); p = p.parent_pointer()) paths.push_back(p);
  }
  const std::vector<Json> values = {"x",    5, -1, 1.5, true, Json::object(), Json::array({1}),
                                    nullptr};
  for (const Json::json_pointer& path : paths) {
    for (const Json& value : values) {
      Json document = example;
      document[path] = value;
      SCOPED_TRACE(path.to_string() + " = " + value.dump());
      EXPECT_NO_THROW(validate_tables(document));
      try {
        Tables::from_json(document, "t.json");
      } catch (const engine::DataError&) {
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    }
  }
}

TEST(WitpTables, ValidatorNamesTheField) {
  const Json bad = Json::parse(R"({"format": "pacwar-witp-tables", "version": 1, "tables": {
      "supply_penalty_categories": {"rows": [{"category": "G", "min_distance": 1000}]},
      "japanese_reserve_exchange": {"rows": [{"min_ms_points": -1, "give": 0, "get": 1}]},
      "merchant_shipping_attrition": {"rows": []}}})");
  std::vector<std::string> where;
  for (const TableProblem& problem : validate_tables(bad)) where.push_back(problem.where);
  auto has = [&](const std::string& w) {
    return std::find(where.begin(), where.end(), w) != where.end();
  };
  EXPECT_TRUE(has("tables.supply_penalty_categories.rows[0].category"));
  EXPECT_TRUE(has("tables.supply_penalty_categories.rows[0].min_distance"));
  EXPECT_TRUE(has("tables.japanese_reserve_exchange.rows[0].min_ms_points"));
  EXPECT_TRUE(has("tables.merchant_shipping_attrition"));
  EXPECT_THROW(Tables::from_json(bad, "bad.json"), engine::DataError);
  EXPECT_FALSE(validate_tables(Json::parse(R"({"tables": {}})")).empty());
}

TEST(WitpTables, MissingFileRefusesNamingTableAndFile) {
  const Tables tables = Tables::load("/nonexistent/witp-tables.json");
  try {
    tables.supply_penalty_categories();
    FAIL();
  } catch (const engine::UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("supply_penalty_categories"), std::string::npos);
    EXPECT_NE(message.find("/nonexistent/witp-tables.json"), std::string::npos);
    EXPECT_NE(message.find("chartbook"), std::string::npos);
  }
}

TEST(WitpTables, NavalRepairAndCargoTablesAreChecked) {
  const Json bad = Json::parse(R"({"format": "pacwar-witp-tables", "version": 1, "tables": {
      "naval_damage_repair": {"rows": [{"table": 5, "dr": -3, "level": 5, "gts": 2},
                                       {"table": 2, "dr": -3, "level": 1, "gts": 2},
                                       {"table": 2, "dr": -3, "level": 1, "gts": 4}]},
      "naval_repair_ship_types": {"rows": [{"ship_type": "CV", "table": 4},
                                           {"ship_type": "CV", "table": 3}]},
      "maximum_effort_repair": {"rows": [{"dr": 1, "cps": -2}]},
      "air_transport_cargo_aps": {"rows": [{"min_steps": 10, "max_steps": 40, "aps": 3},
                                           {"min_steps": 20, "max_steps": 9, "aps": 1}]}}})");
  std::vector<std::string> where;
  for (const TableProblem& problem : validate_tables(bad)) where.push_back(problem.where);
  auto has = [&](const std::string& w) {
    return std::find(where.begin(), where.end(), w) != where.end();
  };
  EXPECT_TRUE(has("tables.naval_damage_repair.rows[0].table"));
  EXPECT_TRUE(has("tables.naval_damage_repair.rows[0].level"));
  EXPECT_FALSE(has("tables.naval_damage_repair.rows[1].dr"));  // a negative DR is allowed
  EXPECT_TRUE(has("tables.naval_damage_repair.rows[2]"));      // the same cell twice
  EXPECT_TRUE(has("tables.naval_repair_ship_types.rows[1].ship_type"));
  EXPECT_TRUE(has("tables.maximum_effort_repair.rows[0].cps"));
  EXPECT_TRUE(has("tables.air_transport_cargo_aps.rows[0].max_steps"));
  EXPECT_TRUE(has("tables.air_transport_cargo_aps.rows[1].max_steps"));
  EXPECT_THROW(Tables::from_json(bad, "bad.json"), engine::DataError);
}

TEST(WitpTables, PortsAndAirbasesTableIsChecked) {
  const Json bad = Json::parse(R"({"format": "pacwar-witp-tables", "version": 1, "tables": {
      "bombardment_of_ports_and_airbases": {"rows": [
          {"min_strength": 176, "dr": 7, "result": "D5"},
          {"min_strength": 176, "dr": -1, "result": "S"},
          {"min_strength": 176, "dr": -1, "result": "-"}]}}})");
  std::vector<std::string> where;
  for (const TableProblem& problem : validate_tables(bad)) where.push_back(problem.where);
  auto has = [&](const std::string& w) {
    return std::find(where.begin(), where.end(), w) != where.end();
  };
  EXPECT_TRUE(has("tables.bombardment_of_ports_and_airbases.rows[0].result"));
  EXPECT_FALSE(has("tables.bombardment_of_ports_and_airbases.rows[1].dr"));  // may be negative
  EXPECT_TRUE(has("tables.bombardment_of_ports_and_airbases.rows[2]"));      // the same cell twice
  EXPECT_THROW(Tables::from_json(bad, "bad.json"), engine::DataError);
  const Json number = Json::parse(R"({"format": "pacwar-witp-tables", "version": 1, "tables": {
      "bombardment_of_ports_and_airbases": {"rows": [
          {"min_strength": 176, "dr": 8, "result": 2}]}}})");
  EXPECT_EQ(validate_tables(number).at(0).where,
            "tables.bombardment_of_ports_and_airbases.rows[0].result");  // must be text
  EXPECT_EQ(parse_bombardment_result("D4"), 4);
  EXPECT_EQ(parse_bombardment_result("-"), kNoDamage);
  EXPECT_EQ(parse_bombardment_result("D0"), kNotAResult);
  EXPECT_EQ(bombardment_result_name(kSuppressed), "S");
}

}  // namespace
}  // namespace pacwar::witp
