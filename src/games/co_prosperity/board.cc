// Control of spaces (3.4, 3.5), war status and its constraints (7.4), and the movement and
// tracing rules shared by every rules file.
#include <bit>
#include <cstddef>
#include <cstring>
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

int max_steps(const CpsState& s, int u) { return s.content().units[u].steps; }
int stack_limit(int side) { return side == kJapanese ? 3 : 5; }

bool air_projects(const CpsState& s, int u, int space) {
  const Content& c = s.content();
  const int owner = c.spaces[space].nation;
  if (c.side(u) == kJapanese) return owner == kJapan || at_war(s, owner);
  return at_war(s, c.units[u].nation) || owner != kJapan;
}

namespace {

constexpr NodeMask kSpaces = (NodeMask{1} << kNumSpaces) - 1;
constexpr NodeMask node_bit(int n) { return NodeMask{1} << n; }

// Bit per nation at war with Japan (Japan and China always, 7.0).
int war_nations(const CpsState& s) {
  return 1 << kJapan | 1 << kChina | (s.us_war ? 1 << kUS : 0) |
         (s.cw_war ? 1 << kCommonwealth : 0);
}

std::uint8_t war_key(const CpsState& s) {
  return static_cast<std::uint8_t>((s.us_war ? 1 : 0) | (s.cw_war ? 2 : 0));
}

// Bytes of the units array that hold a unit's location (0xFF), the only ones control reads.
constexpr auto kLocBytes = [] {
  std::array<std::uint8_t, sizeof(CpsState::units)> mask{};
  for (std::size_t u = 0; u < kMaxUnits; ++u)
    mask[u * sizeof(UnitState) + offsetof(UnitState, loc)] = 0xFF;
  return mask;
}();

// Whether the kept units are the units of `s` exactly (most actions move nothing: one memcmp).
bool units_same(const CpsState& s) {
  return std::memcmp(s.units.data(), s.control_cache_.units.data(), sizeof(s.units)) == 0;
}

// Whether the kept control is that of `s`: the same war status and every unit where it was.
// The units are compared as bytes through a mask (no branch per unit: this runs after every
// action and in every legal-action list), after the plain compare of units_same.
bool cache_fresh(const CpsState& s) {
  const ControlCache& cache = s.control_cache_;
  if (cache.war != war_key(s)) return false;
  if (units_same(s)) return true;
  const auto* now = reinterpret_cast<const unsigned char*>(s.units.data());
  const auto* kept = reinterpret_cast<const unsigned char*>(cache.units.data());
  unsigned char diff = 0;
  for (std::size_t i = 0; i < kLocBytes.size(); ++i)
    diff = static_cast<unsigned char>(diff | ((now[i] ^ kept[i]) & kLocBytes[i]));
  return diff == 0;
}

// Where the units are, as masks of spaces, with the units of `removed` left out.
struct Presence {
  std::array<NodeMask, 2> units{}, range{}, air{};  // per side: units, air range (3.5), air units
  std::array<NodeMask, 4> first_allied{};  // spaces whose first Allied unit is of the nation
};

Presence presence(const CpsState& s, int war, std::uint64_t removed) {
  const Content& c = s.content();
  NodeMask japanese_projects = 0;  // spaces a Japanese air unit projects into
  for (int n = 0; n < 4; ++n)
    if ((war >> n) & 1) japanese_projects |= c.nation_spaces[n];
  Presence p;
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[u].loc;
    if (!in_space(loc) || ((removed >> u) & 1u)) continue;
    const int side = c.side(u);
    const int nation = c.unit_nation[u];
    if (side == kAllied && ((p.units[kAllied] >> loc) & 1u) == 0)
      p.first_allied[nation] |= node_bit(loc);
    p.units[side] |= node_bit(loc);
    if (!c.is_air(u)) continue;
    p.air[side] |= node_bit(loc);
    const NodeMask projects = side == kJapanese       ? japanese_projects
                              : ((war >> nation) & 1) ? kSpaces
                                                      : kSpaces & ~c.nation_spaces[kJapan];
    p.range[side] |= c.air_neighbours[loc] & projects;
  }
  return p;
}

