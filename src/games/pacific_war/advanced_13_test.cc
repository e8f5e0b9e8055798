// Tests for the Advanced Rules 13.1-13.9, one suite per section, with scripted dice; and the
// rule options themselves (parsing, refusal of unknown rules, the save file, self-play).
#include <cstdlib>

#include "cli/selfplay.h"
#include "engine/random_play.h"
#include "engine/session.h"
#include "games/pacific_war/render_text.h"
#include "games/pacific_war/scenario_for_test.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

using testing::fight;
using testing::rules;
using testing::Scenario;

void put_off_map(Scenario& sc, const std::string& unit, int loc, int turn = 0) {
  const int u = sc.unit(unit);
  set_loc(sc.s(), u, loc);
  sc.s().units[u].turn = static_cast<std::uint8_t>(turn);
  sc.s().units[u].flags = loc == kLocTrack ? kReady | kRepairing : 0;
}

// The Turn Track as start_game leaves it for a reinforcement.
void on_track(Scenario& sc, const std::string& unit, int turn) {
  put_off_map(sc, unit, kLocTrack, turn);
  sc.s().units[sc.unit(unit)].flags = kReady;
}

void next_turn(Scenario& sc) {
  begin_turn(sc.s(), nullptr);
  EXPECT_EQ(sc.s().check_invariants(), "");
}

// A combat at `oz`, the attacker about to fight with `mp` MP left.
// ---- 13.1 ----

TEST(Advanced_13_1, IseAndHyugaAreConvertedAfterACarrierIsLost) {
  Scenario sc(rules("13.1"));
  sc.empty_board(1);
  sc.put("Ise", "Japan");
  put_off_map(sc, "Hyuga", kLocTrack, 3);  // damaged: converted all the same
  put_off_map(sc, "Akagi", kLocSunk);
  next_turn(sc);
  EXPECT_EQ(sc.s().turn, 2);
  EXPECT_EQ(sc.where("Ise"), "removed");
  EXPECT_EQ(sc.where("Hyuga"), "removed");
  EXPECT_EQ(sc.where("Ise-CVB"), "track:5");
  EXPECT_EQ(sc.where("Hyuga-CVB"), "track:5");
  // Ready side up they are carriers (reaction, 7.6 / 8.12); Ops Complete they are not.
  sc.put("Ise-CVB", "Truk");
  EXPECT_TRUE(counts_as_carrier(sc.s(), sc.unit("Ise-CVB")));
  EXPECT_TRUE(reaction_allowed(sc.s(), sc.oz("Truk"), kJapanese));
  sc.put("Ise-CVB", "Truk", false);
  EXPECT_FALSE(counts_as_carrier(sc.s(), sc.unit("Ise-CVB")));
}

TEST(Advanced_13_1, NoConversionWithoutACarrierLossNorForADestroyedShip) {
  Scenario sc(rules("13.1"));
  sc.empty_board(1);
  sc.put("Ise", "Japan").put("Hyuga", "Japan");
  next_turn(sc);
  EXPECT_EQ(sc.where("Ise"), "Japan");
  EXPECT_EQ(sc.where("Ise-CVB"), "removed");
  EXPECT_EQ(sc.where("Hyuga-CVB"), "removed");

  Scenario lost(rules("13.1"));
  lost.empty_board(1);
  put_off_map(lost, "Ise", kLocSunk);
  put_off_map(lost, "Kaga", kLocSunk);
  lost.put("Hyuga", "Japan");
  next_turn(lost);
  EXPECT_EQ(lost.where("Ise-CVB"), "removed");  // the destroyed Ise cannot be converted
  EXPECT_EQ(lost.where("Hyuga-CVB"), "track:5");
}

// ---- 13.2 ----

