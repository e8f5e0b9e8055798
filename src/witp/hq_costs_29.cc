#include "witp/hq_costs_29.h"

#include "engine/errors.h"

namespace pacwar::witp {

HqAction parse_hq_action(const std::string& field, const std::string& text) {
  if (text == "activate") return HqAction::kActivate;
  if (text == "redeploy") return HqAction::kRedeploy;
  if (text == "reintroduce") return HqAction::kReintroduceVoluntary;
  if (text == "reintroduce-involuntary") return HqAction::kReintroduceInvoluntary;
  throw engine::UsageError(field +
                           ": must be activate, redeploy, reintroduce or "
                           "reintroduce-involuntary (got '" +
                           text + "')");
}

HqCostResult hq_cost(const HqCostInput& input) {
  switch (input.action) {
    case HqAction::kRedeploy:
      return {10, "redeploy during a Strategic G/T: 10 CPs (29.0; some IJN Fleet HQs less)"};
    case HqAction::kReintroduceVoluntary:
      return {10, "reintroduce a voluntarily disbanded HQ: 10 CPs (29.0)"};
    case HqAction::kReintroduceInvoluntary:
      return {20, "remove an involuntarily disbanded HQ from the Availability Box: 20 CPs (29.0)"};
    case HqAction::kActivate:
      break;
  }
  require_range("printed-cost", input.printed_cost, 0, 100);
  HqCostResult result{input.printed_cost, "printed activation cost (29.3.1)"};
  if (input.no_commander) {
    result.cps = div_ceil(result.cps * 5, 4);
    result.basis += ", x1.25 without a commander, rounded up (29.3.7)";
  }
  if (input.from_reserve) {
    // Ruling R23: with both, the reserve's 1.5x applies to the commanderless base cost.
    result.cps = div_floor(result.cps * 3, 2);
    result.basis += ", x1.5 from the reserve, rounded down (29.3.2)";
  }
  return result;
}

std::int64_t commanderless_ship_cost(std::int64_t cost) {
  require_range("ship-cost", cost, 0, 1000);
  return div_ceil(cost * 3, 2);
}

}  // namespace pacwar::witp
