#include "games/pacific_war/paths.h"

namespace pacwar::pacific_war {

Distances plain_distances(const PwState& s, int from) {
  return distances(
      s, from, [](int) { return true; }, [](int) { return true; });
}

std::array<bool, kMaxOz> return_reach(const PwState& s, int side) {
  const Content& c = s.content();
  const int n = c.num_ozs();
  const int foe = 1 - side;
  std::array<bool, kMaxOz> open{};
  for (int x = 0; x < n; ++x)
    open[x] = !(side == kJapanese && c.ozs[x].japanese_forbidden) && controller(s, x) != foe &&
              !has_units(s, foe, x);
  // Components of open OZs (restricted routes count only when open).
  std::array<std::int8_t, kMaxOz> comp;
  comp.fill(-1);
  std::array<bool, kMaxOz> port{};  // usable_port, asked once per OZ
  for (int x = 0; x < n; ++x) port[x] = open[x] && usable_port(s, side, x);
  std::array<int, kMaxOz> ports_in{};
  int next = 0;
  for (int x = 0; x < n; ++x) {
    if (!open[x] || comp[x] >= 0) continue;
    std::array<int, kMaxOz> stack{};
    int top = 0;
    stack[top++] = x;
    comp[x] = static_cast<std::int8_t>(next);
    while (top > 0) {
      const int y = stack[--top];
      if (port[y]) ++ports_in[next];
      for (const auto [z, r] : c.neighbors[y]) {
        if (!open[z] || comp[z] >= 0 || !route_open(s, c.routes[r])) continue;
        comp[z] = static_cast<std::int8_t>(next);
        stack[top++] = z;
      }
    }
    ++next;
  }
  std::array<bool, kMaxOz> reach{};
  for (int x = 0; x < n; ++x) {
    if (open[x]) {
      reach[x] = ports_in[comp[x]] > (port[x] ? 1 : 0);
      continue;
    }
    for (const auto [z, r] : c.neighbors[x])  // leave through an open neighbour
      if (open[z] && route_open(s, c.routes[r]) && ports_in[comp[z]] > 0) reach[x] = true;
  }
  return reach;
}

bool air_adjacent(const PwState& s, int a, int b) {
  const int r = s.content().route_index[a][b];
  if (r < 0) return false;
  const RouteDef& route = s.content().routes[r];
  return !route.nav_point && route_open(s, route);
}

}  // namespace pacwar::pacific_war
