// Japanese ahistoric gains (34.2.8): on capturing an eligible location Japan rolls 2D6,
// nominating a primary die; primary + DRMs (airfield +1, minor port +2, major port +3, any
// Hawaiian island +2) of 6 or more shifts Strategic Initiative by the difference of the two
// dice, in Japan's favour.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct AhistoricGainInput {
  std::int64_t primary_die = 1;
  std::int64_t other_die = 1;
  bool airfield = false;
  bool minor_port = false;
  bool major_port = false;
  bool hawaiian = false;
};
struct AhistoricGainResult {
  std::int64_t drm = 0;
  std::int64_t modified = 0;
  std::int64_t shift = 0;
};
AhistoricGainResult ahistoric_gain(const AhistoricGainInput& input);
Json to_json(const AhistoricGainResult& result);

}  // namespace pacwar::witp
