#include "witp/mining_56.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

MiningTarget parse_mining_target(const std::string& field, const std::string& text) {
  if (text == "resource") return MiningTarget::kResourceHex;
  if (text == "major-port") return MiningTarget::kMajorPort;
  if (text == "minor-port") return MiningTarget::kMinorPort;
  throw engine::UsageError(field + ": unknown mining target '" + text +
                           "' (resource, major-port, minor-port)");
}

MiningResult strategic_mining(const MiningInput& input) {
  require_non_negative("aps", input.aps);
  require_range("die", input.die, 1, 6);
  // 34.0, 34.2.1: the Strategic Initiative track runs to level 5 on either side (markers past 5
  // count as +1 Strategic Intelligence counters, not as levels).
  require_range("japanese-si-levels", input.japanese_si_levels, 0, 5);
  MiningResult result;
  switch (input.target) {
    case MiningTarget::kResourceHex:
      require_non_negative("resource-value", input.resource_value);
      result.target_value = input.resource_value;
      break;
    case MiningTarget::kMajorPort:
      result.section = "56.4.3";
      result.target_value = 5;
      break;
    case MiningTarget::kMinorPort:
      result.section = "56.4.3";
      result.target_value = 3;
      break;
  }
  const std::int64_t modified =
      input.die - (input.extended_range ? 1 : 0) - input.japanese_si_levels - (input.night ? 1 : 0);
  // "Net DRs of < 1 are read as zero"; the DR is read in increments of 10%.
  result.modified_die = std::max<std::int64_t>(0, modified);
  result.percent = 10 * result.modified_die;
  // APs x value x percentage, "rounding to the nearest whole number, rounding .5 down".
  result.msp_lost = div_round_half_down(input.aps * result.target_value * result.percent, 100);
  return result;
}

Json to_json(const MiningResult& result) {
  return {{"section", result.section},
          {"target_value", result.target_value},
          {"modified_die", result.modified_die},
          {"percent", result.percent},
          {"msp_lost", result.msp_lost}};
}

}  // namespace pacwar::witp
