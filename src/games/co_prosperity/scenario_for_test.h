// Test support: builds Co-Prosperity positions and drives them with action ids and scripted
// dice. Used by the *_test.cc files only.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/scenario_for_test.h"
#include "games/co_prosperity/content.h"
#include "games/co_prosperity/game.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity::testing {

inline std::shared_ptr<const Content> shared_content() {
  static const std::shared_ptr<const Content> content = load_content(default_data_dir());
  return content;
}

inline std::shared_ptr<const engine::Game> shared_game() {
  static const std::shared_ptr<const engine::Game> game =
      std::make_shared<CoProsperityGame>(shared_content());
  return game;
}

class Scenario : public engine::testing::ScenarioDriver<Scenario, CpsState> {
 public:
  Scenario() : ScenarioDriver(std::make_unique<CpsState>(shared_content())) {}

  int space(const std::string& id) const {
    const int i = c().space_index(id);
    EXPECT_GE(i, 0) << "unknown space " << id;
    return i;
  }
  int card(const std::string& id) const { return c().card_index(id); }

  // Every unit in its pool, no cards, `turn`; war status as given.
  Scenario& empty_board(int turn, bool us_war = true, bool cw_war = true) {
    for (auto& u : s().units) u = UnitState{};
    s().cards.fill(CardLoc::Out);
    s().turn = static_cast<std::int8_t>(turn);
    s().us_war = us_war;
    s().cw_war = cw_war;
    s().pp[0] = 4;
    s().pp[1] = 10;
    return *this;
  }
  Scenario& put(const std::string& unit_id, const std::string& where, int steps = 0) {
    const int u = unit(unit_id);
    s().units[u] = UnitState{};
    s().units[u].loc = static_cast<std::uint8_t>(space(where));
    s().units[u].steps = static_cast<std::uint8_t>(steps > 0 ? steps : c().units[u].steps);
    return *this;
  }
  Scenario& give(const std::string& card_id) {
    s().cards[card(card_id)] = CardLoc::Hand;
    return *this;
  }
  // The side is to choose an Operation (8.0).
  Scenario& at_operations(int side) {
    s().step = Step::Operations;
    s().seat = static_cast<std::int8_t>(side);
    s().passes = 0;
    s().op = OpCtx{};
    return *this;
  }

  // Scripted dice: "die N" for each.
  Scenario& dice(const std::vector<int>& ds) {
    for (int d : ds) act("die " + std::to_string(d));
    return *this;
  }

  std::string where(const std::string& unit_id) const {
    const int loc = state_->units[unit(unit_id)].loc;
    if (loc == kLocPool) return "pool";
    if (loc == kLocTrack) return "track";
    if (loc == kLocRemoved) return "removed";
    return space_name(*state_, loc);
  }
  int steps(const std::string& unit_id) const { return state_->units[unit(unit_id)].steps; }
  int controller(const std::string& space_id) const {
    return compute_control(*state_)[space(space_id)];
  }
};

}  // namespace pacwar::co_prosperity::testing
