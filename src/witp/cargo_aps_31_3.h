// Air transport emergency command links (31.3.1): cargo APs removed, by the ground steps linked
// (the chartbook-style table for up to 30 steps, then 1 AP for each 3 steps above 30, rounded up;
// doubled in monsoon), or 1 per BMR (or HVY BMR) AP linked for strategic bombing.
#pragma once

#include <cstdint>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

struct CargoApInput {
  std::int64_t ground_steps = 0;
  std::int64_t bomber_aps = 0;
  bool monsoon = false;
};
struct CargoApResult {
  std::int64_t table_aps = 0;  // from the table row for min(steps, 30)
  std::int64_t extra_aps = 0;  // above 30 steps
  std::int64_t bomber_aps = 0;
  std::int64_t total = 0;
};
CargoApResult cargo_aps(const CargoApInput& input, const Tables& tables);
Json to_json(const CargoApResult& result);

}  // namespace pacwar::witp
