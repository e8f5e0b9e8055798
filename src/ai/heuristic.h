// A scripted greedy bot: for each legal action, applies it to a few sampled worlds consistent
// with the seat's view, resolves the chance that follows by sampling, and scores the position
// with the game's evaluator. Picks the best average; among equal values the game's playout
// policy chooses (with the seed).
#pragma once

#include <cstdint>
#include <vector>

#include "ai/policy.h"
#include "engine/game.h"

namespace pacwar::ai {

struct HeuristicConfig {
  int chance_samples = 4;     // worlds per action when chance follows it (1 otherwise)
  int max_chance_steps = 64;  // chance actions resolved after the action, at most
};

class HeuristicPlayer {
 public:
  HeuristicPlayer(HeuristicConfig config, GamePolicies policies)
      : config_(config), policies_(std::move(policies)) {}

  engine::ActionCode choose(const engine::State& state, std::uint64_t seed);

 private:
  HeuristicConfig config_;
  GamePolicies policies_;
  std::vector<engine::ActionCode> legal_;
  std::vector<engine::ActionCode> best_;
  std::vector<engine::ChanceOutcome> outcomes_;
  std::vector<double> values_;
};

}  // namespace pacwar::ai
