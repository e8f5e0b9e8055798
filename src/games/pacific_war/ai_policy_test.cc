// The Pacific War sampler and evaluator as the search uses them.
#include "games/pacific_war/ai_policy.h"

#include <gtest/gtest.h>

#include <memory>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/pacific_war/actions.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/scenario_for_test.h"
#include "games/pacific_war/state.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

namespace pw = pacwar::pacific_war;
using engine::Rng;

std::unique_ptr<engine::State> random_state(std::uint64_t seed, int actions) {
  return engine::random_state(*find_game("pacific-war"), actions, seed);
}

pw::CardLoc hand_of(int side) {
  return side == pw::kJapanese ? pw::CardLoc::HandJapanese : pw::CardLoc::HandAllied;
}

TEST(AiSampler, NeverGivesTheOpponentASeenCardAndKeepsHandSizes) {
  int samples = 0;
  int changed = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto state = random_state(seed, 60 + 90 * static_cast<int>(seed));
    const auto& real = dynamic_cast<const pw::PwState&>(*state);
    for (int seat = 0; seat < 2; ++seat) {
      const int foe = 1 - seat;
      Rng rng(seed * 1000 + static_cast<std::uint64_t>(seat));
      for (int k = 0; k < 250; ++k) {
        auto copy = state->clone();
        copy->resample_hidden(seat, rng);
        const auto& s = dynamic_cast<const pw::PwState&>(*copy);
        ++samples;
        if (s.cards != real.cards) ++changed;
        EXPECT_EQ(pw::hand_size(s, seat), pw::hand_size(real, seat));
        EXPECT_EQ(pw::hand_size(s, foe), pw::hand_size(real, foe));
        EXPECT_EQ(pw::deck_size(s), pw::deck_size(real));
        for (int c = 0; c < s.content().num_cards(); ++c) {
          const auto seen = real.cards[static_cast<std::size_t>(c)];
          const auto now = s.cards[static_cast<std::size_t>(c)];
          if (seen == hand_of(seat) || seen == pw::CardLoc::Discard ||
              seen == pw::CardLoc::Removed) {
            ASSERT_EQ(now, seen) << "card " << c << " the seat has seen moved";
          } else {
            ASSERT_TRUE(now == pw::CardLoc::Deck || now == hand_of(foe));
          }
        }
        if (k % 50 == 0) {
          EXPECT_EQ(copy->view(seat), state->view(seat));
        }
        // Everything but the cards is untouched.
        for (std::size_t u = 0; u < s.units.size(); ++u) {
          ASSERT_EQ(s.units[u].loc, real.units[u].loc);
          ASSERT_EQ(s.units[u].flags, real.units[u].flags);
        }
        EXPECT_EQ(s.vp, real.vp);
      }
    }
  }
  EXPECT_GE(samples, 4000);
  EXPECT_GT(changed, samples / 10);  // the sampler does vary the hidden split
}

TEST(AiHeuristicEvaluator, ScoresAreBoundedAndAntisymmetric) {
  PacificWarEvaluator evaluator;
  std::vector<double> values;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    for (int actions : {0, 100, 400, 800}) {
      const auto state = random_state(seed, actions);
      if (state->is_terminal()) continue;
      evaluator.evaluate(*state, values);
      ASSERT_EQ(values.size(), 2u);
      EXPECT_GT(values[0], -1.0);
      EXPECT_LT(values[0], 1.0);
      EXPECT_DOUBLE_EQ(values[0], -values[1]);
    }
  }
}

TEST(AiHeuristicEvaluator, VpTrackFavoursItsSide) {
  const auto state = random_state(2, 300);
  ASSERT_FALSE(state->is_terminal());
  auto up = state->clone();
  auto down = state->clone();
  dynamic_cast<pw::PwState&>(*up).vp = 6;
  dynamic_cast<pw::PwState&>(*down).vp = -6;
  EXPECT_GT(score_pacific_war(*up).value, score_pacific_war(*down).value);
}

