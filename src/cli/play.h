// Terminal play: a loop over a Session where each seat is a human at the terminal, a uniformly
// random player or a computer player (src/ai). Chance is resolved automatically.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"

namespace pacwar::cli {

enum class PlayerKind { kHuman, kRandom, kHeuristic, kMcts, kDoctrine };

// A seat's player: its kind and, for computer players, the name as given ("mcts:hard").
struct PlayerSpec {
  PlayerKind kind = PlayerKind::kHuman;
  std::string name = "human";
};

// "human", "random", "heuristic", "mcts", "mcts:N" (iterations), "mcts:easy|normal|hard|expert",
// "mcts:Nms"; nullopt for anything else.
std::optional<PlayerKind> parse_player_kind(std::string_view text);
std::optional<PlayerSpec> parse_player(std::string_view text);
std::string to_string(PlayerKind kind);

// Draws the board of a game from a seat's view (State::view).
using BoardRenderer = std::function<std::string(const engine::Json& view)>;

// Plays until the human quits or the input ends; returns 0 (the exit code).
// A human to act sees the board (their own view only: with several humans at one terminal
// the other seats' hidden information stays hidden), the prompt and the numbered legal actions,
// and may enter a number, an exact action id, or: undo, save FILE, log, board, map, help, quit.
// Actions of one menu group (State::action_group: one card on its targets) share one numbered
// line, whose number lists them (`back` returns to all the actions). When the game ends the
// result is shown and the loop goes on with save FILE, log, map, board, help and quit, until quit
// or the end of the input.
// `players` holds one kind per seat; throws engine::UsageError otherwise.
// Computer players search with `ai_threads` threads each; their decisions depend only on the
// session seed and the history length, so a loaded game goes on the same way.
int run_play(engine::Session& session, const std::vector<PlayerSpec>& players, std::istream& in,
             std::ostream& out, const BoardRenderer& render, int ai_threads = 1);
int run_play(engine::Session& session, const std::vector<PlayerKind>& players, std::istream& in,
             std::ostream& out, const BoardRenderer& render);

// `pacwar load`: a game loaded from its save file. Unfinished, it says "Resuming GAME after N
// actions." and plays on (run_play). Finished, it opens a read-only review: its first line says
// that the game is over, who won and that the review is read-only; then the final board and the
// commands log, board, map, help and quit, until quit or the end of the input. With one human
// seat in `players` the log and board are that seat's view, else the public view. Returns 0.
int run_loaded(engine::Session& session, const std::vector<PlayerSpec>& players, std::istream& in,
               std::ostream& out, const BoardRenderer& render);

}  // namespace pacwar::cli
