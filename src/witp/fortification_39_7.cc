#include "witp/fortification_39_7.h"

#include <algorithm>

namespace pacwar::witp {

FortResult fortification(const FortInput& input) {
  require_range("strength", input.strength, 1, 14);
  require_non_negative("size", input.size);
  require_non_negative("steps", input.steps);
  FortResult result;
  // "Subtract the fort's size level from the total number of defending steps ... Then, subtract
  // that number from the fort's current strength level. The result (which may not be reduced
  // below 1) is that fort's reduced combat equivalent strength."
  result.excess_steps = std::max<std::int64_t>(0, input.steps - input.size);
  result.effective_strength =
      input.steps == 0 ? 0 : std::max<std::int64_t>(1, input.strength - result.excess_steps);
  result.vacated_strength = div_floor(input.strength, 2);
  result.vacated_size = div_floor(input.size, 2);
  return result;
}

Json to_json(const FortResult& result) {
  return {{"section", "39.7.3"},
          {"excess_steps", result.excess_steps},
          {"effective_strength", result.effective_strength},
          {"if_vacated", {{"strength", result.vacated_strength}, {"size", result.vacated_size}}}};
}

}  // namespace pacwar::witp