// 10.2: Japanese naval units alone in an Allied port with Ground Strength to spare make the
// port's VPs count as (most likely) won.
TEST(AiHeuristicEvaluator, InvasionPotentialCountsAnEnemyPortWithinReach) {
  // An empty Allied port with VPs, in the first random mid-game position that has one.
  auto empty_allied_port = [](const pw::PwState& s) {
    const pw::Content& c = s.content();
    for (int oz = 0; oz < c.num_ozs(); ++oz) {
      const auto o = static_cast<std::size_t>(oz);
      if (c.ozs[o].port && c.ozs[o].vp > 0 && s.port_owner[o] == pw::kAllied &&
          !pw::has_units(s, pw::kAllied, oz) && !pw::has_units(s, pw::kJapanese, oz))
        return oz;
    }
    return -1;
  };
  std::unique_ptr<engine::State> moved;
  int target = -1;
  for (std::uint64_t seed = 3; seed < 40 && target < 0; ++seed) {
    const auto state = random_state(seed, 200);
    if (state->is_terminal()) continue;
    moved = state->clone();
    target = empty_allied_port(dynamic_cast<const pw::PwState&>(*moved));
  }
  ASSERT_GE(target, 0) << "no random position with an empty Allied port";
  auto& s = dynamic_cast<pw::PwState&>(*moved);
  const pw::Content& c = s.content();
  const PacificWarScore before = score_pacific_war(s);
  int points = 0;
  for (int u : c.side_units[pw::kJapanese]) {
    const pw::UnitDef& def = c.units[static_cast<std::size_t>(u)];
    auto& us = s.units[static_cast<std::size_t>(u)];
    if (!def.is_naval() || us.loc >= pw::kMaxOz) continue;
    us.loc = static_cast<std::uint8_t>(target);
    points += def.airstrike + def.gunnery;
    if (points >= c.ground_points_per_strength * c.ozs[static_cast<std::size_t>(target)].vp) break;
  }
  const PacificWarScore after = score_pacific_war(s);
  EXPECT_GE(after.invasion - before.invasion, c.ozs[static_cast<std::size_t>(target)].vp);
}

// In a fight the playouts follow the odds in kCombatByOdds of their picks (ai_policy.h): the
// Allies put a hit on their cruiser, not their carrier, and Japan its hit on the carrier
// (9.2.4); pick_in draws as weights_in says, and MAST leaves these prompts to it.
TEST(AiPlayout, FightsFollowTheOdds) {
  testing::Scenario sc;
  sc.empty_board(2).put("Lexington", "Hawaiian-Islands").put("New-Orleans", "Hawaiian-Islands");
  pw::PwState& s = sc.s();
  s.step = pw::Step::Allocate;
  s.seat = pw::kAllied;
  const std::vector<engine::ActionCode> legal = {pw::encode(pw::Kind::Hit, sc.unit("Lexington")),
                                                 pw::encode(pw::Kind::Hit, sc.unit("New-Orleans"))};
  const PacificWarPlayout playout;
  EXPECT_TRUE(playout.knows_best(s));
  std::vector<double> weights;
  playout.weights(s, legal, weights);
  ASSERT_EQ(weights.size(), 2u);
  EXPECT_NEAR(weights[0] + weights[1], 1.0, 1e-12);
  EXPECT_GT(weights[1], kCombatByOdds);
  Rng rng(7);
  int cruiser = 0;
  constexpr int kPicks = 4000;
  for (int i = 0; i < kPicks; ++i) cruiser += playout.pick(s, legal, rng) == legal[1] ? 1 : 0;
  EXPECT_NEAR(cruiser / static_cast<double>(kPicks), weights[1], 0.02);

  s.seat = pw::kJapanese;  // allocating its own fire's hits on the Allied ships
  playout.weights(s, legal, weights);
  EXPECT_GT(weights[0], kCombatByOdds);

  s.step = pw::Step::ChooseAction;  // no fight: the weights by kind alone
  s.seat = pw::kAllied;
  EXPECT_FALSE(playout.knows_best(s));
}

}  // namespace
}  // namespace pacwar::pacific_war
