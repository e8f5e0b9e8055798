// Fortifications (39.7): the effective strength level when defending steps exceed the fort's
// size level (39.7.3), halving of a vacated fort (39.7.4), the upgrade roll (7+ Japanese, 8+
// others) as a size or strength increase.
#pragma once

#include <cstdint>
#include <string>

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

// 39.7.2 / 39.7.3 upgrade: 2D6 plus the Engineering Tasks Summary DRMs (the player sums them from
// the chartbook); 7+ for Japanese units, 8+ for all others raises the strength or (instead) the
// size by one level. A hex gets one or the other in a G/T, never both.
enum class FortUpgrade { kStrength, kSize };
FortUpgrade parse_fort_upgrade(const std::string& field, const std::string& text);
struct FortUpgradeInput {
  bool japanese = false;
  std::int64_t dice = 2;  // 2D6 as rolled
  std::int64_t drm = 0;   // net DRM
  FortUpgrade kind = FortUpgrade::kStrength;
  std::int64_t strength = 1;
  std::int64_t size = 1;
};
struct FortUpgradeResult {
  std::int64_t needed = 8;
  std::int64_t net = 0;
  bool success = false;
  std::int64_t strength = 1;
  std::int64_t size = 1;
};
FortUpgradeResult fort_upgrade(const FortUpgradeInput& input);
Json to_json(const FortUpgradeResult& result);

// 39.7.4 a captured fort: strength = original level - damage levels present - 1D6 (at least 0:
// an unfortified hex); size unchanged. Ruling R13 rebuilds the lost minus signs.
std::int64_t captured_fort_strength(std::int64_t original, std::int64_t damage, std::int64_t die);

}  // namespace pacwar::witp
