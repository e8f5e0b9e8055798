#include "witp/ledgers.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/postings.h"

namespace pacwar::witp {
namespace {

class WitpLedgers : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = (std::filesystem::temp_directory_path() /
             ("witp_ledgers_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json"))
                .string();
    std::filesystem::remove(file_);
  }
  void TearDown() override { std::filesystem::remove(file_); }

  std::string book(Campaign& campaign, std::vector<std::string> words) {
    return apply_book_command(campaign, words, tables_);
  }
  Json run(const std::string& name, std::map<std::string, std::vector<std::string>> values) {
    return run_calculator(*find_calculator(name), std::move(values), tables_);
  }

  std::string file_;
  Tables tables_{"data/witp/tables.json"};
};

// 56.4.2 Example: 2 B-24s at extended range off Brunei (value 9), die 6 -> 9 MSPs, posted to
// the merchant shipping ledger in one step; 56.4.4: Brunei may not be mined again this
// Strategic G/T, but may be in the next.
TEST_F(WitpLedgers, Witp56_4_2BruneiMiningPostsNineMspsOncePerStrategicGt) {
  Campaign campaign = Campaign::create(file_, "0/3/44");
  book(campaign, {"msp-total", "msp=300"});
  const Json brunei = run(
      "mining",
      {{"aps", {"2"}}, {"resource-value", {"9"}}, {"die", {"6"}}, {"extended-range", {"true"}}});
  EXPECT_NE(post_result(campaign, brunei, {{"hex", {"Brunei"}}}).find("loses 9 MSPs"),
            std::string::npos);
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 291);
  EXPECT_THROW(post_result(campaign, brunei, {{"hex", {"Brunei"}}}), engine::UsageError);
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 291);  // nothing changed
  EXPECT_EQ(campaign.log().size(), 2U);
  book(campaign, {"next-cycle"});
  EXPECT_NO_THROW(post_result(campaign, brunei, {{"hex", {"Brunei"}}}));
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 282);
  // Undo takes the loss and the hex back.
  campaign.undo();
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 291);
}

// 56.4.3 Example: 4 B-29s at extended range against Yokohama (major port), die 5 -> 8 MSPs; the
// result cites 56.4.3.
TEST_F(WitpLedgers, Witp56_4_3YokohamaCitesItsRule) {
  Campaign campaign = Campaign::create(file_, "0/3/45");
  book(campaign, {"msp-total", "msp=100"});
  const Json yokohama = run(
      "mining",
      {{"aps", {"4"}}, {"target", {"major-port"}}, {"die", {"5"}}, {"extended-range", {"true"}}});
  EXPECT_EQ(yokohama["result"]["section"], "56.4.3");
  EXPECT_EQ(yokohama["result"]["msp_lost"], 8);
  post_result(campaign, yokohama, {{"hex", {"Yokohama"}}});
  const MerchantShipping ledger = read_merchant_shipping(campaign.books());
  EXPECT_EQ(*ledger.msp, 92);
  ASSERT_EQ(ledger.losses.size(), 1U);
  EXPECT_EQ(ledger.losses[0].section, "56.4.3");
  EXPECT_EQ(ledger.losses[0].where, "Yokohama");
}

// 57.5.1 Example: one full MSU (load 7) converts to 3 MSPs, on the Reinforcement Schedule one
// cycle ahead, joining the total at the following Strategic G/T.
TEST_F(WitpLedgers, Witp57_5_1ConversionArrivesOneCycleLater) {
  Campaign campaign = Campaign::create(file_, "0/5/43");
  book(campaign, {"msp-total", "msp=200"});
  post_result(campaign, run("msp-conversion", {{"load", {"7"}}}), {});
  EXPECT_NE(book(campaign, {"msp-arrivals"}).find("no converted MSPs"), std::string::npos);
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 200);
  book(campaign, {"next-cycle"});
  EXPECT_NE(book(campaign, {"msp-arrivals"}).find("3 converted MSPs"), std::string::npos);
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 203);
  EXPECT_TRUE(read_merchant_shipping(campaign.books()).pending.empty());
}

// 57.3 losses from the chartbook's Merchant Shipping Attrition Table, by cause; 57.5.2 MSPs to
// MSUs; the total never goes below 0.
TEST_F(WitpLedgers, Witp57_3LossesByCause) {
  Campaign campaign = Campaign::create(file_, "0/5/43");
  EXPECT_THROW(book(campaign, {"msp-loss", "msp=4", "cause=submarines"}), engine::UsageError);
  book(campaign, {"msp-total", "msp=20"});
  book(campaign, {"msp-loss", "msp=4", "cause=submarines"});
  book(campaign, {"msp-to-msu", "msp=6"});
  EXPECT_THROW(book(campaign, {"msp-loss", "msp=4", "cause=typhoon"}), engine::UsageError);
  EXPECT_NE(book(campaign, {"msp-loss", "msp=15", "cause=other"}).find("the total is 0"),
            std::string::npos);
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 0);
  EXPECT_NE(merchant_shipping_status(campaign.books()).find("submarines 4"), std::string::npos);
}

// 47.17 Example: a Japanese Inf. Div. of TQ 6 with 10 steps is 16 garrison points; after the
// surrender Japan needs 216.
TEST_F(WitpLedgers, Witp47_17GarrisonAfterSurrender) {
  Campaign campaign = Campaign::create(file_, "0/3/43");
  const Json count = run("china-garrison", {{"tq", {"6"}}, {"steps", {"10"}}});
  EXPECT_EQ(count["result"]["garrison_points"], 16);
  EXPECT_THROW(post_result(campaign, count, {}), engine::UsageError);  // China stands
  book(campaign, {"china-surrender"});
  EXPECT_THROW(book(campaign, {"china-surrender"}), engine::UsageError);
  EXPECT_NE(post_result(campaign, count, {}).find("short by 200"), std::string::npos);
  EXPECT_NE(china_garrison_status(campaign.books()).find("last count 16"), std::string::npos);
}

