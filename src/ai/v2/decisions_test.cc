// The frozen baseline `mcts-v2` (src/ai/v2/) makes the decisions that the shipped search of
// main at commit c4de046 made: positions reached by seeded random play, each searched by a new
// player with a fixed seed, an iteration budget and one thread, then, where the same seat
// decides again right after the chosen action, a second search by the same player (so that
// Co-Prosperity's tree reuse is part of what is checked). The chosen actions and every root
// visit count are recorded in data/ai/mcts_v2_decisions.json.
//
// Recording (only when a rule fix changes a recorded position; say so in the commit):
//   PACWAR_RECORD_MCTS_V2=data/ai/mcts_v2_decisions.json build/pacwar_tests
//   --gtest_filter='MctsV2.Record'
// records with the frozen code (PACWAR_RECORD_SEARCH=mcts records with today's ai::Mcts, which
// is how the file was first made, from the tree of c4de046).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/v2/mcts.h"
#include "ai/v2/policy.h"
#include "engine/data_dir.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::Json;
using engine::State;

std::string data_file() { return source_dir() + "/data/ai/mcts_v2_decisions.json"; }

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

// Whether a player that chose the action leading to `state` decides again there.
bool decides_again(const State& state, int seat) {
  return !state.is_terminal() && !state.is_chance() && state.current_seat() == seat &&
         state.legal_actions().size() >= 2;
}

// The decisions of one player (a new Mcts object of config `Config` with `policies`) at
// `state` with `seed`, then, while the same seat decides again and `count` allows, at the
// state its choice led to with the next seed.
template <class Search, class Config, class Policies>
std::vector<Decision> decide(const State& state, Policies policies, int iterations, int count,
                             std::uint64_t seed) {
  Config config;
  config.iterations = iterations;
  config.threads = 1;
  Search mcts(config, std::move(policies));
  std::vector<Decision> out;
  auto at = state.clone();
  const int seat = at->current_seat();
  for (int i = 0; i < count; ++i) {
    const auto result = mcts.search(*at, seed + static_cast<std::uint64_t>(i));
    out.push_back({at->action_id(result.action), result.visits});
    at->apply(result.action, nullptr);
    if (!decides_again(*at, seat)) break;
  }
  return out;
}

std::vector<Decision> decide_v2(const State& state, const std::string& game, int iterations,
                                int count, std::uint64_t seed) {
  return decide<v2::Mcts, v2::MctsConfig>(state, v2::policies_for(game, 2), iterations, count,
                                          seed);
}

std::vector<Decision> decide_shipped(const State& state, const std::string& game, int iterations,
                                     int count, std::uint64_t seed) {
  return decide<Mcts, MctsConfig>(state, policies_for(game, 2), iterations, count, seed);
}

// The recorded decisions of position `p`.
std::vector<Decision> recorded(const Json& p) {
  std::vector<Decision> out;
  for (const Json& d : p.at("decisions")) {
    out.push_back(
        {d.at("choice").get<std::string>(), d.at("visits").get<std::vector<long long>>()});
  }
  return out;
}

void expect_same(const std::vector<Decision>& got, const std::vector<Decision>& want,
                 const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].choice, want[i].choice) << what << ", decision " << i;
    EXPECT_EQ(got[i].visits, want[i].visits) << what << ", decision " << i;
  }
}

TEST(MctsV2, Record) {
  const char* path = std::getenv("PACWAR_RECORD_MCTS_V2");
  if (path == nullptr) GTEST_SKIP() << "set PACWAR_RECORD_MCTS_V2=FILE to record";
  const char* with = std::getenv("PACWAR_RECORD_SEARCH");
  const bool shipped = with != nullptr && std::string(with) == "mcts";
  Json positions = Json::array();
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr);
    const int iterations = name == "pacific-war" ? 300 : 150;
    for (int p = 0; p < 12; ++p) {
      const auto seed = static_cast<std::uint64_t>(2000 + p);
      const int at = 12 + 49 * p;  // spread over the game
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
      const std::uint64_t search_seed = 177 + 10 * static_cast<std::uint64_t>(p);
      const int count = 2;
      const auto decisions = shipped ? decide_shipped(*state, name, iterations, count, search_seed)
                                     : decide_v2(*state, name, iterations, count, search_seed);
      Json recorded_decisions = Json::array();
      for (const Decision& d : decisions) {
        recorded_decisions.push_back({{"choice", d.choice}, {"visits", d.visits}});
      }
      positions.push_back({{"game", name},
                           {"actions", ids},
                           {"prompt", state->prompt()},
                           {"iterations", iterations},
                           {"threads", 1},
                           {"seed", search_seed},
                           {"count", count},
                           {"decisions", recorded_decisions}});
    }
  }
  Json file = {{"recorded_with", shipped ? "ai::Mcts (mcts)" : "ai::v2::Mcts (mcts-v2)"},
               {"positions", positions}};
  std::ofstream(path) << file.dump(1) << "\n";
}

// Checks every recorded position with `decide` (decide_v2).
template <class Decide>
void check_recorded(Decide decide_with, const std::string& who) {
  std::ifstream stream(data_file());
  ASSERT_TRUE(stream) << data_file();
  const Json file = Json::parse(stream);
  const Json& positions = file.at("positions");
  std::size_t decisions = 0;
  for (const Json& p : positions) {
    const std::string name = p.at("game").get<std::string>();
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr);
    std::string error;
    const auto state = replay(*game, p.at("actions"), error);
    ASSERT_NE(state, nullptr) << name << ": " << error
                              << " (a rule fix changed a recorded position: re-record)";
    ASSERT_EQ(state->prompt(), p.at("prompt").get<std::string>());
    ASSERT_EQ(p.at("threads").get<int>(), 1);
    const auto got = decide_with(*state, name, p.at("iterations").get<int>(),
                                 p.at("count").get<int>(), p.at("seed").get<std::uint64_t>());
    const auto want = recorded(p);
    expect_same(got, want, who + ", " + name + " at " + state->prompt());
    decisions += want.size();
  }
  EXPECT_GE(decisions, 20u);
}

TEST(MctsV2, MakesTheRecordedDecisions) { check_recorded(decide_v2, "mcts-v2"); }

// The player `mcts-v2:N` (ai/agent.h) is the frozen search with the game's settings: its first
// decision at each recorded position of each game is the recorded one.
TEST(MctsV2, PlayerMakesTheRecordedFirstDecision) {
  std::ifstream stream(data_file());
  ASSERT_TRUE(stream) << data_file();
  const Json file = Json::parse(stream);
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr);
    int checked = 0;
    for (const Json& p : file.at("positions")) {
      if (p.at("game") != name || checked == 2) continue;
      std::string error;
      const auto state = replay(*game, p.at("actions"), error);
      ASSERT_NE(state, nullptr) << error;
      const auto spec =
          parse_agent_spec("mcts-v2:" + std::to_string(p.at("iterations").get<int>()));
      ASSERT_TRUE(spec);
      const auto agent = make_agent(*spec, name, 2);
      EXPECT_EQ(state->action_id(agent->choose(*state, p.at("seed").get<std::uint64_t>())),
                p.at("decisions").at(0).at("choice").get<std::string>())
          << name << " at " << state->prompt();
      ++checked;
    }
    EXPECT_EQ(checked, 2) << name;
  }
}

}  // namespace
}  // namespace pacwar::ai
