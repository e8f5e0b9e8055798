// Test helper of the games' blunder counters (engine/blunders.h): one action applied by its id
// with a counter watching, as arena and ladder feed it.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/blunders.h"
#include "engine/scripted.h"

namespace pacwar::engine::testing {

// Applies the action `id` of `scenario` (a game's Scenario: s(), act(id)) and shows the change to
// `counter`; a test failure when `id` is not legal there.
template <class Scenario>
void watch(Scenario& scenario, BlunderCounter& counter, const std::string& id) {
  const std::unique_ptr<State> before = scenario.s().clone();
  ActionCode code = 0;
  bool found = false;
  for (const ActionCode a : applicable(*before)) {
    if (before->action_id(a) == id) {
      code = a;
      found = true;
    }
  }
  ASSERT_TRUE(found) << "no action " << id << " at " << before->prompt();
  const int seat = before->current_seat();
  scenario.act(id);
  counter.observe(*before, code, seat, scenario.s());
}

}  // namespace pacwar::engine::testing
