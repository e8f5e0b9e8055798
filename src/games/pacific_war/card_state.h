// The Pacific War: the part of the game state that card events use (kept apart from state.h).
#pragma once

#include <array>
#include <cstdint>

#include "games/pacific_war/content.h"

namespace pacwar::pacific_war {

// Card effects in force until the end of the current combat (9.0.1, 9.2.2). Indices: [side]
// kJapanese/kAllied, [part] 0 Airstrike (and LBA strikes), 1 Surface.
struct CombatMods {
  std::array<std::array<std::int8_t, 2>, 2> shift{};
  std::array<std::array<std::uint8_t, 2>, 2> multiply{{{1, 1}, {1, 1}}};
  std::array<std::array<std::uint8_t, 2>, 2> divide{{{1, 1}, {1, 1}}};
  std::array<std::int8_t, 2> first{-1, -1};  // [part]: side whose fire is applied first
  std::array<std::array<std::int8_t, 2>, 2> allocator{{{-1, -1}, {-1, -1}}};  // [firing][part]
  std::uint8_t lba_surface = 0;    // bit per firing side: surface hits may go to LBA (J07)
  std::uint8_t fire_windows = 0;   // bit per side: its fire window was held in this part
  std::uint8_t strike_filter = 0;  // UnitFilter of an LBA strike's targets (9.0.2)
  std::int16_t strike_unit = -1;   // the striking LBA (9.0.2)
  bool operator==(const CombatMods&) const = default;
};

// Where the 9.0.1 card procedure is held.
enum class CardWindow : std::uint8_t { None, Start, Surface, Fire };

struct EventState {
  std::uint32_t strategic_used = 0;  // bit per end (2 * card + side): 4.6 marker flipped
  CardWindow window = CardWindow::None;
  std::int8_t window_fire = -1;     // Fire window: the side about to fire
  std::uint8_t window_passed = 0;   // bit per side: passed since the other side's last card
  std::int8_t window_next = 0;      // side asked next (9.0.1: Japanese first)
  std::int8_t pending_card = -1;    // card whose event needs more choices or dice
  std::int8_t pending_side = -1;    // its player
  std::int8_t pending_target = -1;  // its target OZ (LBA strike)
  std::int8_t victim = -1;          // side discarding or drawing for the event
  std::int8_t count_left = 0;       // cards still to discard or draw
  std::int8_t extra_actions = 0;    // Strategy Actions still owed by an event (8.3)
  ActionFilter extra_filter = ActionFilter::Any;
  bool in_extra = false;                           // the current action is an extra one
  std::array<std::int8_t, kMaxOz> port_defence{};  // 10.2.1: extra Ground Strength needed
  bool operator==(const EventState&) const = default;
};

}  // namespace pacwar::pacific_war
