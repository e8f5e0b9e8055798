// Test-only: the textbook Dijkstra with a binary heap (what engine::Graph::distances was before
// it was made allocation-free), the reference the fast graph searches are checked against.
#pragma once

#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "engine/graph.h"

namespace pacwar::engine {

// `cost` < 0: the edge is unusable; `enter`: a node may be entered; `pass`: a node may be left.
inline std::vector<int> reference_distances(const Graph& g, int from,
                                            const std::function<int(int, const Edge&)>& cost,
                                            const std::function<bool(int)>& enter,
                                            const std::function<bool(int)>& pass) {
  std::vector<int> dist(static_cast<std::size_t>(g.size()), kNoPath);
  using Item = std::pair<int, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  dist.at(static_cast<std::size_t>(from)) = 0;
  queue.push({0, from});
  while (!queue.empty()) {
    const auto [d, node] = queue.top();
    queue.pop();
    if (d != dist[static_cast<std::size_t>(node)]) continue;
    if (node != from && !pass(node)) continue;
    for (const Edge& e : g.edges(node)) {
      const int c = cost(node, e);
      if (c < 0 || !enter(e.to)) continue;
      if (d + c < dist[static_cast<std::size_t>(e.to)]) {
        dist[static_cast<std::size_t>(e.to)] = d + c;
        queue.push({d + c, e.to});
      }
    }
  }
  return dist;
}

}  // namespace pacwar::engine
