// Supply distance (32.1.1), penalty category (32.2.1, table supplied by the player) and relief of
// reduced bases by MS load capacity (32.4.1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// 32.1.1 Total Supply Distance = (2y) x.
struct SupplyDistanceInput {
  std::int64_t ucs_distance = 0;          // y: hexes to the nearest Ultimate Command Source
  std::int64_t supply_base_distance = 0;  // x: hexes to the nearest friendly supply base
};
struct SupplyDistanceResult {
  std::int64_t total = 0;
  bool penalty_free = false;  // total under 1,500
  // The 32.2.1 category ("none" under 1,500); empty when penalties may apply and no table
  // was consulted.
  std::optional<std::string> category;
};
SupplyDistanceResult supply_distance(const SupplyDistanceInput& input);
// As above, and the category from the player's Supply Penalty Category Table when penalties may
// apply (refuses if the table is missing or incomplete).
SupplyDistanceResult supply_distance(const SupplyDistanceInput& input, const Tables& tables);
Json to_json(const SupplyDistanceResult& result);

// 32.4.1 Each multiple of the required MS load capacity assigned lowers the category one level;
// an isolated base needs triple the listed requirement.
struct SupplyReliefInput {
  std::string category;  // "A" to "F" (or "none")
  std::int64_t supply_base_distance = 0;
  std::int64_t load_assigned = 0;
  bool isolated = false;
};
struct SupplyReliefResult {
  std::int64_t load_required = 0;
  std::int64_t levels_reduced = 0;
  std::string category_after;
};
SupplyReliefResult supply_relief(const SupplyReliefInput& input, const Tables& tables);
Json to_json(const SupplyReliefResult& result);

}  // namespace pacwar::witp
