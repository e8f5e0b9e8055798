// RAVE (`mcts:...,rave=K`) and MAST (`mcts:...,mast=E`): their statistics on scripted moves,
// and the searches that use them: deterministic for a seed, blind to hidden cards.
#include "ai/rave.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/agent.h"
#include "ai/mast.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::State;

TEST(AiRave, MoveRecordFindsTheLastIndexOfASeatsAction) {
  MoveRecord moves;
  moves.add(0, 7);   // 0
  moves.add(1, 7);   // 1: the other seat's 7 is another move
  moves.add(-1, 3);  // 2: chance
  moves.add(0, 9);   // 3
  moves.add(0, 7);   // 4
  moves.index();
  EXPECT_EQ(moves.size(), 5u);
  EXPECT_EQ(moves.last_index(0, 7), 4);
  EXPECT_EQ(moves.last_index(1, 7), 1);
  EXPECT_EQ(moves.last_index(0, 9), 3);
  EXPECT_EQ(moves.last_index(1, 9), -1);
  EXPECT_EQ(moves.last_index(0, 3), -1) << "a chance outcome is nobody's move";
  int seen = 0;
  moves.for_each([&](int seat, ActionCode) {
    EXPECT_GE(seat, 0);
    ++seen;
  });
  EXPECT_EQ(seen, 4);
  moves.clear();
  moves.index();
  EXPECT_EQ(moves.last_index(0, 7), -1);
}

TEST(AiRave, MoveRecordAgreesWithAScanOverManyIterations) {
  // Iterations of different lengths (the index grows, and a shorter one follows a longer one)
  // with repeated moves: last_index() is the largest index found by a plain scan.
  MoveRecord moves;
  std::uint64_t x = 12345;
  auto next = [&x](std::uint64_t n) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return (x >> 33) % n;
  };
  for (int iteration = 0; iteration < 50; ++iteration) {
    moves.clear();
    const std::size_t length = 1 + next(iteration % 2 == 0 ? 400 : 20);
    std::vector<std::pair<int, ActionCode>> played;
    for (std::size_t k = 0; k < length; ++k) {
      const int seat = static_cast<int>(next(3)) - 1;
      const auto action = static_cast<ActionCode>(next(60));
      moves.add(seat, action);
      played.emplace_back(seat, action);
    }
    moves.index();
    for (int seat = 0; seat < 2; ++seat) {
      for (ActionCode action = 0; action < 70; ++action) {
        long long expected = -1;
        for (std::size_t k = 0; k < played.size(); ++k) {
          if (played[k].first == seat && played[k].second == action) {
            expected = static_cast<long long>(k);
          }
        }
        ASSERT_EQ(moves.last_index(seat, action), expected)
            << "iteration " << iteration << ", seat " << seat << ", action " << action;
      }
    }
  }
}

// A tree laid out as the search's: children linked from first_child through next_sibling.
struct TinyNode {
  ActionCode action = 0;
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::int32_t seat = -1;
  AmafStats amaf;
};

