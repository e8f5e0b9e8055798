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
  // A log entry's undo must be a JSON Patch.
  Json undo = document_;
  undo["log"][0]["undo"] = "yes";
  EXPECT_NE(read_error(undo).find("log[0].undo: must be a JSON Patch"), std::string::npos)
      << read_error(undo);
  EXPECT_EQ(read_error(document_), "");
}

// Version 1 files kept a copy of the books before each change; each copy is checked when such a
// file is read (undo could restore it), and the file is read as version 2: the copies become
// the patches that undo the changes (issue 41, hole 3).
TEST_F(WitpCampaignFile, Version1FilesAreCheckedAndRead) {
  ASSERT_EQ(document_["version"], 2);
  ASSERT_EQ(document_["log"].size(), 1U);
  Json books_before = document_["books"];
  books_before["sides"]["allied"]["hqs"] = Json::object();  // before "assign"
  Json v1 = document_;
  v1["version"] = 1;
  v1["log"][0].erase("undo");
  v1["log"][0]["before"] = books_before;
  Json bad = v1;
  bad["log"][0]["before"]["sides"]["allied"]["reserve_incoming"] = -1;
  EXPECT_NE(read_error(bad).find("log[0].before.sides.allied.reserve_incoming"), std::string::npos)
      << read_error(bad);
  EXPECT_EQ(read_error(v1), "");
  Campaign campaign = Campaign::open(file_);
  EXPECT_FALSE(campaign.log()[0].contains("before"));
  EXPECT_TRUE(campaign.log()[0]["undo"].is_array());
  EXPECT_EQ(campaign.to_json()["version"], 2);
  EXPECT_EQ(campaign.undo(), document_["log"][0]["change"].get<std::string>());
  EXPECT_EQ(campaign.books(), books_before);
}

// An undo whose patch would restore books outside the schema is refused, and changes nothing.
TEST_F(WitpCampaignFile, AnUndoThatRestoresInvalidBooksIsRefused) {
  Json edited = document_;
  edited["log"][0]["undo"] =
      Json::array({{{"op", "replace"}, {"path", "/sides/allied/reserve_incoming"}, {"value", -1}}});
  ASSERT_EQ(read_error(edited), "");
  Campaign campaign = Campaign::open(file_);
  try {
    campaign.undo();
    ADD_FAILURE() << "undo restored invalid books";
  } catch (const engine::DataError& e) {
    EXPECT_NE(std::string(e.what()).find("reserve_incoming"), std::string::npos) << e.what();
  }
  EXPECT_EQ(campaign.books(), document_["books"]);
  EXPECT_EQ(campaign.log().size(), 1U);
  Json broken = document_;
  broken["log"][0]["undo"] = Json::array({{{"op", "remove"}, {"path", "/no/such/field"}}});
  ASSERT_EQ(read_error(broken), "");
  Campaign other = Campaign::open(file_);
  EXPECT_THROW(other.undo(), engine::DataError);
  EXPECT_EQ(other.log().size(), 1U);
}

// The log keeps a patch, not a copy of the books, and only for the last kUndoDepth changes: the
// file grows by a few hundred bytes a change (it grew by a copy of the books, 3.26 MB after 200
// changes, in the audit), and undo goes back kUndoDepth changes and no further.
TEST_F(WitpCampaignFile, UndoGoesBackTheLastChangesAndTheFileStaysSmall) {
  Campaign campaign = Campaign::open(file_);
  const Tables tables("data/witp/tables.json");
  const std::size_t changes = Campaign::kUndoDepth + 30;
  for (std::size_t i = 0; i < changes; ++i) {
    apply_book_command(campaign, {"msp-total", "msp=" + std::to_string(100 + i)}, tables);
  }
  const std::size_t bytes = campaign.to_json().dump().size();
  EXPECT_LT(bytes, 600 * (changes + 1)) << bytes;
  EXPECT_EQ(campaign.log().size(), changes + 1);
  for (std::size_t i = 0; i < Campaign::kUndoDepth; ++i) campaign.undo();
  try {
    campaign.undo();
    ADD_FAILURE() << "undid a change older than kUndoDepth";
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("too old to undo"), std::string::npos) << e.what();
  }
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

// A long campaign keeps its last kLogDepth changes and counts the ones before them, so that a
// change (which reads and writes the whole document) costs the same at 5,000 changes as at 1,000.
TEST_F(WitpCampaignFile, TheLogKeepsItsLastChangesAndCountsTheRest) {
  Campaign campaign = Campaign::open(file_);
  const Tables tables("data/witp/tables.json");
  const std::size_t changes = Campaign::kLogDepth + 49;
  for (std::size_t i = 0; i < changes; ++i) {
    apply_book_command(campaign, {"msp-total", "msp=" + std::to_string(100 + i % 500)}, tables);
  }
  EXPECT_EQ(campaign.log().size(), Campaign::kLogDepth);
  EXPECT_EQ(campaign.log_earlier(), 50);  // the "assign" of SetUp and 49 changes
  campaign.save();
  const Campaign reopened = Campaign::open(file_);
  EXPECT_EQ(reopened.log_earlier(), 50);
  EXPECT_EQ(reopened.log().back()["change"], campaign.log().back()["change"]);
  Json bad = reopened.to_json();
  bad["log_earlier"] = -1;
  EXPECT_NE(read_error(bad).find("log_earlier"), std::string::npos);
}

}  // namespace
}  // namespace pacwar::witp
