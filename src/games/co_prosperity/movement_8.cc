// 8.1 Strategic Movement, 8.2 Naval Movement, 8.3 Ground Movement (also used by the Special
// Operations of 7.3, the CBI Theater of 8.5 and RP moves of 6.4). A stack is formed one unit at
// a time (PickFrom, PickUnits) and then sent to a destination.
#include <algorithm>
#include <array>
#include <bit>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

bool eligible(const CpsState& s, int u, Op op, int side, int nation) {
  const Content& c = s.content();
  if (!card_usable(s, u, side, nation) || !may_move_at_all(s, c.units[u].nation)) return false;
  const int loc = s.units[u].loc;
  switch (op) {
    case Op::Strategic:
      return on_map(loc);
    case Op::Naval:
      return in_space(loc) && (c.is_naval(u) || c.units[u].type == UnitType::Mar);
    case Op::Ground:
      return in_space(loc) && c.is_ground(u);
    default:
      return false;
  }
}

int group_limit(const CpsState& s, Op op, int side, int nation) {
  if (op == Op::Ground) return nation == kChina ? 1 : 2;  // 8.3, 8.5.5
  (void)s;
  return stack_limit(side);
}

// 7.3: a Special Operation's naval or ground move must end in a space controlled by a country
// war was just declared on.
bool special_target(const CpsState& s, const Control& ctl, int space) {
  if (space >= kNumSpaces) return false;
  const int side = s.declarer;
  if (ctl[space] == side) return false;
  return (s.war_targets >> controlling_nation(s, ctl, space)) & 1;
}

// Where a stack may end its move, as a mask of nodes.
NodeMask destinations(const CpsState& s, const Control& ctl, Op op, bool special, int from,
                      std::uint64_t group) {
  const Content& c = s.content();
  if (group == 0) return 0;
  if (op == Op::Strategic) return strategic_destination_mask(s, ctl, group, from);
  int side = 0, ma = 99;
  for (std::uint64_t g = group; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
    side = c.side(u);
    if (c.units[u].movement > 0) ma = std::min(ma, c.units[u].movement);
  }
  const int nations = group_nations(s, group);
  NodeMask out = 0;
  auto keep = [&](int n) {
    if (n == from || !nations_may(s, ctl, nations, n, true)) return;
    if (special && !special_target(s, ctl, n)) return;
    out |= NodeMask{1} << n;
  };
  if (op == Op::Ground) {
    for (const engine::Edge& e : c.graph.edges(from))
      if (e.kind == kLand && e.to < kNumSpaces) keep(e.to);
    return out;
  }
  // 8.2: sea routes, +1 to enter a space with an enemy air unit (8.2.2), halted by enemy control
  // (8.2.1; not for a Special Operation into an empty space, 7.3) or enemy units (8.2.3).
  NodeMask enemy_air = 0, enemy_units = 0;
  for (int u = 0; u < c.num_units(); ++u)
    if (in_space(s.units[u].loc) && c.side(u) != side) {
      enemy_units |= NodeMask{1} << s.units[u].loc;
      if (c.is_air(u)) enemy_air |= NodeMask{1} << s.units[u].loc;
    }
  // Whether every nation of the group may enter a space (7.4), worked out once per space.
  std::array<std::int8_t, kNumSpaces> enter;
  enter.fill(-1);
  auto may_enter_space = [&](int n) {
    if (enter[n] < 0) enter[n] = nations_may(s, ctl, nations, n, false) ? 1 : 0;
    return enter[n] == 1;
  };
  auto passes = [&](int n) {
    return ((enemy_units >> n) & 1u) == 0 && (ctl[n] == side || special);
  };
  // Cheapest sea cost from `from`, kept only up to the allowance: Dijkstra with cost buckets
  // (a route costs 1 to 3, so a ring of 4 buckets holds every pending cost). A space is final
  // when its bucket comes up; `reached` holds the spaces at cost <= ma, `from` included.
  std::array<NodeMask, 4> ring{};
  ring[0] = NodeMask{1} << from;
  NodeMask reached = 0;
  for (int d = 0; d <= ma; ++d) {
    const NodeMask now = ring[d & 3] & ~reached;
    ring[d & 3] = 0;
    if (now == 0) {
      if ((ring[0] | ring[1] | ring[2] | ring[3]) == 0) break;
      continue;
    }
    reached |= now;
    for (NodeMask m = now; m != 0; m &= m - 1) {
      const int n = std::countr_zero(m);
      if (n != from && !passes(n)) continue;
      for (const engine::Edge& e : c.graph.edges(n)) {
        if (e.kind != kSea || e.to >= kNumSpaces || ((reached >> e.to) & 1u)) continue;
        const int cost = e.length + static_cast<int>((enemy_air >> e.to) & 1u);
        if (d + cost > ma || !may_enter_space(e.to)) continue;
        ring[(d + cost) & 3] |= NodeMask{1} << e.to;
      }
    }
  }
  for (NodeMask m = reached; m != 0; m &= m - 1) keep(std::countr_zero(m));
  return out;
}

