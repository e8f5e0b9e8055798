#include "engine/graph.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace pacwar::engine
