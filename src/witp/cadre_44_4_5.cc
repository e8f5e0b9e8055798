#include "witp/cadre_44_4_5.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

CadreResult cadre_release(const CadreInput& input) {
  require_range("printed-tq", input.printed_tq, 1, 10);
  require_range("printed-steps", input.printed_steps, 1, 100);
  require_range("years-early", input.years_early, 0, 4);
  CadreResult result;
  // "TQ ratings are reduced by 1 for each game-year prior to the units' historical release date"
  result.tq_lowered = std::min(input.years_early, input.printed_tq - 1);
  result.tq = input.printed_tq - result.tq_lowered;
  // "for each year prior to its release date, a unit's step strength is reduced by 25% (rounded
  // down)": the reduction is 25% a year of the printed steps, rounded down (ruling R10).
  result.steps_removed = div_floor(input.printed_steps * 25 * input.years_early, 100);
  result.steps = input.printed_steps - result.steps_removed;
  if (result.steps <= 0) {
    throw engine::UsageError("--years-early: released " + std::to_string(input.years_early) +
                             " years early the unit would keep no steps (44.4.5: 25% a year); "
                             "it cannot be released that early");
  }
  // Ruling R11: the example's 14 CPs are (5 steps + 2 TQ) x 2 years.
  result.release_cps = (result.steps_removed + result.tq_lowered) * input.years_early;
  return result;
}

Json to_json(const CadreResult& result) {
  return {{"section", "44.4.5"},
          {"tq", result.tq},
          {"tq_lowered", result.tq_lowered},
          {"steps", result.steps},
          {"steps_removed", result.steps_removed},
          {"early_release_cps", result.release_cps}};
}

CadreReplacement cadre_replacement_cost(std::int64_t replacement_steps) {
  require_non_negative("replacement-steps", replacement_steps);
  return {2 * replacement_steps, replacement_steps};
}

}  // namespace pacwar::witp
