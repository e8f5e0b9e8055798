#include "witp/fortification_39_7.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

FortResult fortification(const FortInput& input) {
  require_range("strength", input.strength, 1, 14);
  require_non_negative("size", input.size);
  require_non_negative("steps", input.steps);
  FortResult result;
  // "Subtract the fort's size level from the total number of defending steps ... Then, subtract
  // that number from the fort's current strength level. The result (which may not be reduced
  // below 1) is that fort's reduced combat equivalent strength."
  result.excess_steps = std::max<std::int64_t>(0, input.steps - input.size);
  result.effective_strength =
      input.steps == 0 ? 0 : std::max<std::int64_t>(1, input.strength - result.excess_steps);
  result.vacated_strength = div_floor(input.strength, 2);
  result.vacated_size = div_floor(input.size, 2);
  return result;
}

Json to_json(const FortResult& result) {
  return {{"section", "39.7.3"},
          {"excess_steps", result.excess_steps},
          {"effective_strength", result.effective_strength},
          {"if_vacated", {{"strength", result.vacated_strength}, {"size", result.vacated_size}}}};
}

FortUpgrade parse_fort_upgrade(const std::string& field, const std::string& text) {
  if (text == "strength") return FortUpgrade::kStrength;
  if (text == "size") return FortUpgrade::kSize;
  throw engine::UsageError(field + ": must be strength or size (got '" + text + "')");
}

FortUpgradeResult fort_upgrade(const FortUpgradeInput& input) {
  require_range("dice", input.dice, 2, 12);
  require_range("drm", input.drm, -20, 20);
  require_range("strength", input.strength, 0, 14);
  require_non_negative("size", input.size);
  FortUpgradeResult result;
  result.needed = input.japanese ? 7 : 8;
  result.net = input.dice + input.drm;
  result.success = result.net >= result.needed;
  result.strength = input.strength;
  result.size = input.size;
  if (result.success && input.kind == FortUpgrade::kStrength) {
    // "Units may fortify up to strength level 14."
    if (input.strength >= 14) throw engine::UsageError("strength: already at level 14 (39.7.3)");
    result.strength = input.strength + 1;
  } else if (result.success) {
    result.size = input.size + 1;
  }
  return result;
}

Json to_json(const FortUpgradeResult& result) {
  return {{"section", "39.7.2"},
          {"needed", result.needed},
          {"net_dr", result.net},
          {"upgraded", result.success},
          {"strength", result.strength},
          {"size", result.size},
          {"fort", std::to_string(result.strength) + "/" + std::to_string(result.size)}};
}

std::int64_t captured_fort_strength(std::int64_t original, std::int64_t damage, std::int64_t die) {
  require_range("original", original, 0, 14);
  require_non_negative("damage", damage);
  require_range("die", die, 1, 6);
  return std::max<std::int64_t>(0, original - damage - die);
}

}  // namespace pacwar::witp
