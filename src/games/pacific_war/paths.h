// The Pacific War: distances over Sea Routes (8.10: 1 MP a route, 2 with a Nav Point).
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

inline constexpr int kUnreachable = 99;
using Distances = std::array<std::int8_t, kMaxOz>;

// Route open for movement: restricted routes only after 8.8.
bool route_open(const PwState& s, const RouteDef& route);

// Cheapest cost from `from` to every OZ. An OZ is reached only if `enter(oz)`; the search goes
// on from a reached OZ only if `pass(oz)` (the start always passes). Unreached: kUnreachable.
Distances distances(const PwState& s, int from, const std::function<bool(int)>& enter,
                    const std::function<bool(int)>& pass);

// Plain distances, every OZ enterable and passable (isolation redeployment, nearest port).
Distances plain_distances(const PwState& s, int from);

// OZs adjacent through an open route without a Nav Point (12.1 Air Superiority reach).
bool air_adjacent(const PwState& s, int a, int b);

}  // namespace pacwar::pacific_war
