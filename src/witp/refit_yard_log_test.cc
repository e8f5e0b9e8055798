// The typed Refit/Yard Period Log (36.5, 36.6): read and written back unchanged, the refit and
// yard-period queries the end of a cycle uses, and bad values refused with the path and rule.
#include "witp/refit_yard_log.h"

#include <gtest/gtest.h>

#include <functional>

#include "engine/errors.h"
#include "witp/books_for_test.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

using testing::first_problem;

Campaign logged_ships() {
  Campaign campaign = Campaign::fresh("0/12/42", "test");
  const Tables none("no tables");
  apply_book_command(campaign, {"ship", "ship=CA-26 Northampton", "side=allied", "type=CA"}, none);
  apply_book_command(
      campaign, {"ship", "ship=CV-6 Enterprise", "side=allied", "type=CV", "reinforcement"}, none);
  apply_book_command(campaign, {"refit", "ship=CV-6 Enterprise"}, none);
  apply_book_command(campaign, {"next-cycle"}, none);  // Northampton misses its refit
  apply_book_command(campaign, {"yard", "ship=CV-6 Enterprise", "extended", "activation-cost=3"},
                     none);
  return campaign;
}

// 36.6.2 refits checked off, 36.6.3 A a missed refit counted for the year, 36.5.4 an extended
// yard period of two cycles at twice the activation cost.
TEST(WitpRefitYardLog, Witp36_6TypedRoundTrip) {
  const Campaign campaign = logged_ships();
  const RefitYardLog log = read_refit_yard_log(campaign.books());
  ASSERT_EQ(log.size(), 2u);
  const YardLogEntry& northampton = log.at("CA-26 Northampton");
  EXPECT_EQ(northampton.missed_refits.at(42), 1);
  EXPECT_EQ(northampton.consecutive_missed, 1);
  EXPECT_FALSE(northampton.reinforcement_year.has_value());
  const YardLogEntry& enterprise = log.at("CV-6 Enterprise");
  EXPECT_TRUE(enterprise.refit_in(parse_cycle("c", "0/12/42")));
  EXPECT_FALSE(enterprise.refit_in(parse_cycle("c", "0/13/42")));
  EXPECT_EQ(enterprise.reinforcement_year, 42);
  ASSERT_EQ(enterprise.yard_periods.size(), 1u);
  EXPECT_EQ(enterprise.yard_periods[0].cycles, 2);
  EXPECT_EQ(enterprise.yard_periods[0].cps, 6);
  EXPECT_TRUE(enterprise.in_yard(parse_cycle("c", "0/13/42")));
  EXPECT_TRUE(enterprise.in_yard(parse_cycle("c", "0/1/43")));
  EXPECT_FALSE(enterprise.in_yard(parse_cycle("c", "0/2/43")));
  EXPECT_EQ(enterprise.yard_periods_in_year(42), 1);
  EXPECT_EQ(enterprise.yard_periods_in_year(43), 0);
  Json books = campaign.books();
  write(books, log);
  EXPECT_EQ(books, campaign.books());
  const Campaign again = Campaign::from_json(campaign.to_json(), "again.json");
  EXPECT_EQ(read_refit_yard_log(again.books()).size(), 2u);
  EXPECT_EQ(again.books(), campaign.books());
}

// 36.5: one yard period a cycle; a second in a cycle already in the yard is refused (it would
// count twice against the year's requirement).
TEST(WitpRefitYardLog, Witp36_5OneYardPeriodACycle) {
  Campaign campaign = logged_ships();
  const Tables none("no tables");
  EXPECT_THROW(apply_book_command(campaign, {"yard", "ship=CV-6 Enterprise"}, none),
               engine::UsageError);
  apply_book_command(campaign, {"yard", "ship=CA-26 Northampton"}, none);
  EXPECT_THROW(apply_book_command(campaign, {"yard", "ship=CA-26 Northampton"}, none),
               engine::UsageError);
  EXPECT_EQ(read_refit_yard_log(campaign.books()).at("CA-26 Northampton").yard_periods.size(), 1u);
}

TEST(WitpRefitYardLog, Witp36_5RefusesBadValues) {
  const Json books = logged_ships().books();
  EXPECT_EQ(first_problem(books, [](Json&) {}), "");
  const std::string ship = "CA-26 Northampton";
  EXPECT_NE(
      first_problem(books, [&](Json& b) { b["refit_yard_log"][ship]["missed_refits"]["1942"] = 1; })
          .find("missed_refits.1942: must be a year 41-46"),
      std::string::npos);
  EXPECT_NE(
      first_problem(books, [&](Json& b) { b["refit_yard_log"][ship]["missed_refits"]["42"] = 14; })
          .find("must be from 0 to 13"),
      std::string::npos);
  EXPECT_NE(first_problem(books,
                          [&](Json& b) {
                            b["refit_yard_log"]["CV-6 Enterprise"]["yard_periods"][0]["cycles"] = 3;
                          })
                .find("yard_periods[0].cycles: must be from 1 to 2"),
            std::string::npos);
  EXPECT_NE(first_problem(books, [&](Json& b) { b["refit_yard_log"][ship]["unsupplied"] = "no"; })
                .find("unsupplied: must be true or false"),
            std::string::npos);
  EXPECT_NE(
      first_problem(books, [&](Json& b) { b["refit_yard_log"][ship]["refits"] = {"0/14/42"}; })
          .find("refits[0]: must be a cycle"),
      std::string::npos);
}

}  // namespace
}  // namespace pacwar::witp
