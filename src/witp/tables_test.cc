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

}  // namespace
}  // namespace pacwar::witp
