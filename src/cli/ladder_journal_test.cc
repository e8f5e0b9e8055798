// The ladder's journal: a ladder stopped part way and run again gives the ratings of one run
// that was never stopped; a journal line that is not the ladder's is refused with its place, and
// a journal of another build (a held game now goes another way) is refused.
#include "cli/ladder_journal.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/ladder.h"
#include "engine/errors.h"
#include "games/registry.h"
#include "server/test_support.h"

namespace pacwar::cli {
namespace {

using engine::Json;

std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void write_lines(const std::filesystem::path& path, const std::vector<std::string>& lines,
                 const std::string& tail = "") {
  std::ofstream out(path, std::ios::trunc);
  for (const std::string& line : lines) out << line << '\n';
  out << tail;
}

LadderConfig small_ladder() {
  LadderConfig config;
  config.players = {"random", "heuristic", "mcts:4"};
  config.games = 2;
  config.seed = 9;
  return config;
}

std::string error_of(const std::shared_ptr<const engine::Game>& game, const LadderConfig& config) {
  try {
    run_ladder(game, Json::object(), config, nullptr);
  } catch (const engine::UsageError& e) {
    return e.what();
  }
  return "no error";
}

TEST(LadderJournal, AResumedLadderRatesAsOneUnbrokenRun) {
  const auto game = find_game("co-prosperity");
  server::testing::TempDir dir;
  const auto path = dir.path() / "ladder.jsonl";
  const LadderResult plain = run_ladder(game, Json::object(), small_ladder(), nullptr);

  LadderConfig config = small_ladder();
  config.journal = path.string();
  const LadderResult whole = run_ladder(game, Json::object(), config, nullptr);
  const std::vector<std::string> lines = lines_of(path);
  ASSERT_EQ(lines.size(), 12u);  // 3 pairings, 2 games from each side
  EXPECT_EQ(whole.resumed, 0);
  EXPECT_EQ(whole.score, plain.score);

  // Stopped after five games, the sixth line cut short while it was written.
  write_lines(path, {lines.begin(), lines.begin() + 5}, lines[5].substr(0, 40));
  std::ostringstream progress;
  const LadderResult resumed = run_ladder(game, Json::object(), config, &progress);
  EXPECT_EQ(resumed.resumed, 5);
  EXPECT_NE(progress.str().find("7/7 games"), std::string::npos) << progress.str();
  EXPECT_EQ(resumed.score, plain.score);
  EXPECT_EQ(resumed.games, plain.games);
  for (std::size_t p = 0; p < plain.players.size(); ++p) {
    EXPECT_NEAR(resumed.players[p].elo, plain.players[p].elo, 1e-9);
    EXPECT_EQ(resumed.players[p].seat_wins, plain.players[p].seat_wins);
    // The blunder counters (docs/ai.md) of the held games come back from the journal.
    EXPECT_EQ(resumed.players[p].blunders.names, plain.players[p].blunders.names);
    EXPECT_EQ(resumed.players[p].blunders.decisions, plain.players[p].blunders.decisions);
    EXPECT_EQ(resumed.players[p].blunders.counts, plain.players[p].blunders.counts);
  }
  EXPECT_FALSE(plain.players[0].blunders.is_empty());
  // The cut line was cut off and its game played again.
  const std::vector<std::string> after = lines_of(path);
  ASSERT_EQ(after.size(), 12u);
  for (std::size_t i = 0; i < after.size(); ++i) {
    const Json a = Json::parse(after[i]);
    const Json b = Json::parse(lines[i]);
    EXPECT_EQ(a["players"], b["players"]) << i;
    EXPECT_EQ(a["seed"], b["seed"]) << i;
    EXPECT_EQ(a["winner"], b["winner"]) << i;
  }

  // Everything held: nothing is played, and the file is left as it was.
  write_lines(path, lines);
  const LadderResult again = run_ladder(game, Json::object(), config, nullptr);
  EXPECT_EQ(again.resumed, 12);
  EXPECT_EQ(again.score, plain.score);
  EXPECT_EQ(lines_of(path), lines);
  EXPECT_NE(to_text(again, *game).find("12 from the journal"), std::string::npos);
  EXPECT_EQ(to_json(again, config, *game)["from_journal"], 12);

  // A journal of another build: its first game, played again, goes another way.
  std::vector<std::string> other_build = lines;
  Json first = Json::parse(lines[0]);
  first["digest"] = first["digest"].get<std::uint64_t>() + 1;
  other_build[0] = first.dump();
  write_lines(path, other_build);
  const std::string message = error_of(game, config);
  EXPECT_NE(message.find("went another way"), std::string::npos) << message;
  EXPECT_NE(message.find("another build"), std::string::npos) << message;
  EXPECT_EQ(lines_of(path), other_build);  // nothing appended

  // Round by round: the first round of every pairing comes first, and rates as --games 1.
  write_lines(path, {lines.begin(), lines.begin() + 6});
  LadderConfig first_round = config;
  first_round.games = 1;
  std::ostringstream none;
  const LadderResult one = run_ladder(game, Json::object(), first_round, &none);
  EXPECT_EQ(one.resumed, 6);
  EXPECT_EQ(none.str(), "") << "nothing left to play";
  EXPECT_EQ(lines_of(path).size(), 6u);
  LadderConfig plain_first = small_ladder();
  plain_first.games = 1;
  EXPECT_EQ(one.score, run_ladder(game, Json::object(), plain_first, nullptr).score);
}

TEST(LadderJournal, ALineOfAnotherMeasurementIsRefusedWithItsPlace) {
  const auto game = find_game("co-prosperity");
  server::testing::TempDir dir;
  const auto path = dir.path() / "ladder.jsonl";
  LadderConfig config = small_ladder();
  config.players = {"random", "heuristic"};
  config.games = 1;
  config.journal = path.string();
  run_ladder(game, Json::object(), config, nullptr);
  const std::vector<std::string> lines = lines_of(path);
  ASSERT_EQ(lines.size(), 2u);

  auto refused = [&](const std::string& second, const std::string& expected) {
    write_lines(path, {lines[0], second, lines[1]});
    const std::string message = error_of(game, config);
    EXPECT_NE(message.find(path.string() + " line 2: " + expected), std::string::npos) << message;
    EXPECT_EQ(lines_of(path).size(), 3u);  // nothing appended
  };
  Json line = Json::parse(lines[1]);
  refused("{not json", "line: not JSON");
  refused("[1, 2]", "line: not a JSON object");
  Json other = line;
  other["game"] = "pacific-war";
  refused(other.dump(), "game: 'pacific-war', this ladder plays 'co-prosperity'");
  other = line;
  other["threads"] = 2;
  refused(other.dump(), "threads: 2, this ladder uses 1");
  other = line;
  other["options"] = {{"scenario", "x"}};
  refused(other.dump(), "options: ");
  other = line;
  other.erase("winner");
  refused(other.dump(), "winner: missing");
  other = line;
  other["winner"] = 3;
  refused(other.dump(), "winner: not -1, 0 or 1");
  other = line;
  other["ms"] = {Json::array(), {1.0, -2.0}};
  refused(other.dump(), "ms: not a list of non-negative numbers");
  other = line;
  other["seed"] = -4;
  refused(other.dump(), "seed: not a non-negative integer");
}

}  // namespace
}  // namespace pacwar::cli