// Oi rolls 5: Gunnery 4, with Nagato's 4 the [8-9] column. The Allied hits go to Oi first,
// which sinks without a damage die.
TEST(Advanced_13_2, TorpedoCruiserGunneryIsRolledAndTakesHitsFirst) {
  Scenario sc(rules("13.2"));
  sc.empty_board(2);
  sc.put("Oi", "Philippines").put("Nagato", "Philippines");
  sc.put("Houston", "Philippines").put("Louisville", "Philippines").put("Pensacola", "Philippines");
  fight(sc, "Philippines", kJapanese, 1);
  ASSERT_EQ(sc.s().step, Step::SurfaceDecision);  // no carriers: straight to Surface Combat
  sc.act("surface");
  ASSERT_EQ(sc.s().step, Step::TorpedoDie);
  EXPECT_NE(sc.s().prompt().find("13.2"), std::string::npos);
  sc.act("die 5");
  EXPECT_EQ(gunnery_strength(sc.s(), kJapanese, sc.oz("Philippines")), 8);
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "8-9");
  sc.act("die 1").act("hit Houston").act("die 6");  // one hit: Houston sunk
  // Allied gunnery 3: die 6, two hits. The first must go to Oi, the second to Nagato.
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "3");
  sc.act("die 6");
  ASSERT_EQ(sc.s().step, Step::DamageDie);  // no allocation question, no die for Oi
  EXPECT_EQ(sc.s().dmg_unit, sc.unit("Nagato"));
  sc.act("die 1");
  EXPECT_EQ(sc.where("Oi"), "sunk");
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(sc.where("Nagato"), "track:3");
  EXPECT_EQ(sc.s().adv.torpedo[0], -1);  // a new roll each Surface round
}

TEST(Advanced_13_2, TorpedoCruisersAddNothingToAPortInvasion) {
  Scenario sc(rules("13.2"));
  sc.empty_board(2);
  for (const char* u : {"Nagato", "Mutsu", "Yamato", "Musashi", "Oi"}) sc.put(u, "Philippines");
  EXPECT_EQ(torpedo_gunnery(sc.s(), sc.unit("Oi")), 0);  // outside a Surface round
  sc.s().combat.oz = static_cast<std::int8_t>(sc.oz("Philippines"));
  sc.s().combat.part = CombatPart::Surface;
  sc.s().adv.torpedo[0] = 5;
  EXPECT_EQ(torpedo_gunnery(sc.s(), sc.unit("Oi")), 5);
  EXPECT_EQ(gunnery_strength(sc.s(), kJapanese, sc.oz("Philippines")), 23);
  EXPECT_EQ(ground_strength(sc.s(), kJapanese, sc.oz("Philippines")), 0);  // 18 without Oi
}

// ---- 13.3 ----

TEST(Advanced_13_3, ShinanoStaysABattleshipWhenNoCarrierIsLost) {
  Scenario sc(rules("13.3"));
  sc.empty_board(1);
  on_track(sc, "Shinano", 5);
  next_turn(sc);
  EXPECT_EQ(sc.where("Shinano"), "removed");
  EXPECT_EQ(sc.where("Shinano-BB"), "track:4");

  Scenario lost(rules("13.3"));
  lost.empty_board(1);
  on_track(lost, "Shinano", 5);
  put_off_map(lost, "Soryu", kLocSunk);
  next_turn(lost);
  EXPECT_EQ(lost.where("Shinano"), "track:5");
  EXPECT_EQ(lost.where("Shinano-BB"), "removed");
}

// ---- 13.4 ----

TEST(Advanced_13_4, KasagiOrIbukiForEachTurnWithoutLosses) {
  Scenario sc(rules("13.4"));
  sc.empty_board(0);
  sc.put("Nagato", "Japan").put("Mutsu", "Japan");
  next_turn(sc);  // Turn 1
  next_turn(sc);  // Turn 2: Turn 1 cost no ship
  ASSERT_EQ(sc.s().step, Step::KasagiIbuki);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"add Ibuki", "add Kasagi"}));
  sc.act("add Ibuki");
  EXPECT_EQ(sc.where("Ibuki"), "track:5");
  EXPECT_EQ(sc.where("Kasagi"), "pool");
  put_off_map(sc, "Mutsu", kLocSunk);  // a loss on Turn 2
  next_turn(sc);                       // Turn 3
  EXPECT_NE(sc.s().step, Step::KasagiIbuki);
  EXPECT_EQ(sc.where("Kasagi"), "pool");
  next_turn(sc);  // Turn 4: Turn 3 cost no ship: the other one, no question left
  EXPECT_EQ(sc.where("Kasagi"), "track:5");

  Scenario unlucky(rules("13.4"));
  unlucky.empty_board(0);
  unlucky.put("Nagato", "Japan").put("Mutsu", "Japan").put("Fuso", "Japan");
  next_turn(unlucky);
  for (const char* ship : {"Nagato", "Mutsu", "Fuso"}) {
    put_off_map(unlucky, ship, kLocSunk);
    next_turn(unlucky);  // every turn from 1 to 3 costs a ship
  }
  EXPECT_EQ(unlucky.s().turn, 4);
  EXPECT_EQ(unlucky.where("Kasagi"), "removed");
  EXPECT_EQ(unlucky.where("Ibuki"), "removed");
}

