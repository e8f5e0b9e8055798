// Tests of the terminal board, on hand-built views in the format of PwState::view (view.cc).
#include "games/pacific_war/render_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "games/registry.h"
#include "games/render.h"

namespace pacwar::pacific_war {
namespace {

using engine::Json;

Json unit(const std::string& id, const std::string& side, int a, int g, int d, int s,
          bool ready = true) {
  return {{"id", id},     {"name", id},      {"side", side},     {"airstrike", a},
          {"gunnery", g}, {"defense", d},    {"armored", false}, {"speed", s},
          {"lba", false}, {"capital", true}, {"ready", ready}};
}

Json lba(const std::string& id, const std::string& side, int a) {
  return {{"id", id},     {"name", side + " LBA"}, {"side", side},     {"airstrike", a},
          {"gunnery", 0}, {"defense", 0},          {"armored", false}, {"speed", 0},
          {"lba", true},  {"capital", false},      {"ready", true}};
}

Json oz(const std::string& id, const std::string& name, bool port, int vp,
        const std::string& control, Json units) {
  Json o = {{"id", id}, {"name", name},       {"port", port},
            {"vp", vp}, {"control", control}, {"units", std::move(units)}};
  if (port) o["port_owner"] = control.empty() ? "Allied" : control;
  return o;
}

// A Japanese view on Turn 2: Japanese hand visible, Allied hand a count only.
Json japanese_view() {
  Json yamato = unit("Yamato", "Japanese", 0, 6, 4, 2);
  yamato["armored"] = true;
  Json philippines = oz("Philippines", "Philippines", true, 1, "Japanese", Json::array());
  philippines["port_owner"] = "Allied";
  philippines["base_marker"] = "Japanese";
  Json hawaii = oz("Hawaiian-Islands", "Hawaiian Islands", true, 2, "Allied",
                   {unit("Enterprise", "Allied", 4, 0, 2, 3), lba("LBA-A2", "Allied", 2)});
  hawaii["contested"] = true;
  Json coral = oz("Coral-Sea", "Coral Sea", false, 0, "Japanese", Json::array());
  coral["base_marker"] = "Japanese";
  Json repaired = unit("Kaga", "Japanese", 4, 0, 2, 3, false);
  repaired["repairing"] = true;
  Json view = {
      {"game", "pacific-war"},
      {"viewer", "Japanese"},
      {"turn", 2},
      {"phase", "strategy"},
      {"prompt", "8.3: Japanese Strategy Action"},
      {"to_act", "Japanese"},
      {"vp", 3},
      {"active", "Japanese"},
      {"restricted_routes_open", false},
      {"fleet_train", "Truk"},
      {"ozs",
       {oz("Japan", "Japan", true, 0, "Japanese",
           {unit("Akagi", "Japanese", 4, 0, 2, 3), unit("Hiryu", "Japanese", 4, 0, 2, 3, false),
            yamato, lba("LBA-J1", "Japanese", 3)}),
        oz("Truk", "Truk", true, 1, "Japanese", Json::array()), philippines, hawaii, coral,
        oz("Midway", "Midway", false, 0, "", Json::array())}},
      {"turn_track",
       {{"3", {unit("Hornet", "Allied", 4, 0, 2, 3, false), repaired}},
        {"10", {unit("Essex", "Allied", 5, 0, 3, 3, false)}}}},
      {"sunk", {"Soryu", "Hood"}},
      {"hands",
       {{"japanese",
         {{"count", 1},
          {"cards",
           {{{"id", "J07"},
             {"name", "Kido Butai"},
             {"category", "combat"},
             {"strategic_event", false},
             {"text", "Play before a combat: the Japanese airstrike column shifts one right."}}}}}},
        {"allied", {{"count", 2}}}}},
      {"deck_count", 9},
      {"discards", {{{"japanese", "J01 Surprise Attack"}, {"allied", "A01 Magic"}}}},
      {"initiative_dice", {4, 2}},
  };
  return view;
}

bool has(const std::string& board, const std::string& text) {
  return board.find(text) != std::string::npos;
}

TEST(RenderText, HeaderNamesTurnPhaseVpRoutesAndFleetTrain) {
  const std::string b = render_text(japanese_view());
  EXPECT_TRUE(has(b, "Turn 2")) << b;
  EXPECT_TRUE(has(b, "strategy")) << b;
  EXPECT_TRUE(has(b, "VP: 3 Japanese")) << b;
  EXPECT_TRUE(has(b, "Restricted routes: closed")) << b;
  EXPECT_TRUE(has(b, "Fleet Train: Truk")) << b;
  EXPECT_TRUE(has(b, "Initiative dice: Japanese 4, Allied 2")) << b;
  EXPECT_TRUE(has(b, "To act: Japanese")) << b;
}

TEST(RenderText, VpInWordsForEitherSide) {
  Json view = japanese_view();
  view["vp"] = -5;
  EXPECT_TRUE(has(render_text(view), "VP: 5 Allied"));
  view["vp"] = 0;
  EXPECT_TRUE(has(render_text(view), "VP: 0 "));
}

TEST(RenderText, UnitsWithValuesOpsCompleteArmorAndLba) {
  const std::string b = render_text(japanese_view());
  EXPECT_TRUE(has(b, "Japan [Port]  control J")) << b;
  EXPECT_TRUE(has(b, "Japanese: Akagi 4/0/2/3, Hiryu 4/0/2/3 (OC), Yamato 0/6/4*/2, LBA-J1 A3"))
      << b;
  EXPECT_TRUE(has(b, "Allied: Enterprise 4/0/2/3, LBA-A2 A2")) << b;
}

TEST(RenderText, OzMarkersAndControl) {
  const std::string b = render_text(japanese_view());
  EXPECT_TRUE(has(b, "Hawaiian Islands [Port VP 2]  control A, contested")) << b;
  EXPECT_TRUE(has(b, "Philippines [Port VP 1]  control J, Allied port held as a Japanese base"))
      << b;
  EXPECT_TRUE(has(b, "Coral Sea (Base)  control J")) << b;
  EXPECT_TRUE(has(b, "Truk [Port VP 1]  control J, Fleet Train")) << b;
  EXPECT_TRUE(has(b, "No units: Midway (none)")) << b;
}

// 14.3: the Base markers are placed when set-up ends; until then a Base without one says so
// instead of "control none". Ports (their markers placed at the start) and later phases do not.
TEST(SetUp_14_3, TheBoardSaysBaseMarkersComeAfterSetUp) {
  Json view = japanese_view();
  view["phase"] = "setup";
  view["ozs"].push_back(
      oz("Borneo", "Borneo", false, 0, "", Json::array({unit("Ship1", "Japanese", 1, 1, 1, 1)})));
  view["ozs"].push_back(oz("Guam", "Guam", true, 0, "", Json::array()));
  std::string b = render_text(view);
  EXPECT_TRUE(has(b, "Borneo (Base)  markers placed after set-up (14.3)\n")) << b;
  EXPECT_TRUE(has(b, "No units, markers placed after set-up (14.3): Midway\n")) << b;
  EXPECT_FALSE(has(b, "Midway (none)")) << b;
  EXPECT_TRUE(has(b, "Guam (none)")) << b;
  EXPECT_TRUE(has(b, "Coral Sea (Base)  control J")) << b;
  view["phase"] = "turn-0";
  b = render_text(view);
  EXPECT_TRUE(has(b, "Borneo (Base)  control none\n")) << b;
  EXPECT_TRUE(has(b, "Midway (none)")) << b;
  EXPECT_FALSE(has(b, "14.3")) << b;
}

// The game's own set-up board, before any Base marker is placed.
TEST(SetUp_14_3, TheSetUpBoardHasNoControlNone) {
  const auto game = find_game("pacific-war");
  const auto state = game->new_initial_state(game->normalize_options(Json::object()));
  const std::string b = render_text(state->view(state->current_seat()));
  EXPECT_TRUE(has(b, ", setup |")) << b;
  EXPECT_TRUE(has(b, "Borneo (Base)  markers placed after set-up (14.3)\n")) << b;
  EXPECT_FALSE(has(b, "control none")) << b;
  EXPECT_FALSE(has(b, "(none)")) << b;
}

TEST(RenderText, TurnTrackInTurnOrderWithRepairs) {
  const std::string b = render_text(japanese_view());
  const auto turn3 = b.find("Turn 3:");
  const auto turn10 = b.find("Turn 10:");
  ASSERT_NE(turn3, std::string::npos) << b;
  ASSERT_NE(turn10, std::string::npos) << b;
  EXPECT_LT(turn3, turn10);  // numeric, not lexicographic, order
  EXPECT_TRUE(has(b, "Kaga 4/0/2/3 (repair)")) << b;
  EXPECT_TRUE(has(b, "Allied: Hornet 4/0/2/3\n")) << b;  // no (OC) off the map
}

TEST(RenderText, SunkCardsAndDiscards) {
  const std::string b = render_text(japanese_view());
  EXPECT_TRUE(has(b, "Sunk: 2 - Soryu, Hood")) << b;
  EXPECT_TRUE(has(b, "Japanese hand (1 card):")) << b;
  EXPECT_TRUE(has(b, "J07 Kido Butai [combat]")) << b;
  EXPECT_TRUE(has(b, "airstrike column shifts")) << b;
  EXPECT_TRUE(has(b, "Allied hand: 2 cards")) << b;
  EXPECT_TRUE(has(b, "deck 9")) << b;
  EXPECT_TRUE(has(b, "J01 Surprise Attack / A01 Magic")) << b;
}

TEST(RenderText, RedactedHandShowsOnlyItsCount) {
  // The Allied view: the Japanese hand is a count, so no Japanese card may appear.
  Json view = japanese_view();
  view["viewer"] = "Allied";
  view["hands"]["japanese"] = {{"count", 1}};
  view["hands"]["allied"] = {{"count", 1},
                             {"cards",
                              {{{"id", "A04"},
                                {"name", "Code Breakers"},
                                {"category", "strategy"},
                                {"strategic_event", true},
                                {"text", "Look at the Japanese hand."}}}}};
  const std::string b = render_text(view);
  EXPECT_FALSE(has(b, "Kido Butai")) << b;
  EXPECT_FALSE(has(b, "J07")) << b;
  EXPECT_TRUE(has(b, "Japanese hand: 1 card\n")) << b;
  EXPECT_TRUE(has(b, "A04 Code Breakers [strategy, strategic event]")) << b;
}

TEST(RenderText, CombatAndWinner) {
  Json view = japanese_view();
  view["combat"] = {{"oz", "Hawaiian-Islands"},
                    {"attacker", "Japanese"},
                    {"round", 1},
                    {"mp_left", 2},
                    {"part", "airstrike"},
                    {"hits_left", 2},
                    {"firing", "Japanese"},
                    {"column", "7"}};
  view["winner"] = "Japanese";
  const std::string b = render_text(view);
  EXPECT_TRUE(has(b, "Combat in Hawaiian Islands: Japanese attacking, round 1, airstrike")) << b;
  EXPECT_TRUE(has(b, "Japanese firing on CRT column 7")) << b;
  EXPECT_TRUE(has(b, "2 hits to allocate")) << b;
  EXPECT_TRUE(has(b, "GAME OVER: Japanese win.")) << b;
}

TEST(RenderText, LinesFitTheWidthAndEndInNewline) {
  Json view = japanese_view();
  Json many = Json::array();
  for (int i = 0; i < 30; ++i)
    many.push_back(unit("Ship" + std::to_string(i), "Allied", 1, 2, 1, 2));
  view["ozs"][0]["units"] = many;
  const std::string b = render_text(view);
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b.back(), '\n');
  std::istringstream lines(b);
  std::string line;
  while (std::getline(lines, line)) EXPECT_LE(line.size(), kBoardWidth) << line;
  EXPECT_TRUE(has(b, "Ship29 1/2/1/2")) << b;
}

TEST(RenderText, ToleratesAnAlmostEmptyView) {
  const std::string b = render_text(Json::object());
  EXPECT_TRUE(has(b, "Turn 0")) << b;
  EXPECT_TRUE(has(b, "Turn Track: empty")) << b;
}

TEST(RenderBoard, DispatchesByGameAndDumpsUnknownGamesAsJson) {
  const Json view = japanese_view();
  EXPECT_EQ(render_board("pacific-war", view), render_text(view));
  const Json other = {{"score", 7}};
  const std::string b = render_board("no-such-game", other);
  EXPECT_EQ(Json::parse(b), other);
  EXPECT_TRUE(has(b, "\"score\": 7")) << b;
}

}  // namespace
}  // namespace pacwar::pacific_war
