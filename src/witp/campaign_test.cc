#include "witp/campaign.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "witp/ledgers.h"
#include "witp/strategic_turn_50.h"

namespace pacwar::witp {
namespace {

class WitpCampaign : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = (std::filesystem::temp_directory_path() /
             ("witp_campaign_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json"))
                .string();
    std::filesystem::remove(file_);
  }
  void TearDown() override { std::filesystem::remove(file_); }

  std::string book(Campaign& campaign, std::vector<std::string> words) {
    return apply_book_command(campaign, words, tables_);
  }

  std::string file_;
  Tables tables_{"data/witp/tables.json"};
};

TEST_F(WitpCampaign, CyclesReadAndPrint) {
  EXPECT_EQ(cycle_label(parse_cycle("c", "0/3/42")), "0/3/42");
  EXPECT_EQ(parse_cycle("c", "0/4/42") - parse_cycle("c", "0/3/42"), 1);
  EXPECT_EQ(parse_cycle("c", "1/43") - parse_cycle("c", "13/42"), 1);
  EXPECT_THROW(parse_cycle("c", "0/14/42"), engine::UsageError);
  EXPECT_THROW(parse_cycle("c", "next"), engine::UsageError);
}

// 28.4 in the books: P.O.A. HQ with 50 CPs in 0/3/42 may take at most 75 in 0/4/42.
TEST_F(WitpCampaign, GearingLimitEnforcedAcrossCycles) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=50"}), engine::UsageError);
  book(campaign, {"assign", "side=allied", "hq=POA", "cps=50", "previous=40"});
  book(campaign, {"spend", "side=allied", "hq=POA", "cps=50"});
  book(campaign, {"next-cycle"});
  EXPECT_EQ(cycle_label(campaign.cycle()), "0/4/42");
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=76"}), engine::UsageError);
  book(campaign, {"assign", "side=allied", "hq=POA", "cps=70"});
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=6"}), engine::UsageError);
  EXPECT_NO_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=5"}));
  EXPECT_EQ(campaign.books()["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/4/42"]["assigned"], 75);
}

// The first cycle's declared previous assignment stays in force for later assignments.
TEST_F(WitpCampaign, DeclaredPreviousAssignmentIsKeptForTheCycle) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  book(campaign, {"assign", "side=allied", "hq=POA", "cps=30", "previous=40"});
  EXPECT_NO_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=30"}));  // 60 of 60
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=1"}), engine::UsageError);
  EXPECT_EQ(campaign.books()["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/3/42"]["assigned"], 60);
}

TEST_F(WitpCampaign, CarryOverReserveAndUndo) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  book(campaign, {"assign", "side=japanese", "hq=CombinedFleet", "cps=20"});
  book(campaign, {"spend", "side=japanese", "hq=CombinedFleet", "cps=9"});
  book(campaign, {"reserve", "side=allied", "cps=8", "cycle-total=40"});
  EXPECT_EQ(campaign.books()["sides"]["allied"]["reserve_incoming"], 6);
  book(campaign, {"next-cycle"});
  // 11 left, carried 2:1 -> 5; reserve 6 arrives.
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["hqs"]["CombinedFleet"]["cycles"]["0/4/42"]
                            ["carried_over"],
            5);
  EXPECT_EQ(campaign.books()["sides"]["allied"]["reserve_available"], 6);
  book(campaign, {"draw-reserve", "side=allied", "hq=SWPac", "cps=4", "isolated"});
  EXPECT_EQ(campaign.books()["sides"]["allied"]["hqs"]["SWPac"]["cycles"]["0/4/42"]["received"], 2);
  campaign.save();

  Campaign reopened = Campaign::open(file_);
  EXPECT_EQ(reopened.log().size(), 5u);
  EXPECT_EQ(reopened.undo(), "draw-reserve side=allied hq=SWPac cps=4 isolated");
  EXPECT_EQ(reopened.undo(), "next-cycle");
  EXPECT_EQ(cycle_label(reopened.cycle()), "0/3/42");
  EXPECT_EQ(reopened.books()["sides"]["allied"]["reserve_available"], 0);
  reopened.undo();
  reopened.undo();
  reopened.undo();
  EXPECT_THROW(reopened.undo(), engine::UsageError);
}

