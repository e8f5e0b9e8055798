#include "witp/surrender_44.h"

#include "engine/errors.h"

namespace pacwar::witp {

SurrenderCountry parse_surrender_country(const std::string& field, const std::string& text) {
  if (text == "australia") return SurrenderCountry::kAustralia;
  if (text == "india") return SurrenderCountry::kIndia;
  throw engine::UsageError(field + ": must be australia or india (got '" + text + "')");
}

SurrenderResult surrender_roll(const SurrenderInput& input) {
  require_range("dice", input.dice, 2, 12);
  require_non_negative("japanese-cps", input.japanese_cps);
  require_non_negative("allied-cps", input.allied_cps);
  require_non_negative("australian-ground-units", input.australian_ground_units);
  SurrenderResult result;
  if (input.country == SurrenderCountry::kAustralia) {
    require_range("states", input.states, 0, 6);
    result.eligible = input.states >= 4;
    result.condition = "a majority (4) of Australia's states Japanese-controlled (44.1.5)";
  } else {
    require_range("rail-centers", input.rail_centers, 0, 3);
    require_non_negative("cities", input.cities);
    require_at_most("rail-centers", input.rail_centers, "cities", input.cities);
    result.eligible = input.rail_centers >= 2 && input.cities >= 12;
    result.condition = "two of the three Indian rail centers and 12 Indian cities (44.4.4)";
  }
  // "For each 10 CPs spent, a side receives a DRM (+/- 1) ... in its favor."
  result.drm = div_floor(input.japanese_cps, 10) - div_floor(input.allied_cps, 10) +
               (input.ports_bonus ? 2 : 0);
  result.net = input.dice + result.drm;
  result.surrenders = result.eligible && result.net >= 8;
  if (result.surrenders && input.country == SurrenderCountry::kAustralia) {
    result.units_eliminated = div_floor(input.australian_ground_units, 2);
  }
  return result;
}

Json to_json(SurrenderCountry country, const SurrenderResult& result) {
  Json json = {{"section", country == SurrenderCountry::kAustralia ? "44.1.5" : "44.4.4"},
               {"eligible", result.eligible},
               {"condition", result.condition},
               {"drm", result.drm},
               {"net_dr", result.net},
               {"needed", 8},
               {"surrenders", result.surrenders}};
  if (country == SurrenderCountry::kAustralia && result.surrenders) {
    json["ground_units_eliminated"] = result.units_eliminated;
  }
  return json;
}

JavaResult java_surrender(std::int64_t major_ports, std::int64_t minor_ports,
                          std::int64_t airfield_levels) {
  require_non_negative("major-ports", major_ports);
  require_non_negative("minor-ports", minor_ports);
  require_non_negative("airfield-levels", airfield_levels);
  JavaResult result;
  result.vps = 3 * major_ports + 2 * minor_ports + airfield_levels;
  result.surrenders = result.vps >= 12;
  return result;
}

}  // namespace pacwar::witp
