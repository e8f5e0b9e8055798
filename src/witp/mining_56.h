// Strategic mining against Japanese merchant shipping (56.4.2 Co-Prosperity Sphere hexes,
// 56.4.3 Japanese homeland ports).
#pragma once

#include <cstdint>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

enum class MiningTarget { kResourceHex, kMajorPort, kMinorPort };
MiningTarget parse_mining_target(const std::string& field, const std::string& text);

struct MiningInput {
  std::int64_t aps = 0;  // APs assigned against the hex
  MiningTarget target = MiningTarget::kResourceHex;
  std::int64_t resource_value = 0;      // Co-Prosperity Sphere Resource hex value (56.4.2)
  std::int64_t die = 1;                 // 1D6 as rolled
  bool extended_range = false;          // -1
  std::int64_t japanese_si_levels = 0;  // -1 per level of Japanese Strategic Initiative (0-5, 34.0)
  bool night = false;                   // -1
};
struct MiningResult {
  std::string section = "56.4.2";  // 56.4.3 for a homeland port
  std::int64_t target_value = 0;
  std::int64_t modified_die = 0;  // below 1 counts as 0
  std::int64_t percent = 0;
  std::int64_t msp_lost = 0;
};
MiningResult strategic_mining(const MiningInput& input);
Json to_json(const MiningResult& result);

}  // namespace pacwar::witp
