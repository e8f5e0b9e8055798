// A small undirected map graph with route kinds and lengths, and shortest paths over it with
// caller-chosen rules for which nodes may be entered and passed through. Game-agnostic: used by
// any game whose map is a set of spaces joined by routes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <type_traits>
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
  // Maps are small (a board's spaces); the searches keep their bookkeeping on the stack.
  static constexpr int kMaxNodes = 256;

  explicit Graph(int nodes = 0) : adjacency_(checked(nodes)) {}

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

  // Cheapest cost from `from` to every node (kNoPath when unreachable), written to `dist`
  // (size() entries). `rule` is either `int cost(int from, const Edge&)` (negative: the edge is
  // unusable) or `bool use(const Edge&)` (a usable edge costs its length). A node is reached only
  // if `enter(node)`; the search goes on from a reached node only if `pass(node)` (the start
  // always passes). Costs must not be negative. The callbacks are inlined (templates) and
  // nothing is allocated: Dijkstra with a linear scan, O(V^2 + E), fast for a board's few spaces.
  //
  // With `limit` >= 0 the search stops once every cost up to `limit` is final: entries above
  // `limit` are then only upper bounds (or kNoPath), those up to it are exact.
  template <class Rule, class Enter, class Pass>
  void distances_into(int from, const Rule& rule, const Enter& enter, const Pass& pass,
                      std::span<int> dist, int limit = -1) const {
    const int n = size();
    if (static_cast<int>(dist.size()) < n) throw std::invalid_argument("distances: short output");
    for (int i = 0; i < n; ++i) dist[static_cast<std::size_t>(i)] = kNoPath;
    std::array<std::uint64_t, kMaxNodes / 64> settled{};
    dist[static_cast<std::size_t>(from)] = 0;
    for (;;) {
      int node = -1, best = kNoPath;
      for (int i = 0; i < n; ++i) {
        const int d = dist[static_cast<std::size_t>(i)];
        if (d < best && ((settled[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1u) == 0) {
          best = d;
          node = i;
        }
      }
      if (node < 0 || (limit >= 0 && best > limit)) return;
      settled[static_cast<std::size_t>(node >> 6)] |= std::uint64_t{1} << (node & 63);
      if (node != from && !pass(node)) continue;
      for (const Edge& e : adjacency_[static_cast<std::size_t>(node)]) {
        int c = 0;
        if constexpr (std::is_invocable_r_v<int, const Rule&, int, const Edge&>) {
          c = rule(node, e);
        } else {
          c = rule(e) ? e.length : -1;
        }
        if (c < 0 || !enter(e.to)) continue;
        const int nd = best + c;
        if (nd < dist[static_cast<std::size_t>(e.to)]) dist[static_cast<std::size_t>(e.to)] = nd;
      }
    }
  }

  // The same, returned in a new vector.
  template <class Rule, class Enter, class Pass>
  std::vector<int> distances(int from, const Rule& rule, const Enter& enter,
                             const Pass& pass) const {
    std::vector<int> dist(adjacency_.size(), kNoPath);
    distances_into(from, rule, enter, pass, std::span<int>(dist));
    return dist;
  }

 private:
  static std::size_t checked(int nodes) {
    if (nodes < 0 || nodes > kMaxNodes) throw std::invalid_argument("Graph: 0..256 nodes");
    return static_cast<std::size_t>(nodes);
  }

  std::vector<std::vector<Edge>> adjacency_;
};

}  // namespace pacwar::engine