// 3.4: a space is controlled by the side with units in it (air units count); 3.5: an empty
// space by the side whose air units alone project into it (air_projects); otherwise by its
// original owner. The spaces Japan controls.
NodeMask japanese_spaces(const Content& c, const Presence& p) {
  const NodeMask empty = ~(p.units[0] | p.units[1]);
  const NodeMask to_japan = (p.units[0] & ~p.units[1]) | (empty & p.range[0] & ~p.range[1]);
  const NodeMask to_allies = (p.units[1] & ~p.units[0]) | (empty & p.range[1] & ~p.range[0]);
  return (to_japan | (c.nation_spaces[kJapan] & ~to_allies)) & kSpaces;
}

// Control, then 7.4 for every nation (may_enter, may_stop below say it unit by unit).
Control work_out_control(const CpsState& s) {
  const Content& c = s.content();
  const int war = war_nations(s);
  const Presence p = presence(s, war, 0);
  const std::array<NodeMask, 4>& first_allied = p.first_allied;
  const NodeMask japanese = japanese_spaces(c, p);
  Control out;
  out.units = p.units;
  out.air = p.air;
  const NodeMask allied = kSpaces & ~japanese;
  out.of_side[kJapanese] = japanese | node_bit(kRetreatJapanese);
  out.of_side[kAllied] = allied | node_bit(kRetreatAllied);
  // The controlling nation (controlling_nation): Japan for the Japanese nodes; for an Allied
  // space its original owner, or if that was Japan the nation of the first Allied unit there
  // (the US if none); the US for the Allied Retreat Box.
  std::array<NodeMask, 4> nation_nodes{};
  nation_nodes[kJapan] = out.of_side[kJapanese];
  const NodeMask taken = allied & c.nation_spaces[kJapan];  // Japanese spaces the Allies hold
  for (int nation : {kUS, kChina, kCommonwealth})
    nation_nodes[nation] = (allied & c.nation_spaces[nation]) | (taken & first_allied[nation]);
  nation_nodes[kUS] |=
      node_bit(kRetreatAllied) |
      (taken & ~(first_allied[kUS] | first_allied[kChina] | first_allied[kCommonwealth]));
  out.of_nation = nation_nodes;
  NodeMask cn_at_war = 0;  // nodes whose controlling nation is at war with Japan
  for (int nation = 0; nation < 4; ++nation) {
    if ((war >> nation) & 1) cn_at_war |= nation_nodes[nation];
    for (NodeMask m = nation_nodes[nation]; m != 0; m &= m - 1)
      out.nation[static_cast<std::size_t>(std::countr_zero(m))] = static_cast<std::int8_t>(nation);
  }
  for (int n = 0; n < kNumNodes; ++n)
    out.side[n] =
        static_cast<std::int8_t>(((out.of_side[kJapanese] >> n) & 1u) ? kJapanese : kAllied);
  // 7.4: Japan enters its own nodes and spaces of nations at war with it; an Allied nation its
  // side's nodes, and Japanese spaces once at war. Allied units stop only where the controlling
  // nation is their own or at war (7.4.1: pass through a neutral's space, do not stop).
  out.enter[kJapan] = out.of_side[kJapanese] | (allied & cn_at_war);
  out.stop[kJapan] = out.enter[kJapan];
  for (int nation : {kUS, kChina, kCommonwealth}) {
    out.enter[nation] = out.of_side[kAllied] | (((war >> nation) & 1) ? japanese : 0);
    out.stop[nation] = out.enter[nation] &
                       (node_bit(kRetreatAllied) | japanese | cn_at_war | nation_nodes[nation]);
  }
  return out;
}

}  // namespace

Control compute_control(const CpsState& s) {
  if (cache_fresh(s)) return s.control_cache_.control;
  return work_out_control(s);
}

ControlOf::ControlOf(const CpsState& s) : control_(&s.control_cache_.control) {
  if (!cache_fresh(s)) control_ = &own_.emplace(work_out_control(s));
}

NodeMask controlled_spaces(const CpsState& s, int side, std::uint64_t removed) {
  const int war = war_nations(s);
  const NodeMask japanese = japanese_spaces(s.content(), presence(s, war, removed));
  return side == kJapanese ? japanese : kSpaces & ~japanese;
}

bool costs_control(const CpsState& s, int side, std::uint64_t group) {
  const NodeMask before =
      (*ControlOf(s)).of_side[static_cast<std::size_t>(side)] & ((NodeMask{1} << kNumSpaces) - 1);
  return (before & ~controlled_spaces(s, side, group)) != 0;
}