TEST(AiRave, AmafSamplesGoToEveryChildWhoseMoveWasPlayedAtOrBelowItsParent) {
  // Root (seat 0 to move): children a=1, b=2, c=3. Below a (seat 1 to move): children x=5, y=2.
  std::vector<TinyNode> nodes(6);
  auto link = [&](std::int32_t parent, std::int32_t child, ActionCode action, int seat) {
    nodes[static_cast<std::size_t>(child)].action = action;
    nodes[static_cast<std::size_t>(child)].seat = seat;
    nodes[static_cast<std::size_t>(child)].next_sibling =
        nodes[static_cast<std::size_t>(parent)].first_child;
    nodes[static_cast<std::size_t>(parent)].first_child = child;
  };
  link(0, 1, 1, 0);
  link(0, 2, 2, 0);
  link(0, 3, 3, 0);
  link(1, 4, 5, 1);
  link(1, 5, 2, 1);
  // The iteration: seat 0 plays 1 (root -> a), seat 1 plays 5 (a -> x), then in the playout
  // seat 0 plays 2 and seat 1 plays 3.
  const std::vector<std::int32_t> path = {0, 1, 4};
  MoveRecord moves;
  moves.add(0, 1);
  moves.add(1, 5);
  moves.add(0, 2);
  moves.add(1, 3);
  moves.index();
  const std::vector<double> values = {0.5, -0.5};
  update_amaf(nodes, path, moves, values);
  EXPECT_EQ(nodes[1].amaf.visits, 1u);  // a: seat 0 played 1 at the root
  EXPECT_DOUBLE_EQ(nodes[1].amaf.total, 0.5);
  EXPECT_EQ(nodes[2].amaf.visits, 1u);  // b: seat 0 played 2 later, in the playout
  EXPECT_DOUBLE_EQ(nodes[2].amaf.total, 0.5);
  EXPECT_EQ(nodes[3].amaf.visits, 0u);  // c: 3 was played by seat 1, not by seat 0
  EXPECT_EQ(nodes[4].amaf.visits, 1u);  // x: seat 1 played 5 below a
  EXPECT_DOUBLE_EQ(nodes[4].amaf.total, -0.5);
  EXPECT_EQ(nodes[5].amaf.visits, 0u);  // y: 2 was seat 0's move, not seat 1's
  // A second iteration through the root only, in which seat 0 plays 3 and seat 1 plays 2:
  // nothing below a changes (a was not on the path).
  moves.clear();
  moves.add(0, 3);
  moves.add(1, 2);
  moves.index();
  update_amaf(nodes, std::vector<std::int32_t>{0, 3}, moves, {-1.0, 1.0});
  EXPECT_EQ(nodes[3].amaf.visits, 1u);
  EXPECT_DOUBLE_EQ(nodes[3].amaf.total, -1.0);
  EXPECT_EQ(nodes[1].amaf.visits, 1u);
  EXPECT_EQ(nodes[5].amaf.visits, 0u);
}

TEST(AiRave, TheBlendStartsAtTheAmafMeanAndFadesWithVisits) {
  EXPECT_DOUBLE_EQ(rave_beta(0.0, 0), 0.0) << "off";
  EXPECT_DOUBLE_EQ(rave_beta(100.0, 0), 1.0);
  EXPECT_DOUBLE_EQ(rave_beta(100.0, 100), 0.5);
  EXPECT_GT(rave_beta(100.0, 10), rave_beta(100.0, 11));
  const AmafStats amaf{4, 2.0};  // AMAF mean 0.5
  EXPECT_DOUBLE_EQ(rave_value(0.0, 2, -1.0, amaf), -0.5) << "off: the plain mean";
  EXPECT_DOUBLE_EQ(rave_value(100.0, 2, -1.0, AmafStats{}), -0.5) << "no AMAF sample";
  EXPECT_DOUBLE_EQ(rave_value(100.0, 0, 0.0, amaf), 0.5) << "unvisited: the AMAF mean";
  EXPECT_DOUBLE_EQ(rave_value(100.0, 100, -50.0, amaf), 0.0);  // half of each
}

TEST(AiMast, TheTableKeepsAMeanPerSeatAndAction) {
  MastTable table;
  EXPECT_DOUBLE_EQ(table.mean(0, 5), 0.0);
  table.add(0, 5, 1.0);
  table.add(0, 5, 0.0);
  table.add(1, 5, -1.0);
  table.add(0, 6, -0.25);
  EXPECT_DOUBLE_EQ(table.mean(0, 5), 0.5);
  EXPECT_DOUBLE_EQ(table.weight(0, 5), 2.0);
  EXPECT_DOUBLE_EQ(table.mean(1, 5), -1.0);
  EXPECT_DOUBLE_EQ(table.mean(0, 6), -0.25);
  EXPECT_DOUBLE_EQ(table.weight(1, 6), 0.0);
  EXPECT_EQ(table.best(0, {6, 5, 7}), 5u);
  EXPECT_EQ(table.best(1, {5, 7}), 7u) << "an unseen action counts as even (0)";
  EXPECT_EQ(table.best(1, {8, 7}), 8u) << "first on a tie";
  // Many keys: the table grows and keeps every mean.
  for (ActionCode a = 100; a < 2100; ++a)
    table.add(static_cast<int>(a % 2), a, a % 3 == 0 ? 1 : -1);
  EXPECT_EQ(table.size(), 2003u);
  for (ActionCode a = 100; a < 2100; ++a) {
    EXPECT_DOUBLE_EQ(table.mean(static_cast<int>(a % 2), a), a % 3 == 0 ? 1.0 : -1.0);
  }
  EXPECT_DOUBLE_EQ(table.mean(0, 5), 0.5);
  table.clear();
  EXPECT_EQ(table.size(), 0u);
  EXPECT_DOUBLE_EQ(table.weight(0, 5), 0.0);
}

