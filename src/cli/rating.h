// Statistics of the strength measurements: Bradley-Terry ratings on the Elo scale by maximum
// likelihood (as BayesElo and Ordo compute them) with a seat advantage and 95% intervals, and
// the sequential probability ratio test of fishtest on game pairs (pentanomial GSPRT).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace pacwar::cli {

// Games of player `first` in seat 0 against player `second` in seat 1 (players are indices).
struct SeatedResult {
  int first = 0;
  int second = 0;
  double games = 0;        // games played
  double first_score = 0;  // wins of `first` plus half its draws
};

struct Ratings {
  std::vector<double> elo;     // per player, the anchor at 0
  std::vector<double> margin;  // half width of the 95% interval (0 for the anchor)
  double seat_advantage = 0;   // Elo that seat 0 gains over seat 1, fitted with the ratings
  int iterations = 0;          // Newton steps taken
};

// Maximum likelihood of P(i in seat 0 beats j) = 1 / (1 + 10^((r_j - r_i - h) / 400)), draws as
// half a win each, with r_anchor = 0. A prior of one virtual draw per player pair (half a game
// in each seat order) keeps the ratings finite when a player wins or loses every game. The
// interval comes from the observed information (the inverse Hessian of the log likelihood).
Ratings fit_ratings(int players, const std::vector<SeatedResult>& results, int anchor);

// Logistic Elo of a mean score in (0, 1), and back.
double elo_of_score(double score);
double score_of_elo(double elo);

// Fishtest's SPRT on game pairs: both players play each seat with the same seeds, and a pair
// scores 0, 0.5, 1, 1.5 or 2 for the new player (the pentanomial counts). The log likelihood
// ratio is the GSPRT's normal approximation on the pair scores: with m the mean score per game
// of the pairs and v the variance of a pair's mean,
//   LLR = pairs * (s1 - s0) * (2 m - s0 - s1) / (2 v),  s0,1 = score_of_elo(elo0,1),
// m and v taken over the counts plus a quarter pair on each of the five results (a prior that
// keeps v away from 0 in the first pairs).
class Sprt {
 public:
  Sprt(double elo0, double elo1, double alpha, double beta);

  // `new_score` in {0, 0.5, 1, 1.5, 2}: the new player's points in one pair of games.
  void add_pair(double new_score);

  enum class Status { kContinue, kAcceptH0, kAcceptH1 };
  Status status() const;
  double llr() const;
  double lower_bound() const { return lower_; }
  double upper_bound() const { return upper_; }
  int pairs() const { return pairs_; }
  const std::array<int, 5>& pentanomial() const { return counts_; }
  double score() const;       // mean score per game of the new player (counts alone)
  double elo() const;         // its logistic Elo estimate
  double elo_margin() const;  // half width of its 95% interval

 private:
  double mean_and_variance(double& variance, double prior) const;
  double elo0_, elo1_, lower_, upper_;
  std::array<int, 5> counts_{};
  int pairs_ = 0;
};

std::string to_string(Sprt::Status status);

}  // namespace pacwar::cli
