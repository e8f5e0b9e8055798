// A small undirected map graph with route kinds and lengths, and shortest paths over it with
// caller-chosen rules for which nodes may be entered and passed through. Game-agnostic: used by
// any game whose map is a set of spaces joined by routes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace pacwar::engine {

inline constexpr int kNoPath = 1 << 20;

struct Edge {
  int to = 0;
  int length = 1;
  std::uint8_t kind = 0;  // game-defined route kind (e.g. land / sea)
};

class Graph {
 public:
  explicit Graph(int nodes = 0) : adjacency_(static_cast<std::size_t>(nodes)) {}

  int size() const { return static_cast<int>(adjacency_.size()); }
  void add_edge(int a, int b, int length, std::uint8_t kind) {
    adjacency_.at(static_cast<std::size_t>(a)).push_back({b, length, kind});
    adjacency_.at(static_cast<std::size_t>(b)).push_back({a, length, kind});
  }
  const std::vector<Edge>& edges(int node) const {
    return adjacency_.at(static_cast<std::size_t>(node));
  }
  // The edge joining a and b, or nullptr.
  const Edge* edge(int a, int b) const {
    for (const Edge& e : edges(a))
      if (e.to == b) return &e;
    return nullptr;
  }

  // Cheapest cost from `from` to every node (kNoPath when unreachable). An edge is used only if
  // `use(edge)`; its cost is `cost(edge)` (negative: unusable). A node is reached only if
  // `enter(node)`; the search goes on from a reached node only if `pass(node)` (the start
  // always passes). Dijkstra over a small graph: cost O(E log V).
  std::vector<int> distances(int from, const std::function<int(int from, const Edge&)>& cost,
                             const std::function<bool(int)>& enter,
                             const std::function<bool(int)>& pass) const;

  // Nodes reachable from `from` (every edge cost 1) with the same enter/pass rules.
  std::vector<int> distances(int from, const std::function<bool(const Edge&)>& use,
                             const std::function<bool(int)>& enter,
                             const std::function<bool(int)>& pass) const {
    return distances(
        from, [&](int, const Edge& e) { return use(e) ? e.length : -1; }, enter, pass);
  }

 private:
  std::vector<std::vector<Edge>> adjacency_;
};

}  // namespace pacwar::engine
