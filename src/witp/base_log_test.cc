// The typed Base Log (32.1.1): read and written back unchanged; a base entered again replaces
// its entry (Jaluit, 47 hexes to the UCS and 19 to its supply base: 1786).
#include "witp/base_log.h"

#include <gtest/gtest.h>

#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

TEST(WitpBaseLog, TypedRoundTripAndReplacement) {
  const Tables none("no tables");
  Campaign campaign = Campaign::fresh("0/1/42", "test");
  apply_book_command(
      campaign,
      {"base", "name=Jaluit", "side=japanese", "ucs-distance=47", "supply-base-distance=19"}, none);
  apply_book_command(
      campaign,
      {"base", "name=Rabaul", "side=japanese", "ucs-distance=20", "supply-base-distance=0"}, none);
  BaseLog log = read_base_log(campaign.books());
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log["Jaluit"].total_supply_distance, 1786);
  EXPECT_FALSE(log["Jaluit"].category.has_value());
  ASSERT_TRUE(log["Jaluit"].category_note.has_value());
  Json books = campaign.books();
  write(books, log);
  EXPECT_EQ(books, campaign.books());
  EXPECT_TRUE(check_books(books).empty());
  apply_book_command(
      campaign,
      {"base", "name=Jaluit", "side=japanese", "ucs-distance=10", "supply-base-distance=1"}, none);
  log = read_base_log(campaign.books());
  EXPECT_EQ(log.size(), 2u);
  EXPECT_EQ(log["Jaluit"].ucs_distance, 10);
  EXPECT_EQ(read_base_log(Json::object()).size(), 0u);
}

}  // namespace
}  // namespace pacwar::witp
