// 8.1 Strategic Movement, 8.2 Naval Movement, 8.3 Ground Movement (also used by the Special
// Operations of 7.3, the CBI Theater of 8.5 and RP moves of 6.4). A stack is formed one unit at
// a time (PickFrom, PickUnits) and then sent to a destination.
#include "games/co_prosperity/rules.h"

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

std::vector<int> destinations(const CpsState& s, const Control& ctl, Op op, bool special, int from,
                              std::uint64_t group) {
  const Content& c = s.content();
  std::vector<int> out;
  if (group == 0) return out;
  if (op == Op::Strategic) return strategic_destinations(s, ctl, group, from);
  int side = 0, ma = 99;
  for (int u = 0; u < c.num_units(); ++u)
    if ((group >> u) & 1u) {
      side = c.side(u);
      if (c.units[u].movement > 0) ma = std::min(ma, c.units[u].movement);
    }
  const int nations = group_nations(s, group);
  auto all_may = [&](int n, bool stop) { return nations_may(s, ctl, nations, n, stop); };
  auto keep = [&](int n) {
    if (n == from || !all_may(n, true)) return;
    if (special && !special_target(s, ctl, n)) return;
    out.push_back(n);
  };
  if (op == Op::Ground) {
    for (const engine::Edge& e : c.graph.edges(from))
      if (e.kind == kLand && e.to < kNumSpaces) keep(e.to);
    return out;
  }
  // 8.2: sea routes, +1 to enter a space with an enemy air unit (8.2.2), halted by enemy control
  // (8.2.1; not for a Special Operation into an empty space, 7.3) or enemy units (8.2.3).
  std::array<bool, kNumSpaces> enemy_air{}, enemy_units{};
  for (int u = 0; u < c.num_units(); ++u)
    if (in_space(s.units[u].loc) && c.side(u) != side) {
      enemy_units[s.units[u].loc] = true;
      if (c.is_air(u)) enemy_air[s.units[u].loc] = true;
    }
  const auto dist = c.graph.distances(
      from,
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

std::uint64_t bit(int u) { return std::uint64_t{1} << u; }

}  // namespace

std::vector<int> move_destinations(const CpsState& s, const Control& ctl, std::uint64_t group) {
  return destinations(s, ctl, s.op.op, s.op.special, s.op.from, group);
}

bool can_move(const CpsState& s, const Control& ctl, Op op, int side, int nation, bool special) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (eligible(s, u, op, side, nation) &&
        !destinations(s, ctl, op, special, s.units[u].loc, bit(u)).empty())
      return true;
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
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[u].loc;
    if (!on_map(loc) || done[loc] || !eligible(s, u, s.op.op, s.op.side, s.op.nation)) continue;
    if (destinations(s, ctl, s.op.op, s.op.special, loc, bit(u)).empty()) continue;
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
  if (count < group_limit(s, s.op.op, s.op.side, s.op.nation))
    for (int u = 0; u < c.num_units(); ++u) {
      if (s.units[u].loc != s.op.from || ((s.op.picked >> u) & 1u)) continue;
      if (!eligible(s, u, s.op.op, s.op.side, s.op.nation)) continue;
      if (destinations(s, ctl, s.op.op, s.op.special, s.op.from, s.op.picked | bit(u)).empty())
        continue;
      out.push_back(encode(Kind::Pick, u));
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
  log_line(log,
           names + (count == 1 ? " moves from " : " move from ") + space_name(s, s.op.from) +
               " to " + space_name(s, to) + ".",
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
