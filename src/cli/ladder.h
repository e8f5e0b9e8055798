// pacwar ladder: a round-robin between computer players, every pairing from both sides with
// shared seeds, rated by maximum likelihood (Bradley-Terry on the Elo scale, random at 0).
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/match.h"
#include "cli/rating.h"
#include "engine/blunders.h"
#include "engine/game.h"

namespace pacwar::cli {

struct LadderConfig {
  std::vector<std::string> players;  // agent specs, at least two, all different
  int games = 10;                    // per pairing and side
  std::uint64_t seed = 1;
  MatchConfig match;  // jobs, threads, max_actions
  // When set, each finished game is appended to this file (cli/ladder_journal.h), and the games
  // it holds already are not played again.
  std::string journal;
};

struct LadderPlayer {
  std::string name;
  double elo = 0;
  double margin = 0;  // 95% half width
  double games = 0;
  double score = 0;               // wins plus half the draws and unfinished games
  std::vector<double> seat_wins;  // per seat
  std::vector<double> seat_games;
  double mean_ms = 0;  // per decision with >= 2 legal actions
  double p95_ms = 0;
  // Blunder counters (engine/blunders.h) of the player's games, seat s holding its games on
  // side s; empty for a game without counters.
  engine::BlunderTally blunders;
};

struct LadderResult {
  std::vector<LadderPlayer> players;
  std::string anchor;
  double seat_advantage = 0;
  // score[i][j]: points of player i against player j (both sides), games[i][j] played.
  std::vector<std::vector<double>> score;
  std::vector<std::vector<double>> games;
  int unfinished = 0;
  int resumed = 0;     // games taken from the journal
  double seconds = 0;  // of the games played by this run
};

// `progress` (may be null) gets a line per finished game. Throws engine::UsageError for bad
// players.
LadderResult run_ladder(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                        const LadderConfig& config, std::ostream* progress);

// Ratings of finished games: `results` per pairing and seat order (the ladder's statistics).
engine::Json to_json(const LadderResult& result, const LadderConfig& config,
                     const engine::Game& game);
std::string to_text(const LadderResult& result, const engine::Game& game);

// Writes the ratings of the ladder's players that `file` (data/server/ai_ratings.json's format)
// lists among the computer levels of `game` into it: rating = 1000 + Elo (the anchor, random,
// at 1000), deviation = the 95% half-interval / 1.96 (50 for the anchor), and "ladder" = that
// figure (what the leaderboard shows), `measured` (the command, the date) going to
// "sources"[game]. Levels the ladder did not play keep theirs.
// Returns the levels written. Throws engine::UsageError naming the file and the reason when it
// cannot be read, has no such game, or no level of it was in the ladder; the file is then left
// as it was.
std::vector<std::string> write_level_ratings(const std::string& file, const LadderResult& result,
                                             const std::string& game, const std::string& measured);

}  // namespace pacwar::cli