// `,mastkeep=K`: the weights shrink by K between searches and the means stay; an entry whose
// weight falls below 0.01 goes, and every other one can still be found.
TEST(AiMast, DecayKeepsTheMeansAndShrinksTheWeights) {
  MastTable table;
  for (int k = 0; k < 4; ++k) table.add(0, 5, k < 3 ? 1.0 : -1.0);  // mean 0.5, weight 4
  table.add(1, 9, -0.5);                                            // weight 1
  for (ActionCode a = 100; a < 1100; ++a) table.add(0, a, 0.25);
  table.decay(0.5);
  EXPECT_DOUBLE_EQ(table.weight(0, 5), 2.0);
  EXPECT_DOUBLE_EQ(table.mean(0, 5), 0.5);
  EXPECT_DOUBLE_EQ(table.weight(1, 9), 0.5);
  EXPECT_DOUBLE_EQ(table.mean(1, 9), -0.5);
  table.add(1, 9, 1.0);  // a new sample weighs twice the decayed old one
  EXPECT_DOUBLE_EQ(table.mean(1, 9), (-0.25 + 1.0) / 1.5);
  EXPECT_DOUBLE_EQ(table.weight(1, 9), 1.5);
  EXPECT_EQ(table.size(), 1002u);
  for (int k = 0; k < 6; ++k) table.decay(0.5);  // weight 0.5 / 64 < 0.01: gone
  EXPECT_EQ(table.size(), 2u) << "only the two heavier entries stay";
  EXPECT_DOUBLE_EQ(table.mean(0, 5), 0.5);
  EXPECT_DOUBLE_EQ(table.weight(0, 100), 0.0);
  EXPECT_DOUBLE_EQ(table.mean(0, 100), 0.0);
  table.decay(0.0);
  EXPECT_EQ(table.size(), 0u);
}

// NST (`,nst=K`): a pair's mean joins the action's own once the pair has K samples; the pairs
// are keyed by the previous decision as well, so the same action after another one is apart.
TEST(AiMast, PairsAfterThePreviousDecisionCountFromTheirThreshold) {
  MastTable single;
  MastTable pairs;
  single.add(0, 5, 0.2);  // alone, 5 beats 6
  single.add(0, 6, 0.1);
  for (int k = 0; k < 3; ++k) pairs.add_key(MastTable::pair_key(0, 40, 6), 1.0);
  pairs.add_key(MastTable::pair_key(0, 40, 5), -1.0);
  EXPECT_DOUBLE_EQ(pairs.weight_key(MastTable::pair_key(0, 40, 6)), 3.0);
  EXPECT_DOUBLE_EQ(pairs.weight_key(MastTable::pair_key(0, 41, 6)), 0.0) << "another previous";
  EXPECT_DOUBLE_EQ(pairs.weight_key(MastTable::pair_key(1, 40, 6)), 0.0) << "another seat";
  EXPECT_DOUBLE_EQ(single.weight(0, 6), 1.0) << "the tables are apart";
  // After 40: 6 scores (0.1 + 1) / 2 once its 3 samples count; 5's one sample does not.
  EXPECT_EQ(single.best_after(0, 40, {5, 6}, pairs, 3.0), 6u);
  EXPECT_EQ(single.best_after(0, 40, {5, 6}, pairs, 4.0), 5u) << "below the threshold";
  EXPECT_EQ(single.best_after(0, 40, {5, 6}, pairs, 1.0), 6u) << "5's pair counts too: -0.4";
  EXPECT_EQ(single.best_after(0, 41, {5, 6}, pairs, 1.0), 5u) << "no pair after 41";
  EXPECT_EQ(single.best_after(0, 41, {7, 8}, pairs, 1.0), 7u) << "first on a tie";
  for (engine::ActionCode previous = 0; previous < 1000; ++previous) {
    ASSERT_NE(MastTable::pair_key(0, previous, 0), 0u);
    ASSERT_NE(MastTable::pair_key(0, previous, 1), MastTable::pair_key(0, previous + 1, 1));
  }
}

