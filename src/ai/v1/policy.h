// FROZEN: the search of main at commit 940a9ac (player `mcts-v1`), kept as the fixed baseline
// of issue 20. Do not change what it decides; src/ai/v1/decisions_test.cc checks recorded
// decisions. Copied from src/ai/policy.h into namespace ai::v1.
// Game-specific knowledge used by the generic search: how good a non-terminal position is and
// how to pick actions quickly in playouts. The search code never includes a game's headers;
// each game registers its policies by name (policies.cc).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace pacwar::ai::v1 {

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
  // Whether the search, having reached `state` from `root` (in the tree or in a playout),
  // should stop there and let the evaluator score it: a game-defined horizon, so that every
  // action at the root is scored as far into the game. By default never (the playout depth
  // alone limits playouts).
  virtual bool stop(const engine::State& root, const engine::State& state) const {
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
};

// The policies of the game called `game` ("pacific-war"); neutral ones for other games.
GamePolicies policies_for(const std::string& game, int seats);

// Final returns when terminal, else the evaluator's estimate.
void evaluate_or_score(const GamePolicies& policies, const engine::State& state,
                       std::vector<double>& values);

}  // namespace pacwar::ai::v1
