#include "cli/play.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/errors.h"
#include "tests/toy_game.h"

namespace pacwar::cli {
namespace {

using engine::Json;
using engine::Session;

constexpr PlayerKind kHuman = PlayerKind::kHuman;
constexpr PlayerKind kRandom = PlayerKind::kRandom;

std::string board(const Json& view) { return "BOARD " + view.dump() + "\n"; }

struct PlayRun {
  int code;
  std::string out;
};

PlayRun play(Session& session, std::vector<PlayerKind> players, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  const int code = run_play(session, players, in, out, board);
  return {code, out.str()};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(PlayTest, ShowsMenuAndRefusesBadInput) {
  Session session(toy::game(), Json::object(), 5);
  const PlayRun run = play(session, {kHuman, kRandom}, "fly\n0\n42\nundo\nquit\n");
  EXPECT_EQ(run.code, 0);
  EXPECT_TRUE(contains(run.out, "=== red to act ===")) << run.out;
  EXPECT_TRUE(contains(run.out, "BOARD {\"hand\":")) << run.out;
  EXPECT_TRUE(contains(run.out, "2: red chooses")) << run.out;
  EXPECT_TRUE(contains(run.out, "  1. roll")) << run.out;
  EXPECT_TRUE(contains(run.out, "  3. rest")) << run.out;
  EXPECT_TRUE(contains(run.out, "Refused: illegal action 'fly' at 2: red chooses; legal: roll"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "No action number 0: choose 1 to")) << run.out;
  EXPECT_TRUE(contains(run.out, "No action number 42")) << run.out;
  EXPECT_TRUE(contains(run.out, "Cannot undo")) << run.out;
  EXPECT_EQ(session.history_ids().size(), 2u);  // only the deal happened
}

TEST(PlayTest, ActsByNumberOrIdAndUndoes) {
  Session session(toy::game(), Json::object(), 5);
  // Both seats human. Red stretches by number, undoes, stretches and rests by id; blue may
  // not undo red's rest, rests by number (3) and quits.
  const PlayRun run = play(session, {kHuman, kHuman}, "5\nundo\nstretch\nrest\nundo\n3\nquit\n");
  EXPECT_TRUE(contains(run.out, "Undone: stretch")) << run.out;
  EXPECT_TRUE(contains(run.out, "Cannot undo: the last action was not yours (red acted last)"))
      << run.out;
  const std::vector<std::string> ids(session.history_ids().begin() + 2,
                                     session.history_ids().end());
  EXPECT_EQ(ids, (std::vector<std::string>{"stretch", "rest", "rest"}));
  EXPECT_EQ(session.state().current_seat(), 0);
}

TEST(PlayTest, HotseatShowsOnlyTheActingSeatsView) {
  Session session(toy::game(), Json::object(), 9);
  std::vector<std::string> problems;
  int renders = 0;
  BoardRenderer checking = [&](const Json& view) {
    ++renders;
    const int seat = session.state().current_seat();
    if (seat < 0 || view != session.state().view(seat)) problems.push_back(view.dump());
    return std::string("BOARD\n");
  };
  std::istringstream in("draw\ndraw\nrest\nrest\nquit\n");
  std::ostringstream out;
  run_play(session, {kHuman, kHuman}, in, out, checking);
  EXPECT_EQ(renders, 5);
  EXPECT_TRUE(problems.empty()) << problems.front();
  // Cards drawn are told to their owner only, never printed for the other seat to see.
  EXPECT_FALSE(contains(out.str(), "is dealt card")) << out.str();
  EXPECT_FALSE(contains(out.str(), "draws card")) << out.str();
  EXPECT_TRUE(contains(out.str(), "red draws")) << out.str();
}

TEST(PlayTest, SinglePlayerSeesOwnSecretsOnly) {
  Session session(toy::game(), Json::object(), 9);
  const PlayRun run = play(session, {kHuman, kRandom}, "draw\nlog\nquit\n");
  EXPECT_TRUE(contains(run.out, "red is dealt card")) << run.out;
  EXPECT_TRUE(contains(run.out, "blue is dealt a card")) << run.out;
  EXPECT_FALSE(contains(run.out, "blue is dealt card")) << run.out;
  EXPECT_TRUE(contains(run.out, "red draws card")) << run.out;
  EXPECT_TRUE(contains(run.out, "Game log (red's view)")) << run.out;
}

TEST(PlayTest, RandomPlayersFinishTheGame) {
  Session session(toy::game(), Json::object(), 3);
  const PlayRun run = play(session, {kRandom, kRandom}, "");
  EXPECT_EQ(run.code, 0);
  EXPECT_TRUE(session.state().is_terminal());
  EXPECT_TRUE(contains(run.out, "=== Game over ===")) << run.out;
  EXPECT_TRUE(contains(run.out, "Winner: ") || contains(run.out, "Draw.")) << run.out;

  // The same seed plays the same game.
  Session again(toy::game(), Json::object(), 3);
  play(again, {kRandom, kRandom}, "");
  EXPECT_EQ(again.history_ids(), session.history_ids());
}

// A finished game is not left at once: the result, then save FILE, log, map, board, help and
// quit; anything else is refused with the list.
TEST(PlayTest, GameOverOffersLogSaveBoardAndQuit) {
  const auto file = std::filesystem::temp_directory_path() / "pacwar_play_test_game_over.json";
  Session session(toy::game(), Json::object(), 3);
  const PlayRun run = play(session, {kRandom, kRandom},
                           "log\nroll\nundo\nhelp\nboard\nsave " + file.string() + "\nquit\n");
  EXPECT_EQ(run.code, 0);
  ASSERT_TRUE(session.state().is_terminal());
  const std::string after = run.out.substr(run.out.find("=== Game over ==="));
  EXPECT_TRUE(contains(after, "The game is over. Commands: save FILE, log, map, board, help, quit"))
      << after;
  EXPECT_TRUE(contains(after, "game over> Game log (the public view):\n  red ")) << after;
  EXPECT_TRUE(contains(after, "'roll' is not one of save FILE, log, map, board, help, quit."))
      << after;
  EXPECT_TRUE(contains(after, "'undo' is not one of")) << after;
  EXPECT_TRUE(contains(after, "  save FILE   save the game to FILE\n")) << after;
  EXPECT_FALSE(contains(after, "  undo ")) << after;  // help lists this mode's commands only
  EXPECT_TRUE(contains(after, "game over> BOARD {")) << after;
  EXPECT_TRUE(contains(after, "Saved to " + file.string() + " (read it again with: pacwar load"))
      << after;
  EXPECT_TRUE(contains(after, "Quit.\n")) << after;
  std::ifstream stream(file);
  const Session loaded =
      Session::load(Json::parse(stream), [](const std::string&) { return toy::game(); });
  std::filesystem::remove(file);
  EXPECT_TRUE(loaded.state().is_terminal());
  EXPECT_EQ(loaded.history_ids(), session.history_ids());
}

// Piped or scripted play still ends: at game over the end of the input leaves with exit code 0.
TEST(PlayTest, GameOverEndOfInputLeaves) {
  Session session(toy::game(), Json::object(), 3);
  const PlayRun run = play(session, {kRandom, kRandom}, "log\n");
  EXPECT_EQ(run.code, 0);
  EXPECT_TRUE(contains(run.out, "game over> \nEnd of input (the game was not saved).\n"))
      << run.out;
}

// `pacwar load` of a finished game: a read-only review whose first line says so and who won;
// log, map, board, help and quit work, and nothing changes the game.
TEST(Play, FinishedGameOpensReadOnlyReview) {
  Session finished(toy::game(), Json::object(), 3);
  play(finished, {kRandom, kRandom}, "");
  ASSERT_TRUE(finished.state().is_terminal());
  const int winner = finished.state().winner();
  ASSERT_GE(winner, 0);
  Session session = Session::load(finished.save(), [](const std::string&) { return toy::game(); });
  std::istringstream in("log\nboard\nmap\nsave /tmp/x.json\nroll\nundo\nhelp\nquit\nlog\n");
  std::ostringstream out;
  const std::vector<PlayerSpec> humans = {{kHuman, "human"}, {kHuman, "human"}};
  EXPECT_EQ(run_loaded(session, humans, in, out, board), 0);
  const std::string text = out.str();
  const std::string first = text.substr(0, text.find('\n'));
  EXPECT_EQ(first, "toy: the game is over, " + toy::ToyState::seat_name(winner) + " won after " +
                       std::to_string(finished.history_ids().size()) +
                       " actions. Read-only review: log, map, board, help, quit.");
  EXPECT_TRUE(contains(text, "=== Game over ===")) << text;
  EXPECT_TRUE(contains(text, "review> Game log (the public view):\n  red ")) << text;
  EXPECT_TRUE(contains(text, "review> BOARD {")) << text;
  EXPECT_TRUE(contains(text, "No text map for this game")) << text;
  EXPECT_TRUE(contains(text,
                       "read-only: 'save /tmp/x.json' is not one of log, map, board, "
                       "help, quit."))
      << text;
  EXPECT_TRUE(contains(text, "read-only: 'roll' is not one of")) << text;
  EXPECT_TRUE(contains(text, "read-only: 'undo' is not one of")) << text;
  EXPECT_TRUE(contains(text, "  quit        leave the review (exit works too)\n")) << text;
  EXPECT_TRUE(contains(text, "review> Quit.\n")) << text;
  EXPECT_EQ(text.find("Game log", text.find("Quit.")), std::string::npos);  // left at quit
  EXPECT_EQ(session.history_ids(), finished.history_ids());

  // One human seat: that seat's view of the log; the end of the input leaves.
  std::istringstream log_only("log\n");
  std::ostringstream seat_out;
  run_loaded(session, {{kHuman, "human"}, {kRandom, "random"}}, log_only, seat_out, board);
  EXPECT_TRUE(contains(seat_out.str(), "Game log (red's view):\n  red is dealt card"))
      << seat_out.str();
  EXPECT_TRUE(contains(seat_out.str(), "review> \nEnd of input.\n")) << seat_out.str();
}

// `pacwar load` of an unfinished game resumes it.
TEST(PlayTest, LoadedUnfinishedGameResumes) {
  Session session(toy::game(), Json::object(), 5);
  while (session.state().is_chance()) session.resolve_chance();  // the deal: 2 actions
  std::istringstream in("rest\nquit\n");
  std::ostringstream out;
  EXPECT_EQ(run_loaded(session, {{kHuman, "human"}, {kRandom, "random"}}, in, out, board), 0);
  EXPECT_EQ(out.str().rfind("Resuming toy after 2 actions.\n", 0), 0u) << out.str();
  EXPECT_EQ(session.history_ids()[2], "rest");
}

// A toy session where red, to act, holds cards of two values: two "play N" actions of one
// menu group (the toy's group_plays option).
Session two_cards_to_play() {
  for (std::uint64_t seed = 1;; ++seed) {
    Session session(toy::game(), Json{{"group_plays", true}}, seed);
    while (session.state().is_chance()) session.resolve_chance();
    for (const int seat : {0, 1}) {  // each draws a second card
      session.apply_id("draw", seat);
      while (session.state().is_chance()) session.resolve_chance();
    }
    Json hand = session.state().view(0)["hand"];
    std::sort(hand.begin(), hand.end());
    if (std::unique(hand.begin(), hand.end()) - hand.begin() == 2) return session;
  }
}

// Actions of one menu group (State::action_group: e.g. one card's event on a dozen targets)
// share one numbered line; its number lists them, `back` returns to all the actions, and a
// number or an id then takes the action as before.
TEST(PlayTest, GroupedActionsShareOneMenuLine) {
  Session session = two_cards_to_play();
  const std::size_t before = session.history_ids().size();
  const PlayRun run = play(session, {kHuman, kRandom}, "back\n4\n3\nback\n4\n2\nquit\n");
  EXPECT_TRUE(contains(run.out,
                       "  3. rest  -  rest (toy rules 2)\n"
                       "  4. play a card (toy rules 2.4)  [2 choices]\n"
                       "  5. stretch  -  stretch (toy rules 2)\n"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "red> No list of targets is open")) << run.out;
  EXPECT_TRUE(contains(run.out, "red> play a card (toy rules 2.4):\n  1. play ")) << run.out;
  EXPECT_TRUE(contains(run.out, "No action number 3: choose 1 to 2.")) << run.out;
  const std::string played = session.history_ids()[before];
  EXPECT_EQ(played.rfind("play ", 0), 0u) << played;
  EXPECT_TRUE(contains(run.out, "  2. " + played + "  -  card " + played.substr(5) + "\n"))
      << run.out;
}

TEST(PlayTest, SaveCommandWritesALoadableFile) {
  const auto file = std::filesystem::temp_directory_path() / "pacwar_play_test_save.json";
  Session session(toy::game(), Json::object(), 21);
  const PlayRun run = play(session, {kHuman, kRandom}, "rest\nsave " + file.string() + "\nquit\n");
  EXPECT_TRUE(contains(run.out, "Saved to ")) << run.out;
  EXPECT_TRUE(contains(run.out, "Quit.\n")) << run.out;
  std::ifstream stream(file);
  const Json save = Json::parse(stream);
  std::filesystem::remove(file);
  const Session loaded = Session::load(save, [](const std::string&) { return toy::game(); });
  EXPECT_EQ(loaded.history_ids(), session.history_ids());
  EXPECT_EQ(loaded.state().hash(), session.state().hash());

  const PlayRun bad =
      play(session, {kHuman, kRandom}, "save\nsave /nonexistent-dir/x.json\nquit\n");
  EXPECT_TRUE(contains(bad.out, "Usage: save FILE")) << bad.out;
  EXPECT_TRUE(contains(bad.out, "Cannot write save file")) << bad.out;
}

TEST(PlayTest, EndOfInputLeaves) {
  Session session(toy::game(), Json::object(), 5);
  const PlayRun run = play(session, {kHuman, kRandom}, "");
  EXPECT_EQ(run.code, 0);
  EXPECT_TRUE(contains(run.out, "End of input")) << run.out;
}

TEST(PlayTest, PlayersMustMatchSeats) {
  Session session(toy::game(), Json::object(), 5);
  EXPECT_THROW(play(session, {kHuman}, ""), engine::UsageError);
}

TEST(PlayTest, PlayerKinds) {
  EXPECT_EQ(parse_player_kind("human"), kHuman);
  EXPECT_EQ(parse_player_kind("random"), kRandom);
  EXPECT_EQ(parse_player_kind("robot"), std::nullopt);
  EXPECT_EQ(parse_player_kind("mcts:easy"), PlayerKind::kMcts);
  EXPECT_EQ(to_string(kRandom), "random");
}

}  // namespace
}  // namespace pacwar::cli
