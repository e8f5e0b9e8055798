// Japanese MS conversions (57.5): tactical MSUs, APBs and AOs removed from the map become
// strategic MSPs at half their load (fuel) capacity, rounded down, one cycle later.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

enum class ConvertedShip { kMsu, kApb, kAo };
ConvertedShip parse_converted_ship(const std::string& field, const std::string& text);
std::string converted_ship_name(ConvertedShip ship);

struct MsConversionInput {
  ConvertedShip ship = ConvertedShip::kMsu;
  std::vector<std::int64_t> load_capacities;  // one per unit removed
};
struct MsConversionResult {
  std::int64_t total_load = 0;
  std::int64_t msp_gained = 0;
  bool returns_to_force_pool = true;  // APBs are removed permanently (57.5.3)
};
MsConversionResult msu_to_msp(const MsConversionInput& input);
Json to_json(const MsConversionResult& result);

}  // namespace pacwar::witp
