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
  const std::vector<AirPointsBombardmentCell> cells = tables.bombardment_of_air_points();
  bool column_found = false;
  for (const AirPointsBombardmentCell& cell : cells) {
    if (cell.min_strength <= strength && cell.min_strength >= result.column) {
      result.column = cell.min_strength;
      column_found = true;
    }
  }
  bool found = false;
  for (const AirPointsBombardmentCell& cell : cells) {
    if (column_found && cell.min_strength == result.column && cell.dr == result.modified_dr) {
      result.percent = cell.percent;
      found = true;
    }
  }
  if (!found) {
    tables.refuse_incomplete("bombardment_of_air_points", "no cell for strength " +
                                                              std::to_string(strength) + " at DR " +
                                                              std::to_string(result.modified_dr));
  }
  result.railcap = div_ceil(input.railcap * result.percent, 100);
  return result;
}

}  // namespace pacwar::witp