std::uint64_t bit(int u) { return std::uint64_t{1} << u; }

// What the destinations of a one-unit stack depend on besides the state: its space, nation,
// type and movement allowance. Units alike in these have the same destinations.
std::uint32_t alike_key(const CpsState& s, int u) {
  const UnitDef& d = s.content().units[u];
  return static_cast<std::uint32_t>(s.units[u].loc) | static_cast<std::uint32_t>(d.nation) << 8 |
         static_cast<std::uint32_t>(d.type) << 12 | static_cast<std::uint32_t>(d.movement) << 16;
}

// A small set of keys on the stack (at most one per unit).
struct KeySet {
  std::array<std::uint32_t, kMaxUnits> keys{};
  int size = 0;
  bool contains(std::uint32_t k) const {
    for (int i = 0; i < size; ++i)
      if (keys[i] == k) return true;
    return false;
  }
  void add(std::uint32_t k) { keys[size++] = k; }
};

}  // namespace

std::vector<int> move_destinations(const CpsState& s, const Control& ctl, std::uint64_t group) {
  std::vector<int> out;
  const NodeMask m = destinations(s, ctl, s.op.op, s.op.special, s.op.from, group);
  if (s.op.op == Op::Ground) {  // in the order of the routes, as listed in map.json
    for (const engine::Edge& e : s.content().graph.edges(s.op.from))
      if ((m >> e.to) & 1u) out.push_back(e.to);
    return out;
  }
  for (NodeMask r = m; r != 0; r &= r - 1) out.push_back(std::countr_zero(r));
  return out;
}

bool can_move(const CpsState& s, const Control& ctl, Op op, int side, int nation, bool special) {
  const Content& c = s.content();
  KeySet stuck;  // units known to have no destination
  for (int u = 0; u < c.num_units(); ++u) {
    if (!eligible(s, u, op, side, nation)) continue;
    const std::uint32_t key = alike_key(s, u);
    if (stuck.contains(key)) continue;
    if (destinations(s, ctl, op, special, s.units[u].loc, bit(u)) != 0) return true;
    stuck.add(key);
  }
  return false;
}

void start_move(CpsState& s, Op op, int side, int nation, bool special, Resume resume) {
  s.op.op = op;
  s.op.side = static_cast<std::int8_t>(side);
  s.op.nation = static_cast<std::int8_t>(nation);
  s.op.special = special;
  s.op.resume = resume;
  s.op.picked = 0;
  s.op.from = -1;
  s.step = Step::PickFrom;
  s.seat = static_cast<std::int8_t>(side);
}

void legal_from(const CpsState& s, Out& out) {
  const Control ctl = compute_control(s);
  const Content& c = s.content();
  std::array<bool, kNumNodes> done{};
  KeySet stuck;  // units known to have no destination
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[u].loc;
    if (!on_map(loc) || done[loc] || !eligible(s, u, s.op.op, s.op.side, s.op.nation)) continue;
    const std::uint32_t key = alike_key(s, u);
    if (stuck.contains(key)) continue;
    if (destinations(s, ctl, s.op.op, s.op.special, loc, bit(u)) == 0) {
      stuck.add(key);
      continue;
    }
    done[loc] = true;
    out.push_back(encode(Kind::From, loc));
  }
}

void apply_from(CpsState& s, Act a, Log log) {
  s.op.from = static_cast<std::int8_t>(a.a);
  s.op.picked = 0;
  s.step = Step::PickUnits;
  Out out;
  legal_pick(s, out);
  if (out.size() == 1) apply_pick(s, decode(out[0]), log);
}

