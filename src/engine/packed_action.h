// An action code packed from a game's kind of action and two small arguments (a unit, a space, a
// card, a die...): the kind in the top 8 bits, each argument in `kArgBits` bits below it. A game
// names it once (`using Act = engine::PackedAction<Kind, 8>;`) and decodes every legal action
// with it; the text id (action_id) stays the game's own.
#pragma once

#include <cstdint>

#include "engine/game.h"

namespace pacwar::engine {

template <typename KindT, int kArgBits>
struct PackedAction {
  static_assert(kArgBits > 0 && 2 * kArgBits <= 24, "two arguments below the 8 bits of the kind");
  static constexpr std::uint32_t kArgMask = (std::uint32_t{1} << kArgBits) - 1;

  KindT kind;
  int a = 0;  // the first argument (0 .. kArgMask)
  int b = 0;  // the second argument (0 .. kArgMask)

  // Arguments out of range are cut to their bits, as the codes have always been.
  static constexpr ActionCode encode(KindT k, int first = 0, int second = 0) {
    return (static_cast<std::uint32_t>(k) << 24) |
           ((static_cast<std::uint32_t>(first) & kArgMask) << kArgBits) |
           (static_cast<std::uint32_t>(second) & kArgMask);
  }
  static constexpr PackedAction decode(ActionCode code) {
    return PackedAction{.kind = static_cast<KindT>(code >> 24),
                        .a = static_cast<int>((code >> kArgBits) & kArgMask),
                        .b = static_cast<int>(code & kArgMask)};
  }
};

}  // namespace pacwar::engine
