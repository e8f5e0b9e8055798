#include "witp/campaign_schema.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/errors.h"
#include "witp/campaign.h"

namespace pacwar::witp {
namespace {

class WitpCampaignFile : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = (std::filesystem::temp_directory_path() /
             ("witp_schema_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json"))
                .string();
    std::filesystem::remove(file_);
    Campaign campaign = Campaign::create(file_, "0/3/42");
    apply_book_command(campaign, {"assign", "side=allied", "hq=POA", "cps=20", "previous=20"},
                       Tables("data/witp/tables.json"));
    campaign.save();
    std::ifstream stream(file_);
    document_ = Json::parse(stream);
  }
  void TearDown() override { std::filesystem::remove(file_); }

  // The error a hand-edited file gives when read, or "" when it reads.
  std::string read_error(const Json& document) {
    {
      std::ofstream stream(file_);
      stream << document.dump();
    }
    try {
      Campaign::open(file_);
    } catch (const engine::DataError& e) {
      return e.what();
    }
    return "";
  }

  std::string file_;
  Json document_;
};

// The holes of issue 18: each hand edit is refused on load with file, field path and rule.
TEST_F(WitpCampaignFile, NegativeSpentIsRefusedOnLoad) {
  Json edited = document_;
  edited["books"]["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["spent"] = -999;
  const std::string error = read_error(edited);
  EXPECT_NE(error.find(file_ + ": books.sides.allied.hqs.POA.cycles.0/3/42.spent"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("28.2"), std::string::npos) << error;
}

TEST_F(WitpCampaignFile, SiLevelCycleAndReserveRangesAreChecked) {
  Json si = document_;
  si["books"]["sides"]["allied"]["si_level"] = 17;
  EXPECT_NE(read_error(si).find("books.sides.allied.si_level: must be from 0 to 4"),
            std::string::npos);
  Json japan = document_;
  japan["books"]["sides"]["japanese"]["si_level"] = 4;  // Japan's levels are 1-3 (42.1)
  EXPECT_NE(read_error(japan).find("si_level"), std::string::npos);
  Json cycle = document_;
  cycle["books"]["cycle"] = 9999;
  EXPECT_NE(read_error(cycle).find("books.cycle: must be from 0 to 77"), std::string::npos);
  Json reserve = document_;
  reserve["books"]["sides"]["japanese"]["reserve_available"] = -3;
  EXPECT_NE(read_error(reserve).find("reserve_available"), std::string::npos);
}

TEST_F(WitpCampaignFile, WrongTypesAndUnknownFieldsNameTheField) {
  Json type = document_;
  type["books"]["sides"]["allied"]["reserve_available"] = "ten";
  EXPECT_NE(read_error(type).find("reserve_available: must be a whole number"), std::string::npos);
  Json unknown = document_;
  unknown["books"]["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["spnet"] = 3;
  EXPECT_NE(read_error(unknown).find("spnet: not a field"), std::string::npos);
  Json label = document_;
  label["books"]["ship_repair_log"] = Json::array(
      {{{"ship", "Yorktown"}, {"side", "allied"}, {"entered", "0/3/42"}, {"release", "0/14/42"}}});
  EXPECT_NE(read_error(label).find("ship_repair_log[0].release"), std::string::npos);
  // The books before each change are checked too: undo could restore them.
  Json before = document_;
  before["log"][0]["before"]["sides"]["allied"]["reserve_incoming"] = -1;
  EXPECT_NE(read_error(before).find("log[0].before.sides.allied.reserve_incoming"),
            std::string::npos);
  EXPECT_EQ(read_error(document_), "");
}

// 28.2: a HQ cannot have used more CPs than it holds, even when each count is in range.
TEST_F(WitpCampaignFile, SpentBeyondWhatTheHqHoldsIsRefused) {
  Json edited = document_;
  edited["books"]["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["spent"] = 21;
  EXPECT_NE(read_error(edited).find("holds only 20"), std::string::npos);
}

// The file is never rewritten from an invalid state.
TEST_F(WitpCampaignFile, SaveRefusesInvalidBooks) {
  Json edited = document_;
  edited["books"]["sides"]["allied"]["si_level"] = 17;
  EXPECT_THROW(Campaign::from_json(edited, file_), engine::DataError);
  const std::vector<SchemaProblem> problems = check_books(edited["books"]);
  ASSERT_EQ(problems.size(), 1U);
  EXPECT_EQ(problems[0].path, "books.sides.allied.si_level");
}

// Found by fuzzing (fuzz/corpus/witp_inputs/regression_format_not_a_string): a "format" or
// "version" of the wrong type is a clear error, not an uncaught JSON exception.
TEST_F(WitpCampaignFile, FormatAndVersionOfTheWrongTypeAreRefused) {
  Json edited = document_;
  edited["format"] = 1;
  EXPECT_NE(read_error(edited).find("format"), std::string::npos);
  edited = document_;
  edited["version"] = "1";
  EXPECT_NE(read_error(edited).find("version"), std::string::npos);
}

}  // namespace
}  // namespace pacwar::witp
