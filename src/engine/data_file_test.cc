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
  const std::string dir = testing::TempDir();
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

}  // namespace
}  // namespace pacwar::engine
