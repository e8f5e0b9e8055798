// Strategic bombing (55.0): target AA values (55.3.1), strikes split above 176 bombardment
// strength (55.3.3), bomb damage repair (55.4) and fire-bombing (55.5), the fire-bombing
// Strategic Initiative roll (55.5.4), and the A-bombs (55.6): the first bomb's dud roll,
// collateral damage, and the 3rd/4th bomb availability roll.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

// 55.3.1: resource value (if the Resource Center is the target) + half the facilities' (port,
// A/F) AA, rounded down (ruling R16) + 10 per Industrial Center in the hex.
std::int64_t homeland_center_aa(std::int64_t resource_value, std::int64_t facilities_aa,
                                std::int64_t industrial_centers);

// 55.3.3: strikes of more than 176 bombardment strength divide; the parts, largest first.
std::vector<std::int64_t> split_strategic_strike(std::int64_t strength);

// 55.4 / 55.5 one repair attempt during a Strategic G/T.
struct BombRepairInput {
  std::int64_t damage = 1;   // 0 = suppressed, 1-4 = D1-D4
  std::int64_t die = 1;      // 1D6 as rolled
  std::int64_t attempt = 1;  // 1st, 2nd, ... repair attempt this Strategic G/T
  bool outside_japan_without_engineer = false;
  bool fire_bombed = false;
};
struct BombRepairResult {
  std::int64_t drm = 0;
  std::int64_t modified = 0;
  bool success = false;
  std::int64_t damage_after = 0;
};
BombRepairResult bomb_damage_repair(const BombRepairInput& input);
Json to_json(const BombRepairResult& result);

// 55.5.4: 1D10 read 0-9, less the damage levels inflicted. If the SI level favours the Allies, a
// modified roll at or below that level shifts SI +1; otherwise only a modified 0 or less does.
struct FireBombSiResult {
  std::int64_t modified = 0;
  bool shift = false;
};
FireBombSiResult fire_bombing_si(std::int64_t d10, std::int64_t damage_levels,
                                 std::int64_t si_level, bool allied_favour);

// 55.6.1: the 1st A-bomb is a dud on 2D10 reading 00 (both dice 0).
bool first_abomb_dud(std::int64_t first_d10, std::int64_t second_d10);

// 55.6.2: D4 on ports, A/Fs and rail in the hex; the Japanese ground replacement level and
// reserve CPs each fall by its own 1D6, to no less than 0.
struct AbombCollateral {
  std::int64_t replacement_level = 0;
  std::int64_t reserve_cps = 0;
};
AbombCollateral abomb_collateral(std::int64_t replacement_level, std::int64_t reserve_cps,
                                 std::int64_t replacement_die, std::int64_t reserve_die);

// 55.6.3: only if 2 A-bombs were used in 0/8/45; from the 0/9/45 Strategic G/T, 1D10 (0 reads
// ten) + 1 per Strategic G/T after 0/9/45; 10 or more makes the 3rd (then 4th) bomb available.
struct AbombAvailability {
  bool eligible = false;
  std::string reason;
  std::int64_t modified = 0;
  bool available = false;
};
AbombAvailability abomb_availability(bool two_used_in_8_45, std::int64_t bombs_received,
                                     std::int64_t gts_after_9_45, std::int64_t d10);
Json to_json(const AbombAvailability& result);

}  // namespace pacwar::witp
