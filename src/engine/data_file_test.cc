#include "engine/data_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/errors.h"

namespace pacwar::engine {
namespace {

// The message of what `read` throws as E, or "" when it throws nothing.
template <typename E, typename Read>
std::string refusal(Read read) {
  try {
    read();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

TEST(EngineDataFile, ReadsJsonAndNamesTheFileItCannotRead) {
  const std::string dir = ::testing::TempDir();
  const std::string good = dir + "/data_file_good.json";
  const std::string bad = dir + "/data_file_bad.json";
  const std::string none = dir + "/data_file_none.json";
  std::ofstream(good) << R"({"a": 1})";
  std::ofstream(bad) << "{";
  std::filesystem::remove(none);

  EXPECT_EQ(read_data_file(good)["a"], 1);
  EXPECT_EQ(read_user_file(good, "save file")["a"], 1);

  EXPECT_EQ(refusal<DataError>([&] { read_data_file(none, "the tables"); }),
            none + ": (file): cannot open the file (the tables)");
  EXPECT_EQ(
      refusal<DataError>([&] { read_data_file(bad); }).rfind(bad + ": (file): invalid JSON: ", 0),
      0u);
  EXPECT_EQ(refusal<UsageError>([&] { read_user_file(none, "save file"); }),
            "cannot read save file '" + none + "'");
  EXPECT_EQ(refusal<UsageError>([&] {
              read_user_file(bad, "campaign file");
            }).rfind("campaign file '" + bad + "' is not valid JSON: ", 0),
            0u);
}

// DataField: every read that finds something else names the file, the field's path and why.
TEST(EngineDataFile, FieldErrorsNameTheFileThePathAndTheReason) {
  const std::string file = "units.json";
  const Json json =
      Json::parse(R"({"units": [{"id": "A", "steps": 9, "home": "yes", "name": ""}], "extra": 1})");
  const DataField root(json, file, "");
  const DataField unit = root["units"].array().at(0);
  EXPECT_EQ(unit.path(), "units[0]");
  EXPECT_EQ(unit["id"].string(), "A");
  EXPECT_EQ(unit["steps"].integer(1, 9), 9);
  EXPECT_FALSE(unit.optional("x").has_value());
  EXPECT_EQ(refusal<DataError>([&] { unit["steps"].integer(1, 2); }),
            "units.json: units[0].steps: value 9 out of range 1..2");
  EXPECT_EQ(refusal<DataError>([&] { unit["x"]; }), "units.json: units[0].x: missing field");
  EXPECT_EQ(refusal<DataError>([&] { unit["home"].boolean(); }),
            "units.json: units[0].home: expected true or false");
  EXPECT_EQ(refusal<DataError>([&] { unit["name"].string(); }),
            "units.json: units[0].name: must not be empty");
  EXPECT_EQ(unit["name"].string(true), "");
  EXPECT_EQ(refusal<DataError>([&] { unit["id"].array(); }),
            "units.json: units[0].id: expected an array");
  EXPECT_EQ(refusal<DataError>([&] { root.require_keys({"units"}); }),
            "units.json: extra: unknown field");
  EXPECT_EQ(refusal<DataError>([&] { root["units"]["id"]; }),
            "units.json: units: expected an object");
}

// read_data_document: a data file whose top level is not an object is refused.
TEST(EngineDataFile, DocumentMustBeAnObject) {
  const std::string file = ::testing::TempDir() + "/data_file_array.json";
  std::ofstream(file) << "[1, 2]";
  EXPECT_EQ(refusal<DataError>([&] { read_data_document(file); }),
            file + ": (top level): expected an object");
  std::ofstream(file) << R"({"a": [1]})";
  const DataDocument doc = read_data_document(file);
  EXPECT_EQ(doc.root()["a"].array().at(0).integer(), 1);
}

}  // namespace
}  // namespace pacwar::engine
