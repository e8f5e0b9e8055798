// The typed Ship Repair Log (36.0, 36.1; 50.0 G.2): read and written back unchanged, the level
// reached as the repair G/Ts go by, and bad values refused with the field path and the rule.
#include "witp/ship_repair_log.h"

#include <gtest/gtest.h>

#include <functional>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "witp/books_for_test.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

// The first problem check_books finds in `books` once `edit` is applied.
using testing::first_problem;

// 36.1 Example: the D3 USN CV (dice 7) takes 11 G/Ts to D2, 6 to D1 and 2 to finish.
TEST(WitpShipRepairLog, Witp36_1TypedRoundTrip) {
  Campaign campaign = Campaign::fresh("0/1/42", "test");
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  apply_book_command(
      campaign, {"repair", "ship=CV-5 Yorktown", "side=allied", "type=CV", "damage=D3", "dice=7"},
      example);
  apply_book_command(campaign,
                     {"repair", "ship=DD-1", "side=allied", "cycles=2", "damage=d2", "note=tow"},
                     example);
  const ShipRepairLog log = read_ship_repair_log(campaign.books());
  ASSERT_EQ(log.ships.size(), 2u);
  const RepairEntry& cv = log.ships[0];
  EXPECT_EQ(cv.ship, "CV-5 Yorktown");
  EXPECT_EQ(cv.damage, 3);
  EXPECT_EQ(cv.gts, 19);
  EXPECT_EQ(cv.gts_per_level, (std::vector<std::int64_t>{2, 6, 11}));
  EXPECT_EQ(cycle_label(cv.release), "0/5/42");
  EXPECT_EQ(cv.level_done.at("D2"), "G/T 3 of 0/3/42");
  EXPECT_EQ(log.ships[1].damage, 2);
  EXPECT_EQ(log.ships[1].note, "tow");
  EXPECT_FALSE(log.ships[1].type.has_value());
  EXPECT_TRUE(log.in_port("DD-1"));
  EXPECT_FALSE(log.in_port("DD-2"));
  EXPECT_FALSE(log.repaired_listed);
  Json books = campaign.books();
  write(books, log);
  EXPECT_EQ(books, campaign.books());
  // Saved and loaded again: the same log.
  const Campaign again = Campaign::from_json(campaign.to_json(), "again.json");
  EXPECT_EQ(again.books(), campaign.books());
  EXPECT_EQ(read_ship_repair_log(again.books()).ships.size(), 2u);
  // The repaired ships awaiting G.2 are kept too.
  apply_book_command(campaign, {"repair-advance"}, example);
  const ShipRepairLog advanced = read_ship_repair_log(campaign.books());
  EXPECT_TRUE(advanced.repaired_listed);
  books = campaign.books();
  write(books, advanced);
  EXPECT_EQ(books, campaign.books());
}

// 36.0: the damage level the ship is at with so many repair G/Ts to go (D1 first).
TEST(WitpShipRepairLog, Witp36_0LevelLeft) {
  const std::vector<std::int64_t> per_level = {2, 6, 11};
  EXPECT_EQ(damage_level_left(per_level, 19), 3);
  EXPECT_EQ(damage_level_left(per_level, 9), 3);
  EXPECT_EQ(damage_level_left(per_level, 8), 2);
  EXPECT_EQ(damage_level_left(per_level, 2), 1);
  EXPECT_EQ(damage_level_left(per_level, 0), 0);
}

// Bad values in the file are refused with the field path and the rule.
TEST(WitpShipRepairLog, Witp36_0RefusesBadValues) {
  Campaign campaign = Campaign::fresh("0/1/42", "test");
  const Tables none("no tables");
  apply_book_command(campaign, {"repair", "ship=DD-1", "side=allied", "cycles=2", "damage=D2"},
                     none);
  const Json books = campaign.books();
  EXPECT_EQ(first_problem(books, [](Json&) {}), "");
  EXPECT_NE(first_problem(books, [](Json& b) { b["ship_repair_log"][0]["damage"] = "D7"; })
                .find("books.ship_repair_log[0].damage: must be a damage level D1-D4 (36.1"),
            std::string::npos);
  EXPECT_NE(first_problem(books, [](Json& b) { b["ship_repair_log"][0]["release"] = "soon"; })
                .find("books.ship_repair_log[0].release: must be a cycle"),
            std::string::npos);
  EXPECT_NE(first_problem(books, [](Json& b) { b["ship_repair_log"][0]["gts_left"] = -1; })
                .find("books.ship_repair_log[0].gts_left: must be from 0"),
            std::string::npos);
  EXPECT_NE(
      first_problem(books, [](Json& b) { b["ship_repair_log"].push_back(b["ship_repair_log"][0]); })
          .find("books.ship_repair_log[1].ship: is already in the log"),
      std::string::npos);
  EXPECT_NE(first_problem(books,
                          [](Json& b) {
                            b["ship_repair_log"][0]["level_done"] = {{"D4", "G/T 1 of 0/2/42"}};
                          })
                .find("level_done.D4"),
            std::string::npos);
  EXPECT_NE(first_problem(books,
                          [](Json& b) {
                            b["repaired_ships"] = Json::array(
                                {{{"ship", "X"}, {"side", "dutch"}, {"completed", "G/T 1"}}});
                          })
                .find("books.repaired_ships[0].side"),
            std::string::npos);
  // A file with one of them does not load: the file, the field and the rule are named.
  Json document = campaign.to_json();
  document["books"]["ship_repair_log"][0]["damage"] = 3;
  try {
    Campaign::from_json(document, "hand-edited.json");
    FAIL() << "loaded";
  } catch (const engine::DataError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("hand-edited.json"), std::string::npos) << message;
    EXPECT_NE(message.find("ship_repair_log[0].damage"), std::string::npos) << message;
    EXPECT_NE(message.find("36.0"), std::string::npos) << message;
  }
}

// 36.1: the damage levels a repair takes are D1-D4; a repair past 0/13/46 is refused.
TEST(WitpShipRepairLog, Witp36_1RefusesBadRepairs) {
  Campaign campaign = Campaign::fresh("0/12/46", "test");
  const Tables none("no tables");
  for (const char* damage : {"damage=D5", "damage=0", "damage=DD", "damage=D"}) {
    EXPECT_THROW(apply_book_command(
                     campaign, {"repair", "ship=DD-1", "side=allied", "cycles=1", damage}, none),
                 engine::UsageError)
        << damage;
  }
  try {
    apply_book_command(campaign, {"repair", "ship=DD-1", "side=allied", "cycles=3"}, none);
    FAIL() << "accepted";
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("cycles=: 3 cycles from 0/12/46 is past the last cycle"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(campaign.books()["ship_repair_log"].empty());
  EXPECT_TRUE(campaign.log().empty());
}

}  // namespace
}  // namespace pacwar::witp
