// Self-play: many complete games between uniformly random players, checking every invariant
// and every transition on the way. Deterministic for a seed whatever the thread count.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pacwar::cli {

inline constexpr std::size_t kMaxViolationMessages = 10;

struct SelfplayResult {
  int games = 0;
  int completed = 0;                    // reached a terminal state with no violation
  std::vector<int> wins;                // per seat, among completed games
  int draws = 0;                        // completed games without a winner
  int invariant_violations = 0;         // games stopped by a violation (at most one per game)
  std::vector<std::string> violations;  // the first kMaxViolationMessages, in game order
  double mean_actions = 0.0;            // actions (chance included) per game
  double games_per_second = 0.0;
  std::uint64_t digest = 0;  // combines every final state hash in game-index order
  // Card ends played for their event ("event <end> ..." action ids), over all games.
  std::map<std::string, int> events_played;
  // Completed games by the Turn they ended on (the view's "turn") and by how they ended (the
  // last public log line of the game, e.g. "End of Turn 4: the Allies lead. Allied victory.").
  std::map<int, int> end_turn;
  std::map<std::string, int> end_reasons;
};

struct SelfplayConfig {
  int games = 100;
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions_per_game = 100000;  // a game still going after this is a violation
  bool check_invariants = true;       // check_invariants/check_transition after every action
};

// Called with named options: run_selfplay(game, options, {.games = 300, .seed = 11}).
// Game `index` uses player and chance generators derived from (seed, index) only. A game
// stops at the first violation: a failed check, an exception from the game, a seat without
// legal actions, or more than max_actions_per_game actions.
SelfplayResult run_selfplay(std::shared_ptr<const engine::Game> game,
                            const engine::Options& options, const SelfplayConfig& config);

// JSON with keys games, completed, <seat_name>_wins, draws, invariant_violations, violations,
// mean_actions, games_per_second, digest (16 hex digits), events_played ({end id: count}),
// end_turn ({turn: games}) and end_reasons ({reason: games}).
engine::Json to_json(const SelfplayResult& result, const engine::Game& game);

}  // namespace pacwar::cli
