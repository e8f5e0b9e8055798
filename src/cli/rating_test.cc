// The ladder's ratings and the SPRT on synthetic results whose true strengths are known.
#include "cli/rating.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/rng.h"

namespace pacwar::cli {
namespace {

// One game: seat-0 player with Elo `a` against `b`, seat 0 gaining `advantage`; 1 if seat 0 wins.
bool seat0_wins(double a, double b, double advantage, engine::Rng& rng) {
  const double p = score_of_elo(a - b + advantage);
  return rng.uniform() < p;
}

TEST(Rating, EloAndScoreAreInverse) {
  EXPECT_NEAR(score_of_elo(0), 0.5, 1e-12);
  EXPECT_NEAR(score_of_elo(400), 10.0 / 11.0, 1e-12);
  EXPECT_NEAR(elo_of_score(score_of_elo(150)), 150, 1e-9);
  EXPECT_NEAR(elo_of_score(0.7), 147.2, 0.1);
}

TEST(Rating, RecoversAKnownEloDifferenceWithinItsInterval) {
  // Four players at 0, 100, 250, 400 Elo; seat 0 is 300 Elo weaker (as The Pacific War's
  // Japanese seat); 400 games per pairing and seat order; ten tournaments.
  const std::vector<double> truth = {0, 100, 250, 400};
  int covered = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    engine::Rng rng(seed);
    std::vector<SeatedResult> results;
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) {
        if (i == j) continue;
        SeatedResult r{i, j, 400, 0};
        for (int g = 0; g < 400; ++g) {
          if (seat0_wins(truth[static_cast<std::size_t>(i)], truth[static_cast<std::size_t>(j)],
                         -300, rng)) {
            r.first_score += 1;
          }
        }
        results.push_back(r);
      }
    }
    const Ratings ratings = fit_ratings(4, results, 0);
    EXPECT_EQ(ratings.elo[0], 0.0);
    EXPECT_EQ(ratings.margin[0], 0.0);
    for (std::size_t p = 1; p < 4; ++p) {
      EXPECT_GT(ratings.margin[p], 15.0);
      EXPECT_LT(ratings.margin[p], 40.0);
      // Never off by two intervals; inside the 95% interval about 95% of the time.
      EXPECT_NEAR(ratings.elo[p], truth[p], 2 * ratings.margin[p]) << "player " << p;
      if (std::abs(ratings.elo[p] - truth[p]) <= ratings.margin[p]) ++covered;
    }
    EXPECT_NEAR(ratings.seat_advantage, -300, 30);
  }
  EXPECT_GE(covered, 25);  // of 30
}

TEST(Rating, AnUnbeatenPlayerStillGetsAFiniteRating) {
  const Ratings ratings = fit_ratings(2, {{0, 1, 20, 0}, {1, 0, 20, 20}}, 0);
  EXPECT_TRUE(std::isfinite(ratings.elo[1]));
  EXPECT_GT(ratings.elo[1], 300);
  EXPECT_GT(ratings.margin[1], 50);
}

TEST(Rating, RefusesUnknownPlayers) {
  EXPECT_THROW(fit_ratings(2, {{0, 2, 1, 1}}, 0), std::invalid_argument);
  EXPECT_THROW(fit_ratings(2, {}, 5), std::invalid_argument);
}

// Pairs of games between a player `elo` stronger and its base with swapped seats; returns the
// test's verdict and how many pairs it took.
Sprt::Status run_sprt(double elo, std::uint64_t seed, int& pairs) {
  Sprt sprt(0, 20, 0.05, 0.05);
  engine::Rng rng(seed);
  while (sprt.status() == Sprt::Status::kContinue && sprt.pairs() < 200000) {
    double score = 0;
    if (seat0_wins(elo, 0, -100, rng)) score += 1;   // new in seat 0
    if (!seat0_wins(0, elo, -100, rng)) score += 1;  // new in seat 1
    sprt.add_pair(score);
  }
  pairs = sprt.pairs();
  return sprt.status();
}

TEST(Rating, SprtAcceptsH1ForAClearlyBetterPlayer) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    int pairs = 0;
    EXPECT_EQ(run_sprt(100, seed, pairs), Sprt::Status::kAcceptH1) << seed;
    EXPECT_LT(pairs, 2000);
  }
}

TEST(Rating, SprtAcceptsH0ForAnIdenticalPlayer) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    int pairs = 0;
    EXPECT_EQ(run_sprt(0, seed, pairs), Sprt::Status::kAcceptH0) << seed;
  }
}

TEST(Rating, SprtBoundsAndEstimate) {
  Sprt sprt(0, 20, 0.05, 0.05);
  EXPECT_NEAR(sprt.upper_bound(), std::log(19.0), 1e-12);
  EXPECT_NEAR(sprt.lower_bound(), -std::log(19.0), 1e-12);
  for (int i = 0; i < 30; ++i) sprt.add_pair(1.5);
  for (int i = 0; i < 10; ++i) sprt.add_pair(0.5);
  EXPECT_NEAR(sprt.score(), 0.625, 1e-3);
  EXPECT_NEAR(sprt.elo(), elo_of_score(0.625), 0.5);
  EXPECT_GT(sprt.llr(), 0);
  EXPECT_THROW(sprt.add_pair(0.3), std::invalid_argument);
  EXPECT_THROW(Sprt(20, 0, 0.05, 0.05), std::invalid_argument);
}

}  // namespace
}  // namespace pacwar::cli