TEST_F(WitpCampaign, RefusedChangesLeaveTheBooksAlone) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  const Json before = campaign.books();
  EXPECT_THROW(book(campaign, {"spend", "side=allied", "hq=POA", "cps=1"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=-1"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"assign", "side=soviet", "hq=POA", "cps=1"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"assign", "side=allied", "hq=POA", "cps=1", "colour=red"}),
               engine::UsageError);
  EXPECT_THROW(book(campaign, {"launch"}), engine::UsageError);
  EXPECT_EQ(campaign.books(), before);
  EXPECT_TRUE(campaign.log().empty());
  EXPECT_THROW(Campaign::create(file_, "0/1/42"), engine::UsageError);  // exists
}

TEST_F(WitpCampaign, FutureOperationsPool) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  EXPECT_THROW(book(campaign, {"future-ops", "side=allied", "cps=10", "target=0/8/42"}),
               engine::UsageError);  // 7 cycles ahead
  book(campaign, {"future-ops", "side=allied", "cps=30", "target=0/3/42"});
  EXPECT_THROW(book(campaign, {"future-ops", "side=allied", "cps=21", "target=0/3/42"}),
               engine::UsageError);  // 51 this cycle
  EXPECT_THROW(book(campaign, {"future-ops", "side=allied", "cps=5", "target=0/4/42"}),
               engine::UsageError);  // a second pool
  book(campaign, {"future-ops", "side=allied", "cps=20", "target=0/3/42"});
  book(campaign, {"next-cycle"});
  book(campaign, {"future-ops", "side=allied", "cps=50", "target=0/3/42"});
  EXPECT_EQ(campaign.books()["sides"]["allied"]["future_ops"]["cps"], 100);
  EXPECT_THROW(book(campaign, {"release-future-ops", "side=allied", "hq=POA", "cps=10"}),
               engine::UsageError);  // not yet
  book(campaign, {"next-cycle"});
  EXPECT_THROW(book(campaign, {"next-cycle"}), engine::UsageError);  // pool must be allocated
  // Future operations CPs do not count against the gearing limit.
  book(campaign, {"release-future-ops", "side=allied", "hq=POA", "cps=100"});
  EXPECT_TRUE(campaign.books()["sides"]["allied"]["future_ops"].is_null());
  book(campaign, {"assign", "side=allied", "hq=POA", "cps=20"});
  EXPECT_NO_THROW(book(campaign, {"next-cycle"}));
}

// 32.1.1 in the Base Log: Jaluit 1786; the category waits for the chartbook table.
TEST_F(WitpCampaign, BaseLogAndShipRepairLog) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign,
       {"base", "name=Jaluit", "side=japanese", "ucs-distance=47", "supply-base-distance=19"});
  const Json& jaluit = campaign.books()["base_log"]["Jaluit"];
  EXPECT_EQ(jaluit["total_supply_distance"], 1786);
  EXPECT_TRUE(jaluit["category"].is_null());
  EXPECT_NE(jaluit["category_note"].get<std::string>().find("supply_penalty_categories"),
            std::string::npos);
  book(campaign, {"repair", "ship=CV-5 Yorktown", "side=allied", "cycles=2", "damage=D3"});
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["release"], "0/3/42");
  EXPECT_THROW(book(campaign, {"repair", "ship=CV-5 Yorktown", "side=allied", "cycles=1"}),
               engine::UsageError);
  book(campaign, {"repaired", "ship=CV-5 Yorktown"});
  EXPECT_TRUE(campaign.books()["ship_repair_log"].empty());
}

