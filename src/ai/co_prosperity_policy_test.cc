// Greater East Asia Co-Prosperity Sphere: the sampler as the search uses it (only cards the seat
// has not seen move), and the evaluator.
#include "ai/co_prosperity_policy.h"

#include <gtest/gtest.h>

#include <memory>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/state.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

namespace cp = pacwar::co_prosperity;
using engine::Rng;

std::unique_ptr<engine::State> random_cps(std::uint64_t seed, int actions) {
  return engine::random_state(*find_game("co-prosperity"), actions, seed);
}

int count(const cp::CpsState& s, int side, cp::CardLoc where) {
  int n = 0;
  for (int k = 0; k < cp::kNumCards; ++k) {
    n += s.content().cards[static_cast<std::size_t>(k)].side == side &&
         s.cards[static_cast<std::size_t>(k)] == where;
  }
  return n;
}

TEST(AiSamplerCoProsperity, MovesOnlyCardsTheSeatHasNotSeen) {
  int samples = 0;
  int changed = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto state = random_cps(seed, 30 + 40 * static_cast<int>(seed));
    if (state->is_terminal()) continue;
    const auto& real = dynamic_cast<const cp::CpsState&>(*state);
    for (int seat = 0; seat < 2; ++seat) {
      const int foe = 1 - seat;
      Rng rng(seed * 1000 + static_cast<std::uint64_t>(seat));
      for (int k = 0; k < 250; ++k) {
        auto copy = state->clone();
        copy->resample_hidden(seat, rng);
        const auto& s = dynamic_cast<const cp::CpsState&>(*copy);
        ++samples;
        if (s.cards != real.cards) ++changed;
        for (int card = 0; card < cp::kNumCards; ++card) {
          const auto c = static_cast<std::size_t>(card);
          if (s.content().cards[c].side == seat || real.cards[c] == cp::CardLoc::Played ||
              real.cards[c] == cp::CardLoc::Removed) {
            ASSERT_EQ(s.cards[c], real.cards[c]) << "card " << card << " the seat has seen moved";
          } else {
            ASSERT_NE(s.cards[c], cp::CardLoc::Played);
            ASSERT_NE(s.cards[c], cp::CardLoc::Removed);
          }
        }
        for (const cp::CardLoc where :
             {cp::CardLoc::Hand, cp::CardLoc::Discarded, cp::CardLoc::Out}) {
          EXPECT_EQ(count(s, foe, where), count(real, foe, where));
        }
        if (k % 50 == 0) {
          EXPECT_EQ(copy->view(seat), state->view(seat));
        }
        for (std::size_t u = 0; u < s.units.size(); ++u) {  // everything but the cards
          ASSERT_EQ(s.units[u].loc, real.units[u].loc);
          ASSERT_EQ(s.units[u].steps, real.units[u].steps);
        }
      }
    }
  }
  EXPECT_GE(samples, 4000);
  EXPECT_GT(changed, samples / 10);  // the sampler does vary the hidden hand
}

TEST(AiCoProsperityEvaluator, ScoresAreBoundedAndAntisymmetric) {
  CoProsperityEvaluator evaluator;
  std::vector<double> values;
  int scored = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    for (int actions : {0, 60, 200, 400}) {
      const auto state = random_cps(seed, actions);
      if (state->is_terminal()) continue;
      evaluator.evaluate(*state, values);
      ++scored;
      ASSERT_EQ(values.size(), 2u);
      EXPECT_GT(values[0], -1.0);
      EXPECT_LT(values[0], 1.0);
      EXPECT_DOUBLE_EQ(values[0], -values[1]);
    }
  }
  EXPECT_GE(scored, 10);
}

// 4.0: more Japanese spaces is better for Japan; Allied units in Japan (4.2) are worse.
TEST(AiCoProsperityEvaluator, SpacesAndJapanDecide) {
  const auto state = random_cps(2, 40);
  ASSERT_FALSE(state->is_terminal());
  const auto& s = dynamic_cast<const cp::CpsState&>(*state);
  const CoProsperityScore base = score_co_prosperity(s);
  EXPECT_EQ(base.spaces, cp::japanese_space_count(s, cp::compute_control(s)));

  auto invaded = state->clone();
  auto& t = dynamic_cast<cp::CpsState&>(*invaded);
  const int japan = t.content().space_index("Japan");
  for (int u = 0; u < t.content().num_units(); ++u) {
    auto& us = t.units[static_cast<std::size_t>(u)];
    if (us.loc == japan && t.content().side(u) == cp::kJapanese) us.loc = cp::kLocPool;
  }
  for (int u = 0; u < t.content().num_units(); ++u) {
    auto& us = t.units[static_cast<std::size_t>(u)];
    if (t.content().side(u) == cp::kAllied && cp::in_space(us.loc) && !t.content().is_air(u)) {
      us.loc = static_cast<std::uint8_t>(japan);
      break;
    }
  }
  const CoProsperityScore lost = score_co_prosperity(t);
  EXPECT_TRUE(lost.japan_lost);
  EXPECT_LT(lost.value, base.value);
}

}  // namespace
}  // namespace pacwar::ai
