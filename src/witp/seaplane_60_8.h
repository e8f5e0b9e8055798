// Seaplane (S/P) bases (60.8): construction time by non-ENGR units (14/TQ, rounded up, a level;
// 1 CP per G/T per unit; level 1 only) or ENGRs (1 G/T a level; two ENGRs build level 2 in one
// G/T) (60.8.2); AA value (60.8.5); isolated capacity (60.8.6).
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct SeaplaneInput {
  std::int64_t level = 1;      // level to build: 1 or 2
  std::int64_t engineers = 0;  // activated ENGR units present
  std::int64_t tq = 0;         // the building non-ENGR unit's TQ (without engineers)
  std::int64_t units = 1;      // non-ENGR units activated for the work
};
struct SeaplaneResult {
  std::int64_t gts = 0;
  std::int64_t cps = 0;
};
SeaplaneResult seaplane_construction(const SeaplaneInput& input);
Json to_json(const SeaplaneResult& result);

// 60.8.5: the base's level as an A/F level AA (5 for level 1, 10 for level 2) plus half the
// port's AA value, rounded down.
std::int64_t seaplane_aa(std::int64_t level, std::int64_t port_aa);
// 60.8.6: isolated S/P bases' seaplane Air Capacities are halved (rounded down).
std::int64_t seaplane_capacity(std::int64_t capacity, bool isolated);

}  // namespace pacwar::witp