TEST_F(WitpCampaign, StrategicTurnChecklist) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign, {"assign", "side=allied", "hq=POA", "cps=20"});
  std::string answers =
      "\n\n\n\n\n\n\n"
      "3\n"
      "None\n"
      "2\n";  // A.1-A.6 (A.3: no MSP loss entered), Allied SI 3, no Doolittle/JN-25, Japan 2
  // B.1 done, then C.1 to I.1: every segment but A.1-A.6 and J.1.
  for (std::size_t i = 0; i + 7 < strategic_turn_segments().size(); ++i) answers += "\n";
  answers += "y\n";
  std::istringstream in(answers);
  std::ostringstream out;
  EXPECT_EQ(run_strategic_turn(campaign, tables_, in, out, 42), 0);
  EXPECT_EQ(campaign.books()["sides"]["allied"]["si_level"], 3);
  EXPECT_EQ(cycle_label(campaign.cycle()), "0/2/42");
  EXPECT_NE(out.str().find("D.3 Command Point Allocation Segment"), std::string::npos);
  EXPECT_NE(out.str().find("Allied CP Table 2D6 = "), std::string::npos);
  EXPECT_NE(out.str().find("naval attrition in G/T "), std::string::npos);
  EXPECT_NE(out.str().find("POA: assigned 20 of at most 20"), std::string::npos) << out.str();
  EXPECT_EQ(campaign.books()["sides"]["allied"]["hqs"]["POA"]["cycles"]["0/2/42"]["carried_over"],
            10);
  // Stopping early ("q") keeps what was done and changes nothing else.
  std::istringstream stop("q\n");
  std::ostringstream ignored;
  run_strategic_turn(campaign, tables_, stop, ignored, std::nullopt);
  EXPECT_EQ(cycle_label(campaign.cycle()), "0/2/42");
}

// 36.1 in the Ship Repair Log: the D3 USN CV of the example, 19 G/Ts, out after 5 cycles.
TEST_F(WitpCampaign, ShipRepairLogFromTheRepairTables) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  const std::string summary = apply_book_command(
      campaign, {"repair", "ship=CV-5 Yorktown", "side=allied", "type=CV", "damage=3", "dice=7"},
      example);
  EXPECT_NE(summary.find("19 G/Ts"), std::string::npos) << summary;
  const Json& entry = campaign.books()["ship_repair_log"][0];
  EXPECT_EQ(entry["gts"], 19);
  // The G/T in progress (G/T 1 of 0/1/42) is the first G/T of repair (36.1 Example).
  EXPECT_EQ(entry["release"], "0/5/42");
  EXPECT_EQ(entry["release_gt"], "G/T 3 of 0/5/42");
  EXPECT_EQ(entry["level_done"]["D2"], "G/T 3 of 0/3/42");
  EXPECT_EQ(entry["level_done"]["D1"], "G/T 1 of 0/5/42");
  // A type the player's tables lack refuses and changes nothing.
  EXPECT_THROW(
      apply_book_command(campaign,
                         {"repair", "ship=BB-55", "side=allied", "type=BB", "damage=1", "dice=7"},
                         example),
      engine::UsageError);
  EXPECT_THROW(
      apply_book_command(
          campaign, {"repair", "ship=X", "side=allied", "type=ZZ", "damage=1", "dice=7"}, example),
      engine::UsageError);
  EXPECT_EQ(campaign.books()["ship_repair_log"].size(), 1u);
  EXPECT_EQ(campaign.undo(), "repair ship=CV-5 Yorktown side=allied type=CV damage=3 dice=7");
  EXPECT_TRUE(campaign.books()["ship_repair_log"].empty());
}

