// Control of spaces (3.4, 3.5), war status and its constraints (7.4), and the movement and
// tracing rules shared by every rules file.
#include <bit>
#include <stdexcept>

#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {

bool at_war(const CpsState& s, int nation) {
  switch (nation) {
    case kUS:
      return s.us_war;
    case kCommonwealth:
      return s.cw_war;
    default:
      return true;  // Japan; China is at war from the start (7.0)
  }
}

bool on_map(int loc) { return loc < kNumNodes; }
bool in_space(int loc) { return loc < kNumSpaces; }

int max_steps(const CpsState& s, int u) { return s.content().units[u].steps; }
int stack_limit(int side) { return side == kJapanese ? 3 : 5; }

bool air_projects(const CpsState& s, int u, int space) {
  const Content& c = s.content();
  const int owner = c.spaces[space].nation;
  if (c.side(u) == kJapanese) return owner == kJapan || at_war(s, owner);
  return at_war(s, c.units[u].nation) || owner != kJapan;
}

Control compute_control(const CpsState& s) {
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
  Control out{};
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

int controlling_nation(const CpsState& s, const Control& ctl, int space) {
  const Content& c = s.content();
  if (space == kRetreatJapanese) return kJapan;
  if (space == kRetreatAllied) return kUS;
  if (ctl[space] == kJapanese) return kJapan;
  if (c.spaces[space].nation != kJapan) return c.spaces[space].nation;
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == space && c.side(u) == kAllied) return c.units[u].nation;
  return kUS;
}

bool has_units(const CpsState& s, int side, int space, bool air_counts) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == space && c.side(u) == side && (air_counts || !c.is_air(u))) return true;
  return false;
}

bool air_in_range(const CpsState& s, int side, int space) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u) {
    if (!c.is_air(u) || c.side(u) != side || !in_space(s.units[u].loc)) continue;
    const int at = s.units[u].loc;
    if (at == space) return true;
    const engine::Edge* e = c.graph.edge(at, space);
    if (e != nullptr && e->length == 1 && air_projects(s, u, space)) return true;
  }
  return false;
}

bool may_move_at_all(const CpsState& s, int nation) { return nation != kCommonwealth || s.cw_war; }

bool may_enter(const CpsState& s, const Control& ctl, int nation, int space) {
  const int side = side_of_nation(nation);
  if (space >= kNumSpaces) return space == (side == kJapanese ? kRetreatJapanese : kRetreatAllied);
  if (ctl[space] == side) return true;
  if (side == kJapanese) return at_war(s, controlling_nation(s, ctl, space));
  return at_war(s, nation);
}

bool may_stop(const CpsState& s, const Control& ctl, int nation, int space) {
  if (!may_enter(s, ctl, nation, space)) return false;
  if (space >= kNumSpaces || side_of_nation(nation) == kJapanese) return true;
  if (ctl[space] == kJapanese) return true;
  const int cn = controlling_nation(s, ctl, space);
  return cn == nation || at_war(s, cn);  // 7.4.1: pass through, do not stop
}

int group_nations(const CpsState& s, std::uint64_t group) {
  int mask = 0;
  for (int u = 0; group != 0; ++u, group >>= 1)
    if (group & 1u) mask |= 1 << s.content().units[u].nation;
  return mask;
}

bool nations_may(const CpsState& s, const Control& ctl, int nations, int node, bool stop) {
  for (int n = 0; n < 4; ++n)
    if (((nations >> n) & 1) && !(stop ? may_stop(s, ctl, n, node) : may_enter(s, ctl, n, node)))
      return false;
  return true;
}

NodeMask reach_mask(const Content& c, int from, NodeMask allowed, bool sea_only) {
  if (from < 0 || from >= kNumNodes) throw std::out_of_range("reach_mask: not a map node");
  const auto& adjacency = sea_only ? c.sea_neighbours : c.neighbours;
  NodeMask reached = NodeMask{1} << from, frontier = reached;
  while (frontier != 0) {
    NodeMask next = 0;
    for (NodeMask f = frontier; f != 0; f &= f - 1) next |= adjacency[std::countr_zero(f)];
    frontier = next & allowed & ~reached;
    reached |= frontier;
  }
  return reached;
}

