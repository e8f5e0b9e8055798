// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (how uncertain it is) and its volatility (how erratic the player's results are).
// The server rates each finished rated game as one rating period (as most game sites do), so a
// rating moves after every game and a player who stops playing is not decayed.
//
// Why Glicko-2 rather than Elo: the computer levels' ratings come from a small ladder with wide
// intervals (docs/ai.md), and a new player's first games should move their rating a lot; both
// are what the deviation expresses (an opponent's deviation weights a result by g(phi), a new
// player's deviation of 350 makes the first results count fully). Elo has one fixed K for both.
#pragma once

#include <vector>

namespace pacwar::server::glicko2 {

struct Rating {
  double rating = 1500.0;    // on the Glicko scale
  double deviation = 350.0;  // RD
  double volatility = 0.06;  // sigma
};

// One game of the rating period: the opponent's rating and deviation, and the score (1 a win,
// 0.5 a draw, 0 a loss).
struct Result {
  double opponent_rating = 1500.0;
  double opponent_deviation = 350.0;
  double score = 0.0;
};

struct Config {
  double tau = 0.5;              // constrains volatility changes (Glickman: 0.3 to 1.2)
  double epsilon = 0.000001;     // convergence of the volatility iteration
  double max_deviation = 350.0;  // a rating never grows more uncertain than a new player's
  double min_deviation = 30.0;   // nor so certain that it stops moving
};

// The expected score of `player` against `opponent` (the E of step 3, on the Glicko scale).
double expected_score(const Rating& player, double opponent_rating, double opponent_deviation);

// The rating after one rating period with `results` (steps 2 to 8 of Glickman's example; with
// no results only the deviation grows, step 6). Throws std::invalid_argument for a score
// outside [0, 1] or a deviation that is not positive.
Rating update(const Rating& player, const std::vector<Result>& results, const Config& config = {});

}  // namespace pacwar::server::glicko2
