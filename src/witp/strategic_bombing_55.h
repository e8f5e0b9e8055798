// Strategic bombing (55.0): target AA values (55.3.1), strikes split above 176 bombardment
// strength (55.3.3), bomb damage repair (55.4) and fire-bombing (55.5), the fire-bombing
// Strategic Initiative roll (55.5.4), and the A-bombs (55.6): the first bomb's dud roll,
// collateral damage, and the 3rd/4th bomb availability roll.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// 55.3.1: resource value (if the Resource Center is the target) + half the facilities' (port,
// A/F) AA, rounded down (ruling R16) + 10 per Industrial Center in the hex.
std::int64_t homeland_center_aa(std::int64_t resource_value, std::int64_t facilities_aa,
                                std::int64_t industrial_centers);

// 55.3.3: strikes of more than 176 bombardment strength divide; the parts, largest first.
std::vector<std::int64_t> split_strategic_strike(std::int64_t strength);

// 55.3 resolving one strategic strike (at most 176 bombardment strength, 55.3.3) on the
// Bombardment of Ports & Airbases Table: 2D6 + the player's net DRM (Rule Book I's) + 1D6 for an
// Industrial Center printed in red; a carrier raid (55.3.4) shifts the 2D6 differential of a
// separate roll left. The result adds to the center's damage, at most D4; a suppressed result
// adds nothing to a center already suppressed or damaged (55.3.2). Incendiary damage (55.5)
// marks the center's whole damage as incendiary (55.5.2).
struct StrategicStrikeInput {
  std::int64_t strength = 1;
  std::int64_t dice = 2;  // 2D6
  std::int64_t drm = 0;   // net DRM of Rule Book I's bombardment procedure
  bool red_industrial_center = false;
  std::int64_t red_die = 0;  // 1D6, when red
  bool carrier_raid = false;
  std::int64_t raid_first_die = 0;  // 2D6 for the column shift, when a carrier raid
  std::int64_t raid_second_die = 0;
  std::int64_t current_damage = kNoDamage;  // kNoDamage, kSuppressed or 1-4
  bool incendiary = false;                  // a fire-bombing strike (from 0/3/45, 55.5)
  bool current_incendiary = false;          // the center already carries a Fire Bombing marker
};
struct StrategicStrikeResult {
  std::int64_t printed_column = 0;
  std::int64_t left_shifts = 0;
  std::int64_t column = 0;
  std::int64_t drm = 0;
  std::int64_t modified_dr = 0;
  std::int64_t result = kNoDamage;
  std::int64_t damage_after = kNoDamage;
  bool incendiary_after = false;
  std::int64_t levels_inflicted = 0;  // D levels added (55.5.4 counts them)
};
StrategicStrikeResult strategic_strike(const StrategicStrikeInput& input, const Tables& tables);
Json to_json(const StrategicStrikeResult& result);
// 55.3.2 cumulative damage, at most D4; suppressed results do not accumulate.
std::int64_t add_bomb_damage(std::int64_t current, std::int64_t result);
std::int64_t parse_damage_level(const std::string& field, const std::string& text);

// 41.1.3-41.1.7 demolition of an A/F, port or Co-Prosperity Sphere Resource hex: after a passed
// TQ check, 1D6 (+2 for an ENGR) on the 176+ column of the Bombardment of Ports & Airbases
// Table.
struct FacilityDemolitionResult {
  bool attempted = false;
  std::int64_t modified_dr = 0;
  std::int64_t result = kNoDamage;
};
FacilityDemolitionResult facility_demolition(bool tq_check_passed, std::int64_t die, bool engineer,
                                             const Tables& tables);

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
