// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/seat_action.h into namespace ai::v2.
// One 64-bit key for a (seat, action code) pair, shared by RAVE's move record (ai/rave.h) and
// MAST's table (ai/mast.h): (seat + 1) in the high half, so that chance (seat −1) is 0 there,
// and the action code in the low half. 0 is never a player's key.
#pragma once

#include <cstdint>

#include "engine/game.h"

namespace pacwar::ai::v2 {

inline std::uint64_t seat_action_key(int seat, engine::ActionCode action) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(seat + 1)) << 32) | action;
}
inline int key_seat(std::uint64_t key) { return static_cast<int>(key >> 32) - 1; }
inline engine::ActionCode key_action(std::uint64_t key) {
  return static_cast<engine::ActionCode>(key & 0xFFFFFFFFu);
}

}  // namespace pacwar::ai::v2
