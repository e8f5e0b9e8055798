#include "witp/engineering_39_1.h"

#include <algorithm>

namespace pacwar::witp {

HastenedResult hastened_construction(std::int64_t normal_gts, std::int64_t engineers) {
  require_range("normal-gts", normal_gts, 1, 1000);
  require_range("engineers", engineers, 1, 100);
  HastenedResult result;
  // "No project may be reduced ... by more than half its normally-required completion time."
  result.floor_gts = div_ceil(normal_gts, 2);
  result.gts = std::max(div_ceil(normal_gts, engineers), result.floor_gts);
  return result;
}

}  // namespace pacwar::witp
