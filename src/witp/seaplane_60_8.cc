#include "witp/seaplane_60_8.h"

#include "engine/errors.h"

namespace pacwar::witp {

SeaplaneResult seaplane_construction(const SeaplaneInput& input) {
  require_range("level", input.level, 1, 2);
  require_non_negative("engineers", input.engineers);
  SeaplaneResult result;
  if (input.engineers > 0) {
    // "1 G/T per level ... Two ENGR units ... may construct a Level-2 S/P base in a single G/T
    // (as each contributes 1 weeks' worth of construction time)". No CPs.
    result.gts = div_ceil(input.level, input.engineers);
    return result;
  }
  if (input.level == 2) {
    throw engine::UsageError("level: non-ENGR units may not construct Level-2 S/P bases (60.8.2)");
  }
  require_range("tq", input.tq, 1, 10);
  require_range("units", input.units, 1, 100);
  result.gts = div_ceil(14, input.tq);
  result.cps = result.gts * input.units;
  return result;
}

Json to_json(const SeaplaneResult& result) {
  return {{"section", "60.8.2"}, {"gts", result.gts}, {"cps", result.cps}};
}

std::int64_t seaplane_aa(std::int64_t level, std::int64_t port_aa) {
  require_range("level", level, 1, 2);
  require_non_negative("port-aa", port_aa);
  return 5 * level + div_floor(port_aa, 2);
}

std::int64_t seaplane_capacity(std::int64_t capacity, bool isolated) {
  require_non_negative("capacity", capacity);
  return isolated ? div_floor(capacity, 2) : capacity;
}

}  // namespace pacwar::witp