// 36.6.3: a missed refit adds a yard period; two in a row roll on the Naval CRT; 36.5.4 at the
// year's end an owed yard period makes the ship unsupplied.
TEST_F(WitpCampaign, RefitYardPeriodLog) {
  Campaign campaign = Campaign::create(file_, "0/12/42");
  book(campaign, {"ship", "ship=CA-26 Northampton", "side=allied", "type=CA"});
  book(campaign, {"ship", "ship=CV-6 Enterprise", "side=allied", "type=CV"});
  EXPECT_THROW(book(campaign, {"ship", "ship=DD-1", "side=allied", "type=DD"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"refit", "ship=Nobody"}), engine::UsageError);
  book(campaign, {"refit", "ship=CV-6 Enterprise"});
  EXPECT_THROW(book(campaign, {"refit", "ship=CV-6 Enterprise"}), engine::UsageError);
  std::string summary = book(campaign, {"next-cycle"});
  EXPECT_NE(summary.find("CA-26 Northampton missed its refit"), std::string::npos) << summary;
  EXPECT_EQ(campaign.books()["refit_yard_log"]["CA-26 Northampton"]["consecutive_missed"], 1);
  book(campaign, {"yard", "ship=CV-6 Enterprise"});
  summary = book(campaign, {"next-cycle"});  // 0/13/42 ends the year
  EXPECT_NE(summary.find("Naval CRT 2:1"), std::string::npos) << summary;
  EXPECT_NE(summary.find("CA-26 Northampton owes 2 yard period(s) for 1942"), std::string::npos)
      << summary;
  EXPECT_EQ(summary.find("CV-6 Enterprise owes"), std::string::npos) << summary;
  EXPECT_TRUE(campaign.books()["refit_yard_log"]["CA-26 Northampton"]["unsupplied"].get<bool>());
  book(campaign, {"yard", "ship=CA-26 Northampton", "extended", "activation-cost=2"});
  EXPECT_FALSE(campaign.books()["refit_yard_log"]["CA-26 Northampton"]["unsupplied"].get<bool>());
  campaign.undo();
  EXPECT_TRUE(campaign.books()["refit_yard_log"]["CA-26 Northampton"]["unsupplied"].get<bool>());
}

// 42.5.2-42.5.3: Magic chits played give Japan SI +1 chits; those picked raise its level (max 3).
TEST_F(WitpCampaign, StrategicIntelligenceLevels) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign, {"magic-played", "count=3"});
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["si_plus_chits"], 3);
  EXPECT_THROW(book(campaign, {"si", "side=japanese", "drawn=1", "plus-drawn=4"}),
               engine::UsageError);
  book(campaign, {"si", "side=japanese", "drawn=1", "plus-drawn=2"});
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["si_level"], 3);
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["si_plus_chits"], 0);
  const std::string summary = book(campaign, {"si", "side=allied", "drawn=4", "jn25"});
  EXPECT_EQ(campaign.books()["sides"]["allied"]["si_level"], 2);
  EXPECT_NE(summary.find("differential -1"), std::string::npos) << summary;
  EXPECT_THROW(book(campaign, {"si", "side=allied", "level=5"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"si", "side=japanese", "level=4"}), engine::UsageError);
}

// 37.2.2: unmarked chits drawn stay out of the cup for the calendar year.
TEST_F(WitpCampaign, NavalAttritionChitsOutForTheYear) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign, {"attrition-chit", "cup=allied", "chit=CV"});
  EXPECT_THROW(book(campaign, {"attrition-chit", "cup=allied", "chit=CV"}), engine::UsageError);
  EXPECT_THROW(book(campaign, {"attrition-chit", "cup=allied", "chit=CD"}), engine::UsageError);
  EXPECT_EQ(campaign.books()["naval_attrition_removed"]["allied"]["42"].size(), 1u);
}

