// Post-game analysis and hints: the seat's view only, determinism for a seed, marks.
#include "analysis/analysis.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ai/policy.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"

namespace pacwar::analysis {
namespace {

using engine::ActionCode;
using engine::Rng;
using engine::State;

// A state reached by seeded random play after at least `actions` actions where a seat with at
// least two choices acts and something is hidden from it (another draw of what it cannot see
// gives another state).
std::unique_ptr<State> mid_game(const std::string& name, std::uint64_t seed, int actions) {
  const auto game = find_game(name);
  auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
  engine::RandomPlayer player;
  Rng rng(seed);
  for (int done = 0; !state->is_terminal() && done < 3000; ++done) {
    if (done >= actions && !state->is_chance() && state->legal_actions().size() >= 2) {
      auto other = state->clone();
      Rng probe(seed + 99);
      other->resample_hidden(state->current_seat(), probe);
      if (other->hash() != state->hash()) return state;
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  return nullptr;
}

// The same position with everything the acting seat cannot see drawn again (another deal of the
// opponent's hand, consistent with what the seat has seen).
std::unique_ptr<State> other_deal(const State& state, std::uint64_t seed) {
  for (std::uint64_t k = 0; k < 100; ++k) {
    auto other = state.clone();
    Rng rng(seed + k);
    other->resample_hidden(state.current_seat(), rng);
    if (other->hash() != state.hash()) return other;
  }
  return nullptr;
}

ai::MctsConfig small_search() {
  AnalysisConfig config;
  config.player = "mcts:60";
  return search_config(config);
}

// The action the search visits least (so that the follow-up estimate runs too).
ActionCode least_visited(const State& state, const std::string& name) {
  ai::Mcts mcts(small_search(), ai::policies_for(name, 2));
  const ai::MctsResult result = mcts.search(state, 1);
  std::size_t least = 0;
  for (std::size_t k = 0; k < result.actions.size(); ++k) {
    if (result.visits[k] < result.visits[least]) least = k;
  }
  return result.actions[least];
}

void expect_same_analysis_for_another_deal(const std::string& name) {
  int compared = 0;
  int follow_ups = 0;  // decisions whose values were estimated again in worlds of the seat's view
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto state = mid_game(name, seed, 60 * static_cast<int>(seed));
    ASSERT_NE(state, nullptr);
    auto other = other_deal(*state, seed * 13);
    ASSERT_NE(other, nullptr);
    const int seat = state->current_seat();
    ASSERT_EQ(state->view(seat), other->view(seat)) << "the seat sees the same position";
    ASSERT_NE(state->view(1 - seat), other->view(1 - seat)) << "the opponent's cards differ";
    const ActionCode taken_first = state->legal_actions().front();
    for (const ActionCode taken : {taken_first, least_visited(*state, name)}) {
      const DecisionAnalysis a = analyse_decision(*state, taken, small_search(), 2, name, 7 + seed);
      const DecisionAnalysis b = analyse_decision(*other, taken, small_search(), 2, name, 7 + seed);
      EXPECT_EQ(to_json(a), to_json(b)) << name << " seed " << seed;
      follow_ups += a.follow_up ? 1 : 0;
    }
    const double p = position_win_probability(*state, small_search(), name, 11 + seed);
    EXPECT_EQ(p, position_win_probability(*other, small_search(), name, 11 + seed))
        << name << " seed " << seed;
    // The analysis of the decision that took the preferred action shows that same number. The
    // preferred action is the search's own (an analysis of another action may show a second
    // search's, when it rechecked a mark).
    ai::Mcts preferring(small_search(), ai::policies_for(name, 2));
    const ActionCode best_code = preferring.search(*state, 11 + seed).action;
    EXPECT_EQ(p, analyse_decision(*state, best_code, small_search(), 2, name, 11 + seed).before)
        << name << " seed " << seed;
    const std::vector<std::string> seats = {"japanese", "allied"};
    EXPECT_EQ(to_json(hint(*state, small_search(), name, seats, 5)),
              to_json(hint(*other, small_search(), name, seats, 5)))
        << name << " seed " << seed;
    ++compared;
  }
  EXPECT_EQ(compared, 4);
  EXPECT_GE(follow_ups, 1);
}

TEST(AnalysisHiddenInfo, AnotherDealOfTheOpponentsCardsLeavesTheAnalysisUnchanged) {
  expect_same_analysis_for_another_deal("pacific-war");
}

TEST(AnalysisHiddenInfo, AnotherDealLeavesTheAnalysisUnchangedCoProsperity) {
  expect_same_analysis_for_another_deal("co-prosperity");
}

TEST(Analysis, MarksFollowTheDocumentedThresholds) {
  EXPECT_EQ(mark_for_loss(0.0), "");
  EXPECT_EQ(mark_for_loss(0.049), "");
  EXPECT_EQ(mark_for_loss(0.05), "inaccuracy");
  EXPECT_EQ(mark_for_loss(0.099), "inaccuracy");
  EXPECT_EQ(mark_for_loss(0.10), "mistake");
  EXPECT_EQ(mark_for_loss(0.20), "blunder");
  EXPECT_EQ(mark_for_loss(0.9), "blunder");
}

// A mark needs two searches (docs/analysis.md, "The search's own noise"): a decision whose
// least visited action was taken is marked only with the smaller of two searches' losses, and
// the other search finds at least that loss.
TEST(Analysis, AMarkIsTheSmallerLossOfTwoSearches) {
  int rechecked = 0;
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto state = mid_game(name, seed, 40 * static_cast<int>(seed));
      ASSERT_NE(state, nullptr);
      const DecisionAnalysis d =
          analyse_decision(*state, least_visited(*state, name), small_search(), 2, name, seed);
      EXPECT_EQ(d.mark, mark_for_loss(d.loss));
      if (!d.rechecked) {
        EXPECT_EQ(d.mark, "") << name << " " << seed;
        continue;
      }
      ++rechecked;
      EXPECT_LE(d.loss, d.other_loss) << name << " " << seed;
      EXPECT_NE(mark_for_loss(d.other_loss), "") << name << " " << seed;
    }
  }
  EXPECT_GT(rechecked, 0) << "no decision was marked by a first search: the test checks nothing";
}

TEST(Analysis, RefusesPlayersThatSeeHiddenCardsOrDependOnTime) {
  AnalysisConfig config;
  // eval=model/blend: the analysis searches with the game's evaluator, so they would be ignored.
  for (const char* player : {"oracle:50", "mcts:100ms", "heuristic", "random", "nonsense",
                             "mcts:easy,eval=model", "mcts:200,eval=blend"}) {
    config.player = player;
    EXPECT_THROW(search_config(config), engine::UsageError) << player;
  }
  config.player = "mcts:easy";
  EXPECT_EQ(search_config(config).iterations, 200);
}

// The calibration maps were fitted on searches with the UCB constant 0.7: the analysis keeps it
// whatever a game's players use, unless its player spec says otherwise.
TEST(Analysis, SearchesWithTheCalibratedExplorationConstant) {
  AnalysisConfig config;
  config.player = "mcts:easy";
  EXPECT_DOUBLE_EQ(search_config(config).exploration, kCalibratedExploration);
  EXPECT_DOUBLE_EQ(kCalibratedExploration, 0.7);
  config.player = "mcts:easy,c=0.2";
  EXPECT_DOUBLE_EQ(search_config(config).exploration, 0.2);
}

// A short random game of The Pacific War analysed twice with one seed: the same JSON; every
// move names a legal action id taken at its index and its win probabilities are in [0, 1].
TEST(Analysis, AGameIsAnalysedTheSameWayForASeed) {
  const auto game = find_game("pacific-war");
  engine::Session session(game, game->normalize_options(engine::Json::object()), 21);
  engine::RandomPlayer player;
  Rng rng(21);
  while (!session.state().is_terminal() && session.history_ids().size() < 70) {
    if (session.state().is_chance()) {
      session.resolve_chance();
      continue;
    }
    session.apply(player.pick(session.state(), rng, rng));
  }
  const engine::Json save = session.save();
  AnalysisConfig config;
  config.player = "mcts:40";
  config.seed = 3;
  int calls = 0;
  const engine::Json a = analyse_game(save, 0, config, [&](int done, int total) {
    EXPECT_LE(done, total);
    ++calls;
    return true;
  });
  const engine::Json b = analyse_game(save, 0, config);
  EXPECT_EQ(a, b);
  ASSERT_GT(a["decisions"].get<int>(), 3);
  EXPECT_EQ(a["moves"].size(), a["decisions"].get<std::size_t>());
  EXPECT_EQ(calls, a["decisions"].get<int>() + 1);
  for (const engine::Json& move : a["moves"]) {
    EXPECT_EQ(move["taken"], save["actions"][move["index"].get<std::size_t>()]);
    EXPECT_GE(move["before"].get<double>(), 0.0);
    EXPECT_LE(move["after"].get<double>(), 1.0);
    EXPECT_GE(move["loss"].get<double>(), 0.0);
    EXPECT_EQ(move["mark"], mark_for_loss(move["loss"].get<double>()));
  }
  config.seed = 4;
  EXPECT_NE(analyse_game(save, 0, config)["moves"], a["moves"]) << "the seed matters";
  EXPECT_THROW(analyse_game(save, 5, config), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::analysis
