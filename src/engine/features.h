// A fixed feature vector of a position as one seat sees it: the input of a learned value model
// (src/ai/value_model.h). Each game defines its features beside its evaluator and hands them out
// through its GameModule (SearchPolicies::features), so the search and the trainer never name a
// game. The features are oriented to seat 0 (Japanese minus Allied where it applies), whichever
// seat looks: a model of them predicts seat 0's result.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/policy.h"

namespace pacwar::engine {

class ViewFeatures {
 public:
  virtual ~ViewFeatures() = default;
  // The features' names, in order (a model file lists them and must match).
  virtual const std::vector<std::string>& names() const = 0;
  // Writes names().size() values of `state` as `seat` sees it into `out`: it reads only what
  // that seat may see (public markers and units, hand sizes, the seat's own cards), never
  // another seat's hidden cards. Thread-safe (const, no shared scratch).
  virtual void compute(const State& state, int seat, std::span<double> out) const = 0;
};

// ViewFeatures written against the game's state type S.
template <class S>
class ViewFeaturesOf : public ViewFeatures {
 public:
  void compute(const State& state, int seat, std::span<double> out) const final {
    compute_state(module_state<S>(state), seat, out);
  }
  virtual void compute_state(const S& state, int seat, std::span<double> out) const = 0;
};

}  // namespace pacwar::engine
