#include "games/pacific_war/paths.h"

#include <bit>

namespace pacwar::pacific_war {

Distances distances_masked(const PwState& s, int from, std::uint32_t enter, std::uint32_t pass) {
  const auto& near = neighbors_1mp(s);
  const auto& far = neighbors_2mp(s);
  Distances dist;
  dist.fill(kUnreachable);
  // bucket[i]: OZs reached at cost d + i (a 1 MP route adds to the next, 2 MP to the one after).
  std::uint32_t bucket[3] = {oz_bit(from), 0, 0};
  std::uint32_t settled = 0;
  for (int d = 0; (bucket[0] | bucket[1] | bucket[2]) != 0; ++d) {
    const std::uint32_t now = bucket[0] & ~settled;
    bucket[0] = bucket[1];
    bucket[1] = bucket[2];
    bucket[2] = 0;
    settled |= now;
    for (std::uint32_t m = now; m != 0; m &= m - 1) {
      const int y = std::countr_zero(m);
      dist[static_cast<std::size_t>(y)] = static_cast<std::int8_t>(d);
      if ((pass & oz_bit(y)) == 0) continue;
      bucket[0] |= near[static_cast<std::size_t>(y)] & enter & ~settled;
      bucket[1] |= far[static_cast<std::size_t>(y)] & enter & ~settled;
    }
  }
  return dist;
}

Distances plain_distances(const PwState& s, int from) {
  return distances_masked(s, from, s.content().all_ozs_mask, s.content().all_ozs_mask);
}

std::uint32_t return_reach(const PwState& s, int side) {
  const Content& c = s.content();
  const int foe = 1 - side;
  const auto& near = neighbors_1mp(s);
  const auto& far = neighbors_2mp(s);
  const std::uint32_t free = c.all_ozs_mask & ~occupied_ozs(s, foe) &
                             ~(side == kJapanese ? c.japanese_forbidden_mask : 0u);
  const std::uint32_t open = free & ~controlled_ozs(s, foe);
  const std::uint32_t port = open & usable_ports(s, side);  // open OZs with a Port it can use
  const std::uint32_t asked = s.naval_ozs[static_cast<std::size_t>(side)];
  // Components of open OZs (restricted routes count only when open): only those of the asked
  // open OZs and of the open neighbours of the asked closed ones matter.
  std::uint32_t seeds = asked & open;
  for (std::uint32_t m = asked & ~open; m != 0; m &= m - 1) {
    const auto x = static_cast<std::size_t>(std::countr_zero(m));
    seeds |= (near[x] | far[x]) & open;
  }
  std::uint32_t reach = 0;
  std::uint32_t served = 0;  // open OZs in a component with a usable Port
  for (std::uint32_t left = seeds; left != 0;) {
    std::uint32_t comp = left & (~left + 1);
    for (std::uint32_t frontier = comp; frontier != 0;) {
      std::uint32_t next = 0;
      for (std::uint32_t m = frontier; m != 0; m &= m - 1) {
        const auto y = static_cast<std::size_t>(std::countr_zero(m));
        next |= near[y] | far[y];
      }
      frontier = next & open & ~comp;
      comp |= frontier;
    }
    left &= ~comp;
    const std::uint32_t ports = comp & port;
    if (ports == 0) continue;  // no usable Port to return to
    served |= comp;
    // A Port's own OZ does not count for itself: it needs a second Port in the component.
    reach |= (ports & (ports - 1)) != 0 ? comp : comp & ~port;
  }
  // A closed OZ: leave through an open neighbour in a component with a Port.
  for (std::uint32_t m = asked & ~open; m != 0; m &= m - 1) {
    const auto x = static_cast<std::size_t>(std::countr_zero(m));
    if (((near[x] | far[x]) & served) != 0) reach |= oz_bit(static_cast<int>(x));
  }
  return reach & asked;
}

bool air_adjacent(const PwState& s, int a, int b) {
  const int r = s.content().route_index[a][b];
  if (r < 0) return false;
  const RouteDef& route = s.content().routes[r];
  return !route.nav_point && route_open(s, route);
}

}  // namespace pacwar::pacific_war
