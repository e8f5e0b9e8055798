#include "witp/cargo_aps_31_3.h"

#include <algorithm>

namespace pacwar::witp {

CargoApResult cargo_aps(const CargoApInput& input, const Tables& tables) {
  require_non_negative("ground-steps", input.ground_steps);
  require_non_negative("bomber-aps", input.bomber_aps);
  CargoApResult result;
  if (input.ground_steps > 0) {
    const std::int64_t looked_up = std::min<std::int64_t>(input.ground_steps, 30);
    bool found = false;
    for (const CargoApRow& row : tables.air_transport_cargo_aps()) {
      if (row.min_steps <= looked_up && looked_up <= row.max_steps) {
        result.table_aps = row.aps;
        found = true;
      }
    }
    if (!found) {
      tables.refuse_incomplete("air_transport_cargo_aps",
                               "no row covers " + std::to_string(looked_up) + " ground steps");
    }
    // "Add 1 cargo AP for each 3 ground steps above 30 (rounded up)." The 30-step row: R25.
    if (input.ground_steps > 30) result.extra_aps = div_ceil(input.ground_steps - 30, 3);
  }
  result.bomber_aps = input.bomber_aps;
  result.total = result.table_aps + result.extra_aps + result.bomber_aps;
  // "Monsoon weather ...: Double listed totals."
  if (input.monsoon) result.total *= 2;
  return result;
}

Json to_json(const CargoApResult& result) {
  return {{"section", "31.3.1"},
          {"table_aps", result.table_aps},
          {"above_30_steps", result.extra_aps},
          {"bomber_aps", result.bomber_aps},
          {"cargo_aps", result.total}};
}

}  // namespace pacwar::witp
