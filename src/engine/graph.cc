#include "engine/graph.h"

#include <queue>
#include <utility>

namespace pacwar::engine {

std::vector<int> Graph::distances(int from, const std::function<int(int, const Edge&)>& cost,
                                  const std::function<bool(int)>& enter,
                                  const std::function<bool(int)>& pass) const {
  std::vector<int> dist(adjacency_.size(), kNoPath);
  using Item = std::pair<int, int>;  // (cost, node)
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  dist.at(static_cast<std::size_t>(from)) = 0;
  queue.push({0, from});
  while (!queue.empty()) {
    const auto [d, node] = queue.top();
    queue.pop();
    if (d != dist[static_cast<std::size_t>(node)]) continue;
    if (node != from && !pass(node)) continue;
    for (const Edge& e : edges(node)) {
      const int c = cost(node, e);
      if (c < 0 || !enter(e.to)) continue;
      const int nd = d + c;
      if (nd < dist[static_cast<std::size_t>(e.to)]) {
        dist[static_cast<std::size_t>(e.to)] = nd;
        queue.push({nd, e.to});
      }
    }
  }
  return dist;
}

}  // namespace pacwar::engine