TEST(AiRave, ParsesTheSettings) {
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200,rave=300")->mcts.rave, 300.0);
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200,mast=0.25")->mcts.mast, 0.25);
  EXPECT_LT(parse_agent_spec("mcts:200")->mcts.rave, 0.0) << "the game's by default";
  EXPECT_LT(parse_agent_spec("mcts:200")->mcts.mast, 0.0) << "the game's by default";
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200,rave=0,mast=0")->mcts.rave, 0.0);
  EXPECT_FALSE(parse_agent_spec("mcts:200,rave=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts:200,mast=1.5"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:200,rave=100"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:200,mast=0.5"));
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200,mastkeep=0.5")->mcts.mast_keep, 0.5);
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200")->mcts.mast_keep, 0.0) << "off by default";
  EXPECT_FALSE(parse_agent_spec("mcts:200,mastkeep=1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:200,mastkeep=0.5"));
  EXPECT_EQ(parse_agent_spec("mcts:200,mastexp=1")->mcts.mast_expand, 1);
  EXPECT_EQ(parse_agent_spec("mcts:200,mastexp=0")->mcts.mast_expand, 0);
  EXPECT_LT(parse_agent_spec("mcts:200")->mcts.mast_expand, 0) << "the game's by default";
  EXPECT_FALSE(parse_agent_spec("mcts:200,mastexp=2"));
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200,nst=7")->mcts.nst, 7.0);
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:200")->mcts.nst, 0.0) << "off by default";
  EXPECT_FALSE(parse_agent_spec("mcts:200,nst=0.5")) << "a sample at least";
  EXPECT_FALSE(parse_agent_spec("mcts-v1:200,nst=3"));
}

// A search without its own setting takes the game's (engine::SearchPolicies); an explicit one,
// 0 included, wins.
TEST(AiRave, TheGamesSettingsAreTheDefault) {
  // What passed SPRTs (docs/ai.md): MAST, 0.5 in both games (The Pacific War: 0.3 against
  // mcts-v1 at equal time, then 0.5 against 0.3 at mcts:normal); RAVE K = 100 beside it in
  // The Pacific War (an SPRT at 1,000 iterations), in Co-Prosperity not.
  EXPECT_DOUBLE_EQ(policies_for("pacific-war", 2).mast, 0.5);
  EXPECT_DOUBLE_EQ(policies_for("pacific-war", 2).rave, 100.0);
  EXPECT_DOUBLE_EQ(policies_for("co-prosperity", 2).mast, 0.5);
  EXPECT_DOUBLE_EQ(policies_for("co-prosperity", 2).rave, 0.0);
  // MAST ordering the expansions (`,mastexp=1`) is off in both: H0 at mcts:normal in The
  // Pacific War, at 25 ms in Co-Prosperity.
  EXPECT_FALSE(policies_for("pacific-war", 2).mast_expand);
  EXPECT_FALSE(policies_for("co-prosperity", 2).mast_expand);
  // Tree reuse: on in Co-Prosperity (H1 at mcts:normal).
  EXPECT_FALSE(policies_for("pacific-war", 2).reuse_tree);
  EXPECT_TRUE(policies_for("co-prosperity", 2).reuse_tree);
  // The UCB constant: 0.3 in The Pacific War (H1 at mcts:normal against 0.7), 0.7 in
  // Co-Prosperity.
  EXPECT_DOUBLE_EQ(policies_for("pacific-war", 2).exploration, 0.3);
  EXPECT_DOUBLE_EQ(policies_for("co-prosperity", 2).exploration, 0.7);
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    GamePolicies policies = policies_for(name, 2);
    const Mcts plain(MctsConfig{}, policies);
    EXPECT_DOUBLE_EQ(plain.config().rave, policies.rave) << name;
    EXPECT_DOUBLE_EQ(plain.config().mast, policies.mast) << name;
    policies.rave = 123.0;
    policies.mast = 0.125;
    const Mcts game_default(MctsConfig{}, policies);
    EXPECT_DOUBLE_EQ(game_default.config().rave, 123.0) << name;
    EXPECT_DOUBLE_EQ(game_default.config().mast, 0.125) << name;
    const Mcts off(parse_agent_spec("mcts:200,rave=0,mast=0")->mcts, policies);
    EXPECT_DOUBLE_EQ(off.config().rave, 0.0) << name;
    EXPECT_DOUBLE_EQ(off.config().mast, 0.0) << name;
    EXPECT_EQ(plain.config().mast_expand, policies_for(name, 2).mast_expand ? 1 : 0) << name;
    policies.mast_expand = true;
    EXPECT_EQ(Mcts(MctsConfig{}, policies).config().mast_expand, 1) << name;
    EXPECT_EQ(Mcts(parse_agent_spec("mcts:200,mastexp=0")->mcts, policies).config().mast_expand, 0)
        << name;
    EXPECT_EQ(plain.config().reuse_tree, policies_for(name, 2).reuse_tree ? 1 : 0) << name;
    policies.reuse_tree = true;
    EXPECT_EQ(Mcts(MctsConfig{}, policies).config().reuse_tree, 1) << name;
    EXPECT_EQ(Mcts(parse_agent_spec("mcts:200,reuse=0")->mcts, policies).config().reuse_tree, 0)
        << name;
    EXPECT_DOUBLE_EQ(plain.config().exploration, policies_for(name, 2).exploration) << name;
    policies.exploration = 0.45;
    EXPECT_DOUBLE_EQ(Mcts(MctsConfig{}, policies).config().exploration, 0.45) << name;
    EXPECT_DOUBLE_EQ(Mcts(parse_agent_spec("mcts:200,c=0.9")->mcts, policies).config().exploration,
                     0.9)
        << name;
  }
}

