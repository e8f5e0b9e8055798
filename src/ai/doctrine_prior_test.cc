// The doctrine as the tree's prior (ai/prior.h, `mcts:...,dprior=M`, issue 42): the option
// parses, the bonus's arithmetic, the doctrine's choice gets the most visits where it is clear,
// and the prior is asked on the searcher's sampled worlds only (two worlds that differ only in
// the opponent's hidden cards give the same search).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"
#include "ai/prior.h"
#include "engine/doctrine.h"
#include "engine/random_play.h"
#include "engine/rng.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::State;
using testing::position;

TEST(AiDoctrinePrior, ParsesTheSettings) {
  const auto spec = parse_agent_spec("mcts:4000,dprior=0.5,dpmin=3");
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->mcts.doctrine_prior, 0.5);
  EXPECT_EQ(spec->mcts.doctrine_min_visits, 3);
  const auto plain = parse_agent_spec("mcts:4000");
  ASSERT_TRUE(plain);
  EXPECT_DOUBLE_EQ(plain->mcts.doctrine_prior, 0.0) << "off by default";
  EXPECT_EQ(plain->mcts.doctrine_min_visits, 8);
  EXPECT_TRUE(parse_agent_spec("mcts:100ms,dprior=2"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dprior=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dprior=x"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpmin=1.5"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:1000,dprior=1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v2:1000,dprior=1"));
  EXPECT_FALSE(parse_agent_spec("doctrine,dprior=1"));
}

TEST(AiDoctrinePrior, ParsesWhereItApplies) {
  const auto spec = parse_agent_spec("mcts:4000,dprior=0.5,dpseat=own,dpsteps=sound");
  ASSERT_TRUE(spec);
  EXPECT_TRUE(spec->mcts.doctrine_own_seat);
  EXPECT_TRUE(spec->mcts.doctrine_sound_steps);
  const auto all = parse_agent_spec("mcts:4000,dprior=0.5,dpseat=all,dpsteps=all");
  ASSERT_TRUE(all);
  EXPECT_FALSE(all->mcts.doctrine_own_seat);
  EXPECT_FALSE(all->mcts.doctrine_sound_steps);
  const auto plain = parse_agent_spec("mcts:4000,dprior=0.5");
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->mcts.doctrine_own_seat) << "every node by default";
  EXPECT_FALSE(plain->mcts.doctrine_sound_steps);
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpseat=sound"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpsteps=own"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpseat="));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpsteps=1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:1000,dpseat=own"));
  EXPECT_FALSE(parse_agent_spec("doctrine,dpsteps=sound"));
}

TEST(AiDoctrinePrior, TheBonusIsPuctsTermWithTheDoctrinesMass) {
  EXPECT_DOUBLE_EQ(doctrine_bonus(1.0, 100, 9), 1.0);  // √100 / (1 + 9)
  EXPECT_DOUBLE_EQ(doctrine_bonus(0.5, 100, 9), 0.5);
  EXPECT_DOUBLE_EQ(doctrine_bonus(2.0, 0, 0), 2.0);  // an untried child: √1 / 1
  EXPECT_DOUBLE_EQ(doctrine_bonus(0.0, 400, 3), 0.0);
  EXPECT_LT(doctrine_bonus(1.0, 400, 40), doctrine_bonus(1.0, 400, 20)) << "fades with visits";
  EXPECT_GT(doctrine_bonus(1.0, 1600, 20), doctrine_bonus(1.0, 400, 20)) << "grows with N";
}

// The doctrine's choice for the acting seat in six worlds drawn from its view; -1 unless all
// six agree.
long long clear_doctrine_choice(const GamePolicies& policies, const State& state) {
  const int seat = state.current_seat();
  const auto doctrine = policies.doctrine(seat);
  if (!doctrine) return -1;
  const std::vector<ActionCode> legal = state.legal_actions();
  long long choice = -1;
  for (std::uint64_t k = 0; k < 6; ++k) {
    engine::Rng rng(1000 + k);
    auto world = state.clone();
    world->resample_hidden(seat, rng);
    const auto chosen = static_cast<long long>(doctrine->choose(*world, legal, rng));
    if (choice >= 0 && chosen != choice) return -1;
    choice = chosen;
  }
  return choice;
}

