// Air training (58.1 B): green APs on a training mission shed their green markers at the end of
// a G/T when 2D6 (+ the 2D6 differential for Japanese APs training outside Japan, ruling R30) is
// at or below the training weeks counter; then 1D10 x 10% (0 read as ten, ruling R31) of the
// green APs of that type at the airbase, rounded up, become trained.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct AirTrainingInput {
  std::int64_t weeks = 1;      // the numbered training weeks counter
  std::int64_t green_aps = 0;  // green APs of the type at the airbase
  std::int64_t dice = 2;       // 2D6
  bool japanese_outside_japan = false;
  std::int64_t adverse_first_die = 0;  // 2D6 rolled beforehand, outside Japan
  std::int64_t adverse_second_die = 0;
  std::int64_t d10 = 0;  // 1D10 read 0-9, when the first roll succeeds
};
struct AirTrainingResult {
  std::int64_t drm = 0;
  std::int64_t modified_dr = 0;
  bool success = false;
  std::int64_t percent = 0;
  std::int64_t upgraded = 0;
  std::int64_t still_green = 0;
};
// The first roll alone (d10 not needed): whether a 1D10 follows.
AirTrainingResult air_training_first_roll(const AirTrainingInput& input);
AirTrainingResult air_training(const AirTrainingInput& input);
Json to_json(const AirTrainingResult& result);

}  // namespace pacwar::witp
