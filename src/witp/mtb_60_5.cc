#include "witp/mtb_60_5.h"

#include <algorithm>

namespace pacwar::witp {

std::int64_t mtb_points_available(const MtbAvailableInput& input) {
  require_range("dice", input.dice, 2, 12);
  require_non_negative("mtb-points", input.mtb_points);
  const std::int64_t modified = input.dice + (input.located ? 1 : 0) + (input.night ? 1 : 0);
  return std::min({modified, std::int64_t{12}, input.mtb_points});
}

std::int64_t mtb_counterattack_losses(std::int64_t screened, std::int64_t dice) {
  require_non_negative("screened", screened);
  require_range("dice", dice, 2, 12);
  return std::max<std::int64_t>(0, screened - dice);
}

std::int64_t mtb_air_attack_value(std::int64_t aps, std::int64_t air_combat_value) {
  require_non_negative("aps", aps);
  require_non_negative("air-combat", air_combat_value);
  return div_round_half_up(aps * air_combat_value, 2);
}

std::int64_t mtb_air_losses(std::int64_t combat_result, std::int64_t mtb_points) {
  require_non_negative("combat-result", combat_result);
  require_non_negative("mtb-points", mtb_points);
  // Ruling R6: the sunk remainder cannot exceed the points present.
  return std::min(mtb_points, std::max<std::int64_t>(0, combat_result - mtb_points));
}

std::int64_t mtb_attrition_losses(std::int64_t on_map_points, std::int64_t d10) {
  require_non_negative("on-map-points", on_map_points);
  require_range("d10", d10, 0, 10);  // a 0 on the die reads as 10
  const std::int64_t percent = d10 == 0 ? 10 : d10;
  return div_floor(on_map_points * percent, 100);
}

}  // namespace pacwar::witp
