// Surrender rolls (44.1.5 Australia, 44.4.4 India): 2D6, 8+ surrenders; each 10 CPs a side
// spends from its coming cycle's allotment is a DRM of 1 in its favour; +2 to Japan if an
// Australian major port (Australia) or both Colombo and Trincomalee (India) are Japanese.
// Java (44.5.5) surrenders at 12 captured victory points; New Zealand (44.8.3) when Wellington
// and Auckland are Japanese and no linked US ground combat unit is present.
#pragma once

#include <cstdint>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

enum class SurrenderCountry { kAustralia, kIndia };
SurrenderCountry parse_surrender_country(const std::string& field, const std::string& text);

struct SurrenderInput {
  SurrenderCountry country = SurrenderCountry::kAustralia;
  // Conditions: Australia, Japanese-controlled states (of 6; 4 needed); India, Indian rail
  // centers (of 3; 2 needed) and cities (12 needed, rail centers included) Japan captured.
  std::int64_t states = 0;
  std::int64_t rail_centers = 0;
  std::int64_t cities = 0;
  std::int64_t dice = 2;
  std::int64_t japanese_cps = 0;
  std::int64_t allied_cps = 0;
  bool ports_bonus = false;  // an Australian major port / both Colombo and Trincomalee
  std::int64_t australian_ground_units = 0;
};
struct SurrenderResult {
  bool eligible = false;
  std::string condition;
  std::int64_t drm = 0;
  std::int64_t net = 0;
  bool surrenders = false;
  std::int64_t units_eliminated = 0;  // Australia: half (rounded down) of its ground units
};
SurrenderResult surrender_roll(const SurrenderInput& input);
Json to_json(SurrenderCountry country, const SurrenderResult& result);

// 44.5.5 Java: captured major ports 3 VPs, minor ports 2, airfields their current level.
struct JavaResult {
  std::int64_t vps = 0;
  bool surrenders = false;
};
JavaResult java_surrender(std::int64_t major_ports, std::int64_t minor_ports,
                          std::int64_t airfield_levels);

}  // namespace pacwar::witp
