// The typed record of the naval attrition chits out of their cups for the year (37.2.2): read
// and written back unchanged, and bad values refused with the field path and the rule.
#include "witp/naval_attrition_log.h"

#include <gtest/gtest.h>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

TEST(WitpNavalAttritionLog, Witp37_2_2TypedRoundTrip) {
  Campaign campaign = Campaign::fresh("0/13/42", "test");
  const Tables none("no tables");
  apply_book_command(campaign, {"attrition-chit", "cup=allied", "chit=CV"}, none);
  apply_book_command(campaign, {"next-cycle"}, none);  // 1943: the CV goes back into the cup
  apply_book_command(campaign, {"attrition-chit", "cup=allied", "chit=CV"}, none);
  apply_book_command(campaign, {"attrition-chit", "cup=japanese", "chit=CV"}, none);
  const NavalAttritionRemoved removed = read_naval_attrition_removed(campaign.books());
  EXPECT_EQ(chits_out(removed, "allied", 42), std::vector<std::string>{"CV"});
  EXPECT_EQ(chits_out(removed, "allied", 43), std::vector<std::string>{"CV"});
  EXPECT_EQ(chits_out(removed, "japanese", 43), std::vector<std::string>{"CV"});
  EXPECT_TRUE(chits_out(removed, "japanese", 42).empty());
  Json books = campaign.books();
  write(books, removed);
  EXPECT_EQ(books, campaign.books());
  EXPECT_EQ(Campaign::from_json(campaign.to_json(), "again.json").books(), campaign.books());
  // The same chit again this year is refused, naming the word typed.
  try {
    apply_book_command(campaign, {"attrition-chit", "cup=allied", "chit=CV"}, none);
    FAIL() << "accepted";
  } catch (const engine::UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("chit=", 0), 0u) << e.what();
  }
}

TEST(WitpNavalAttritionLog, Witp37_2_2RefusesBadValues) {
  Json books = Campaign::fresh("0/1/42", "test").books();
  books["naval_attrition_removed"] = {{"allied", {{"1942", {"CV"}}}}};
  std::vector<SchemaProblem> problems = check_books(books);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().path, "books.naval_attrition_removed.allied.1942");
  EXPECT_NE(problems.front().problem.find("37.2.2"), std::string::npos);
  books["naval_attrition_removed"] = {{"dutch", {{"42", {"CV"}}}}};
  problems = check_books(books);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().path, "books.naval_attrition_removed.dutch");
  books["naval_attrition_removed"] = {{"allied", {{"42", {""}}}}};
  problems = check_books(books);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().path, "books.naval_attrition_removed.allied.42[0]");
}

}  // namespace
}  // namespace pacwar::witp