// 35.7.1: one Railcap demolition attempt per country per game, failed or not.
TEST_F(WitpLedgers, Witp35_7_1OneDemolitionPerCountry) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  const Json failed = run("railcap-demolition", {{"tq-check", {"fail"}}, {"railcap", {"8"}}});
  post_result(campaign, failed, {{"country", {"Burma"}}});
  EXPECT_THROW(post_result(campaign, failed, {{"country", {"Burma"}}}), engine::UsageError);
  EXPECT_NO_THROW(post_result(campaign, failed, {{"country", {"Malaya"}}}));
  EXPECT_EQ(read_railcap_demolitions(campaign.books()).size(), 2U);
}

// CP costs go from the HQ that pays in one logged, undoable step; more than it holds is refused.
TEST_F(WitpLedgers, Witp31_1TokyoExpressSpendsFromTheHq) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  book(campaign, {"assign", "side=japanese", "hq=8th-Fleet", "cps=4", "previous=4"});
  const Json express = run("tokyo-express", {{"e-rating", {"-2"}}});  // 5/2 rounded up = 3
  EXPECT_NE(post_result(campaign, express, {{"hq", {"8th-Fleet"}}}).find("1 left"),
            std::string::npos);
  EXPECT_THROW(post_result(campaign, express, {{"hq", {"8th-Fleet"}}}), engine::UsageError);
  EXPECT_THROW(post_result(campaign, express, {{"hq", {"Nobody"}}}), engine::UsageError);
  EXPECT_THROW(post_result(campaign, express, {}), engine::UsageError);
  EXPECT_EQ(campaign.log().size(), 2U);
  EXPECT_NE(campaign.undo().find("tokyo-express"), std::string::npos);
}

// 44.4.5 Example (19th Indian Division): the early-release CPs (14) spent from the Allied HQ.
TEST_F(WitpLedgers, Witp44_4_5CadreReleaseSpends) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  book(campaign, {"assign", "side=allied", "hq=SEAC", "cps=20", "previous=20"});
  const Json cadre = run(
      "cadre-release", {{"printed-tq", {"6"}}, {"printed-steps", {"10"}}, {"years-early", {"2"}}});
  EXPECT_EQ(cadre["result"]["early_release_cps"], 14);
  EXPECT_NE(post_result(campaign, cadre, {{"hq", {"SEAC"}}}).find("6 left"), std::string::npos);
}

// 29.3 an HQ's activation at its printed cost, paid by the HQ named; from the reserve refused
// (drawn first with draw-reserve, 28.6.3).
TEST_F(WitpLedgers, Witp29_3HqCostPostsOrRefuses) {
  Campaign campaign = Campaign::create(file_, "0/3/42");
  book(campaign, {"assign", "side=allied", "hq=SWPA", "cps=12", "previous=12"});
  const Json cost = run("hq-cost", {{"printed-cost", {"5"}}});
  EXPECT_NE(post_result(campaign, cost, {{"side", {"allied"}}, {"hq", {"SWPA"}}}).find("7 left"),
            std::string::npos);
  const Json reserve = run("hq-cost", {{"printed-cost", {"5"}}, {"from-reserve", {"true"}}});
  EXPECT_THROW(post_result(campaign, reserve, {{"side", {"allied"}}, {"hq", {"SWPA"}}}),
               engine::UsageError);
  EXPECT_EQ(campaign.log().size(), 2U);
}

}  // namespace
}  // namespace pacwar::witp

namespace pacwar::witp {
namespace {

// Errors name the word as the player typed it: msp=, cause=, where= in a book change (57.3,
// 56.4.4), --hex in a calculator's posting.
TEST_F(WitpLedgers, Witp57_3ErrorsNameTheWordTyped) {
  Campaign campaign = Campaign::create(file_, "0/5/43");
  book(campaign, {"msp-total", "msp=20"});
  auto message = [&](const std::vector<std::string>& words) {
    try {
      book(campaign, words);
    } catch (const engine::UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message({"msp-total", "msp=-5"}).rfind("msp=: ", 0), 0u);
  EXPECT_EQ(message({"msp-loss", "msp=-5", "cause=other"}).rfind("msp=: ", 0), 0u);
  EXPECT_EQ(message({"msp-loss", "msp=5", "cause=typhoon"}).rfind("cause=: ", 0), 0u);
  EXPECT_EQ(message({"msp-loss", "msp=5", "cause=mining"}).rfind("where=: ", 0), 0u);
  EXPECT_EQ(message({"base", "name=X", "side=allied", "ucs-distance=-1", "supply-base-distance=2"})
                .rfind("ucs-distance=: ", 0),
            0u);
  book(campaign, {"msp-loss", "msp=5", "cause=mining", "where=Brunei"});
  EXPECT_EQ(
      message({"msp-loss", "msp=5", "cause=mining", "where=Brunei"}).rfind("where=: Brunei", 0),
      0u);
  const Json brunei = run("mining", {{"aps", {"2"}}, {"resource-value", {"9"}}, {"die", {"6"}}});
  try {
    post_result(campaign, brunei, {{"hex", {"Brunei"}}});
    FAIL() << "accepted";
  } catch (const engine::UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--hex: Brunei was already mined", 0), 0u) << e.what();
  }
  EXPECT_EQ(*read_merchant_shipping(campaign.books()).msp, 15);
}

}  // namespace
}  // namespace pacwar::witp
