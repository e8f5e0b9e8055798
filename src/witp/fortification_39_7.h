// Fortifications (39.7): the effective strength level when defending steps exceed the fort's
// size level (39.7.3), halving of a vacated fort (39.7.4), the upgrade roll (7+ Japanese, 8+
// others) as a size or strength increase.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct FortInput {
  std::int64_t strength = 1;  // 1 to 14, above the slash
  std::int64_t size = 1;      // below the slash
  std::int64_t steps = 0;     // defending ground steps in the hex
};
struct FortResult {
  std::int64_t excess_steps = 0;
  std::int64_t effective_strength = 0;  // 0 when the fort is vacated and so does not function
  std::int64_t vacated_strength = 0;    // 39.7.4: halved (rounded down) if vacated
  std::int64_t vacated_size = 0;
};
FortResult fortification(const FortInput& input);
Json to_json(const FortResult& result);

}  // namespace pacwar::witp
