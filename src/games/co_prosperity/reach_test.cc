// The fast movement searches (bit-mask reach for 8.1 strategic moves and 8.4.1 traces, cost
// buckets for 8.2 naval moves) against a plain reference: the textbook Dijkstra with a priority
// queue and the rules written as they were before the searches were made fast, on thousands
// of positions from random games.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <memory>
#include <vector>

#include "engine/graph_reference_for_test.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/co_prosperity/rules.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
namespace {

// 3.4, 3.5 and 7.4 as written before control was worked out as masks and kept in the state:
// space by space and unit by unit.
std::array<std::int8_t, kNumNodes> ref_control(const CpsState& s) {
  const Content& c = s.content();
  std::array<std::array<bool, kNumSpaces>, 2> present{}, range{};
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[u].loc;
    if (!in_space(loc)) continue;
    const int side = c.side(u);
    present[side][loc] = true;
    if (!c.is_air(u)) continue;
    for (const engine::Edge& e : c.graph.edges(loc))
      if (e.to < kNumSpaces && e.length == 1 && air_projects(s, u, e.to)) range[side][e.to] = true;
  }
  std::array<std::int8_t, kNumNodes> out{};
  for (int sp = 0; sp < kNumSpaces; ++sp) {
    const int original = side_of_nation(c.spaces[sp].nation);
    if (present[0][sp] != present[1][sp]) {
      out[sp] = static_cast<std::int8_t>(present[0][sp] ? kJapanese : kAllied);
    } else if (!present[0][sp] && range[0][sp] != range[1][sp]) {
      out[sp] = static_cast<std::int8_t>(range[0][sp] ? kJapanese : kAllied);
    } else {
      out[sp] = static_cast<std::int8_t>(original);
    }
  }
  out[kRetreatJapanese] = kJapanese;
  out[kRetreatAllied] = kAllied;
  return out;
}

int ref_controlling_nation(const CpsState& s, const std::array<std::int8_t, kNumNodes>& ctl,
                           int space) {
  const Content& c = s.content();
  if (space == kRetreatJapanese) return kJapan;
  if (space == kRetreatAllied) return kUS;
  if (ctl[space] == kJapanese) return kJapan;
  if (c.spaces[space].nation != kJapan) return c.spaces[space].nation;
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == space && c.side(u) == kAllied) return c.units[u].nation;
  return kUS;
}

bool ref_may_enter(const CpsState& s, const std::array<std::int8_t, kNumNodes>& ctl, int nation,
                   int space) {
  const int side = side_of_nation(nation);
  if (space >= kNumSpaces) return space == (side == kJapanese ? kRetreatJapanese : kRetreatAllied);
  if (ctl[space] == side) return true;
  if (side == kJapanese) return at_war(s, ref_controlling_nation(s, ctl, space));
  return at_war(s, nation);
}

bool ref_may_stop(const CpsState& s, const std::array<std::int8_t, kNumNodes>& ctl, int nation,
                  int space) {
  if (!ref_may_enter(s, ctl, nation, space)) return false;
  if (space >= kNumSpaces || side_of_nation(nation) == kJapanese) return true;
  if (ctl[space] == kJapanese) return true;
  const int cn = ref_controlling_nation(s, ctl, space);
  return cn == nation || at_war(s, cn);
}

bool ref_nations_may(const CpsState& s, const Control& ctl, int nations, int node, bool stop) {
  for (int n = 0; n < 4; ++n)
    if (((nations >> n) & 1) &&
        !(stop ? ref_may_stop(s, ctl.side, n, node) : ref_may_enter(s, ctl.side, n, node)))
      return false;
  return true;
}

