// pacwar sprt: an A/B test of two computer players as fishtest runs them for Stockfish. Game
// pairs share a seed and swap the seats; after each pair the pentanomial GSPRT (cli/rating.h)
// decides whether to go on, accept H0 (not elo1 better) or H1 (not elo0 or worse).
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "cli/match.h"
#include "cli/rating.h"
#include "engine/game.h"

namespace pacwar::cli {

struct SprtConfig {
  std::string new_player;
  std::string base_player;
  double elo0 = 0;
  double elo1 = 20;
  double alpha = 0.05;
  double beta = 0.05;
  std::uint64_t seed = 1;
  int max_pairs = 20000;  // stops undecided after this many pairs
  MatchConfig match;
};

struct SprtResult {
  Sprt sprt{0, 20, 0.05, 0.05};
  int new_wins = 0;
  int base_wins = 0;
  int draws = 0;                   // finished without a winner, or unfinished
  std::vector<int> new_seat_wins;  // per seat the new player held
  double new_p95_ms = 0;
  double base_p95_ms = 0;
  double seconds = 0;
};

// Pairs are counted in their order (pair k after pair k - 1), so an iteration budget gives the
// same verdict whatever the number of jobs.
SprtResult run_sprt(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                    const SprtConfig& config, std::ostream* progress);

engine::Json to_json(const SprtResult& result, const SprtConfig& config, const engine::Game& game);

}  // namespace pacwar::cli
