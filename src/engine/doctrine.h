// A doctrine player's plan (docs/ai.md, "Doctrine players"): hand-written rules of thumb a
// competent human follows, over the legal actions of each prompt. An opponent for the search,
// not part of it. Each game writes its doctrine against its own state type beside its rules
// (games/<game>/doctrine.h) and hands it out through its GameModule; src/ai plays it
// (AgentSpec::Kind::kDoctrine) without knowing the game.
#pragma once

#include <vector>

#include "engine/game.h"
#include "engine/policy.h"
#include "engine/rng.h"

namespace pacwar::engine {

class Doctrine {
 public:
  virtual ~Doctrine() = default;
  // One of `legal` (the legal actions of the seat to act in `state`, never empty). `state` is a
  // world the caller has made consistent with that seat's view (State::resample_hidden), so a
  // doctrine may read it whole. The same (state, rng) give the same action. Thread-safe.
  virtual ActionCode choose(const State& state, const std::vector<ActionCode>& legal,
                            Rng& rng) const = 0;
  // Whether the doctrine's choice in `state` (the seat to act's prompt, a world as for choose)
  // is a sound prior for the search (`mcts:...,dpsteps=sound`, ai/prior.h): the prompts where
  // its rules follow the rules of the game rather than a plan. None unless the game says so.
  virtual bool sound_prior(const State& /*state*/) const { return false; }
};

// A Doctrine written against its game's state type S (engine/policy.h, module_state).
template <class S>
class DoctrineOf : public Doctrine {
 public:
  ActionCode choose(const State& state, const std::vector<ActionCode>& legal,
                    Rng& rng) const final {
    return choose_in(module_state<S>(state), legal, rng);
  }
  bool sound_prior(const State& state) const final {
    return sound_prior_in(module_state<S>(state));
  }
  virtual bool sound_prior_in(const S& /*state*/) const { return false; }
  virtual ActionCode choose_in(const S& state, const std::vector<ActionCode>& legal,
                               Rng& rng) const = 0;
};

}  // namespace pacwar::engine
