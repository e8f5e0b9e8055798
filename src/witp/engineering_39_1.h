// Engineering (39.1.9): several activated ENGR units hasten a project, each contributing one G/T
// of completion time per G/T, but no project may take less than half its normal time.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct HastenedResult {
  std::int64_t gts = 0;        // G/Ts to complete
  std::int64_t floor_gts = 0;  // half the normal time, rounded up (ruling R12)
};
HastenedResult hastened_construction(std::int64_t normal_gts, std::int64_t engineers);

}  // namespace pacwar::witp
