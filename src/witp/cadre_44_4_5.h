// CW cadre ground units (44.4.5): TQ and steps of a cadre unit activated or moved before its
// release date, the CPs to release it early, and cadre steps given up as ground replacements.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct CadreInput {
  std::int64_t printed_tq = 0;
  std::int64_t printed_steps = 0;
  std::int64_t years_early = 0;  // game-years before the historical release year
};
struct CadreResult {
  std::int64_t tq = 0;
  std::int64_t tq_lowered = 0;
  std::int64_t steps = 0;
  std::int64_t steps_removed = 0;
  std::int64_t release_cps = 0;
};
CadreResult cadre_release(const CadreInput& input);
Json to_json(const CadreResult& result);

// "2x cadre steps, plus 1x CP each, for each ground replacement step".
struct CadreReplacement {
  std::int64_t cadre_steps = 0;
  std::int64_t cps = 0;
};
CadreReplacement cadre_replacement_cost(std::int64_t replacement_steps);

}  // namespace pacwar::witp
