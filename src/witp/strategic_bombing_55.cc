#include "witp/strategic_bombing_55.h"

#include <algorithm>

namespace pacwar::witp {

std::int64_t homeland_center_aa(std::int64_t resource_value, std::int64_t facilities_aa,
                                std::int64_t industrial_centers) {
  require_non_negative("resource-value", resource_value);
  require_non_negative("facilities-aa", facilities_aa);
  require_non_negative("industrial-centers", industrial_centers);
  return resource_value + div_floor(facilities_aa, 2) + 10 * industrial_centers;
}

std::vector<std::int64_t> split_strategic_strike(std::int64_t strength) {
  require_range("strength", strength, 1, 100000);
  std::vector<std::int64_t> parts;
  while (strength > 176) {
    parts.push_back(176);
    strength -= 176;
  }
  parts.push_back(strength);
  return parts;
}

BombRepairResult bomb_damage_repair(const BombRepairInput& input) {
  require_range("damage", input.damage, 0, 4);
  require_range("die", input.die, 1, 6);
  require_range("attempt", input.attempt, 1, 100);
  BombRepairResult result;
  // "incremental negative DRMs ... -1 for the 2nd repair attempt; -2 for the 3rd"; "-1 ... if the
  // target contains no ENGR unit and is outside of Japan" (ruling R15 restores the signs).
  result.drm = -(input.attempt - 1) - (input.outside_japan_without_engineer ? 1 : 0);
  result.modified = input.die + result.drm;
  if (input.damage == 0) {
    // Suppressed: repaired on any modified DR of 1 or more (ruling R15).
    result.success = result.modified >= 1;
    result.damage_after = 0;
    return result;
  }
  result.success = result.modified > input.damage;
  result.damage_after = !result.success ? input.damage : input.fire_bombed ? input.damage - 1 : 0;
  return result;
}

Json to_json(const BombRepairResult& result) {
  return {{"section", "55.4"},
          {"drm", result.drm},
          {"modified_dr", result.modified},
          {"repaired", result.success},
          {"damage_after", result.damage_after}};
}

FireBombSiResult fire_bombing_si(std::int64_t d10, std::int64_t damage_levels,
                                 std::int64_t si_level, bool allied_favour) {
  require_range("d10", d10, 0, 9);
  require_range("damage-levels", damage_levels, 1, 100);
  require_range("si-level", si_level, 0, 5);
  FireBombSiResult result;
  result.modified = d10 - damage_levels;  // ruling R9: -1 per level; "0" reads 0 or less
  result.shift = allied_favour ? result.modified <= si_level : result.modified <= 0;
  return result;
}

bool first_abomb_dud(std::int64_t first_d10, std::int64_t second_d10) {
  require_range("first-d10", first_d10, 0, 9);
  require_range("second-d10", second_d10, 0, 9);
  return first_d10 == 0 && second_d10 == 0;
}

AbombCollateral abomb_collateral(std::int64_t replacement_level, std::int64_t reserve_cps,
                                 std::int64_t replacement_die, std::int64_t reserve_die) {
  require_non_negative("replacement-level", replacement_level);
  require_non_negative("reserve-cps", reserve_cps);
  require_range("replacement-die", replacement_die, 1, 6);
  require_range("reserve-die", reserve_die, 1, 6);
  return {std::max<std::int64_t>(0, replacement_level - replacement_die),
          std::max<std::int64_t>(0, reserve_cps - reserve_die)};
}

AbombAvailability abomb_availability(bool two_used_in_8_45, std::int64_t bombs_received,
                                     std::int64_t gts_after_9_45, std::int64_t d10) {
  require_range("bombs-received", bombs_received, 2, 4);
  require_non_negative("gts-after-9-45", gts_after_9_45);
  require_range("d10", d10, 0, 9);
  AbombAvailability result;
  if (!two_used_in_8_45) {
    result.reason = "the 2 A-bombs were not both used in G/T 0/8/45 (55.6.3)";
    return result;
  }
  if (bombs_received >= 4) {
    result.reason = "a 4th A-bomb has already been received: no more are available (55.6.3)";
    return result;
  }
  result.eligible = true;
  result.modified = (d10 == 0 ? 10 : d10) + gts_after_9_45;
  result.available = result.modified >= 10;
  return result;
}

Json to_json(const AbombAvailability& result) {
  Json json = {{"section", "55.6.3"}, {"eligible", result.eligible}};
  if (!result.eligible) {
    json["reason"] = result.reason;
    return json;
  }
  json["modified_dr"] = result.modified;
  json["available"] = result.available;
  return json;
}

}  // namespace pacwar::witp
