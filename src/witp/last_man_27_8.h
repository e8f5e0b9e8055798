// Last man defense (27.8.1): the attacker's odds advantage (N:1 gives N-1) is a pool of DRMs to
// split between his combat DR (+), the enemy's minimum casualty DR (+) and his own (-), on top of
// the base -1 DRM for Allied units attacking Japanese defending to the last man (ruling R24).
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

struct LastManInput {
  std::int64_t odds = 1;  // N of an N:1 attack
  std::int64_t combat = 0;
  std::int64_t enemy_casualty = 0;
  std::int64_t own_casualty = 0;
};
struct LastManResult {
  std::int64_t pool = 0;
  std::int64_t combat_drm = 0;          // including the base -1
  std::int64_t enemy_casualty_drm = 0;  // +
  std::int64_t own_casualty_drm = 0;    // -
};
LastManResult last_man_drms(const LastManInput& input);
Json to_json(const LastManResult& result);

}  // namespace pacwar::witp
