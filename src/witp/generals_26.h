// Generals (26): which general imparts his ratings (26.1.2), random ratings (26.2.1), the TQ
// modifier before halving (26.2.2), the MP modifier (26.2.3) and the General Elimination Table
// (26.4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

// 26.1.2 1D6: 1-3 on-site commander, 4-6 HQ commander; -1 if the HQ commander is an admiral.
// With no on-site general a 1-3 means no general; an isolated hex takes no HQ commander.
enum class Imparting { kOnSite, kHq, kNone };
std::string imparting_name(Imparting imparting);
struct ImpartingInput {
  std::int64_t die = 1;
  bool on_site_present = false;
  bool hq_commander_admiral = false;
  bool isolated = false;
};
Imparting which_general(const ImpartingInput& input);

// 26.2.1 A random rating such as "+2 (6)/+1" or "+2 (5)/+1 (2)": the first alternative whose
// required die (that number or higher) is met applies; none met means no rating (0).
struct RatingOption {
  std::int64_t value = 0;
  std::int64_t min_die = 0;  // 0: always applies
};
std::vector<RatingOption> parse_rating(const std::string& field, const std::string& text);
std::int64_t rating_for_die(const std::vector<RatingOption>& options, std::int64_t die);

// 26.2.2 The unit's TQ plus the general's modifier, then halved (rounded up) when required.
struct TqInput {
  std::int64_t printed_tq = 0;
  std::int64_t modifier = 0;  // -2 to +2
  bool halved = false;        // e.g. broken
};
std::int64_t modified_tq(const TqInput& input);

// 26.2.3 Basic MP allowance of 6 plus the general's MP modifier (-1 to +2).
std::int64_t ground_mp_allowance(std::int64_t mp_modifier);

// 26.4 General Elimination Table (2D6): 2-4 eliminated, 5-6 to the Turn Track (1D6 cycles ahead),
// 7-12 no effect.
enum class EliminationResult { kEliminated, kTurnTrack, kNoEffect };
std::string elimination_name(EliminationResult result);
EliminationResult general_elimination(std::int64_t dice);

}  // namespace pacwar::witp
