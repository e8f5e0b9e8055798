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
  if (!card_usable(s, u, side, nation) || !may_move_at_all(s, c.unit_nation[u])) return false;
  const int loc = s.units[u].loc;
  switch (op) {
    case Op::Strategic:
      return on_map(loc);
    case Op::Naval:
      return in_space(loc) && (c.is_naval(u) || c.unit_type[u] == UnitType::Mar);
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
NodeMask special_targets(const CpsState& s, const Control& ctl) {
  NodeMask out = 0;
  for (int n = 0; n < 4; ++n)
    if ((s.war_targets >> n) & 1) out |= ctl.of_nation[n];
  const NodeMask own = s.declarer >= 0 ? ctl.of_side[static_cast<std::size_t>(s.declarer)] : 0;
  return out & ~own & ((NodeMask{1} << kNumSpaces) - 1);
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
    if (c.unit_movement[u] > 0) ma = std::min(ma, static_cast<int>(c.unit_movement[u]));
  }
  const int nations = group_nations(s, group);
  NodeMask end_in = nations_mask(ctl, nations, true) & ~(NodeMask{1} << from);
  if (special) end_in &= special_targets(s, ctl);
  if (op == Op::Ground) return c.land_neighbours[from] & end_in;
  // 8.2: sea routes, +1 to enter a space with an enemy air unit (8.2.2), halted by enemy control
  // (8.2.1; not for a Special Operation into an empty space, 7.3) or enemy units (8.2.3), and
  // only into spaces every nation of the stack may enter (7.4).
  const NodeMask enemy_units = ctl.units[other(side)], enemy_air = ctl.air[other(side)];
  const NodeMask enter = nations_mask(ctl, nations, false);
  const NodeMask passes = ~enemy_units & (special ? ~NodeMask{0} : ctl.of_side[side]);
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
    // By cost to enter: length 1 or 2, +1 into a space with enemy air.
    std::array<NodeMask, 4> by_cost{};
    for (NodeMask m = now & (passes | (NodeMask{1} << from)); m != 0; m &= m - 1) {
      const int n = std::countr_zero(m);
      const NodeMask one = c.sea1_neighbours[n] & enter & ~reached;
      const NodeMask two = c.sea2_neighbours[n] & enter & ~reached;
      by_cost[1] |= one & ~enemy_air;
      by_cost[2] |= (one & enemy_air) | (two & ~enemy_air);
      by_cost[3] |= two & enemy_air;
    }
    for (int cost = 1; cost <= 3 && d + cost <= ma; ++cost) ring[(d + cost) & 3] |= by_cost[cost];
  }
  return reached & end_in;
}

std::uint64_t bit(int u) { return std::uint64_t{1} << u; }