// ---- 13.5 ----

TEST(Advanced_13_5, VictoriousArrivesAfterTheThirdCarrierLossAndLeavesOnTurnFour) {
  Scenario sc(rules("13.5"));
  sc.empty_board(1);
  put_off_map(sc, "Lexington", kLocSunk);
  put_off_map(sc, "Saratoga", kLocSunk);
  next_turn(sc);  // Turn 2: two carriers lost
  EXPECT_EQ(sc.where("HMS-Victorious"), "pool");
  put_off_map(sc, "Yorktown", kLocSunk);  // the third, on Turn 2
  next_turn(sc);                          // Turn 3
  EXPECT_EQ(sc.where("HMS-Victorious"), "West-Coast");
  next_turn(sc);  // Turn 4: removed at the beginning of the Turn
  EXPECT_EQ(sc.where("HMS-Victorious"), "removed");

  Scenario late(rules("13.5"));
  late.empty_board(3);
  for (const char* cv : {"Lexington", "Saratoga", "Yorktown"}) put_off_map(late, cv, kLocSunk);
  next_turn(late);  // Turn 4: too late
  EXPECT_EQ(late.where("HMS-Victorious"), "removed");
}

// ---- 13.6 ----

// 13.6.2 example: on Ceylon (2 VP) the Japanese need 3 Ground Strength; the capture removes
// the Divisions for good (13.6.3).
TEST(Advanced_13_6, AustralianDivisionsOnCeylonNeedOneMoreGroundStrength) {
  Scenario sc(rules("13.6"));
  sc.empty_board(1);
  sc.control();
  next_turn(sc);  // Turn 2: the Divisions arrive
  ASSERT_EQ(sc.s().step, Step::Divisions);
  EXPECT_FALSE(sc.is_legal("stay"));            // they must be placed
  EXPECT_FALSE(sc.is_legal("divisions Truk"));  // a Japanese Port
  sc.act("divisions Ceylon");
  EXPECT_EQ(ground_needed(sc.s(), sc.oz("Ceylon")), 3);
  // 42 points: two Ground Strength.
  for (const char* u : {"Akagi", "Kaga", "Hiryu", "Soryu", "Zuikaku", "Shokaku", "Nagato", "Mutsu",
                        "Yamato", "Musashi"})
    sc.put(u, "Ceylon");
  sc.control().give(kJapanese, 1);
  sc.s().step = Step::Invasion;
  sc.s().seat = kJapanese;
  sc.s().supply_side = kJapanese;
  EXPECT_FALSE(sc.is_legal("capture Ceylon"));
  const std::string card = card_end(sc.s(), sc.card(1), kJapanese).id;
  sc.act("ground " + card + " Ceylon");
  sc.act("capture Ceylon");
  EXPECT_EQ(sc.s().port_owner[sc.oz("Ceylon")], kJapanese);
  EXPECT_EQ(sc.s().adv.divisions_oz, kDivisionsGone);
  EXPECT_EQ(sc.s().view(kAllied)["advanced"]["australian_divisions"], "removed");
}