// The searches with RAVE, MAST and both: the same decision and root visits for a seed (one
// thread), from two worlds differing only in what the acting seat cannot see; and RAVE and
// MAST do change the search (else these tests would prove nothing).
TEST(AiRave, SearchesAreDeterministicAndDoNotPeek) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    for (const std::string options : {",rave=100", ",mast=0.5", ",rave=30,mast=0.2",
                                      ",mast=0.5,mastexp=1", ",mast=0.5,nst=2"}) {
      const auto spec = parse_agent_spec("mcts:150" + options);
      ASSERT_TRUE(spec);
      int changed = 0;
      testing::for_each_hidden_pair(
          name, [&](const State& state, const State& other, std::uint64_t seed) {
            Mcts a(spec->mcts, policies_for(name, 2));
            Mcts b(spec->mcts, policies_for(name, 2));
            const MctsResult ra = a.search(state, 70 + seed);
            const MctsResult rb = b.search(other, 70 + seed);
            EXPECT_EQ(ra.action, rb.action) << name << options << " seed " << seed;
            EXPECT_EQ(ra.visits, rb.visits) << name << options << " seed " << seed;
            const MctsResult again = a.search(state, 70 + seed);  // the same object again
            EXPECT_EQ(ra.visits, again.visits) << name << options << " seed " << seed;
            MctsConfig plain = spec->mcts;
            plain.rave = 0.0;
            // mastexp and nst: against MAST alone.
            const bool on_mast = plain.mast_expand > 0 || plain.nst > 0.0;
            plain.mast = on_mast ? plain.mast : 0.0;
            plain.mast_expand = 0;
            plain.nst = 0.0;
            Mcts c(plain, policies_for(name, 2));
            if (c.search(state, 70 + seed).visits != ra.visits) ++changed;
          });
      EXPECT_GE(changed, 1) << name << options;
    }
  }
}

// `,mastkeep=K`: a player's second search starts from what its first one learned, so it
// differs from a fresh search; it is still the same from two worlds differing only in what the
// seat cannot see (the table holds only what searches of worlds drawn from its view found).
TEST(AiMast, AKeptTableCarriesIntoTheNextSearchWithoutPeeking) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const auto spec = parse_agent_spec("mcts:150,mast=0.5,mastkeep=0.5");
    ASSERT_TRUE(spec);
    int changed = 0;
    testing::for_each_hidden_pair(
        name, [&](const State& state, const State& other, std::uint64_t seed) {
          Mcts a(spec->mcts, policies_for(name, 2));
          Mcts b(spec->mcts, policies_for(name, 2));
          a.search(state, 90 + seed);
          b.search(other, 90 + seed);
          const MctsResult ra = a.search(state, 91 + seed);  // from the kept table
          const MctsResult rb = b.search(other, 91 + seed);
          EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
          EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
          Mcts fresh(spec->mcts, policies_for(name, 2));
          if (fresh.search(state, 91 + seed).visits != ra.visits) ++changed;
        });
    EXPECT_GE(changed, 1) << name << ": the kept table changes the next search";
  }
}

}  // namespace
}  // namespace pacwar::ai
