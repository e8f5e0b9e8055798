#include "witp/rail_35.h"

#include <algorithm>
#include <cstdlib>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

std::int64_t entrain_cost(RailUnit unit, std::int64_t steps) {
  switch (unit) {
    case RailUnit::kMechEngineerCavalry:
      return steps * 3;
    case RailUnit::kOtherUpToBrigade:
      return steps;
    case RailUnit::kOtherLarger:
      return steps * 2;
  }
  return 0;
}

}  // namespace

RailUnit parse_rail_unit(const std::string& field, const std::string& text) {
  if (text == "mech" || text == "engineer" || text == "cavalry") {
    return RailUnit::kMechEngineerCavalry;
  }
  if (text == "brigade" || text == "small") return RailUnit::kOtherUpToBrigade;
  if (text == "division" || text == "large") return RailUnit::kOtherLarger;
  throw engine::UsageError(field +
                           ": must be mech, engineer, cavalry, brigade (other, up to Bde. size) "
                           "or division (other, larger than Bde.) (got '" +
                           text + "')");
}

RailcapResult railcap_used(const RailcapInput& input) {
  require_range("steps", input.steps, 1, 100);
  require_non_negative("hexes", input.hexes);
  RailcapResult result;
  if (input.entrain) result.entrain_cost = entrain_cost(input.unit, input.steps);
  if (input.detrain) result.detrain_cost = entrain_cost(input.unit, input.steps);
  // "The number of ground steps currently entrained (halved, rounded up) also counts."
  result.entrained_steps_cost = div_ceil(input.steps, 2);
  result.hexes = input.hexes;
  result.total =
      result.entrain_cost + result.detrain_cost + result.entrained_steps_cost + result.hexes;
  return result;
}

Json to_json(const RailcapResult& result) {
  return {{"section", "35.1.1"},
          {"entrain", result.entrain_cost},
          {"detrain", result.detrain_cost},
          {"entrained_steps", result.entrained_steps_cost},
          {"rail_hexes", result.hexes},
          {"railcap_used", result.total}};
}

std::int64_t ground_mps_after_rail(std::int64_t rail_hexes) {
  require_range("rail-hexes", rail_hexes, 0, 36);
  return 6 - div_ceil(rail_hexes, 6);
}

std::int64_t rail_hexes_after_ground(std::int64_t ground_mps_spent) {
  require_range("ground-mps-spent", ground_mps_spent, 0, 6);
  return (6 - ground_mps_spent) * 6;
}

std::int64_t rail_repair_by_unit(std::int64_t cps, std::int64_t activation_cost) {
  require_non_negative("cps", cps);
  require_range("activation-cost", activation_cost, 1, 100);
  return std::min<std::int64_t>(4, div_floor(cps, 2 * activation_cost));
}

std::int64_t rail_repair_by_engineer(std::int64_t cps, std::int64_t activation_cost) {
  require_non_negative("cps", cps);
  require_range("activation-cost", activation_cost, 1, 100);
  return std::min<std::int64_t>(4, div_floor(cps, activation_cost));
}

RailCpRepair rail_repair_by_cps(std::int64_t first_die, std::int64_t second_die) {
  require_range("first-die", first_die, 1, 6);
  require_range("second-die", second_die, 1, 6);
  return {first_die, std::abs(first_die - second_die)};
}

RailcapRaise railcap_raise(std::int64_t current, std::int64_t initial, std::int64_t maximum,
                           std::int64_t points, bool engineer) {
  require_non_negative("current", current);
  require_non_negative("initial", initial);
  require_at_most("initial", initial, "maximum", maximum);
  require_non_negative("points", points);
  RailcapRaise result;
  const std::int64_t room = std::max<std::int64_t>(0, maximum - current);
  require_at_most("points", points, "room below the maximum (35.5.3)", room);
  result.restored = std::min(points, std::max<std::int64_t>(0, initial - current));
  result.increased = points - result.restored;
  if (result.increased > 0 && !engineer) {
    throw engine::UsageError("points: raising Railcap above its initial " +
                             std::to_string(initial) +
                             " needs an unbroken engineer at a Rail Center (35.5.2)");
  }
  result.cps = result.restored * (engineer ? 1 : 2) + result.increased;
  result.railcap = current + points;
  return result;
}

RailcapStrikeResult railcap_strike(const RailcapStrike& input, const Tables& tables) {
  require_non_negative("railcap", input.railcap);
  require_range("dice", input.dice, 2, 12);
  require_range("drm", input.drm, input.capture ? 0 : -20, 1000);
  require_range("strength", input.strength, 1, 100000);
  RailcapStrikeResult result;
  // 35.6.1 "applying a base +1 DRM ... Additional DRMs may be purchased ... on a 1-for-1 basis".
  result.modified_dr = input.dice + input.drm + (input.capture ? 1 : 0);
  const std::int64_t strength = input.capture ? 176 : input.strength;
  const Tables::AirPointsResult cell = tables.air_points_percent(strength, result.modified_dr);
  if (input.capture && cell.column != 176) {
    tables.refuse_incomplete("bombardment_of_air_points", "it has no 176+ column");
  }
  result.column = cell.column;
  result.percent = cell.percent;
  result.railcap = div_ceil(input.railcap * result.percent, 100);
  return result;
}

RailcapDemolitionResult railcap_demolition(const RailcapDemolition& input, const Tables& tables) {
  require_non_negative("railcap", input.railcap);
  require_non_negative("cps", input.cps);
  require_range("broken-units", input.broken_units, 0, 1000);
  RailcapDemolitionResult result;
  result.railcap_left = input.railcap;
  // 35.7.1 "If the lead unit fails its required TQ check, the Railcap demolition attempt has
  // failed."
  if (!input.tq_check_passed) return result;
  require_range("dice", input.dice, 2, 12);
  result.attempted = true;
  // 35.6.1 base +1 and 1 per CP; 35.7.1 -1 per broken unit (sign rebuilt); 41.1.7 ENGR +2.
  result.drm = 1 + input.cps - input.broken_units + (input.engineer_lead ? 2 : 0);
  result.modified_dr = input.dice + result.drm;
  const Tables::AirPointsResult cell = tables.air_points_percent(176, result.modified_dr);
  if (cell.column != 176) {
    tables.refuse_incomplete("bombardment_of_air_points", "it has no 176+ column");
  }
  result.percent = cell.percent;
  // 35.7.1 "the percentage (rounded down) of Railcap assigned to that Rail Center".
  result.destroyed = div_floor(input.railcap * result.percent, 100);
  result.railcap_left = input.railcap - result.destroyed;
  return result;
}

Json to_json(const RailcapDemolitionResult& result) {
  Json json = {{"section", "35.7.1"},
               {"tq_check", result.attempted ? "passed" : "failed"},
               {"railcap_destroyed", result.destroyed},
               {"railcap_left", result.railcap_left},
               {"one_attempt_per_country_per_game", true}};
  if (result.attempted) {
    json["column"] = "176+";
    json["drm"] = result.drm;
    json["modified_dr"] = result.modified_dr;
    json["percent"] = result.percent;
  }
  return json;
}

}  // namespace pacwar::witp
