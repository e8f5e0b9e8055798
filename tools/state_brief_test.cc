#include "tools/state_brief.h"

#include <gtest/gtest.h>

#include "engine/game.h"
#include "games/registry.h"

namespace pacwar::tools {
namespace {

using engine::Json;

// A state answer as docs/api.md describes it, with a real view of The Pacific War and strings
// full of the characters a careless scan would trip on.
Json answer() {
  const auto game = find_game("pacific-war");
  const auto state = game->new_initial_state(game->normalize_options(Json::object()));
  Json legal = Json::array();
  legal.push_back({{"id", "place \"Hiyo\" [Japan]"}, {"rule", "14.2"}, {"text", "a {b} c"}});
  legal.push_back({{"rule", "14.2"}, {"id", "pass\\now"}, {"text", "x"}});
  Json log = Json::array();
  log.push_back({{"rule", "1"}, {"text", "] } [ {"}});
  log.push_back({{"rule", "2"}, {"text", "\u00e9t\u00e9 \n"}});
  log.push_back({{"rule", "3"}, {"text", ""}});
  return {{"can_undo", false},
          {"legal", legal},
          {"log", log},
          {"log_from", 40},
          {"options", {{"rules", Json::array({"13.1"})}}},
          {"status", "active"},
          {"version", 1234567},
          {"view", state->view(0)},
          {"your_turn", true}};
}

TEST(StateBrief, ReadsTheFieldsAndSkipsTheView) {
  const std::string text = answer().dump();
  Brief brief;
  ASSERT_TRUE(read_brief(text, brief));
  EXPECT_TRUE(brief.your_turn);
  EXPECT_EQ(brief.status, "active");
  EXPECT_EQ(brief.version, 1234567);
  EXPECT_EQ(brief.log_from, 40);
  EXPECT_EQ(brief.log_lines, 3);
  ASSERT_EQ(brief.legal.size(), 2u);
  EXPECT_EQ(brief.legal[0], "place \"Hiyo\" [Japan]");
  EXPECT_EQ(brief.legal[1], "pass\\now");
  // Pretty-printed (whitespace everywhere) reads the same.
  Brief pretty;
  ASSERT_TRUE(read_brief(answer().dump(2), pretty));
  EXPECT_EQ(pretty.legal, brief.legal);
  EXPECT_EQ(pretty.log_lines, 3);
}

TEST(StateBrief, RefusesTextThatIsNotAJsonObject) {
  const std::string text = answer().dump();
  Brief brief;
  for (const std::string& bad :
       {std::string(), std::string("[]"), text.substr(0, text.size() / 2),
        text.substr(0, text.size() - 1), text + "x", std::string(R"({"version":})"),
        std::string(R"({"status":"open)"), std::string(R"({"view":{"a":[1,2})")}) {
    EXPECT_FALSE(read_brief(bad, brief)) << bad.substr(0, 80);
  }
  EXPECT_TRUE(read_brief("{}", brief));
}

}  // namespace
}  // namespace pacwar::tools
