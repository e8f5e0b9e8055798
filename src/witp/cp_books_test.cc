// The typed CP books (28.2-28.9, 42): read and written back unchanged, the balance a HQ holds
// (28.2), and bad values refused with the field path and the rule.
#include "witp/cp_books.h"

#include <gtest/gtest.h>

#include <functional>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

// 28.2, 28.4, 28.5, 28.6, 28.8 in one cycle, then 28.9 carry-over.
TEST(WitpCpBooks, Witp28TypedRoundTrip) {
  Campaign campaign = Campaign::fresh("0/3/42", "test");
  const Tables none("no tables");
  for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{
           {"assign", "side=allied", "hq=POA", "cps=50", "previous=40"},
           {"assign", "side=allied", "hq=SWPA", "cps=20", "previous=20"},
           {"spend", "side=allied", "hq=POA", "cps=10"},
           {"lend", "side=allied", "from=POA", "to=SWPA", "cps=8"},
           {"future-ops", "side=allied", "cps=30", "target=0/5/42"},
           {"magic-played", "count=2"},
           {"si", "side=allied", "level=3"}}) {
    apply_book_command(campaign, words, none);
  }
  const SideBooks allied = read_side(campaign.books(), "allied");
  const CpEntry* poa = allied.find("POA", campaign.cycle());
  ASSERT_NE(poa, nullptr);
  EXPECT_EQ(poa->assigned, 50);
  EXPECT_EQ(poa->declared_previous, 40);
  EXPECT_EQ(poa->spent, 10);
  EXPECT_EQ(poa->lent_out, 8);
  EXPECT_EQ(poa->balance(), 32);
  EXPECT_EQ(allied.find("SWPA", campaign.cycle())->received, 6);  // 28.8: 4:3
  EXPECT_EQ(allied.find("POA", campaign.cycle() - 1), nullptr);
  ASSERT_TRUE(allied.future_ops.has_value());
  EXPECT_EQ(allied.future_ops->cps, 30);
  EXPECT_EQ(allied.si_level, 3);
  EXPECT_EQ(read_side(campaign.books(), "japanese").si_plus_chits, 2);
  for (const std::string side : {"allied", "japanese"}) {
    Json books = campaign.books();
    write_side(books, side, read_side(books, side));
    EXPECT_EQ(books, campaign.books()) << side;
  }
  const Campaign again = Campaign::from_json(campaign.to_json(), "again.json");
  EXPECT_EQ(again.books(), campaign.books());
  apply_book_command(campaign, {"spend", "side=allied", "hq=POA", "cps=32"}, none);
  EXPECT_EQ(read_side(campaign.books(), "allied").find("POA", campaign.cycle())->balance(), 0);
}

// A hand-edited `spent: -999`, `si_level: 17` or a negative reserve does not load.
TEST(WitpCpBooks, Witp28_2RefusesBadValues) {
  Campaign campaign = Campaign::fresh("0/3/42", "test");
  apply_book_command(campaign, {"assign", "side=allied", "hq=POA", "cps=5"}, Tables("no tables"));
  const std::vector<std::pair<std::function<void(Json&)>, std::string>> edits = {
      {[](Json& b) { b["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["spent"] = -999; },
       "books.sides.allied.hqs.POA.cycles.0/3/42.spent"},
      {[](Json& b) { b["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["spent"] = 6; },
       "books.sides.allied.hqs.POA.cycles.0/3/42"},
      {[](Json& b) { b["sides"]["allied"]["si_level"] = 17; }, "books.sides.allied.si_level"},
      {[](Json& b) { b["sides"]["japanese"]["si_level"] = 4; }, "books.sides.japanese.si_level"},
      {[](Json& b) { b["sides"]["japanese"]["reserve_available"] = -1; },
       "books.sides.japanese.reserve_available"},
      {[](Json& b) { b["sides"]["allied"]["reserve_available"] = "5"; },
       "books.sides.allied.reserve_available"},
      {[](Json& b) { b["cycle"] = 9999; }, "books.cycle"}};
  for (const auto& [edit, path] : edits) {
    Json document = campaign.to_json();
    edit(document["books"]);
    try {
      Campaign::from_json(document, "edited.json");
      ADD_FAILURE() << path << " loaded";
    } catch (const engine::DataError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("edited.json"), std::string::npos) << message;
      EXPECT_NE(message.find(path), std::string::npos) << message;
      EXPECT_NE(message.find('('), std::string::npos) << message;  // the rule
    }
  }
}

}  // namespace
}  // namespace pacwar::witp