// 13.6.1: on a Base they hold it against everything but a Port Invasion with 1 Ground Strength.
TEST(Advanced_13_6, AustralianDivisionsHoldABaseUntilInvaded) {
  Scenario sc(rules("13.6"));
  sc.empty_board(1);
  sc.control();
  next_turn(sc);
  sc.act("divisions Midway");
  sc.put("Nagato", "Midway").put("Mutsu", "Midway").control();
  EXPECT_EQ(sc.controller_of("Midway"), kAllied);  // 12.2 B would make it Japanese
  sc.s().step = Step::Invasion;
  sc.s().seat = kJapanese;
  sc.s().supply_side = kJapanese;
  EXPECT_FALSE(sc.is_legal("remove-divisions Midway"));  // 8 points: no Ground Strength
  for (const char* u : {"Yamato", "Musashi", "Kongo", "Haruna"}) sc.put(u, "Midway");
  EXPECT_TRUE(sc.is_legal("remove-divisions Midway"));  // 20 points: one
  sc.act("remove-divisions Midway");
  EXPECT_EQ(sc.s().adv.divisions_oz, kDivisionsGone);
  EXPECT_EQ(sc.controller_of("Midway"), kJapanese);
}

TEST(Advanced_13_6, AustralianDivisionsMayRedeployEachTurn) {
  Scenario sc(rules("13.6"));
  sc.empty_board(1);
  sc.control();
  next_turn(sc);
  sc.act("divisions Australia");
  next_turn(sc);  // Turn 3
  ASSERT_EQ(sc.s().step, Step::Divisions);
  EXPECT_TRUE(sc.is_legal("stay"));
  EXPECT_FALSE(sc.is_legal("divisions Australia"));
  sc.act("divisions Samoa-Islands");
  EXPECT_EQ(sc.s().view(kJapanese)["advanced"]["australian_divisions"], "Samoa-Islands");
}

// ---- 13.7 ----

TEST(Advanced_13_7, MagicGivesOneLastActionAfterATie) {
  Scenario sc(rules("13.7"));
  sc.empty_board(2);
  sc.control();
  sc.s().step = Step::InitDieJapanese;
  sc.acts({"die 3", "die 3"});
  ASSERT_EQ(sc.s().step, Step::Magic);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"magic", "decline"}));
  sc.act("magic");
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_TRUE(sc.is_legal("skip"));
  sc.act("skip");  // the action is over: so is the Strategy Phase
  EXPECT_NE(sc.s().step, Step::Init1);
  EXPECT_EQ(sc.s().adv.marker_turn, 2);
  EXPECT_NE(sc.log_text().find("The Strategy Phase ends."), std::string::npos);
}

TEST(Advanced_13_7, NoMarkerOnTurnOneNorTwiceInATurn) {
  Scenario sc(rules("13.7"));
  sc.empty_board(1);
  sc.control();
  sc.s().step = Step::InitDieJapanese;
  sc.acts({"die 3", "die 3"});
  EXPECT_NE(sc.s().step, Step::Magic);  // from Turn 2 only

  Scenario used(rules("13.7"));
  used.empty_board(2);
  used.control();
  used.s().adv.marker_turn = 2;  // the Seabees were used this turn
  used.s().step = Step::InitDieJapanese;
  used.acts({"die 5", "die 5"});
  EXPECT_NE(used.s().step, Step::Magic);
}

// The Allies move into the Solomon Islands, sink Kinugasa and stay: the Seabees bring an LBA.
TEST(Advanced_13_7, SeabeesRedeployAnLbaAfterTheCombat) {
  Scenario sc(rules("13.7"));
  sc.empty_board(2);
  sc.put("Kinugasa", "Solomon-Islands");
  sc.put("Houston", "Australia").put("Louisville", "Australia").put("Pensacola", "Australia");
  sc.put("LBA-A1", "Samoa-Islands");
  sc.control().at_action(kAllied);
  sc.acts({"move-from Australia", "all", "to Solomon-Islands", "no-reaction", "surface"});
  sc.acts({"die 6", "die 6", "die 6"});  // two hits on Kinugasa: sunk
  sc.act("die 1");                       // Japanese gunnery 1: no hit
  sc.act("stay");
  ASSERT_EQ(sc.s().step, Step::Seabees);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"seabees LBA-A1", "decline"}));
  sc.act("seabees LBA-A1");
  EXPECT_EQ(sc.where("LBA-A1"), "Solomon-Islands");
  EXPECT_EQ(sc.s().adv.marker_turn, 2);
  EXPECT_EQ(sc.controller_of("Solomon-Islands"), kAllied);
}