// The control kept in the state (and the one worked out afresh) against the reference.
int compare_control(const CpsState& s) {
  const Control kept = compute_control(s);
  CpsState moved = s;
  moved.control_cache_ = ControlCache{};  // forget it: work it out again
  const Control fresh = compute_control(moved);
  const auto ref = ref_control(s);
  int checks = 0;
  for (int n = 0; n < kNumNodes; ++n) {
    EXPECT_EQ(kept[n], ref[n]) << space_name(s, n);
    EXPECT_EQ(fresh[n], ref[n]) << space_name(s, n);
    EXPECT_EQ(((kept.of_side[kJapanese] >> n) & 1u) != 0, ref[n] == kJapanese);
    EXPECT_EQ(((kept.of_side[kAllied] >> n) & 1u) != 0, ref[n] == kAllied);
    EXPECT_EQ(controlling_nation(s, kept, n), ref_controlling_nation(s, ref, n))
        << space_name(s, n);
    for (int nation = 0; nation < 4; ++nation) {
      EXPECT_EQ(may_enter(s, kept, nation, n), ref_may_enter(s, ref, nation, n))
          << nation_name(nation) << " " << space_name(s, n);
      EXPECT_EQ(may_stop(s, kept, nation, n), ref_may_stop(s, ref, nation, n))
          << nation_name(nation) << " " << space_name(s, n);
      EXPECT_EQ(may_stop(s, fresh, nation, n), ref_may_stop(s, ref, nation, n));
    }
    checks += 1 + 4 * 2;
  }
  // The AI's "what if these units left": the same as moving them off the map.
  const NodeMask spaces = (NodeMask{1} << kNumSpaces) - 1;
  for (int u = 0; u < s.content().num_units(); ++u) {
    if (!in_space(s.units[u].loc)) continue;
    const std::uint64_t group = (std::uint64_t{1} << u) | (s.op.picked & ~(std::uint64_t{1} << u));
    CpsState gone = s;
    for (std::uint64_t g = group; g != 0; g &= g - 1)
      gone.units[std::countr_zero(g)].loc = kLocPool;
    const auto ref_gone = ref_control(gone);
    for (int side : {kJapanese, kAllied}) {
      NodeMask expected = 0;
      for (int sp = 0; sp < kNumSpaces; ++sp)
        if (ref_gone[sp] == side) expected |= NodeMask{1} << sp;
      EXPECT_EQ(controlled_spaces(s, side, group), expected) << unit_name(s, u);
      EXPECT_EQ(controlled_spaces(s, side, 0), kept.of_side[side] & spaces);
      checks += 2;
    }
  }
  return checks;
}

// 8.1 as written before: every node the side controls that all nations may enter.
std::vector<int> ref_strategic_reach(const CpsState& s, const Control& ctl, std::uint64_t group,
                                     int from) {
  const Content& c = s.content();
  bool naval = false;
  int side = -1;
  for (int u = 0; u < c.num_units(); ++u)
    if ((group >> u) & 1u) {
      naval = naval || c.is_naval(u);
      side = c.side(u);
    }
  const int nations = group_nations(s, group);
  auto enter = [&](int node) {
    return ctl[node] == side && ref_nations_may(s, ctl, nations, node, false);
  };
  return engine::reference_distances(
      c.graph, from,
      [&](int, const engine::Edge& e) { return !naval || e.kind == kSea ? e.length : -1; }, enter,
      enter);
}

std::vector<int> ref_strategic_destinations(const CpsState& s, const Control& ctl,
                                            std::uint64_t group, int from) {
  std::vector<int> out;
  const int nations = group_nations(s, group);
  if (((nations >> kCommonwealth) & 1) && !may_move_at_all(s, kCommonwealth)) return out;
  const auto reach = ref_strategic_reach(s, ctl, group, from);
  for (int n = 0; n < kNumNodes; ++n)
    if (n != from && reach[n] < engine::kNoPath && ref_nations_may(s, ctl, nations, n, true))
      out.push_back(n);
  return out;
}

bool ref_traces_home(const CpsState& s, const Control& ctl, int u) {
  const int loc = s.units[u].loc;
  if (!on_map(loc)) return false;
  const auto reach = ref_strategic_reach(s, ctl, std::uint64_t{1} << u, loc);
  for (int h : home_spaces(s, ctl, s.content().units[u].nation))
    if (reach[h] < engine::kNoPath) return true;
  return false;
}

bool ref_special_target(const CpsState& s, const Control& ctl, int space) {
  if (space >= kNumSpaces) return false;
  if (ctl[space] == s.declarer) return false;
  return (s.war_targets >> controlling_nation(s, ctl, space)) & 1;
}

