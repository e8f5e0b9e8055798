// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/policy.h and engine/policy.h (the interfaces, so that a later
// change to the engine's cannot reach the frozen policies) into namespace ai::v2; the value
// model's features are left out (mcts-v2 always scores with the hand-written evaluators).
// Game-specific knowledge used by the generic search: how good a non-terminal position is and
// how to pick actions quickly in playouts, with each game's search settings of c4de046.
#pragma once

#include <cassert>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace pacwar::ai::v2 {

// Estimates the final result of a position for every seat, each value in [-1, 1] like
// State::returns. Must be thread-safe (const, no shared scratch).
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // `values` is resized to the number of seats.
  virtual void evaluate(const engine::State& state, std::vector<double>& values) const = 0;
};

// Chooses a seat's action in a playout among `legal` (never empty). Thread-safe.
class PlayoutPolicy {
 public:
  virtual ~PlayoutPolicy() = default;
  virtual engine::ActionCode pick(const engine::State& state,
                                  const std::vector<engine::ActionCode>& legal,
                                  engine::Rng& rng) const = 0;
  // The probability with which pick() chooses each of `legal` (never empty), in its order:
  // `out` is resized to legal.size() and sums to 1. Uniform by default. The search's prior
  // (ai/v2/prior.h).
  virtual void weights(const engine::State& state, const std::vector<engine::ActionCode>& legal,
                       std::vector<double>& out) const {
    (void)state;
    out.assign(legal.size(), 1.0 / static_cast<double>(legal.size()));
  }
  // Whether the search, having reached `state` from `root` (in the tree or in a playout),
  // should stop there and let the evaluator score it: a game-defined horizon. By default never
  // (the playout depth alone limits playouts).
  virtual bool stop(const engine::State& root, const engine::State& state) const {
    (void)root;
    (void)state;
    return false;
  }
};

// The state of a policy's own game: policies_for pairs each game's policies with the game of
// that name, so a policy only ever sees states of type S. Checked in debug builds.
template <class S>
const S& game_state(const engine::State& state) {
  assert(typeid(state) == typeid(S));
  return static_cast<const S&>(state);
}

// An Evaluator written against its game's state type S.
template <class S>
class EvaluatorOf : public Evaluator {
 public:
  void evaluate(const engine::State& state, std::vector<double>& values) const final {
    evaluate_state(game_state<S>(state), values);
  }
  virtual void evaluate_state(const S& state, std::vector<double>& values) const = 0;
};

// A PlayoutPolicy written against its game's state type S.
template <class S>
class PlayoutPolicyOf : public PlayoutPolicy {
 public:
  engine::ActionCode pick(const engine::State& state, const std::vector<engine::ActionCode>& legal,
                          engine::Rng& rng) const final {
    return pick_in(game_state<S>(state), legal, rng);
  }
  bool stop(const engine::State& root, const engine::State& state) const final {
    return stop_at(game_state<S>(root), game_state<S>(state));
  }
  void weights(const engine::State& state, const std::vector<engine::ActionCode>& legal,
               std::vector<double>& out) const final {
    weights_in(game_state<S>(state), legal, out);
  }
  virtual engine::ActionCode pick_in(const S& state, const std::vector<engine::ActionCode>& legal,
                                     engine::Rng& rng) const = 0;
  virtual void weights_in(const S& state, const std::vector<engine::ActionCode>& legal,
                          std::vector<double>& out) const {
    PlayoutPolicy::weights(state, legal, out);
  }
  virtual bool stop_at(const S& root, const S& state) const {
    (void)root;
    (void)state;
    return false;
  }
};

// Knows nothing: every non-terminal position is even.
class NeutralEvaluator final : public Evaluator {
 public:
  explicit NeutralEvaluator(int seats) : seats_(seats) {}
  void evaluate(const engine::State& state, std::vector<double>& values) const override;

 private:
  int seats_;
};

class UniformPlayout final : public PlayoutPolicy {
 public:
  engine::ActionCode pick(const engine::State& state, const std::vector<engine::ActionCode>& legal,
                          engine::Rng& rng) const override;
};

struct GamePolicies {
  int seats = 2;
  int playout_depth = 30;  // the search's playout depth when its configuration gives none
  std::shared_ptr<const Evaluator> evaluator;
  std::shared_ptr<const PlayoutPolicy> playout;
  double rave = 0.0;  // the search's RAVE constant and MAST probability when its configuration
  double mast = 0.0;  // gives none
  bool mast_expand = false;  // likewise, MAST orders the expansions (`,mastexp=1`)
  bool reuse_tree = false;   // likewise, tree reuse between decisions (`,reuse=1`)
  double exploration = 0.7;  // likewise, the UCB exploration constant (`,c=X`)
};

// The policies and search settings of the game called `game` as the game modules of c4de046
// gave them ("pacific-war", "co-prosperity"); neutral ones for another game.
GamePolicies policies_for(const std::string& game, int seats);

// Final returns when terminal, else the evaluator's estimate.
void evaluate_or_score(const GamePolicies& policies, const engine::State& state,
                       std::vector<double>& values);

}  // namespace pacwar::ai::v2
