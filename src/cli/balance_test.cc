// The balance lab and --data-override: errors name file, field and reason; the patched data is
// what the game loads; a short balance run writes its report; `pacwar analyse` and
// `pacwar balance` run from the command line.
#include "cli/balance.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "cli/data_override.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/session.h"
#include "games/registry.h"
#include "tests/pacwar_binary.h"

namespace pacwar::cli {
namespace {

namespace fs = std::filesystem;
using engine::Json;

class TempFiles {
 public:
  TempFiles() {
    std::random_device device;
    dir_ = fs::temp_directory_path() / ("pacwar-balance-test-" + std::to_string(device()));
    fs::create_directories(dir_);
  }
  ~TempFiles() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
};

std::string error_of(const std::string& file) {
  try {
    OverriddenData data(read_data_override(file));
  } catch (const engine::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(DataOverride, ErrorsNameTheFileTheFieldAndTheReason) {
  TempFiles t;
  const auto patch = [&](const std::string& name, const std::string& op) {
    return t.write(name, R"({"game": "co-prosperity", "patch": [)" + op + "]}");
  };
  EXPECT_NE(error_of(patch("a.json",
                           R"({"op": "replace", "path": "/units.json/units/0/atack", "value": 5})"))
                .find("data/co-prosperity/units.json, field /units/0/atack: no such field"),
            std::string::npos);
  EXPECT_NE(
      error_of(patch("b.json",
                     R"({"op": "replace", "path": "/units.json/units/0/attack", "value": "5"})"))
          .find("field /units/0/attack: expected a number (now 3), got a string"),
      std::string::npos);
  EXPECT_NE(
      error_of(patch("c.json",
                     R"({"op": "replace", "path": "/units.json/units/0/attack", "value": -4})"))
          .find("the patched data is refused: data/co-prosperity/units.json: units[0]"),
      std::string::npos);
  EXPECT_NE(error_of(patch("d.json", R"({"op": "replace", "path": "/unit.json/x", "value": 1})"))
                .find("data/co-prosperity/unit.json: no such data file"),
            std::string::npos);
  EXPECT_NE(error_of(patch("e.json", R"({"op": "move", "path": "/units.json/x", "from": "/y"})"))
                .find("op 'move' is not one of"),
            std::string::npos);
  EXPECT_NE(
      error_of(t.write("f.json", R"({"game": "chess", "patch": []})")).find("unknown game 'chess'"),
      std::string::npos);
  EXPECT_NE(error_of(t.write("g.json", "{")).find("not valid JSON"), std::string::npos);
}

TEST(DataOverride, TheGameLoadsThePatchedValue) {
  TempFiles t;
  const std::string file = t.write(
      "o.json",
      R"({"game": "co-prosperity", "patch": [{"op": "replace", "path": "/units.json/units/0/attack", "value": 5}]})");
  OverriddenData data(read_data_override(file));
  const auto state = data.game()->new_initial_state(Json::object());
  const std::string view = state->view(-1).dump();
  const auto unit = view.find("\"id\":\"J-CV-1\"");
  ASSERT_NE(unit, std::string::npos);
  const auto object = view.rfind('{', unit);
  EXPECT_NE(view.substr(object, view.find('}', unit) - object).find("\"attack\":5"),
            std::string::npos);
  const auto plain = find_game("co-prosperity")->new_initial_state(Json::object());
  EXPECT_NE(plain->view(-1).dump(), view);
  const fs::path root = data.root();
  EXPECT_TRUE(fs::exists(root / "co-prosperity" / "units.json"));
  EXPECT_EQ(data_value(read_data_override(file), "/units.json/units/0/attack"), 5);
}

TEST(Balance, WilsonIntervals) {
  const auto [low0, high0] = wilson(0, 10);
  EXPECT_DOUBLE_EQ(low0, 0.0);
  EXPECT_NEAR(high0, 0.2775, 0.001);
  const auto [low, high] = wilson(50, 100);
  EXPECT_NEAR(low, 0.4038, 0.001);
  EXPECT_NEAR(high, 0.5962, 0.001);
}

TEST(Balance, AShortRunWithASweepWritesItsReportAndRepeatsForASeed) {
  BalanceConfig config;
  config.game = "co-prosperity";
  config.player = "heuristic";
  config.games = 6;
  config.seed = 5;
  config.jobs = 2;
  config.sweeps = {"/units.json/units/0/attack"};
  const BalanceResult a = run_balance(config, nullptr);
  ASSERT_EQ(a.base.games.size(), 6u);
  ASSERT_EQ(a.sweeps.size(), 1u);
  ASSERT_EQ(a.sweeps[0].runs.size(), 2u);
  EXPECT_EQ(a.sweeps[0].base_value, 3);
  EXPECT_EQ(a.sweeps[0].runs[0].value, 2);
  EXPECT_EQ(a.sweeps[0].runs[1].value, 4);
  for (const BalanceGame& g : a.base.games) {
    EXPECT_TRUE(g.finished);
    EXPECT_GT(g.actions, 0);
    EXPECT_FALSE(g.end.empty());
    EXPECT_TRUE(g.by_turn.count("held:japanese"));
  }
  config.jobs = 1;
  Json first = to_json(a, config);
  Json second = to_json(run_balance(config, nullptr), config);
  first.erase("seconds");
  second.erase("seconds");
  EXPECT_EQ(first, second) << "the same games for a seed, with any --jobs";
  const std::string html = balance_report(a, config);
  for (const char* part :
       {"Win rate by side", "Wilson", "Game length", "spaces (OZs) japanese controls",
        "How games end", "Card and event use", "Sensitivity", "<svg"}) {
    EXPECT_NE(html.find(part), std::string::npos) << part;
  }
  config.sweeps = {"/units.json/units/0/id"};
  EXPECT_THROW(run_balance(config, nullptr), engine::UsageError);
}

std::string run_binary(const std::string& args, int& status) {
  const std::string command = ::pacwar::testing::pacwar_binary() + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (pipe != nullptr && fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  status = pipe != nullptr ? pclose(pipe) : -1;
  return out;
}

TEST(BalanceCommand, WritesReportAndSummary) {
  TempFiles t;
  int status = 0;
  const std::string out = run_binary(
      "balance pacific-war --player heuristic --games 3 --seed 2 --out " + t.dir().string(),
      status);
  ASSERT_EQ(status, 0) << out;
  const Json summary = Json::parse(out);
  EXPECT_EQ(summary["base"]["games"], 3);
  EXPECT_TRUE(fs::exists(t.dir() / "report.html"));
  EXPECT_TRUE(fs::exists(t.dir() / "summary.json"));
  std::ifstream report(t.dir() / "report.html");
  const std::string html((std::istreambuf_iterator<char>(report)),
                         std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("Victory Points (+ japanese"), std::string::npos);
}

TEST(AnalyseCommand, PrintsTheAnalysisOfASave) {
  TempFiles t;
  const auto game = find_game("co-prosperity");
  engine::Session session(game, Json::object(), 9);
  engine::RandomPlayer player;
  engine::Rng rng(9);
  while (!session.state().is_terminal() && session.history_ids().size() < 40) {
    if (session.state().is_chance()) {
      session.resolve_chance();
    } else {
      session.apply(player.pick(session.state(), rng, rng));
    }
  }
  const std::string save = t.write("save.json", session.save().dump());
  int status = 0;
  const std::string out =
      run_binary("analyse " + save + " --seat japanese --json --player mcts:30 --seed 4", status);
  ASSERT_EQ(status, 0) << out;
  const Json a = Json::parse(out);
  EXPECT_EQ(a["seat_name"], "japanese");
  EXPECT_EQ(a["moves"].size(), a["decisions"].get<std::size_t>());
  EXPECT_EQ(
      run_binary("analyse " + save + " --seat japanese --json --player mcts:30 --seed 4", status),
      out);
  run_binary("analyse " + save + " --seat british --json", status);
  EXPECT_NE(status, 0);
  run_binary("analyse " + save + " --seat japanese --player oracle:30", status);
  EXPECT_NE(status, 0);
}

}  // namespace
}  // namespace pacwar::cli