// 36.0 / 36.1 Example in the books G/T by G/T: the D3 USN CV takes 11 G/Ts to D2, 6 more to
// D1 and 2 more to finish; it then leaves the Ship Repair Log and redeploys at G.2. Undo puts
// it back.
TEST_F(WitpCampaign, Witp36_1RepairAdvancesGtByGt) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  apply_book_command(
      campaign, {"repair", "ship=CV-5 Yorktown", "side=allied", "type=CV", "damage=3", "dice=7"},
      example);
  auto advance = [&](int gts) {
    std::string summary;
    for (int i = 0; i < gts; ++i) {
      if (campaign.books().value("gt", std::int64_t{0}) == 4) book(campaign, {"next-cycle"});
      summary = book(campaign, {"repair-advance"});
    }
    return summary;
  };
  std::string summary = advance(10);
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["gts_left"], 9);
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["damage"], "D3");
  summary = advance(1);  // the 11th G/T: G/T 3 of 0/3/42
  EXPECT_NE(summary.find("end of G/T 3 of 0/3/42: CV-5 Yorktown 8 G/Ts left (D2, was D3)"),
            std::string::npos)
      << summary;
  advance(6);
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["damage"], "D1");
  advance(1);
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["gts_left"], 1);
  summary = advance(1);  // the 19th G/T
  EXPECT_NE(summary.find("CV-5 Yorktown repaired"), std::string::npos) << summary;
  EXPECT_TRUE(campaign.books()["ship_repair_log"].empty());
  EXPECT_EQ(campaign.books()["repaired_ships"][0]["completed"], "G/T 3 of 0/5/42");
  // The strategic-turn checklist shows it at G.2.
  std::istringstream keep_going(std::string(7, '\n') + "1\nnone\n1\n" + std::string(40, '\n'));
  std::ostringstream shown;
  EXPECT_EQ(campaign.undo(), "repair-advance");
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["gts_left"], 1);
  advance(1);
  run_strategic_turn(campaign, tables_, keep_going, shown, std::nullopt);
  EXPECT_NE(shown.str().find("repaired G/T 3 of 0/5/42, to redeploy: CV-5 Yorktown"),
            std::string::npos)
      << shown.str();
  // The cycle's fourth G/T, then next-cycle clears the redeployed ship.
  advance(1);
  EXPECT_THROW(book(campaign, {"repair-advance"}), engine::UsageError);
  summary = book(campaign, {"next-cycle"});
  EXPECT_NE(summary.find("repaired ships redeployed (50.0 G.2): CV-5 Yorktown"), std::string::npos)
      << summary;
  EXPECT_EQ(campaign.books()["gt"], 0);
}

// Repairs of known duration count down too; next-cycle refuses a cycle only partly advanced.
TEST_F(WitpCampaign, RepairAdvanceKnownCyclesAndPartialCycles) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign, {"repair-advance"});
  book(campaign, {"repair", "ship=DD-1", "side=allied", "cycles=1"});
  // Entered in G/T 2 of 0/1/42, out at the start of 0/2/42: 3 G/Ts.
  EXPECT_EQ(campaign.books()["ship_repair_log"][0]["gts_left"], 3);
  EXPECT_THROW(book(campaign, {"next-cycle"}), engine::UsageError);
  book(campaign, {"repair-advance"});
  book(campaign, {"repair-advance"});
  const std::string summary = book(campaign, {"repair-advance"});
  EXPECT_NE(summary.find("DD-1 repaired"), std::string::npos) << summary;
  EXPECT_THROW(book(campaign, {"repair-advance", "ship=DD-1"}), engine::UsageError);
  book(campaign, {"next-cycle"});
  EXPECT_EQ(cycle_label(campaign.cycle()), "0/2/42");
}

// A Bombardment of Air Points Table with one column at DR 7 and a 1:1 Japanese reserve
// exchange, for the test only (the chartbook's values are the player's).
Tables air_points_at_seven(std::int64_t percent) {
  const Json document = {{"format", "pacwar-witp-tables"},
                         {"version", 1},
                         {"tables",
                          {{"bombardment_of_air_points",
                            {{"rows", {{{"min_strength", 1}, {"dr", 7}, {"percent", percent}}}}}},
                           {"japanese_reserve_exchange",
                            {{"rows", {{{"min_ms_points", 0}, {"give", 1}, {"get", 1}}}}}}}}};
  return Tables::from_json(document, "test-tables.json");
}

