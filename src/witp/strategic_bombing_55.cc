#include "witp/strategic_bombing_55.h"

#include <algorithm>
#include <cstdlib>

#include "engine/errors.h"

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

std::int64_t parse_damage_level(const std::string& field, const std::string& text) {
  if (text == "none") return kNoDamage;
  const std::int64_t damage = parse_bombardment_result(text);
  if (damage == kNotAResult || damage == kNoDamage) {
    throw engine::UsageError(field + ": must be none, S, D1, D2, D3 or D4 (got '" + text + "')");
  }
  return damage;
}

// 55.3.2 (ruling R33): levels add up to D4; a suppressed result adds nothing to a center
// already suppressed or damaged.
std::int64_t add_bomb_damage(std::int64_t current, std::int64_t result) {
  require_range("current damage", current, kNoDamage, 4);
  require_range("result", result, kNoDamage, 4);
  if (result == kNoDamage) return current;
  if (result == kSuppressed) return std::max(current, kSuppressed);
  return std::min<std::int64_t>(4, std::max<std::int64_t>(current, 0) + result);
}

StrategicStrikeResult strategic_strike(const StrategicStrikeInput& input, const Tables& tables) {
  require_range("strength", input.strength, 1, 176);
  require_range("dice", input.dice, 2, 12);
  require_range("drm", input.drm, -20, 20);
  StrategicStrikeResult result;
  result.drm = input.drm;
  if (input.red_industrial_center) {
    // 55.3 "the US player rolls 1D6, applying the DR result as a positive DRM".
    require_range("red-die", input.red_die, 1, 6);
    result.drm += input.red_die;
  }
  if (input.carrier_raid) {
    // 55.3.4 "He must apply the DR differential as a (left) column shift."
    require_range("raid-first-die", input.raid_first_die, 1, 6);
    require_range("raid-second-die", input.raid_second_die, 1, 6);
    result.left_shifts = std::abs(input.raid_first_die - input.raid_second_die);
  }
  result.modified_dr = input.dice + result.drm;
  const Tables::PortsAirbasesResult cell =
      tables.ports_airbases_result(input.strength, result.left_shifts, result.modified_dr);
  result.printed_column = cell.printed_column;
  result.column = cell.column;
  result.result = cell.damage;
  result.damage_after = add_bomb_damage(input.current_damage, cell.damage);
  result.levels_inflicted = std::max<std::int64_t>(0, result.damage_after) -
                            std::max<std::int64_t>(0, input.current_damage);
  // 55.5.2: incendiary damage on a center damaged by normal attacks makes all of it incendiary.
  result.incendiary_after =
      input.current_incendiary || (input.incendiary && result.levels_inflicted > 0);
  return result;
}

Json to_json(const StrategicStrikeResult& result) {
  Json json = {{"section", "55.3"},
               {"column", std::to_string(result.column) + "+"},
               {"drm", result.drm},
               {"modified_dr", result.modified_dr},
               {"result", bombardment_result_name(result.result)},
               {"damage_after", bombardment_result_name(result.damage_after)},
               {"levels_inflicted", result.levels_inflicted},
               {"fire_bombing_marker", result.incendiary_after}};
  if (result.left_shifts > 0) {
    json["printed_column"] = std::to_string(result.printed_column) + "+";
    json["left_shifts"] = result.left_shifts;
  }
  return json;
}

FacilityDemolitionResult facility_demolition(bool tq_check_passed, std::int64_t die, bool engineer,
                                             const Tables& tables) {
  FacilityDemolitionResult result;
  if (!tq_check_passed) return result;  // 41.1.3: no demolition in that hex this G/T
  require_range("die", die, 1, 6);
  result.attempted = true;
  result.modified_dr = die + (engineer ? 2 : 0);  // 41.1.7
  const Tables::PortsAirbasesResult cell = tables.ports_airbases_result(176, 0, result.modified_dr);
  if (cell.column != 176) {
    tables.refuse_incomplete("bombardment_of_ports_and_airbases", "it has no 176+ column");
  }
  result.result = cell.damage;
  return result;
}

}  // namespace pacwar::witp
