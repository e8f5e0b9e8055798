// Game-specific knowledge used by the generic search (src/ai): how good a non-terminal position
// is and how to pick actions quickly in playouts. The interfaces are game-agnostic; each game
// implements them beside its rules and hands them out through its GameModule
// (engine/game_module.h), so the search never includes a game's headers.
#pragma once

#include <cassert>
#include <typeinfo>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace pacwar::engine {

// Estimates the final result of a position for every seat, each value in [-1, 1] like
// State::returns. Must be thread-safe (const, no shared scratch).
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // `values` is resized to the number of seats.
  virtual void evaluate(const State& state, std::vector<double>& values) const = 0;
};

// Chooses a seat's action in a playout among `legal` (never empty). Thread-safe.
class PlayoutPolicy {
 public:
  virtual ~PlayoutPolicy() = default;
  virtual ActionCode pick(const State& state, const std::vector<ActionCode>& legal,
                          Rng& rng) const = 0;
  // The probability with which pick() chooses each of `legal` (never empty), in its order:
  // `out` is resized to legal.size() and sums to 1. Uniform by default; a policy that weights
  // its actions computes them with the same code as its pick(). The search's prior (ai/prior.h).
  virtual void weights(const State& state, const std::vector<ActionCode>& legal,
                       std::vector<double>& out) const {
    (void)state;
    out.assign(legal.size(), 1.0 / static_cast<double>(legal.size()));
  }
  // Whether pick() at `state` knows better than the search's move statistics (MAST): the
  // playout then asks pick() there even where MAST would choose. None by default.
  virtual bool knows_best(const State& state) const {
    (void)state;
    return false;
  }
  // Whether the search, having reached `state` from `root` (in the tree or in a playout),
  // should stop there and let the evaluator score it: a game-defined horizon, so that every
  // action at the root is scored as far into the game. By default never (the playout depth
  // alone limits playouts).
  virtual bool stop(const State& root, const State& state) const {
    (void)root;
    (void)state;
    return false;
  }
};

// The state of a game module's own game. A module hands out its policies together with the
// game that makes its states (GameModule), so a policy only ever sees states of type S: the
// pairing, not a game's name, is what makes this downcast safe. Checked in debug builds.
template <class S>
const S& module_state(const State& state) {
  assert(typeid(state) == typeid(S));
  return static_cast<const S&>(state);
}

// An Evaluator written against its game's state type S.
template <class S>
class EvaluatorOf : public Evaluator {
 public:
  void evaluate(const State& state, std::vector<double>& values) const final {
    evaluate_state(module_state<S>(state), values);
  }
  virtual void evaluate_state(const S& state, std::vector<double>& values) const = 0;
};

// A PlayoutPolicy written against its game's state type S.
template <class S>
class PlayoutPolicyOf : public PlayoutPolicy {
 public:
  ActionCode pick(const State& state, const std::vector<ActionCode>& legal, Rng& rng) const final {
    return pick_in(module_state<S>(state), legal, rng);
  }
  bool stop(const State& root, const State& state) const final {
    return stop_at(module_state<S>(root), module_state<S>(state));
  }
  bool knows_best(const State& state) const final { return knows_best_in(module_state<S>(state)); }
  void weights(const State& state, const std::vector<ActionCode>& legal,
               std::vector<double>& out) const final {
    weights_in(module_state<S>(state), legal, out);
  }
  virtual ActionCode pick_in(const S& state, const std::vector<ActionCode>& legal,
                             Rng& rng) const = 0;
  virtual void weights_in(const S& state, const std::vector<ActionCode>& legal,
                          std::vector<double>& out) const {
    PlayoutPolicy::weights(state, legal, out);
  }
  virtual bool knows_best_in(const S& state) const {
    (void)state;
    return false;
  }
  virtual bool stop_at(const S& root, const S& state) const {
    (void)root;
    (void)state;
    return false;
  }
};

}  // namespace pacwar::engine
