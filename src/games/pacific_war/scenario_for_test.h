// Test support: builds The Pacific War positions of the manual's examples and drives them with
// action ids and scripted dice. Used by the *_test.cc files only.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/scenario_for_test.h"
#include "games/pacific_war/content.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war::testing {

inline std::shared_ptr<const Content> shared_content() {
  static const std::shared_ptr<const Content> content = load_content(default_data_dir());
  return content;
}

class Scenario : public engine::testing::ScenarioDriver<Scenario, PwState> {
 public:
  explicit Scenario(RuleOptions options = {})
      : ScenarioDriver(std::make_unique<PwState>(shared_content(), options)) {}

  int oz(const std::string& id) const {
    const int i = c().oz_index(id);
    EXPECT_GE(i, 0) << "unknown OZ " << id;
    return i;
  }
  int card(int number) const {
    for (int i = 0; i < c().num_cards(); ++i)
      if (c().cards[i].number == number) return i;
    ADD_FAILURE() << "unknown card " << number;
    return 0;
  }

  // An empty board on `turn`: every unit off the map, the markers of 14.3, empty hands.
  Scenario& empty_board(int turn) {
    PwState& st = s();
    for (int u = 0; u < c().num_units(); ++u) {
      set_loc(st, u, kLocPool);
      st.units[u].flags = 0;
    }
    for (int i = 0; i < c().num_cards(); ++i) st.cards[i] = CardLoc::Deck;
    for (int o = 0; o < c().num_ozs(); ++o) {
      const OzDef& d = c().ozs[o];
      set_port_owner(st, o, d.port ? d.initial_port_owner : -1);
      set_base_marker(st, o, !d.port && d.initial_base_marker >= -1 ? d.initial_base_marker : -1);
      set_contested(st, o, false);
    }
    st.turn = static_cast<std::int8_t>(turn);
    st.vp = 0;
    return *this;
  }

  Scenario& put(const std::string& unit_id, const std::string& oz_id, bool ready = true) {
    const int u = unit(unit_id);
    set_loc(s(), u, oz(oz_id));
    s().units[u].flags = ready ? kReady : 0;
    return *this;
  }
  Scenario& give(int side, int card_number) {
    s().cards[card(card_number)] = side == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
    return *this;
  }
  Scenario& base(const std::string& oz_id, int side) {
    set_base_marker(s(), oz(oz_id), side);
    return *this;
  }
  Scenario& port(const std::string& oz_id, int owner) {
    set_port_owner(s(), oz(oz_id), owner);
    return *this;
  }
  Scenario& control() {
    update_control(s(), nullptr);
    return *this;
  }

  // The side is about to choose its Strategy Action (8.3) after winning the Initiative
  // with a card in step (1) (Japanese) or (3) (Allied).
  Scenario& at_action(int side) {
    s().step = Step::ChooseAction;
    s().seat = static_cast<std::int8_t>(side);
    s().active = static_cast<std::int8_t>(side);
    s().after = side == kJapanese ? AfterAction::ToInit2 : AfterAction::ToInit1;
    return *this;
  }

  std::string where(const std::string& unit_id) const {
    const int loc = state_->units[unit(unit_id)].loc;
    if (loc < kMaxOz) return c().ozs[loc].id;
    switch (loc) {
      case kLocTrack:
        return "track:" + std::to_string(state_->units[unit(unit_id)].turn);
      case kLocSunk:
        return "sunk";
      case kLocRemoved:
        return "removed";
      default:
        return "pool";
    }
  }
  bool ready(const std::string& unit_id) const { return is_ready(*state_, unit(unit_id)); }
  int controller_of(const std::string& oz_id) const { return controller(*state_, oz(oz_id)); }
};

// The rule options of a spec such as "13.1" or "15.2,13.1".
inline RuleOptions rules(const std::string& spec) {
  return RuleOptions::from_json(engine::Json{{"rules", spec}});
}

// A combat in `oz` begun by `attacker`'s action with `mp` movement points (9.0), as if it had
// been chosen in the Operations Phase; the scenario then stands at its first step.
inline void fight(Scenario& sc, const std::string& oz, int attacker, int mp) {
  sc.s().step = Step::ChooseAction;
  sc.s().active = static_cast<std::int8_t>(attacker);
  sc.s().after = AfterAction::ToInit1;
  begin_combat(sc.s(), sc.oz(oz), attacker, mp, nullptr);
}

}  // namespace pacwar::pacific_war::testing
