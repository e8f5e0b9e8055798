// Test support shared by the games' scenarios (games/<game>/scenario_for_test.h): a state of the
// game driven with action ids and scripted chance outcomes, every invariant checked after each
// action, and the log it wrote. A game's Scenario derives from it and adds the helpers that
// build its positions (units, cards, markers). Used by the *_test.cc files only.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/scripted.h"

namespace pacwar::engine::testing {

// `Derived` is the game's Scenario (act() and acts() return it, so that calls chain), `StateT`
// its state, whose content() has unit_index(id).
template <class Derived, class StateT>
class ScenarioDriver {
 public:
  explicit ScenarioDriver(std::unique_ptr<StateT> state) : state_(std::move(state)) {}

  StateT& s() { return *state_; }
  const StateT& s() const { return *state_; }
  const auto& c() const { return state_->content(); }  // the game's content

  // The index of a unit by its id (a failure when there is none).
  int unit(const std::string& id) const {
    const int i = c().unit_index(id);
    EXPECT_GE(i, 0) << "unknown unit " << id;
    return i;
  }

  // Legal action ids now (chance outcomes when chance acts).
  std::vector<std::string> legal() const { return applicable_ids(*state_); }
  bool is_legal(const std::string& id) const { return is_applicable(*state_, id); }

  // Applies the action with this id (a player's choice or a scripted chance outcome) and
  // checks every invariant after it.
  Derived& act(const std::string& id) {
    std::string error;
    if (!apply_scripted(*state_, id, &log_, &error))
      ADD_FAILURE() << error;
    else
      EXPECT_EQ(state_->check_invariants(), "") << "after " << id;
    return self();
  }
  Derived& acts(const std::vector<std::string>& ids) {
    for (const auto& id : ids) act(id);
    return self();
  }

  // The log written so far, as lines and as text (a line each).
  const std::vector<LogLine>& log_lines() const { return log_.lines; }
  std::string log_text() const {
    std::string out;
    for (const auto& l : log_.lines) out += l.text + "\n";
    return out;
  }

 protected:
  Derived& self() { return static_cast<Derived&>(*this); }

  std::unique_ptr<StateT> state_;
  VectorLog log_;
};

}  // namespace pacwar::engine::testing
