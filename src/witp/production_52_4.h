// US production gearing (52.4.1): no more than one unit of a type more than was initiated in the
// previous Production Phase; optional 1942 CV gearing: after the 4th CV of 1942, 1D6 (+1 for each
// successive Strategic G/T's roll) of 6 or more ends CV production for 1942.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

std::int64_t production_gearing_limit(std::int64_t previous_phase_units);
// true when no more CVs may be placed into production during 1942.
bool cv_gearing_stops(std::int64_t die, std::int64_t successive_roll);

}  // namespace pacwar::witp
