// The Tokyo Express (31.1): CPs to establish it (5 divided by the commanding admiral's E rating,
// rounded up; only negative, i.e. beneficial, E ratings are eligible; ruling R34), 2 CPs to
// maintain it in each later Strategic G/T (31.1.4, 31.4), and the 2D6 ground steps it links for
// the coming cycle (31.1.5).
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

// 31.1: 5 / |E| rounded up, for an E rating of -1 or better (more negative).
std::int64_t tokyo_express_establish_cps(std::int64_t e_rating);
// 31.1.4 / 31.4: maintaining costs 2 CPs whatever the admiral's E rating.
inline constexpr std::int64_t kTokyoExpressMaintainCps = 2;
// 31.1.5: the 2D6 rolled is the number of ground steps linked for the coming cycle.
std::int64_t tokyo_express_steps_linked(std::int64_t dice);

}  // namespace pacwar::witp
