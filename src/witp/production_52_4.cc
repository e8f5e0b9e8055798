#include "witp/production_52_4.h"

namespace pacwar::witp {

std::int64_t production_gearing_limit(std::int64_t previous_phase_units) {
  require_non_negative("previous", previous_phase_units);
  return previous_phase_units + 1;
}

bool cv_gearing_stops(std::int64_t die, std::int64_t successive_roll) {
  require_range("die", die, 1, 6);
  require_range("roll-number", successive_roll, 1, 13);
  return die + (successive_roll - 1) >= 6;
}

}  // namespace pacwar::witp