void legal_pick(const CpsState& s, Out& out) {
  const Control ctl = compute_control(s);
  const Content& c = s.content();
  int count = 0;
  for (int u = 0; u < c.num_units(); ++u) count += (s.op.picked >> u) & 1u;
  if (count < group_limit(s, s.op.op, s.op.side, s.op.nation)) {
    KeySet stuck;  // units whose addition is known to leave the stack no destination
    for (int u = 0; u < c.num_units(); ++u) {
      if (s.units[u].loc != s.op.from || ((s.op.picked >> u) & 1u)) continue;
      if (!eligible(s, u, s.op.op, s.op.side, s.op.nation)) continue;
      const std::uint32_t key = alike_key(s, u);
      if (stuck.contains(key)) continue;
      if (destinations(s, ctl, s.op.op, s.op.special, s.op.from, s.op.picked | bit(u)) == 0) {
        stuck.add(key);
        continue;
      }
      out.push_back(encode(Kind::Pick, u));
    }
  }
  if (count > 0) out.push_back(encode(Kind::Done));
}

void apply_pick(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::Pick) {
    s.op.picked |= bit(a.a);
    Out out;
    legal_pick(s, out);
    if (!(out.size() == 1 && decode(out[0]).kind == Kind::Done)) return;
  }
  s.step = Step::Destination;
  Out out;
  legal_destination(s, out);
  if (out.size() == 1) apply_destination(s, decode(out[0]), log);
}

void legal_destination(const CpsState& s, Out& out) {
  for (int n : move_destinations(s, compute_control(s), s.op.picked))
    out.push_back(encode(Kind::To, n));
}

void apply_destination(CpsState& s, Act a, Log log) {
  const Content& c = s.content();
  const int to = a.a;
  static const char* kRule[] = {"", "", "", "8.1", "8.2", "8.3"};
  std::string names;
  int count = 0;
  for (int u = 0; u < c.num_units(); ++u)
    if ((s.op.picked >> u) & 1u) {
      ++count;
      put_unit(s, u, to);
      if (s.op.op == Op::Naval && c.units[u].type == UnitType::Mar) s.units[u].flags |= kNavalSide;
      names += (names.empty() ? "" : ", ") + unit_name(s, u);
    }
  log_line(
      log,
      [&] {
        return names + (count == 1 ? " moves from " : " move from ") + space_name(s, s.op.from) +
               " to " + space_name(s, to) + ".";
      },
      kRule[static_cast<int>(s.op.op)]);
  const int side = s.op.side;
  if (to < kNumSpaces && has_units(s, other(side), to)) {
    start_combat(s, to, side, s.op.op == Op::Ground ? s.op.from : -1, s.op.op == Op::Naval,
                 s.op.special, log);
    return;
  }
  for (int u = 0; u < c.num_units(); ++u) s.units[u].flags &= ~kNavalSide;
  finish_op(s, log);
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 8.1-8.3 Movement (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

const char* op_title(Op op) {
  switch (op) {
    case Op::Strategic:
      return "8.1 Strategic Movement";
    case Op::Naval:
      return "8.2 Naval Movement";
    case Op::Ground:
      return "8.3 Ground Movement";
    default:
      return "8.1-8.3 Movement";
  }
}

constexpr StepRules kSteps[] = {
    {Step::PickFrom, Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false, legal_from, apply_from,
     [](const CpsState& s) -> std::string {
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": space the stack moves from";
     }},
    {Step::PickUnits, Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false, legal_pick,
     apply_pick,
     [](const CpsState& s) -> std::string {
       int n = 0;
       for (int u = 0; u < s.content().num_units(); ++u) n += (s.op.picked >> u) & 1u;
       const int limit =
           s.op.op == Op::Ground ? (s.op.nation == kChina ? 1 : 2) : stack_limit(s.seat);
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": units moving from " + space_name(s, s.op.from) + " (" + std::to_string(n) +
              " of up to " + std::to_string(limit) + " picked; done to stop)";
     }},
    {Step::Destination, Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false, legal_destination,
     apply_destination,
     [](const CpsState& s) -> std::string {
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": destination from " + space_name(s, s.op.from);
     }},
};

}  // namespace

std::span<const StepRules> movement_steps() { return kSteps; }

}  // namespace pacwar::co_prosperity