// 8.2 and 8.3 as written before (movement_8.cc `destinations`).
std::vector<int> ref_destinations(const CpsState& s, const Control& ctl, Op op, bool special,
                                  int from, std::uint64_t group) {
  const Content& c = s.content();
  std::vector<int> out;
  if (group == 0) return out;
  if (op == Op::Strategic) return ref_strategic_destinations(s, ctl, group, from);
  int side = 0, ma = 99;
  for (int u = 0; u < c.num_units(); ++u)
    if ((group >> u) & 1u) {
      side = c.side(u);
      if (c.units[u].movement > 0) ma = std::min(ma, c.units[u].movement);
    }
  const int nations = group_nations(s, group);
  auto all_may = [&](int n, bool stop) { return ref_nations_may(s, ctl, nations, n, stop); };
  auto keep = [&](int n) {
    if (n == from || !all_may(n, true)) return;
    if (special && !ref_special_target(s, ctl, n)) return;
    out.push_back(n);
  };
  if (op == Op::Ground) {
    for (const engine::Edge& e : c.graph.edges(from))
      if (e.kind == kLand && e.to < kNumSpaces) keep(e.to);
    return out;
  }
  std::array<bool, kNumSpaces> enemy_air{}, enemy_units{};
  for (int u = 0; u < c.num_units(); ++u)
    if (in_space(s.units[u].loc) && c.side(u) != side) {
      enemy_units[s.units[u].loc] = true;
      if (c.is_air(u)) enemy_air[s.units[u].loc] = true;
    }
  const auto dist = engine::reference_distances(
      c.graph, from,
      [&](int, const engine::Edge& e) {
        if (e.kind != kSea || e.to >= kNumSpaces) return -1;
        return e.length + (enemy_air[e.to] ? 1 : 0);
      },
      [&](int n) { return n < kNumSpaces && all_may(n, false); },
      [&](int n) { return !enemy_units[n] && (ctl[n] == side || special); });
  for (int n = 0; n < kNumSpaces; ++n)
    if (dist[n] <= ma) keep(n);
  return out;
}

// Compares every search on one position; returns how many comparisons were made.
int compare_position(const CpsState& s) {
  const Content& c = s.content();
  const Control ctl = compute_control(s);
  int checks = compare_control(s);
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[u].loc;
    if (!on_map(loc)) continue;
    const std::uint64_t one = std::uint64_t{1} << u;
    EXPECT_EQ(strategic_destinations(s, ctl, one, loc),
              ref_strategic_destinations(s, ctl, one, loc))
        << unit_name(s, u) << " at " << space_name(s, loc);
    EXPECT_EQ(traces_home(s, ctl, u), ref_traces_home(s, ctl, u)) << unit_name(s, u);
    checks += 2;
    if (!in_space(loc)) continue;
    // Stacks of this unit and each later one in its space, for every movement type.
    for (int v = u; v < c.num_units(); ++v) {
      if (s.units[v].loc != loc || c.side(v) != c.side(u)) continue;
      const std::uint64_t group = one | (std::uint64_t{1} << v);
      for (Op op : {Op::Strategic, Op::Naval, Op::Ground})
        for (bool special : {false, true}) {
          CpsState moving = s;
          moving.op.op = op;
          moving.op.special = special;
          moving.op.from = static_cast<std::int8_t>(loc);
          EXPECT_EQ(move_destinations(moving, ctl, group),
                    ref_destinations(s, ctl, op, special, loc, group))
              << unit_name(s, u) << " + " << unit_name(s, v) << " at " << space_name(s, loc)
              << " op " << static_cast<int>(op) << (special ? " special" : "");
          ++checks;
        }
    }
  }
  // 6.4: Borneo to Japan through Japanese-controlled spaces.
  NodeMask friendly = 0;
  for (int n = 0; n < kNumNodes; ++n)
    if (ctl[n] == kJapanese) friendly |= NodeMask{1} << n;
  auto own = [&](int n) { return ctl[n] == kJapanese; };
  const auto d = engine::reference_distances(
      c.graph, c.borneo, [](int, const engine::Edge& e) { return e.length; }, own, own);
  EXPECT_EQ(((reach_mask(c, c.borneo, friendly, false) >> c.japan) & 1u) != 0,
            d[c.japan] < engine::kNoPath);
  return checks + 1;
}

TEST(CoProsperityReach, FastSearchesAgreeWithThePlainReference_8_1_8_2_8_3_8_4_1) {
  const auto game = find_game("co-prosperity");
  ASSERT_NE(game, nullptr);
  int positions = 0, checks = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const auto options = game->normalize_options(engine::Json::object());
    auto state = game->new_initial_state(options);
    engine::Rng rng(seed);
    engine::RandomPlayer player;
    for (int n = 0; !state->is_terminal() && n < 2000; ++n) {
      if (n % 7 == 0) {
        checks += compare_position(dynamic_cast<const CpsState&>(*state));
        ++positions;
        if (HasFailure()) return;
      }
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
  }
  EXPECT_GT(positions, 3000);
  EXPECT_GT(checks, 300000);
}

}  // namespace
}  // namespace pacwar::co_prosperity
