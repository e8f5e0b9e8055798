#include "games/pacific_war/paths.h"

namespace pacwar::pacific_war {

bool route_open(const PwState& s, const RouteDef& route) {
  return !route.restricted || s.routes_open;
}

Distances distances(const PwState& s, int from, const std::function<bool(int)>& enter,
                    const std::function<bool(int)>& pass) {
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
    for (int j = 0; j < n; ++j) {
      const int r = c.route_index[best][j];
      if (r < 0 || done[j]) continue;
      const RouteDef& route = c.routes[r];
      if (!route_open(s, route) || !enter(j)) continue;
      const int cost = dist[best] + (route.nav_point ? 2 : 1);
      if (cost < dist[j]) dist[j] = static_cast<std::int8_t>(cost);
    }
  }
  return dist;
}

Distances plain_distances(const PwState& s, int from) {
  return distances(
      s, from, [](int) { return true; }, [](int) { return true; });
}

bool air_adjacent(const PwState& s, int a, int b) {
  const int r = s.content().route_index[a][b];
  if (r < 0) return false;
  const RouteDef& route = s.content().routes[r];
  return !route.nav_point && route_open(s, route);
}

}  // namespace pacwar::pacific_war
