#include "witp/china_47.h"

namespace pacwar::witp {

std::int64_t chinese_replacement_steps(std::int64_t provincial_points) {
  require_non_negative("provincial-points", provincial_points);
  return div_round_half_up(provincial_points, 10);
}

GarrisonResult china_garrison(const std::vector<GarrisonUnit>& units, std::int64_t ftr_bmr_aps) {
  require_non_negative("aps", ftr_bmr_aps);
  GarrisonResult result;
  for (const GarrisonUnit& unit : units) {
    require_range("tq", unit.tq, 0, 10);
    require_range("steps", unit.steps, 1, 100);
    result.ground_points += unit.tq + unit.steps;
  }
  result.air_points = ftr_bmr_aps;
  result.total = result.ground_points + result.air_points;
  result.sufficient = result.total >= result.required;
  return result;
}

Json to_json(const GarrisonResult& result) {
  return {{"section", "47.17"},
          {"ground_points", result.ground_points},
          {"air_points", result.air_points},
          {"garrison_points", result.total},
          {"required", result.required},
          {"sufficient", result.sufficient}};
}

}  // namespace pacwar::witp
