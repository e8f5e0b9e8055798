#include "engine/graph.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/graph_reference_for_test.h"
#include "engine/rng.h"

namespace pacwar::engine {
namespace {

TEST(EngineGraph, ShortestPathsRespectKindsLengthsAndPassing) {
  Graph g(4);
  g.add_edge(0, 1, 1, 0);
  g.add_edge(1, 2, 1, 1);
  g.add_edge(0, 2, 2, 0);
  g.add_edge(2, 3, 1, 0);
  auto all = [](int) { return true; };
  auto d = g.distances(
      0, [](const Edge&) { return true; }, all, all);
  EXPECT_EQ(d[2], 2);
  EXPECT_EQ(d[3], 3);
  auto kind0 = g.distances(
      0, [](const Edge& e) { return e.kind == 0; }, all, all);
  EXPECT_EQ(kind0[2], 2);
  auto stop2 = g.distances(
      0, [](const Edge&) { return true; }, all, [](int n) { return n != 2; });
  EXPECT_EQ(stop2[3], kNoPath);
  EXPECT_EQ(stop2[2], 2);
  ASSERT_NE(g.edge(2, 1), nullptr);
  EXPECT_EQ(g.edge(1, 3), nullptr);
}

TEST(EngineGraph, LinearScanDijkstraAgreesWithTheHeapReference) {
  Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(40));
    Graph g(n);
    const int edges = static_cast<int>(rng.below(static_cast<std::uint32_t>(3 * n)));
    for (int i = 0; i < edges; ++i) {
      const int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      const int b = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      if (a != b)
        g.add_edge(a, b, 1 + static_cast<int>(rng.below(3)),
                   static_cast<std::uint8_t>(rng.below(2)));
    }
    std::vector<bool> enter(static_cast<std::size_t>(n)), pass(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      enter[static_cast<std::size_t>(i)] = rng.below(5) != 0;
      pass[static_cast<std::size_t>(i)] = rng.below(4) != 0;
    }
    const int from = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    const int extra = static_cast<int>(rng.below(2));  // a cost beyond the length
    auto cost = [&](int, const Edge& e) {
      return e.kind == 1 && extra == 0 ? -1 : e.length + extra;
    };
    auto may_enter = [&](int i) { return static_cast<bool>(enter[static_cast<std::size_t>(i)]); };
    auto may_pass = [&](int i) { return static_cast<bool>(pass[static_cast<std::size_t>(i)]); };
    const auto want = reference_distances(g, from, cost, may_enter, may_pass);
    EXPECT_EQ(g.distances(from, cost, may_enter, may_pass), want) << "trial " << trial;
    // With a limit, every cost up to it is exact and nothing beyond it is reported lower.
    const int limit = static_cast<int>(rng.below(6));
    std::vector<int> got(static_cast<std::size_t>(n));
    g.distances_into(from, cost, may_enter, may_pass, std::span<int>(got), limit);
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      if (want[k] <= limit) {
        EXPECT_EQ(got[k], want[k]) << "trial " << trial << " node " << i;
      } else {
        EXPECT_GT(got[k], limit) << "trial " << trial << " node " << i;
      }
    }
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace pacwar::engine
