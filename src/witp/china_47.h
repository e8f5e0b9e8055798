// China (47.0): replacement steps from provincial points (47.6.2) and the Japanese garrison
// required after a Chinese surrender (47.17).
#pragma once

#include <cstdint>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

// 47.6.2 "For every 10 provincial points (or fraction of 10, rounding .5 up) ... 1 replacement
// step is gained."
std::int64_t chinese_replacement_steps(std::int64_t provincial_points);

inline constexpr std::int64_t kChinaGarrisonRequired = 216;

struct GarrisonUnit {
  std::int64_t tq = 0;
  std::int64_t steps = 0;
};
struct GarrisonResult {
  std::int64_t ground_points = 0;
  std::int64_t air_points = 0;
  std::int64_t total = 0;
  std::int64_t required = kChinaGarrisonRequired;
  bool sufficient = false;
};
// 47.17: each Japanese ground unit gives TQ + steps; each FTR/BMR AP on A/Fs in China gives 1.
GarrisonResult china_garrison(const std::vector<GarrisonUnit>& units, std::int64_t ftr_bmr_aps);
Json to_json(const GarrisonResult& result);

}  // namespace pacwar::witp
