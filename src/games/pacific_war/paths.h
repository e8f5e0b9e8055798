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

// Cheapest cost from `from` to every OZ. An OZ is reached only if `enter(oz)`; the search goes
// on from a reached OZ only if `pass(oz)` (the start always passes). Unreached: kUnreachable.
template <typename Enter, typename Pass>
Distances distances(const PwState& s, int from, Enter&& enter, Pass&& pass) {
  const Content& c = s.content();
  const int n = c.num_ozs();
  Distances dist;
  dist.fill(kUnreachable);
  std::array<bool, kMaxOz> done{};
  dist[from] = 0;
  // Dijkstra over at most 32 nodes: a linear scan beats a heap here.
  for (;;) {
    int best = -1;
    for (int i = 0; i < n; ++i)
      if (!done[i] && dist[i] < kUnreachable && (best < 0 || dist[i] < dist[best])) best = i;
    if (best < 0) break;
    done[best] = true;
    if (best != from && !pass(best)) continue;
    for (const auto [j, r] : c.neighbors[best]) {
      if (done[j]) continue;
      const RouteDef& route = c.routes[r];
      if (!route_open(s, route) || !enter(j)) continue;
      const int cost = dist[best] + (route.nav_point ? 2 : 1);
      if (cost < dist[j]) dist[j] = static_cast<std::int8_t>(cost);
    }
  }
  return dist;
}

// For each OZ, whether `side`'s Naval units there can Return to Port (8.9.2, 10.4): reach a
// usable friendly Port other than the OZ itself through OZs neither enemy-controlled nor
// holding enemy units. One pass over the map for all OZs.
std::array<bool, kMaxOz> return_reach(const PwState& s, int side);

// Plain distances, every OZ enterable and passable (isolation redeployment, nearest port).
Distances plain_distances(const PwState& s, int from);

// OZs adjacent through an open route without a Nav Point (12.1 Air Superiority reach).
bool air_adjacent(const PwState& s, int a, int b);

}  // namespace pacwar::pacific_war
