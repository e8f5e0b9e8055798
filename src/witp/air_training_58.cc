#include "witp/air_training_58.h"

#include <cstdlib>

namespace pacwar::witp {

AirTrainingResult air_training_first_roll(const AirTrainingInput& input) {
  require_range("weeks", input.weeks, 1, 1000);
  require_non_negative("green-aps", input.green_aps);
  require_range("dice", input.dice, 2, 12);
  AirTrainingResult result;
  if (input.japanese_outside_japan) {
    require_range("adverse-first-die", input.adverse_first_die, 1, 6);
    require_range("adverse-second-die", input.adverse_second_die, 1, 6);
    // Ruling R30: the differential is adverse, so it is added to the DR.
    result.drm = std::abs(input.adverse_first_die - input.adverse_second_die);
  }
  result.modified_dr = input.dice + result.drm;
  // "If the DR result is equal to, or less than, the current numbered training counter".
  result.success = result.modified_dr <= input.weeks;
  result.still_green = input.green_aps;
  return result;
}

AirTrainingResult air_training(const AirTrainingInput& input) {
  AirTrainingResult result = air_training_first_roll(input);
  if (!result.success) return result;
  require_range("d10", input.d10, 0, 9);
  // Ruling R31: 1D10 x 10%, 0 read as ten; the APs upgraded rounded up.
  result.percent = (input.d10 == 0 ? 10 : input.d10) * 10;
  result.upgraded = div_ceil(input.green_aps * result.percent, 100);
  result.still_green = input.green_aps - result.upgraded;
  return result;
}

Json to_json(const AirTrainingResult& result) {
  Json json = {{"section", "58.1"},
               {"drm", result.drm},
               {"modified_dr", result.modified_dr},
               {"success", result.success},
               {"aps_upgraded", result.upgraded},
               {"aps_still_green", result.still_green}};
  if (result.success) json["percent"] = result.percent;
  return json;
}

}  // namespace pacwar::witp