TEST(AiDoctrinePrior, TheDoctrinesChoiceGetsThePriorMass) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const GamePolicies policies = policies_for(name, 2);
    ASSERT_TRUE(policies.doctrine) << name;
    int checked = 0;
    int chosen = 0;
    int more_visits = 0;
    for (std::uint64_t seed = 1; seed <= 14; ++seed) {
      auto state = position(name, seed, 20 + 25 * static_cast<int>(seed), 4);
      if (!state) continue;  // the game ended first
      const long long choice = clear_doctrine_choice(policies, *state);
      if (choice < 0) continue;
      ++checked;
      Mcts with(parse_agent_spec("mcts:300,dprior=3,dpmin=0")->mcts, policies);
      Mcts plain(parse_agent_spec("mcts:300")->mcts, policies);
      const MctsResult rw = with.search(*state, seed);
      const MctsResult rp = plain.search(*state, seed);
      const auto at = static_cast<std::size_t>(
          std::find(rw.actions.begin(), rw.actions.end(), static_cast<ActionCode>(choice)) -
          rw.actions.begin());
      ASSERT_LT(at, rw.actions.size());
      if (rw.action == static_cast<ActionCode>(choice)) ++chosen;
      if (rw.visits[at] > rp.visits[at]) ++more_visits;
    }
    EXPECT_GE(checked, 3) << name;
    EXPECT_EQ(chosen, checked) << name << ": a strong doctrine prior decides";
    EXPECT_EQ(more_visits, checked) << name << ": the doctrine's choice gains visits";
  }
}

TEST(AiDoctrinePrior, HiddenCardsDoNotChangeTheDecision) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(name,
                                  [&](const State& state, const State& other, std::uint64_t seed) {
                                    const auto spec = parse_agent_spec("mcts:200,dprior=1,dpmin=1");
                                    ASSERT_TRUE(spec);
                                    Mcts a(spec->mcts, policies_for(name, 2));
                                    Mcts b(spec->mcts, policies_for(name, 2));
                                    const MctsResult ra = a.search(state, 70 + seed);
                                    const MctsResult rb = b.search(other, 70 + seed);
                                    EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
                                    EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
                                  });
  }
}

// What the search asked of the game's doctrine: the seat to act and whether the doctrine called
// the prompt sound, at each choice.
struct Asked {
  std::vector<int> seats;
  std::vector<bool> sound;
};

// The game's doctrine, recording each choice it is asked for; `declares` false: it declares no
// prompt sound.
class RecordingDoctrine final : public engine::Doctrine {
 public:
  RecordingDoctrine(std::shared_ptr<const engine::Doctrine> inner, std::shared_ptr<Asked> asked,
                    bool declares)
      : inner_(std::move(inner)), asked_(std::move(asked)), declares_(declares) {}
  ActionCode choose(const State& state, const std::vector<ActionCode>& legal,
                    engine::Rng& rng) const override {
    asked_->seats.push_back(state.current_seat());
    asked_->sound.push_back(inner_->sound_prior(state));
    return inner_->choose(state, legal, rng);
  }
  bool sound_prior(const State& state) const override {
    return declares_ && inner_->sound_prior(state);
  }

 private:
  std::shared_ptr<const engine::Doctrine> inner_;
  std::shared_ptr<Asked> asked_;
  bool declares_;
};

GamePolicies recording(const std::string& name, const std::shared_ptr<Asked>& asked,
                       bool declares = true) {
  GamePolicies policies = policies_for(name, 2);
  const auto make = policies.doctrine;
  policies.doctrine = [make, asked, declares](int seat) -> std::shared_ptr<const engine::Doctrine> {
    return std::make_shared<RecordingDoctrine>(make(seat), asked, declares);
  };
  return policies;
}

TEST(AiDoctrinePrior, OwnSeatAsksTheDoctrineAtTheSearchersNodesOnly) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    std::size_t opponent_asked = 0;
    std::size_t own_asked = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = position(name, seed, 40 * static_cast<int>(seed), 6);
      ASSERT_NE(state, nullptr);
      const int searcher = state->current_seat();
      auto every = std::make_shared<Asked>();
      Mcts all(parse_agent_spec("mcts:300,dprior=1,dpmin=1")->mcts, recording(name, every));
      all.search(*state, seed);
      opponent_asked += static_cast<std::size_t>(
          std::count(every->seats.begin(), every->seats.end(), 1 - searcher));
      auto own_only = std::make_shared<Asked>();
      Mcts own(parse_agent_spec("mcts:300,dprior=1,dpmin=1,dpseat=own")->mcts,
               recording(name, own_only));
      own.search(*state, seed);
      own_asked += own_only->seats.size();
      for (const int seat : own_only->seats) EXPECT_EQ(seat, searcher) << name << " " << seed;
    }
    EXPECT_GT(own_asked, 0u) << name;
    EXPECT_GT(opponent_asked, 0u) << name << ": without dpseat=own the opponent's nodes are asked";
  }
}