// 42.7 in the books: Combined Fleet's 40 CPs lose 30, a HQ in its radius 8 of 10; the reserve's
// 30 lose 50% = 15 into a special future operations pool for the next cycle; Koga's 10 from the
// reserve; 7 SI +1 chits, 4 for the next cycle's cup and 3 along the track. Undo restores all.
TEST_F(WitpCampaign, Witp42_7YamamotoMissionInTheBooks) {
  Campaign campaign = Campaign::create(file_, "0/13/42");
  const Tables tables = air_points_at_seven(50);
  const std::vector<std::string> play = {
      "yamamoto",     "hq=Combined Fleet", "others=4th Fleet",           "reserve-dice=7",
      "koga=reserve", "si-dice=7",         "si-spread=0/2/43:4,0/3/43:3"};
  EXPECT_THROW(apply_book_command(campaign, play, tables), engine::UsageError);  // 1942
  book(campaign, {"assign", "side=japanese", "hq=Combined Fleet", "cps=40", "previous=40"});
  apply_book_command(campaign, {"reserve", "side=japanese", "cps=40", "ms-points=0"}, tables);
  book(campaign, {"next-cycle"});
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["reserve_available"], 40);
  book(campaign, {"assign", "side=japanese", "hq=4th Fleet", "cps=10", "previous=10"});
  const Json before = campaign.books();
  const std::string summary = apply_book_command(campaign, play, tables);
  const Json& japan = campaign.books()["sides"]["japanese"];
  const Json& fleet = japan["hqs"]["Combined Fleet"]["cycles"]["0/1/43"];
  // Carried over 20 (40 unspent at 2:1): 75% of 20 rounded up = 15.
  EXPECT_EQ(fleet["lost"], 15) << summary;
  EXPECT_EQ(japan["hqs"]["4th Fleet"]["cycles"]["0/1/43"]["lost"], 8);
  EXPECT_EQ(japan["special_future_ops"]["cps"], 20);
  EXPECT_EQ(japan["special_future_ops"]["target_cycle"], parse_cycle("c", "0/2/43"));
  EXPECT_EQ(japan["reserve_available"], 10);  // 40 - 20 lost - 10 for Koga
  EXPECT_EQ(japan["si_plus_chits"], 4);
  EXPECT_EQ(japan["si_plus_track"]["0/3/43"], 3);
  EXPECT_NE(summary.find("Adm. Yamamoto eliminated"), std::string::npos) << summary;
  EXPECT_THROW(apply_book_command(campaign, play, tables), engine::UsageError);  // once only
  // The special pool is usable only in its cycle, and must be used then.
  EXPECT_THROW(book(campaign, {"release-future-ops", "side=japanese", "hq=Combined Fleet", "cps=5",
                               "special"}),
               engine::UsageError);
  book(campaign, {"next-cycle"});
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["si_plus_chits"], 7);
  EXPECT_THROW(book(campaign, {"next-cycle"}), engine::UsageError);
  book(campaign, {"release-future-ops", "side=japanese", "hq=Combined Fleet", "cps=20", "special"});
  EXPECT_TRUE(campaign.books()["sides"]["japanese"]["special_future_ops"].is_null());
  // Undo back to before the mission.
  while (campaign.log().back()["change"].get<std::string>().rfind("yamamoto", 0) != 0) {
    campaign.undo();
  }
  campaign.undo();
  EXPECT_EQ(campaign.books(), before);
}

// 42.7 bad input changes nothing.
TEST_F(WitpCampaign, Witp42_7YamamotoBadInput) {
  Campaign campaign = Campaign::create(file_, "0/3/43");
  const Tables tables = air_points_at_seven(50);
  const Json before = campaign.books();
  EXPECT_THROW(
      apply_book_command(campaign, {"yamamoto", "hq=CF", "koga=army", "si-dice=7"}, tables),
      engine::UsageError);
  EXPECT_THROW(apply_book_command(campaign, {"yamamoto", "hq=CF", "koga=hq", "si-dice=13"}, tables),
               engine::UsageError);
  EXPECT_THROW(
      apply_book_command(campaign, {"yamamoto", "hq=CF", "koga=hq", "si-dice=7", "reserve-dice=7"},
                         tables),
      engine::UsageError);  // the reserve is empty
  EXPECT_THROW(apply_book_command(
                   campaign, {"yamamoto", "hq=CF", "others=CF", "koga=hq", "si-dice=7"}, tables),
               engine::UsageError);
  EXPECT_THROW(
      apply_book_command(
          campaign, {"yamamoto", "hq=CF", "koga=hq", "si-dice=7", "si-spread=0/5/43:3"}, tables),
      engine::UsageError);  // not all 7
  EXPECT_THROW(
      apply_book_command(
          campaign, {"yamamoto", "hq=CF", "koga=hq", "si-dice=7", "si-spread=0/3/43:7"}, tables),
      engine::UsageError);  // not a cycle to come
  EXPECT_EQ(campaign.books(), before);
  EXPECT_TRUE(campaign.log().empty());
}

