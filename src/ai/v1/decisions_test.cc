// The frozen baseline `mcts-v1` (src/ai/v1/) makes the decisions that the search of main at
// commit 940a9ac made: positions reached by seeded random play, each searched with a fixed seed
// and iteration budget, the chosen action and every root visit count recorded in
// data/ai/mcts_v1_decisions.json.
//
// Recording (only when a rule fix changes a recorded position; say so in the commit):
//   PACWAR_RECORD_MCTS_V1=data/ai/mcts_v1_decisions.json build/pacwar_tests
//   --gtest_filter='MctsV1.Record'
// records with the frozen code (PACWAR_RECORD_SEARCH=mcts records with today's ai::Mcts, which
// is how the file was first made, from the tree of 940a9ac).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "ai/mcts.h"
#include "ai/v1/mcts.h"
#include "ai/v1/policy.h"
#include "engine/data_dir.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::Json;
using engine::State;

std::string data_file() { return source_dir() + "/data/ai/mcts_v1_decisions.json"; }

// The actions (chance outcomes included) of `state` now.
std::vector<ActionCode> choices(const State& state) {
  std::vector<ActionCode> out;
  if (state.is_chance()) {
    std::vector<engine::ChanceOutcome> outcomes;
    state.chance_outcomes(outcomes);
    for (const auto& o : outcomes) out.push_back(o.action);
  } else {
    state.legal_actions(out);
  }
  return out;
}

// Replays `ids` from the initial state; nullptr with `error` set when an id is not available.
std::unique_ptr<State> replay(const engine::Game& game, const Json& ids, std::string& error) {
  auto state = game.new_initial_state(game.normalize_options(Json::object()));
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string id = ids[i].get<std::string>();
    bool found = false;
    for (const ActionCode a : choices(*state)) {
      if (state->action_id(a) == id) {
        state->apply(a, nullptr);
        found = true;
        break;
      }
    }
    if (!found) {
      error =
          "action " + std::to_string(i) + " '" + id + "' is not available at " + state->prompt();
      return nullptr;
    }
  }
  return state;
}

struct Decision {
  std::string choice;
  std::vector<long long> visits;  // parallel to the root's legal actions
};

Decision search_v1(const State& state, const std::string& game, int iterations, int threads,
                   std::uint64_t seed) {
  v1::MctsConfig config;
  config.iterations = iterations;
  config.threads = threads;
  v1::Mcts mcts(config, v1::policies_for(game, 2));
  const auto result = mcts.search(state, seed);
  return {state.action_id(result.action), result.visits};
}

Decision search_current(const State& state, const std::string& game, int iterations, int threads,
                        std::uint64_t seed) {
  MctsConfig config;
  config.iterations = iterations;
  config.threads = threads;
  Mcts mcts(config, policies_for(game, 2));
  const auto result = mcts.search(state, seed);
  return {state.action_id(result.action), result.visits};
}

TEST(MctsV1, Record) {
  const char* path = std::getenv("PACWAR_RECORD_MCTS_V1");
  if (path == nullptr) GTEST_SKIP() << "set PACWAR_RECORD_MCTS_V1=FILE to record";
  const char* with = std::getenv("PACWAR_RECORD_SEARCH");
  const bool current = with != nullptr && std::string(with) == "mcts";
  Json positions = Json::array();
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr);
    const int iterations = name == "pacific-war" ? 300 : 150;
    for (int p = 0; p < 12; ++p) {
      const auto seed = static_cast<std::uint64_t>(1000 + p);
      const int at = 15 + 53 * p;  // spread over the game
      auto state = game->new_initial_state(game->normalize_options(Json::object()));
      engine::RandomPlayer player;
      engine::Rng rng(seed);
      Json ids = Json::array();
      for (int done = 0; !state->is_terminal(); ++done) {
        if (done >= at && !state->is_chance() && state->legal_actions().size() >= 2) break;
        const ActionCode a = player.pick(*state, rng, rng);
        ids.push_back(state->action_id(a));
        state->apply(a, nullptr);
      }
      if (state->is_terminal()) continue;
      const int threads = p % 4 == 3 ? 2 : 1;
      const std::uint64_t search_seed = 77 + static_cast<std::uint64_t>(p);
      const Decision d = current ? search_current(*state, name, iterations, threads, search_seed)
                                 : search_v1(*state, name, iterations, threads, search_seed);
      positions.push_back({{"game", name},
                           {"actions", ids},
                           {"prompt", state->prompt()},
                           {"iterations", iterations},
                           {"threads", threads},
                           {"seed", search_seed},
                           {"choice", d.choice},
                           {"visits", d.visits}});
    }
  }
  Json file = {{"recorded_with", current ? "ai::Mcts (mcts)" : "ai::v1::Mcts (mcts-v1)"},
               {"positions", positions}};
  std::ofstream(path) << file.dump(1) << "\n";
}

TEST(MctsV1, MakesTheRecordedDecisions) {
  std::ifstream stream(data_file());
  ASSERT_TRUE(stream) << data_file();
  const Json file = Json::parse(stream);
  const Json& positions = file.at("positions");
  ASSERT_GE(positions.size(), 20u);
  for (const Json& p : positions) {
    const std::string name = p.at("game").get<std::string>();
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr);
    std::string error;
    const auto state = replay(*game, p.at("actions"), error);
    ASSERT_NE(state, nullptr) << name << ": " << error
                              << " (a rule fix changed a recorded position: re-record)";
    ASSERT_EQ(state->prompt(), p.at("prompt").get<std::string>());
    const Decision d = search_v1(*state, name, p.at("iterations").get<int>(),
                                 p.at("threads").get<int>(), p.at("seed").get<std::uint64_t>());
    EXPECT_EQ(d.choice, p.at("choice").get<std::string>()) << name << " at " << state->prompt();
    EXPECT_EQ(d.visits, p.at("visits").get<std::vector<long long>>()) << name;
  }
}

}  // namespace
}  // namespace pacwar::ai
