// Random choices shared by the session (chance), self-play, benchmarks and tests.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "engine/session.h"

namespace pacwar::engine {

// Samples one outcome in proportion to its probability (probabilities need not sum to 1
// exactly; zero-probability outcomes are never chosen). `outcomes` must not be empty.
ActionCode sample_outcome(const std::vector<ChanceOutcome>& outcomes, Rng& rng);

// Picks the next action of a non-terminal state: uniformly among the legal actions when a
// seat acts (with `player_rng`), by probability when chance acts (with `chance_rng`).
// Throws std::logic_error when the state offers no action although it is not terminal.
class RandomPlayer {
 public:
  ActionCode pick(const State& state, Rng& player_rng, Rng& chance_rng);

 private:
  std::vector<ActionCode> actions_;
  std::vector<ChanceOutcome> outcomes_;
};

// Plays up to `actions` actions of a session at random (uniform choices with an Rng seeded by
// `seed`; chance through the session's own seeded resolution), stopping at the end of the game.
void play_random_actions(Session& session, int actions, std::uint64_t seed);

// A new game of `game` with default options after up to `actions` uniformly random actions
// (chance too) drawn from one Rng seeded by `seed`, stopping at the end of the game.
std::unique_ptr<State> random_state(const Game& game, int actions, std::uint64_t seed);

}  // namespace pacwar::engine
