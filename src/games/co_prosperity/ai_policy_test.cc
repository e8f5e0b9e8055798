// Greater East Asia Co-Prosperity Sphere: the sampler as the search uses it (only cards the seat
// has not seen move), and the evaluator.
#include "games/co_prosperity/ai_policy.h"

#include <gtest/gtest.h>

#include <memory>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/scenario_for_test.h"
#include "games/co_prosperity/state.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
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

// 6.1: cards not played in a turn are discarded, so the hands are not part of the evaluation
// (counting them made passing look good: the next turn's ten Allied cards counted against
// Japan's four, and every card played cost its weight).
TEST(AiCoProsperityEvaluator, HandsDoNotCount_6_1) {
  cp::testing::Scenario sc;
  sc.empty_board(3).put("J-Inf-2", "Guam").put("US-Inf-1", "Truk").at_operations(cp::kAllied);
  const double before = score_co_prosperity(sc.s()).value;
  sc.give("A1").give("A2").give("A3");
  ASSERT_EQ(cp::hand_size(sc.s(), cp::kAllied), 3);
  EXPECT_DOUBLE_EQ(score_co_prosperity(sc.s()).value, before);
}

// How often the playout policy picks `wanted` among `legal` at `state`, out of `draws`.
int picks(const engine::State& state, const std::vector<engine::ActionCode>& legal,
          engine::ActionCode wanted, int draws) {
  CoProsperityPlayout playout;
  Rng rng(2026);
  int n = 0;
  for (int i = 0; i < draws; ++i) n += playout.pick(state, legal, rng) == wanted;
  return n;
}

// 3.4: a space with units is controlled by their side, an empty one goes back to its original
// owner. Playouts keep the last unit in an Allied space Japan holds (they used to take it out
// as often as not, and random moves gave the spaces away).
TEST(AiCoProsperityPlayout, KeepsTheLastUnitOfAHeldSpace_3_4) {
  cp::testing::Scenario sc;
  sc.empty_board(3).put("J-Inf-2", "Guam").put("J-Inf-3", "Guam").put("J-Inf-4", "Japan");
  sc.at_operations(cp::kJapanese);
  cp::CpsState& s = sc.s();
  ASSERT_EQ(sc.controller("Guam"), cp::kJapanese);
  s.step = cp::Step::PickUnits;
  s.op.op = cp::Op::Strategic;
  s.op.side = cp::kJapanese;
  s.op.from = static_cast<std::int8_t>(sc.space("Guam"));
  s.op.picked = std::uint64_t{1} << sc.unit("J-Inf-2");
  const auto last = cp::encode(cp::Kind::Pick, sc.unit("J-Inf-3"));
  const auto done = cp::encode(cp::Kind::Done);
  EXPECT_LT(picks(s, {last, done}, last, 2000), 2000 / 4);

  // From a home space (the original owner's own) both are even.
  s.op.from = static_cast<std::int8_t>(sc.space("Japan"));
  s.units[static_cast<std::size_t>(sc.unit("J-Inf-2"))].loc =
      static_cast<std::uint8_t>(sc.space("Japan"));
  s.op.picked = std::uint64_t{1} << sc.unit("J-Inf-2");
  const auto other = cp::encode(cp::Kind::Pick, sc.unit("J-Inf-4"));
  EXPECT_GT(picks(s, {other, done}, other, 2000), 2000 * 2 / 5);

  // The origin of a one-unit stack: choosing it moves that unit (8.1).
  s.step = cp::Step::PickFrom;
  s.op.picked = 0;
  s.units[static_cast<std::size_t>(sc.unit("J-Inf-3"))].loc =
      static_cast<std::uint8_t>(sc.space("Guam"));
  const auto guam = cp::encode(cp::Kind::From, sc.space("Guam"));
  const auto japan = cp::encode(cp::Kind::From, sc.space("Japan"));
  EXPECT_LT(picks(s, {guam, japan}, guam, 2000), 2000 / 4);
}