// A position of seeded random play where the game's doctrine declares the acting seat's prompt
// (of two actions or more) sound; null when the game ends first.
std::unique_ptr<State> sound_position(const std::string& name, const GamePolicies& policies,
                                      std::uint64_t seed) {
  auto state = position(name, seed, 0, 1);
  engine::RandomPlayer player;
  engine::Rng rng(seed + 5);
  while (state && !state->is_terminal()) {
    if (!state->is_chance() && state->legal_actions().size() >= 2 &&
        policies.doctrine(state->current_seat())->sound_prior(*state)) {
      return state;
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  return nullptr;
}

TEST(AiDoctrinePrior, SoundStepsAskTheDoctrineWhereItDeclaresItselfSoundOnly) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    std::size_t asked_sound = 0;
    std::size_t asked_unsound = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto state = seed % 2 == 0 ? sound_position(name, policies_for(name, 2), seed)
                                 : position(name, seed, 40 * static_cast<int>(seed), 4);
      if (!state) continue;
      auto asked = std::make_shared<Asked>();
      Mcts sound(parse_agent_spec("mcts:300,dprior=1,dpmin=1,dpsteps=sound")->mcts,
                 recording(name, asked));
      sound.search(*state, seed);
      for (const bool ok : asked->sound) EXPECT_TRUE(ok) << name << " seed " << seed;
      asked_sound += asked->sound.size();
      // A doctrine that declares no prompt sound: never asked, the plain search.
      auto none = std::make_shared<Asked>();
      Mcts silent(parse_agent_spec("mcts:300,dprior=1,dpmin=1,dpsteps=sound")->mcts,
                  recording(name, none, false));
      const MctsResult rn = silent.search(*state, seed);
      EXPECT_TRUE(none->seats.empty()) << name << " seed " << seed;
      Mcts plain(parse_agent_spec("mcts:300")->mcts, policies_for(name, 2));
      EXPECT_EQ(rn.visits, plain.search(*state, seed).visits) << name << " seed " << seed;
      // Without dpsteps=sound the doctrine is asked at other prompts too.
      auto every = std::make_shared<Asked>();
      Mcts all(parse_agent_spec("mcts:300,dprior=1,dpmin=1")->mcts, recording(name, every));
      all.search(*state, seed);
      asked_unsound +=
          static_cast<std::size_t>(std::count(every->sound.begin(), every->sound.end(), false));
    }
    EXPECT_GT(asked_sound, 0u) << name << ": the game declares some prompts sound";
    EXPECT_GT(asked_unsound, 0u) << name;
  }
}

TEST(AiDoctrinePrior, RestrictedPriorDoesNotPeekAtHiddenCards) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(
        name, [&](const State& state, const State& other, std::uint64_t seed) {
          const auto spec = parse_agent_spec("mcts:200,dprior=1,dpmin=1,dpseat=own,dpsteps=sound");
          ASSERT_TRUE(spec);
          Mcts a(spec->mcts, policies_for(name, 2));
          Mcts b(spec->mcts, policies_for(name, 2));
          const MctsResult ra = a.search(state, 70 + seed);
          const MctsResult rb = b.search(other, 70 + seed);
          EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
          EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
        });
  }
}

TEST(AiDoctrinePrior, DeterministicForASeedAndDifferentFromPlainUcb) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    int differs = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = position(name, seed, 60 * static_cast<int>(seed), 6);
      ASSERT_NE(state, nullptr);
      const auto spec = parse_agent_spec("mcts:150,dprior=1,dpmin=2");
      ASSERT_TRUE(spec);
      Mcts a(spec->mcts, policies_for(name, 2));
      Mcts b(spec->mcts, policies_for(name, 2));
      const MctsResult ra = a.search(*state, seed);
      const MctsResult rb = b.search(*state, seed);
      EXPECT_EQ(ra.action, rb.action);
      EXPECT_EQ(ra.visits, rb.visits);
      EXPECT_EQ(ra.iterations, 150);
      Mcts plain(parse_agent_spec("mcts:150")->mcts, policies_for(name, 2));
      if (plain.search(*state, seed).visits != ra.visits) ++differs;
    }
    EXPECT_GE(differs, 2) << name << ": the doctrine prior changes the search";
  }
}

}  // namespace
}  // namespace pacwar::ai
