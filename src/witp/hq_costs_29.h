// HQ CP costs (29.0, 29.3): redeploying (10 CPs, less for some IJN Fleet HQs), reintroducing a
// disbanded HQ (10 voluntary, 20 involuntary), activation from resident CPs (printed cost), from
// the reserve (1.5x, rounded down, 29.3.2), and without a commander (1.25x, rounded up; ships
// 1.5x, rounded up, 29.3.7).
#pragma once

#include <cstdint>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

enum class HqAction { kActivate, kRedeploy, kReintroduceVoluntary, kReintroduceInvoluntary };
HqAction parse_hq_action(const std::string& field, const std::string& text);

struct HqCostInput {
  HqAction action = HqAction::kActivate;
  std::int64_t printed_cost = 0;  // activation: the counter's cost, after the commander's change
  bool from_reserve = false;
  bool no_commander = false;
};
struct HqCostResult {
  std::int64_t cps = 0;
  std::string basis;
};
HqCostResult hq_cost(const HqCostInput& input);

// 29.3.7: base CP cost to activate ships of a HQ without a commander: 1.5x, rounded up.
std::int64_t commanderless_ship_cost(std::int64_t cost);

}  // namespace pacwar::witp