// 9.0: End of Turn strategic movement is optional; playouts finish it about every other pick
// instead of moving every unit at random.
TEST(AiCoProsperityPlayout, EndOfTurnMovementMostlyFinishes_9_0) {
  cp::testing::Scenario sc;
  sc.empty_board(3)
      .put("J-Inf-1", "Japan")
      .put("J-Inf-2", "Japan")
      .put("J-Inf-3", "Japan")
      .put("J-Inf-4", "Japan");
  cp::CpsState& s = sc.s();
  s.step = cp::Step::EndTurnMove;
  s.seat = cp::kJapanese;
  s.eot_side = cp::kJapanese;
  std::vector<engine::ActionCode> legal;
  for (const char* id : {"J-Inf-1", "J-Inf-2", "J-Inf-3", "J-Inf-4"})
    legal.push_back(cp::encode(cp::Kind::Move, sc.unit(id)));
  const auto done = cp::encode(cp::Kind::Done);
  legal.push_back(done);
  const int n = picks(s, legal, done, 2000);
  EXPECT_GT(n, 2000 * 2 / 5);
  EXPECT_LT(n, 2000 * 3 / 5);
}

// 8.6.2: each step rolls a die and hits on its combat factor or less. Playouts attack with the
// odds (attacking factors against defending ones) and take empty enemy spaces (3.4) first.
TEST(AiCoProsperityPlayout, AttacksWithTheOdds_8_6_2) {
  cp::testing::Scenario sc;
  sc.empty_board(3, true, true)
      .put("J-Inf-2", "Okinawa", 1)
      .put("US-Inf-1", "Philippines")
      .put("US-Inf-2", "Philippines")
      .at_operations(cp::kJapanese);
  cp::CpsState& s = sc.s();
  s.step = cp::Step::Destination;
  s.op.op = cp::Op::Naval;
  s.op.side = cp::kJapanese;
  s.op.from = static_cast<std::int8_t>(sc.space("Okinawa"));
  s.op.picked = std::uint64_t{1} << sc.unit("J-Inf-2");
  ASSERT_EQ(sc.controller("Philippines"), cp::kAllied);
  ASSERT_EQ(sc.controller("Guam"), cp::kAllied);
  ASSERT_EQ(sc.controller("Shanghai"), cp::kJapanese);
  const auto attack = cp::encode(cp::Kind::To, sc.space("Philippines"));
  const auto capture = cp::encode(cp::Kind::To, sc.space("Guam"));
  const auto stay = cp::encode(cp::Kind::To, sc.space("Shanghai"));
  const std::vector<engine::ActionCode> legal{attack, capture, stay};
  EXPECT_LT(picks(s, legal, attack, 3000), 3000 / 10);      // one step against four
  EXPECT_GT(picks(s, legal, capture, 3000), 3000 * 2 / 3);  // the empty Allied space
}

// 8.0 / 9.0: a search from the Operations Phase scores its lines at the next End of Turn Phase,
// whichever way they get there; from an End of Turn Phase, at the next turn's.
TEST(AiCoProsperityPlayout, HorizonIsTheNextEndOfTurnPhase_8_0_9_0) {
  CoProsperityPlayout playout;
  cp::testing::Scenario root;
  root.empty_board(2).at_operations(cp::kAllied);
  cp::testing::Scenario later;
  later.empty_board(2).at_operations(cp::kJapanese);
  EXPECT_FALSE(playout.stop(root.s(), later.s()));
  later.s().step = cp::Step::Destination;
  EXPECT_FALSE(playout.stop(root.s(), later.s()));
  later.s().step = cp::Step::EndTurnMove;
  EXPECT_TRUE(playout.stop(root.s(), later.s()));
  later.s().step = cp::Step::ChooseCards;
  later.s().turn = 3;
  EXPECT_TRUE(playout.stop(root.s(), later.s()));

  root.s().step = cp::Step::EndTurnMove;
  later.s().turn = 2;
  later.s().step = cp::Step::EndTurnDest;
  EXPECT_FALSE(playout.stop(root.s(), later.s()));
  later.s().turn = 3;
  later.s().step = cp::Step::Operations;
  EXPECT_FALSE(playout.stop(root.s(), later.s()));
  later.s().step = cp::Step::EndTurnMove;
  EXPECT_TRUE(playout.stop(root.s(), later.s()));
}

}  // namespace
}  // namespace pacwar::co_prosperity
