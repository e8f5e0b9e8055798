// The book changes as the browser's forms describe them (book_changes.h) are the changes
// apply_book_command knows, each listed in the command line's help.
#include "witp/book_changes.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/strategic_turn_50.h"

namespace pacwar::witp {
namespace {

ArgSpec fields_for_test() {
  ArgSpec cps;
  cps.name = "cps";
  return cps;
}

TEST(WitpBookChanges, EveryDescribedChangeIsKnownToTheBooks) {
  const Tables none("no tables");
  for (const BookChange& change : book_changes()) {
    SCOPED_TRACE(change.change);
    EXPECT_NE(book_command_help().find("  " + change.change + " "), std::string::npos);
    Campaign campaign = Campaign::fresh("0/3/44", "test");
    try {
      apply_book_command(campaign, {change.change}, none);
    } catch (const engine::UsageError& e) {
      EXPECT_EQ(std::string(e.what()).find("unknown book change"), std::string::npos) << e.what();
    }
    for (const ArgSpec& field : change.fields) {
      EXPECT_TRUE(field.choices.empty() || field.kind == ArgKind::kText) << field.name;
    }
  }
  EXPECT_EQ(find_book_change("conjure"), nullptr);
}

// Every field an entry's function reads is one the entry declares, with that kind: each change is
// run with no field, with every field, and with every field but one (each side), with values
// that pass the early checks where a word is needed, so that every form of a change is read.
TEST(WitpBookChanges, FunctionsReadOnlyTheFieldsTheirEntryDeclares) {
  const Tables tables = Tables::load(kDefaultTablesFile);
  const std::map<std::string, std::string> words_of = {
      {"damage", "D2"},   {"type", "DD"},      {"port", "other"},      {"cup", "allied"},
      {"chit", "DD"},     {"koga", "reserve"}, {"others", "Southern"}, {"si-spread", "0/6/44:2"},
      {"cause", "mining"}};
  for (const BookChange& change : book_changes()) {
    SCOPED_TRACE(change.change);
    for (const std::string side : {"allied", "japanese"}) {
      for (int omit = -2; omit < static_cast<int>(change.fields.size()); ++omit) {
        std::vector<std::string> words = {change.change};
        for (std::size_t i = 0; omit != -2 && i < change.fields.size(); ++i) {
          const ArgSpec& field = change.fields[i];
          if (static_cast<int>(i) == omit) continue;
          const auto word = words_of.find(field.name);
          if (field.kind == ArgKind::kFlag) {
            words.push_back(field.name);
          } else if (field.name == "side") {
            words.push_back("side=" + side);
          } else if (field.kind == ArgKind::kCycle) {
            words.push_back(field.name + "=0/6/44");
          } else if (field.kind == ArgKind::kInteger) {
            words.push_back(field.name + "=2");
          } else {
            words.push_back(field.name + "=" + (word != words_of.end() ? word->second : "CV"));
          }
        }
        Campaign campaign = Campaign::fresh("0/3/44", "test");
        try {
          apply_book_command(campaign, words, tables);
        } catch (const engine::UsageError&) {
          // The books may refuse; only a read of an undeclared field would fail the test.
        } catch (const engine::DataError&) {
        }
      }
    }
  }
}

TEST(WitpBookChanges, AReadOfAnUndeclaredFieldIsAProgrammingError) {
  BookChange change{"test", "0", "test", {fields_for_test()}, nullptr};
  BookFields fields(change, BookSurface::kCommandLine);
  EXPECT_THROW(fields.integer("cpz"), std::logic_error);
  EXPECT_THROW(fields.text("cps"), std::logic_error);
  EXPECT_EQ(fields.has("cps"), false);
}

// The command line's words: a field not of the change, given twice, or not used with the others.
TEST(WitpBookChanges, CommandLineRefusalsNameTheWordsTyped) {
  const Tables none("no tables");
  Campaign campaign = Campaign::fresh("0/3/44", "test");
  auto refusal = [&](const std::vector<std::string>& words) {
    try {
      apply_book_command(campaign, words, none);
    } catch (const engine::UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal({"msp-total", "msp=3", "spnet=2"}), "'spnet=2': not a field of 'msp-total'");
  EXPECT_EQ(refusal({"msp-total", "msp=3", "msp=4"}),
            "msp= given twice ('msp=3' and 'msp=4'); give each field once");
  EXPECT_EQ(refusal({"si", "side=allied", "level=3", "drawn=2"}), "'drawn=2': not a field of 'si'");
  EXPECT_EQ(refusal({"msp-total", "msp=ten"}), "msp=: not a whole number: 'ten'");
  EXPECT_EQ(refusal({"next-cycle", "now"}), "'now': not a field of 'next-cycle'");
  EXPECT_EQ(refusal({"draw-reserve", "side=allied", "hq=POA", "cps=0", "isolated=maybe"}),
            "'isolated=maybe': isolated is a flag: write it alone (or isolated=true/false)");
  EXPECT_NE(refusal({"conjure"}).find("unknown book change 'conjure'"), std::string::npos);
  EXPECT_TRUE(campaign.log().empty());
  // help CHANGE: its fields one by one, from the table.
  const std::string help = apply_book_command(campaign, {"help", "assign"}, none);
  EXPECT_NE(help.find("[previous=]: CPs assigned last cycle"), std::string::npos) << help;
  EXPECT_NE(help.find("[china]: one of China's HQs"), std::string::npos) << help;
}

// The checklist notes the browser shows are the terminal checklist's lines (56.4.4 at C.2).
TEST(WitpBookChanges, SegmentNotesShowTheBooks) {
  const Tables none("no tables");
  Campaign campaign = Campaign::fresh("0/3/44", "test");
  EXPECT_TRUE(segment_notes(campaign, "A.1").empty());
  apply_book_command(campaign, {"msp-total", "msp=300"}, none);
  apply_book_command(campaign, {"msp-loss", "msp=9", "cause=mining", "where=Brunei"}, none);
  const std::vector<std::string> mined = segment_notes(campaign, "C.2");
  ASSERT_EQ(mined.size(), 1u);
  EXPECT_NE(mined[0].find("Brunei"), std::string::npos) << mined[0];
  EXPECT_NE(mined[0].find("56.4.4"), std::string::npos) << mined[0];
  const std::vector<std::string> ledger = segment_notes(campaign, "A.3");
  ASSERT_FALSE(ledger.empty());
  EXPECT_NE(ledger[0].find("291"), std::string::npos) << ledger[0];
  EXPECT_FALSE(msp_arrivals_due(campaign));
}

}  // namespace
}  // namespace pacwar::witp
