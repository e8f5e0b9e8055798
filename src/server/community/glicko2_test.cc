// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system" (2013).
#include "server/community/glicko2.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace pacwar::server::glicko2 {
namespace {

// The paper's player: 1500, RD 200, volatility 0.06, tau 0.5, against 1400/30 (won),
// 1550/100 (lost) and 1700/300 (lost): 1464.06, RD 151.52, volatility 0.05999.
TEST(Glicko2, GlickmanWorkedExample) {
  const Rating player{1500.0, 200.0, 0.06};
  const Rating after =
      update(player, {{1400.0, 30.0, 1.0}, {1550.0, 100.0, 0.0}, {1700.0, 300.0, 0.0}});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

// The paper's intermediate values (step 3): E = 0.639, 0.432, 0.303.
TEST(Glicko2, ExpectedScoresOfTheExample) {
  const Rating player{1500.0, 200.0, 0.06};
  EXPECT_NEAR(expected_score(player, 1400.0, 30.0), 0.639, 0.001);
  EXPECT_NEAR(expected_score(player, 1550.0, 100.0), 0.432, 0.001);
  EXPECT_NEAR(expected_score(player, 1700.0, 300.0), 0.303, 0.001);
}

TEST(Glicko2, IdlePeriodOnlyWidensTheDeviation) {
  const Rating player{1500.0, 200.0, 0.06};
  const Rating after = update(player, {});
  EXPECT_DOUBLE_EQ(after.rating, 1500.0);
  EXPECT_NEAR(after.deviation, 200.27, 0.01);  // sqrt(phi^2 + sigma^2) * 173.7178
  EXPECT_DOUBLE_EQ(update({1500.0, 350.0, 0.06}, {}).deviation, 350.0);
}

TEST(Glicko2, WinsRaiseLossesLowerAndUncertainOpponentsCountLess) {
  const Rating fresh;
  EXPECT_GT(update(fresh, {{1500.0, 100.0, 1.0}}).rating, 1500.0);
  EXPECT_LT(update(fresh, {{1500.0, 100.0, 0.0}}).rating, 1500.0);
  const double certain = update(fresh, {{1500.0, 50.0, 1.0}}).rating;
  const double uncertain = update(fresh, {{1500.0, 300.0, 1.0}}).rating;
  EXPECT_GT(certain, uncertain);
  EXPECT_NEAR(update(fresh, {{1500.0, 100.0, 0.5}}).rating, 1500.0, 1e-9);
}

TEST(Glicko2, BadInputIsRefused) {
  EXPECT_THROW(update({}, {{1500.0, 100.0, 2.0}}), std::invalid_argument);
  EXPECT_THROW(update({}, {{1500.0, 0.0, 1.0}}), std::invalid_argument);
  EXPECT_THROW(update({1500.0, -1.0, 0.06}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace pacwar::server::glicko2
