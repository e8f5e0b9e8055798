// A state that can be overwritten with a copy of another state of its game, in place. A search
// that copies its root on every iteration (ai/mcts.cc) keeps one state per thread and reuses it
// this way: no allocation per iteration, and no write to the shared reference count of the
// game's content (a shared_ptr assigned from one that shares its control block leaves the count
// alone), which the threads of a search would otherwise pass between their cores on every
// iteration. Optional: a game's state implements it beside engine::State.
#pragma once

#include "engine/game.h"

namespace pacwar::engine {

class ReusableState {
 public:
  virtual ~ReusableState() = default;
  // Makes this state a copy of `other`, as State::clone() would, and returns true; false (and
  // nothing changed) when `other` is not a state of the same game.
  virtual bool assign_from(const State& other) = 0;
};

}  // namespace pacwar::engine