// What the destinations of a one-unit stack depend on besides the state: its space, nation,
// type and movement allowance. Units alike in these have the same destinations.
std::uint32_t alike_key(const CpsState& s, int u) {
  const Content& c = s.content();
  return static_cast<std::uint32_t>(s.units[u].loc) |
         static_cast<std::uint32_t>(c.unit_nation[u]) << 8 |
         static_cast<std::uint32_t>(c.unit_type[u]) << 12 |
         static_cast<std::uint32_t>(c.unit_movement[u]) << 16;
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
  for (std::uint64_t g = c.side_units[side]; g != 0; g &= g - 1) {  // eligible: the side's units
    const int u = std::countr_zero(g);
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
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const Content& c = s.content();
  std::array<bool, kNumNodes> done{};
  KeySet stuck;  // units known to have no destination
  for (std::uint64_t g = c.side_units[s.op.side]; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
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

namespace {

// The PickUnits choices in order (units, then Done): `emit(action)` returns false to stop.
template <class Emit>
void pick_options(const CpsState& s, Emit&& emit) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const Content& c = s.content();
  const int count = std::popcount(s.op.picked);
  if (count < group_limit(s, s.op.op, s.op.side, s.op.nation)) {
    KeySet stuck;  // units whose addition is known to leave the stack no destination
    for (std::uint64_t g = c.side_units[s.op.side]; g != 0; g &= g - 1) {
      const int u = std::countr_zero(g);
      if (s.units[u].loc != s.op.from || ((s.op.picked >> u) & 1u)) continue;
      if (!eligible(s, u, s.op.op, s.op.side, s.op.nation)) continue;
      const std::uint32_t key = alike_key(s, u);
      if (stuck.contains(key)) continue;
      if (destinations(s, ctl, s.op.op, s.op.special, s.op.from, s.op.picked | bit(u)) == 0) {
        stuck.add(key);
        continue;
      }
      if (!emit(encode(Kind::Pick, u))) return;
    }
  }
  if (count > 0) emit(encode(Kind::Done));
}

// The only choice of a pick prompt, or 0 (encode never gives 0 for Pick or Done) if there are
// none or several.
engine::ActionCode only_pick(const CpsState& s) {
  int n = 0;
  engine::ActionCode first = 0;
  pick_options(s, [&](engine::ActionCode a) {
    if (n++ == 0) first = a;
    return n < 2;
  });
  return n == 1 ? first : 0;
}

}  // namespace

void apply_from(CpsState& s, Act a, Log log) {
  s.op.from = static_cast<std::int8_t>(a.a);
  s.op.picked = 0;
  s.step = Step::PickUnits;
  if (const engine::ActionCode only = only_pick(s); only != 0) apply_pick(s, decode(only), log);
}

void legal_pick(const CpsState& s, Out& out) {
  pick_options(s, [&out](engine::ActionCode a) {
    out.push_back(a);
    return true;
  });
}

void apply_pick(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::Pick) {
    s.op.picked |= bit(a.a);
    const engine::ActionCode only = only_pick(s);
    if (!(only != 0 && decode(only).kind == Kind::Done)) return;
  }
  s.step = Step::Destination;
  const NodeMask to = destinations(s, *ControlOf(s), s.op.op, s.op.special, s.op.from, s.op.picked);
  if (std::popcount(to) == 1) apply_destination(s, {Kind::To, std::countr_zero(to)}, log);
}

void legal_destination(const CpsState& s, Out& out) {
  const NodeMask m = destinations(s, *ControlOf(s), s.op.op, s.op.special, s.op.from, s.op.picked);
  if (s.op.op == Op::Ground) {  // in the order of the routes, as listed in map.json
    for (const engine::Edge& e : s.content().graph.edges(s.op.from))
      if ((m >> e.to) & 1u) out.push_back(encode(Kind::To, e.to));
    return;
  }
  for (NodeMask r = m; r != 0; r &= r - 1) out.push_back(encode(Kind::To, std::countr_zero(r)));
}

void apply_destination(CpsState& s, Act a, Log log) {
  const Content& c = s.content();
  const int to = a.a;
  static const char* kRule[] = {"", "", "", "8.1", "8.2", "8.3"};
  log_line(
      log,
      [&] {
        std::string names;
        for (std::uint64_t g = s.op.picked; g != 0; g &= g - 1)
          names += (names.empty() ? "" : ", ") + unit_name(s, std::countr_zero(g));
        return names + (std::popcount(s.op.picked) == 1 ? " moves from " : " move from ") +
               space_name(s, s.op.from) + " to " + space_name(s, to) + ".";
      },
      kRule[static_cast<int>(s.op.op)]);
  for (std::uint64_t g = s.op.picked; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
    put_unit(s, u, to);
    if (s.op.op == Op::Naval && c.unit_type[u] == UnitType::Mar) s.units[u].flags |= kNavalSide;
  }
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

constexpr StepRules kMovementSteps[] = {
    {Step::PickFrom, "pick-from", Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false, kNoKind,
     nullptr, legal_from, apply_from,
     [](const CpsState& s) -> std::string {
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": space the stack moves from";
     }},
    {Step::PickUnits, "pick-units", Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false, kNoKind,
     nullptr, legal_pick, apply_pick,
     [](const CpsState& s) -> std::string {
       int n = 0;
       for (int u = 0; u < s.content().num_units(); ++u)
         n += static_cast<int>((s.op.picked >> u) & 1u);
       const int limit =
           s.op.op == Op::Ground ? (s.op.nation == kChina ? 1 : 2) : stack_limit(s.seat);
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": units moving from " + space_name(s, s.op.from) + " (" + std::to_string(n) +
              " of up to " + std::to_string(limit) + " picked; done to stop)";
     }},
    {Step::Destination, "destination", Actor::Seat, "operations", "8.1, 8.2, 8.3, 7.3", false,
     kNoKind, nullptr, legal_destination, apply_destination,
     [](const CpsState& s) -> std::string {
       return std::string(s.op.special ? "7.3 Special Operation, " : "") + op_title(s.op.op) +
              ": destination from " + space_name(s, s.op.from);
     }},
};

}  // namespace

std::span<const StepRules> movement_steps() { return kMovementSteps; }

}  // namespace pacwar::co_prosperity