void CpsState::refresh_control() {
  if (control_cache_.war == war_key(*this) && units_same(*this)) return;
  if (cache_fresh(*this)) {
    // Keep the units themselves too (steps, flags), so that the next check is units_same.
    control_cache_.units = units;
    return;
  }
  control_cache_.control = work_out_control(*this);
  control_cache_.units = units;
  control_cache_.war = war_key(*this);
}

int controlling_nation(const CpsState& s, const Control& ctl, int space) {
  (void)s;
  return ctl.nation[space];
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
  (void)s;
  return (ctl.enter[nation] >> space) & 1u;
}

bool may_stop(const CpsState& s, const Control& ctl, int nation, int space) {
  (void)s;
  return (ctl.stop[nation] >> space) & 1u;
}

int group_nations(const CpsState& s, std::uint64_t group) {
  int mask = 0;
  for (; group != 0; group &= group - 1)
    mask |= 1 << s.content().unit_nation[std::countr_zero(group)];
  return mask;
}

NodeMask nations_mask(const Control& ctl, int nations, bool stop) {
  const auto& masks = stop ? ctl.stop : ctl.enter;
  NodeMask out = ~NodeMask{0};
  for (int n = 0; n < 4; ++n)
    if ((nations >> n) & 1) out &= masks[n];
  return out;
}

bool nations_may(const CpsState& s, const Control& ctl, int nations, int node, bool stop) {
  (void)s;
  return (nations_mask(ctl, nations, stop) >> node) & 1u;
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
  if (side < 0) return reach_mask(c, from, 0, naval);
  const int nations = group_nations(s, group);
  // 8.1: only through (and into) nodes the side controls that every nation may enter. Nations
  // of the side may enter every node the side controls (may_enter), so the check is needed only
  // for a group mixing sides, which the rules never form.
  const int side_nations =
      side == kJapanese ? 1 << kJapan : (1 << kUS | 1 << kChina | 1 << kCommonwealth);
  NodeMask allowed = ctl.of_side[side];
  if ((nations & ~side_nations) != 0) allowed &= nations_mask(ctl, nations, false);
  return reach_mask(c, from, allowed, naval);
}

NodeMask strategic_destination_mask(const CpsState& s, const Control& ctl, std::uint64_t group,
                                    int from) {
  const int nations = group_nations(s, group);
  if (((nations >> kCommonwealth) & 1) && !may_move_at_all(s, kCommonwealth)) return 0;
  return strategic_reach(s, ctl, group, from) & ~node_bit(from) & nations_mask(ctl, nations, true);
}

std::vector<int> strategic_destinations(const CpsState& s, const Control& ctl, std::uint64_t group,
                                        int from) {
  std::vector<int> out;
  for (NodeMask m = strategic_destination_mask(s, ctl, group, from); m != 0; m &= m - 1)
    out.push_back(std::countr_zero(m));
  return out;
}

NodeMask UnitReach::reach(int u, int from) {
  const Content& c = s_.content();
  const int side = c.side(u);
  const bool naval = c.is_naval(u);
  const NodeMask allowed = ctl_.of_side[side];
  if (((allowed >> from) & 1u) == 0) return reach_mask(c, from, allowed, naval);
  const std::size_t k = static_cast<std::size_t>(side * 2 + (naval ? 1 : 0));
  if ((known_[k] >> from) & 1u) return part_[k][static_cast<std::size_t>(from)];
  const NodeMask part = reach_mask(c, from, allowed, naval);
  for (NodeMask m = part; m != 0; m &= m - 1)
    part_[k][static_cast<std::size_t>(std::countr_zero(m))] = part;
  known_[k] |= part;
  return part;
}

NodeMask UnitReach::destinations(int u, int from) {
  const int nation = s_.content().unit_nation[u];
  if (nation == kCommonwealth && !may_move_at_all(s_, kCommonwealth)) return 0;
  return reach(u, from) & ~node_bit(from) & ctl_.stop[nation];
}

NodeMask home_mask(const CpsState& s, const Control& ctl, int nation) {
  return s.content().nation_homes[nation] & ctl.of_side[side_of_nation(nation)];
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

int hand_size(const CpsState& s, int side) {
  int n = 0;
  for (int k = 0; k < kNumCards; ++k)
    n += s.cards[k] == CardLoc::Hand && s.content().card_hot[k].side == side;
  return n;
}

}  // namespace pacwar::co_prosperity
