#include "witp/ms_conversion_57.h"

#include "engine/errors.h"

namespace pacwar::witp {

ConvertedShip parse_converted_ship(const std::string& field, const std::string& text) {
  if (text == "msu") return ConvertedShip::kMsu;
  if (text == "apb") return ConvertedShip::kApb;
  if (text == "ao") return ConvertedShip::kAo;
  throw engine::UsageError(field + ": unknown ship type '" + text + "' (msu, apb, ao)");
}

std::string converted_ship_name(ConvertedShip ship) {
  switch (ship) {
    case ConvertedShip::kMsu:
      return "msu";
    case ConvertedShip::kApb:
      return "apb";
    case ConvertedShip::kAo:
      return "ao";
  }
  return "msu";
}

MsConversionResult msu_to_msp(const MsConversionInput& input) {
  if (input.load_capacities.empty()) throw engine::UsageError("load: give at least one unit");
  MsConversionResult result;
  for (std::size_t i = 0; i < input.load_capacities.size(); ++i) {
    require_non_negative("load[" + std::to_string(i) + "]", input.load_capacities[i]);
    result.total_load += input.load_capacities[i];
  }
  if (input.ship == ConvertedShip::kAo) {
    // 57.5.4: each AO's current fuel capacity is halved (rounded down).
    for (std::int64_t load : input.load_capacities) result.msp_gained += div_floor(load, 2);
  } else {
    // 57.5.1: "Load Capacity/2 (rounding down for the total MSU capacity converted)".
    result.msp_gained = div_floor(result.total_load, 2);
  }
  result.returns_to_force_pool = input.ship != ConvertedShip::kApb;
  return result;
}

Json to_json(const MsConversionResult& result) {
  return {{"section", "57.5.1"},
          {"total_load", result.total_load},
          {"msp_gained", result.msp_gained},
          {"arrives", "next cycle (Reinforcement Schedule, one cycle ahead)"},
          {"returns_to_force_pool", result.returns_to_force_pool}};
}

}  // namespace pacwar::witp