NodeMask strategic_reach(const CpsState& s, const Control& ctl, std::uint64_t group, int from) {
  const Content& c = s.content();
  bool naval = false;
  int side = -1;
  for (std::uint64_t g = group; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
    naval = naval || c.is_naval(u);
    side = c.side(u);
  }
  const int nations = group_nations(s, group);
  // 8.1: only through (and into) spaces the side controls that every nation may enter. Nations
  // of the side may enter every node the side controls (may_enter), so the check is needed only
  // for a group mixing sides, which the rules never form.
  const int side_nations =
      side == kJapanese ? 1 << kJapan : (1 << kUS | 1 << kChina | 1 << kCommonwealth);
  NodeMask allowed = 0;
  for (int n = 0; n < kNumNodes; ++n)
    if (ctl[n] == side &&
        ((nations & ~side_nations) == 0 || nations_may(s, ctl, nations, n, false)))
      allowed |= NodeMask{1} << n;
  return reach_mask(c, from, allowed, naval);
}

NodeMask strategic_destination_mask(const CpsState& s, const Control& ctl, std::uint64_t group,
                                    int from) {
  const int nations = group_nations(s, group);
  if (((nations >> kCommonwealth) & 1) && !may_move_at_all(s, kCommonwealth)) return 0;
  const NodeMask reach = strategic_reach(s, ctl, group, from) & ~(NodeMask{1} << from);
  NodeMask out = 0;
  for (NodeMask r = reach; r != 0; r &= r - 1) {
    const int n = std::countr_zero(r);
    if (nations_may(s, ctl, nations, n, true)) out |= NodeMask{1} << n;
  }
  return out;
}

std::vector<int> strategic_destinations(const CpsState& s, const Control& ctl, std::uint64_t group,
                                        int from) {
  std::vector<int> out;
  for (NodeMask m = strategic_destination_mask(s, ctl, group, from); m != 0; m &= m - 1)
    out.push_back(std::countr_zero(m));
  return out;
}

NodeMask home_mask(const CpsState& s, const Control& ctl, int nation) {
  NodeMask out = 0;
  for (int sp = 0; sp < kNumSpaces; ++sp) {
    const SpaceDef& d = s.content().spaces[sp];
    if (d.home && d.nation == nation && ctl[sp] == side_of_nation(nation)) out |= NodeMask{1} << sp;
  }
  return out;
}

std::vector<int> home_spaces(const CpsState& s, const Control& ctl, int nation) {
  std::vector<int> out;
  for (NodeMask m = home_mask(s, ctl, nation); m != 0; m &= m - 1)
    out.push_back(std::countr_zero(m));
  return out;
}

bool traces_home(const CpsState& s, const Control& ctl, int u) {
  const int loc = s.units[u].loc;
  if (!on_map(loc)) return false;
  return (strategic_reach(s, ctl, std::uint64_t{1} << u, loc) &
          home_mask(s, ctl, s.content().units[u].nation)) != 0;
}

void put_unit(CpsState& s, int u, int loc) { s.units[u].loc = static_cast<std::uint8_t>(loc); }

void eliminate(CpsState& s, int u, Log log) {
  log_line(
      log, [&] { return unit_name(s, u) + " is eliminated (to the Units Pool)."; }, "2.2.2");
  s.units[u] = UnitState{};
}

std::string unit_name(const CpsState& s, int u) { return s.content().units.at(u).id; }

std::string space_name(const CpsState& s, int node) {
  if (node < kNumSpaces) return s.content().spaces.at(node).id;
  if (node == kRetreatJapanese) return "Japanese-Retreat-Box";
  if (node == kRetreatAllied) return "Allied-Retreat-Box";
  if (node == kVladivostok) return "Vladivostok";
  return "?";
}

std::string year(const CpsState& s) { return std::to_string(kFirstYear - 1 + s.turn); }

void log_line(Log log, std::string_view text, std::string_view rule, std::uint32_t visible) {
  if (log != nullptr) log->add({std::string(text), std::string(rule), visible});
}

int hand_size(const CpsState& s, int side) {
  int n = 0;
  for (int k = 0; k < kNumCards; ++k)
    n += s.cards[k] == CardLoc::Hand && s.content().cards[k].side == side;
  return n;
}

bool card_usable(const CpsState& s, int u, int side, int nation) {
  const UnitDef& d = s.content().units[u];
  if (side_of_nation(d.nation) != side) return false;
  if (nation >= 0) return d.nation == nation;
  return side == kJapanese || d.nation == kUS;
}

}  // namespace pacwar::co_prosperity
