// The book changes as the browser's forms describe them (book_changes.h) are the changes
// apply_book_command knows, each listed in the command line's help.
#include "witp/book_changes.h"

#include <gtest/gtest.h>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/strategic_turn_50.h"

namespace pacwar::witp {
namespace {

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
    for (const BookField& field : change.fields) {
      EXPECT_EQ(field.choices.empty(), field.kind != FieldKind::kChoice) << field.key;
    }
  }
  EXPECT_EQ(find_book_change("conjure"), nullptr);
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
