#include "witp/tokyo_express_31_1.h"

#include "engine/errors.h"

namespace pacwar::witp {

std::int64_t tokyo_express_establish_cps(std::int64_t e_rating) {
  if (e_rating >= 0) {
    throw engine::UsageError(
        "e-rating: only admirals with negative (beneficial) E ratings may "
        "command the Tokyo Express (31.1) (got " +
        std::to_string(e_rating) + ")");
  }
  require_range("e-rating", e_rating, -9, -1);
  // Ruling R34: "5 divided by the E Rating" divides by its size; a cost is never negative.
  return div_ceil(5, -e_rating);
}

std::int64_t tokyo_express_steps_linked(std::int64_t dice) {
  require_range("dice", dice, 2, 12);
  return dice;
}

}  // namespace pacwar::witp