TEST(Advanced_13_7, FleetTrainWithoutACard) {
  Scenario sc(rules("13.7"));
  sc.empty_board(4);
  sc.control().give(kAllied, 3).at_action(kAllied);
  EXPECT_TRUE(sc.is_legal("fleet-train-free Midway"));
  for (const std::string& id : sc.legal()) EXPECT_NE(id.rfind("fleet-train ", 0), 0u) << id;
  sc.act("fleet-train-free Midway");
  EXPECT_EQ(sc.s().fleet_train_oz, sc.oz("Midway"));
  EXPECT_EQ(hand_size(sc.s(), kAllied), 1);  // the card is kept
}

// ---- 13.8 ----

TEST(Advanced_13_8, BattleMarkerShowsTheCombat) {
  Scenario sc(rules("13.8"));
  sc.empty_board(2);
  sc.put("Nagato", "Philippines").put("Houston", "Philippines");
  EXPECT_EQ(sc.s().view(kAllied)["advanced"]["battle_marker"]["where"], "game-events-box");
  fight(sc, "Philippines", kJapanese, 1);
  const engine::Json v = sc.s().view(kAllied);
  EXPECT_EQ(v["advanced"]["battle_marker"]["where"], "Philippines");
  EXPECT_EQ(v["advanced"]["battle_marker"]["side_up"], "Japanese");
  EXPECT_NE(render_text(v).find("Battle marker: Philippines, Japanese side up"), std::string::npos);

  Scenario off;  // display only: without 13.8 nothing is shown
  off.empty_board(2);
  EXPECT_FALSE(off.s().view(kAllied).contains("advanced"));
}

// ---- 13.9 ----

TEST(Advanced_13_9, DeRuyterHasNoSpecialRules) {
  Scenario with(rules("13.9"));
  Scenario without;
  const UnitDef& d = with.c().units[with.unit("De-Ruyter")];
  EXPECT_EQ(d.nation, Nation::Netherlands);
  EXPECT_EQ(d.type, UnitType::Cruiser);
  EXPECT_FALSE(d.advanced);
  EXPECT_EQ(with.where("De-Ruyter"), "Borneo");
  EXPECT_EQ(with.legal(), without.legal());
  engine::Json a = with.s().view(kAllied), b = without.s().view(kAllied);
  a.erase("rules");
  b.erase("rules");
  EXPECT_EQ(a, b);
}

// ---- the options ----

TEST(Options_13_15, SwitchesBySectionGroupOrAll) {
  EXPECT_TRUE(rules("13.4").on(Rule::KasagiIbuki));
  EXPECT_FALSE(rules("13.4").on(Rule::Victorious));
  EXPECT_EQ(rules("13.4").ids(), std::vector<std::string>{"13.4"});
  const RuleOptions advanced = rules("advanced");
  for (const auto& id : all_rule_ids())
    EXPECT_EQ(advanced.on(*parse_rule(id)), id.rfind("13.", 0) == 0);
  const RuleOptions two = rules("optional:15.1,15.2");
  EXPECT_TRUE(two.on(Rule::Yamamoto) && two.on(Rule::OilReserves));
  EXPECT_FALSE(two.on(Rule::AlliesWeakened));
  EXPECT_EQ(two.ids(), (std::vector<std::string>{"15.1", "15.2"}));
  const RuleOptions all = rules("all");
  EXPECT_EQ(all.ids(), all_rule_ids());
  try {
    rules("13.10");
    ADD_FAILURE() << "13.10 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown rule option '13.10'"), std::string::npos);
  }
}

TEST(Options_13_15, EveryRuleIsAcceptedAndKeptInTheSave) {
  const auto game = find_game("pacific-war");
  engine::Session session(game, engine::Json{{"rules", "all"}}, 5);
  engine::play_random_actions(session, 300, 5);
  const engine::Json save = session.save();
  EXPECT_EQ(save["options"]["rules"].size(), all_rule_ids().size());
  const engine::Session loaded =
      engine::Session::load(save, [](const std::string& name) { return find_game(name); });
  EXPECT_EQ(loaded.state().hash(), session.state().hash());
  EXPECT_THROW(game->normalize_options(engine::Json{{"rules", "13.0"}}), std::invalid_argument);
}

}  // namespace
}  // namespace pacwar::pacific_war
