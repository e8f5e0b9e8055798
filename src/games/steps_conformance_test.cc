// Conformance of every registered game (game_names()) to the engine's contract of steps, through
// the engine interface only: every prompt is a step of the game's table (the view's "step" names
// its entry) and a step is always acted by the same kind of actor; a seat's step offers legal
// actions with distinct ids; a chance step offers outcomes whose probabilities sum to 1, each an
// undo barrier; and undo never crosses a barrier (a die roll or a revealed card), while an
// action that is not one is undone exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"

namespace pacwar {
namespace {

enum class ActorKind { Seat, Chance, Terminal };

ActorKind actor_kind(const engine::State& s) {
  if (s.is_terminal()) return ActorKind::Terminal;
  return s.is_chance() ? ActorKind::Chance : ActorKind::Seat;
}

std::string step_name(const engine::State& s) {
  const engine::Json view = s.view(-1);
  return view.contains("step") && view["step"].is_string() ? view["step"].get<std::string>() : "";
}

// Plays one game to its end (or `max_actions`) through a Session, checking each prompt.
// `kinds` gathers the actor of each step name over all the games played.
void play_and_check(const std::string& game_name, std::uint64_t seed, int max_actions,
                    std::map<std::string, ActorKind>& kinds) {
  const auto game = find_game(game_name);
  ASSERT_NE(game, nullptr) << game_name;
  engine::Session session(game, game->normalize_options(engine::Json::object()), seed);
  engine::Rng rng(seed * 7919 + 1);
  std::vector<engine::ActionCode> legal;
  std::vector<engine::ChanceOutcome> outcomes;
  std::size_t last_barrier = 0;  // actions before it may never be undone
  for (int n = 0; n < max_actions; ++n) {
    const engine::State& s = session.state();
    const std::string where = game_name + " seed " + std::to_string(seed) + " action " +
                              std::to_string(n) + ": " + s.prompt();
    const std::string name = step_name(s);
    ASSERT_FALSE(name.empty()) << "a prompt outside the table of steps, " << where;
    const ActorKind kind = actor_kind(s);
    const auto [it, added] = kinds.emplace(name, kind);
    ASSERT_EQ(it->second, kind) << "step " << name << " changed its actor, " << where;
    s.legal_actions(legal);
    s.chance_outcomes(outcomes);
    if (kind == ActorKind::Terminal) {
      EXPECT_TRUE(legal.empty() && outcomes.empty()) << where;
      return;
    }
    if (kind == ActorKind::Chance) {
      ASSERT_TRUE(legal.empty()) << where;
      ASSERT_FALSE(outcomes.empty()) << "a chance step without outcomes, " << where;
      double sum = 0.0;
      std::set<std::string> ids;
      for (const engine::ChanceOutcome& o : outcomes) {
        EXPECT_GT(o.probability, 0.0) << where;
        EXPECT_TRUE(s.is_undo_barrier(o.action)) << s.action_id(o.action) << ", " << where;
        EXPECT_TRUE(ids.insert(s.action_id(o.action)).second) << where;
        sum += o.probability;
      }
      ASSERT_NEAR(sum, 1.0, 1e-9) << where;
      session.resolve_chance();
      last_barrier = session.history_ids().size();
      EXPECT_FALSE(session.can_undo(0) || session.can_undo(1)) << where;
      continue;
    }
    ASSERT_TRUE(outcomes.empty()) << where;
    ASSERT_FALSE(legal.empty()) << "a seat's step without legal actions, " << where;
    std::set<std::string> ids;
    for (engine::ActionCode a : legal)
      EXPECT_TRUE(ids.insert(s.action_id(a)).second)
          << "two actions " << s.action_id(a) << ", " << where;
    const int seat = s.current_seat();
    const engine::ActionCode action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const bool barrier = s.is_undo_barrier(action);
    const std::uint64_t before = s.hash();
    session.apply(action);
    if (barrier) {
      last_barrier = session.history_ids().size();
      EXPECT_FALSE(session.can_undo(seat))
          << "undo across " << session.history_ids().back() << ", " << where;
      continue;
    }
    ASSERT_TRUE(session.can_undo(seat)) << session.history_ids().back() << ", " << where;
    if (n % 97 == 0) {  // undo replays the game from its start: now and then only
      ASSERT_TRUE(session.undo(seat));
      EXPECT_EQ(session.state().hash(), before) << "undo did not restore, " << where;
      session.apply(action);
    }
    if (n % 401 == 0) {
      // Undo as far back as allowed: never past the last barrier; then take the actions again.
      const std::vector<std::string> taken = session.history_ids();
      const std::uint64_t now = session.state().hash();
      while (!session.history_seats().empty() && session.undo(session.history_seats().back())) {
      }
      ASSERT_GE(session.history_ids().size(), last_barrier) << "undo crossed a barrier, " << where;
      for (std::size_t i = session.history_ids().size(); i < taken.size(); ++i)
        session.apply_id(taken[i]);
      ASSERT_EQ(session.state().hash(), now) << where;
    }
  }
}

TEST(StepsConformance, EveryRegisteredGameFollowsItsTableOfSteps) {
  ASSERT_FALSE(game_names().empty());
  for (const std::string& name : game_names()) {
    std::map<std::string, ActorKind> kinds;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) play_and_check(name, seed, 3000, kinds);
    EXPECT_GT(kinds.size(), 5u) << name << ": too few steps seen to check anything";
  }
}

}  // namespace
}  // namespace pacwar
