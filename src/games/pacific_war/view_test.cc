// The view written as text (write_view, what the web server sends) is the same JSON, byte for
// byte, as nlohmann::json writes it: keys in sorted order, each once, strings escaped alike.
#include <gtest/gtest.h>

#include <string>

#include "engine/json_writer.h"
#include "engine/random_play.h"
#include "games/pacific_war/options.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

using engine::Json;

// A state's view of every seat and of a spectator, written as text and as a tree.
void expect_canonical(const engine::State& state, const std::string& where) {
  for (int seat = -1; seat < 2; ++seat) {
    std::string text;
    engine::JsonWriter w(text);
    state.write_view(seat, w);
    const Json parsed = Json::parse(text);  // throws on invalid JSON
    // parse + dump sorts the keys and drops repeated ones: the same text means neither happened.
    ASSERT_EQ(parsed.dump(), text) << where << ", seat " << seat;
    ASSERT_EQ(state.view(seat), parsed) << where << ", seat " << seat;
  }
}

TEST(PacificWarView, WrittenTextIsCanonicalJsonThroughWholeGames) {
  const auto game = find_game("pacific-war");
  int combats = 0;
  int finished = 0;
  for (int g = 0; g < 6; ++g) {
    Json options = Json::object();
    if (g % 2) options["rules"] = all_rule_ids();  // 13.x / 15.x markers in the view too
    auto state = game->new_initial_state(game->normalize_options(options));
    engine::Rng player_rng(300 + static_cast<std::uint64_t>(g));
    engine::Rng chance_rng(700 + static_cast<std::uint64_t>(g));
    engine::RandomPlayer player;
    for (int n = 0; n < 6000 && !state->is_terminal(); ++n) {
      if (n % 7 == 0)
        expect_canonical(*state, "game " + std::to_string(g) + ", step " + std::to_string(n));
      std::string text;
      engine::JsonWriter w(text);
      state->write_view(0, w);
      if (text.find("\"combat\"") != std::string::npos) ++combats;
      state->apply(player.pick(*state, player_rng, chance_rng), nullptr);
    }
    expect_canonical(*state, "game " + std::to_string(g) + " at its end");
    finished += state->is_terminal() ? 1 : 0;
  }
  EXPECT_GT(combats, 0);
  EXPECT_GT(finished, 0);
}

TEST(JsonWriter, EscapesStringsAsNlohmannJson) {
  // Escapes within the first 8 bytes, after a long clean run (read 8 bytes at a time), at the
  // end, and UTF-8 text that is kept as it is.
  const std::string tricky = std::string("q\"b\\s/\b\f\n\r\t") + '\x01' + '\x1f' + '\x7f' +
                             "\xc3\xa9 \xe2\x80\x94 a long run of plain text, then\x02 and \\" +
                             "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj\"";
  std::string text;
  engine::JsonWriter w(text);
  w.begin_object();
  w.field("a", tricky);
  w.field("a2", std::string("twenty-four plain bytes!"));
  w.field("b", -42);
  w.field("c", std::uint64_t{18446744073709551615ULL});
  w.field("d", true);
  w.key("e");
  w.null();
  w.key("f");
  w.begin_array();
  w.value(std::int8_t{-3});
  w.value(Json{{"x", 1}});
  w.begin_object();
  w.end_object();
  w.end_array();
  w.end_object();
  const Json tree = {{"a", tricky},
                     {"a2", "twenty-four plain bytes!"},
                     {"b", -42},
                     {"c", 18446744073709551615ULL},
                     {"d", true},
                     {"e", nullptr},
                     {"f", Json::array({-3, {{"x", 1}}, Json::object()})}};
  EXPECT_EQ(text, tree.dump());
}

}  // namespace
}  // namespace pacwar::pacific_war
