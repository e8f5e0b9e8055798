// The Pacific War: distances over Sea Routes (8.10: 1 MP a route, 2 with a Nav Point).
#pragma once

#include <array>
#include <cstdint>

#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

inline constexpr int kUnreachable = 99;
using Distances = std::array<std::int8_t, kMaxOz>;

// Route open for movement: restricted routes only after 8.8.
inline bool route_open(const PwState& s, const RouteDef& route) {
  return !route.restricted || s.routes_open;
}

inline std::uint32_t oz_bit(int oz) { return std::uint32_t{1} << oz; }

// The OZs holding Naval units or LBA of `side`.
inline std::uint32_t units_mask(const PwState& s, int side) { return occupied_ozs(s, side); }

// The neighbours of each OZ over open routes (8.8), all of them or by cost.
inline const std::array<std::uint32_t, kMaxOz>& neighbors_1mp(const PwState& s) {
  return s.content().neighbor_mask_1mp[s.routes_open ? 1 : 0];
}
inline const std::array<std::uint32_t, kMaxOz>& neighbors_2mp(const PwState& s) {
  return s.content().neighbor_mask_2mp[s.routes_open ? 1 : 0];
}

// Cheapest cost from `from` to every OZ, over open routes: an OZ is reached only if it is in
// `enter`; the search goes on from a reached OZ only if it is in `pass` (the start always
// passes). Unreached: kUnreachable. Routes cost 1 or 2 MP, so a ring of three buckets of OZs
// (bit masks) settles the OZs in the order of their cost, as Dijkstra's search would.
Distances distances_masked(const PwState& s, int from, std::uint32_t enter, std::uint32_t pass);

// The same with predicates: `enter(oz)`, `pass(oz)`, asked once per OZ.
template <typename Enter, typename Pass>
Distances distances(const PwState& s, int from, Enter&& enter, Pass&& pass) {
  std::uint32_t enter_mask = 0;
  std::uint32_t pass_mask = 0;
  for (int x = 0; x < s.content().num_ozs(); ++x) {
    if (enter(x)) enter_mask |= oz_bit(x);
    if (x != from && pass(x)) pass_mask |= oz_bit(x);
  }
  return distances_masked(s, from, enter_mask, pass_mask | oz_bit(from));
}

// For each OZ (bit) holding `side`'s Naval units (the only ones asked; no other bit is set),
// whether they can Return to Port (8.9.2, 10.4): reach a usable friendly Port other than the OZ
// itself through OZs neither enemy-controlled nor holding enemy units. One pass over the map.
std::uint32_t return_reach(const PwState& s, int side);

// Plain distances, every OZ enterable and passable (isolation redeployment, nearest port).
Distances plain_distances(const PwState& s, int from);

// OZs adjacent through an open route without a Nav Point (12.1 Air Superiority reach).
bool air_adjacent(const PwState& s, int a, int b);

}  // namespace pacwar::pacific_war