// J.1 of the checklist reports a refused advance (here: 2 of the 4 G/Ts advanced) and goes on.
TEST_F(WitpCampaign, StrategicTurnReportsARefusedAdvance) {
  Campaign campaign = Campaign::create(file_, "0/1/42");
  book(campaign, {"repair-advance"});
  book(campaign, {"repair-advance"});
  // A.1-A.6 (A.3: no MSP loss entered), SI chits 1 and 1 (no Doolittle/JN-25), then B.1 to
  // I.1; J.1 answers y.
  std::string all = "\n\n\n\n\n\n\n1\nnone\n1\n";
  for (std::size_t i = 0; i + 7 < strategic_turn_segments().size(); ++i) all += "\n";
  all += "y\n";
  std::istringstream in(all);
  std::ostringstream out;
  EXPECT_EQ(run_strategic_turn(campaign, tables_, in, out, std::nullopt), 0);
  EXPECT_NE(out.str().find("not advanced: next-cycle: only 2 of the cycle's 4 G/Ts"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("only 2 of this cycle's 4 G/Ts were advanced"), std::string::npos);
  EXPECT_EQ(cycle_label(campaign.cycle()), "0/1/42");
}

// B.1: the Doolittle/JN-25 answer is read case-insensitively with synonyms; an unknown answer
// ("yes") is asked again with the choices and never taken as "none"; a level outside 1-4 is
// asked again, and after `new` (level 0) no "keep" is offered.
TEST_F(WitpCampaign, StrategicTurnAnswersAreValidated) {
  Campaign campaign = Campaign::create(file_, "0/6/42");
  std::istringstream in(std::string(7, '\n') + "\n7\n2\nyes\nDoolittle\n0\n3\nq\n");
  std::ostringstream out;
  run_strategic_turn(campaign, tables_, in, out, std::nullopt);
  const std::string shown = out.str();
  EXPECT_EQ(shown.find("[keep 0]"), std::string::npos) << shown;
  EXPECT_NE(shown.find("'7' is not an answer here: a whole number from 1 to 4"), std::string::npos)
      << shown;
  EXPECT_NE(shown.find("'yes' is not an answer here: doolittle, jn25, both or none"),
            std::string::npos);
  EXPECT_NE(shown.find("'0' is not an answer here: a whole number from 1 to 3"), std::string::npos);
  // Drawn 2 with the Doolittle +1 counter (42.6): level 3.
  EXPECT_EQ(campaign.books()["sides"]["allied"]["si_level"], 3);
  EXPECT_EQ(campaign.books()["sides"]["japanese"]["si_level"], 3);
  // "JN-25" and "BOTH" are read too.
  for (const char* spelling : {"JN-25", "BOTH", "jn 25"}) {
    std::istringstream again(std::string(7, '\n') + "2\n" + spelling + "\nq\n");
    std::ostringstream ignored;
    run_strategic_turn(campaign, tables_, again, ignored, std::nullopt);
    EXPECT_EQ(ignored.str().find("not an answer"), std::string::npos) << spelling;
  }
}

// A.3/A.4 of the checklist: submarine losses into the merchant shipping ledger, and MSPs
// converted last cycle (57.5.1 Example: 1 MSU of load 7 = 3 MSPs) joining the total.
TEST_F(WitpCampaign, StrategicTurnMerchantShipping) {
  Campaign campaign = Campaign::create(file_, "0/5/43");
  book(campaign, {"msp-total", "msp=250"});
  campaign.change("msp-conversion",
                  [&](Json& books) { return convert_to_msp(books, campaign.cycle(), 3, "msu"); });
  book(campaign, {"next-cycle"});
  std::istringstream in("\n\nlots\n12\n\nq\n");
  std::ostringstream out;
  run_strategic_turn(campaign, tables_, in, out, std::nullopt);
  EXPECT_NE(out.str().find("'lots' is not an answer here"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("3 converted MSPs join the Japanese total (57.5.1): 241"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 241);
  EXPECT_EQ(campaign.log().back()["change"], "msp-arrivals");
}

}  // namespace
}  // namespace pacwar::witp
