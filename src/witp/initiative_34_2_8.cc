#include "witp/initiative_34_2_8.h"

#include <cstdlib>

namespace pacwar::witp {

AhistoricGainResult ahistoric_gain(const AhistoricGainInput& input) {
  require_range("primary-die", input.primary_die, 1, 6);
  require_range("other-die", input.other_die, 1, 6);
  AhistoricGainResult result;
  result.drm = (input.airfield ? 1 : 0) + (input.minor_port ? 2 : 0) + (input.major_port ? 3 : 0) +
               (input.hawaiian ? 2 : 0);
  result.modified = input.primary_die + result.drm;
  // Ruling R14: "If a modified DR (on the primary die) of 6 is gained" reads "6 or more".
  if (result.modified >= 6) result.shift = std::abs(input.primary_die - input.other_die);
  return result;
}

Json to_json(const AhistoricGainResult& result) {
  return {{"section", "34.2.8"},
          {"drm", result.drm},
          {"modified_primary", result.modified},
          {"si_shift_to_japan", result.shift}};
}

}  // namespace pacwar::witp
