// 8.9-8.11 Moving units: Normal Movement of one Naval group (8.10.1), Return to Port (8.9.2,
// 10.4) and LBA Redeployment (8.11, 10.4). The same flows serve the Supply Phase (10.4).
#include <algorithm>
#include <bit>

#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

// The speed a ship needs to leave `from` at all: 0 if an enemy-free neighbour can be entered
// (3 MP always suffice), else the cheapest route into an enemy-held neighbour.
int speed_needed_to_leave(const PwState& s, int side, int from) {
  const Content& c = s.content();
  const std::uint32_t allowed = ~(side == kJapanese ? c.japanese_forbidden_mask : 0u);
  const std::uint32_t near = neighbors_1mp(s)[static_cast<std::size_t>(from)] & allowed;
  const std::uint32_t far = neighbors_2mp(s)[static_cast<std::size_t>(from)] & allowed;
  if (((near | far) & ~occupied_ozs(s, 1 - side)) != 0) return 0;
  return near != 0 ? 1 : far != 0 ? 2 : 99;
}

int group_need(const PwState& s) {
  return s.move.kind == MoveKind::Normal ? speed_needed_to_leave(s, s.move.side, s.move.from) : 0;
}

// The ships of the group being moved or returned, in unit order: the side's picked ships where
// the group is (invariants.cc checks that no picked ship of the side is elsewhere).
template <class F>
void for_each_group_ship(const PwState& s, F&& f) {
  for_each_unit(ships_at(s, s.move.side, s.move.at), [&](int u) {
    if (s.units[u].flags & kSelected) f(u);
  });
}

int group_speed(const PwState& s) {
  int speed = 99;
  for_each_group_ship(s,
                      [&](int u) { speed = std::min<int>(speed, s.content().unit_hot[u].speed); });
  return speed == 99 ? 0 : speed;
}

// 8.10.1: the cheapest cost to each OZ, never passing through an OZ with enemy units.
Distances normal_distances(const PwState& s, int side, int from) {
  const Content& c = s.content();
  const std::uint32_t enter =
      c.all_ozs_mask & ~(side == kJapanese ? c.japanese_forbidden_mask : 0u);
  const std::uint32_t pass = (c.all_ozs_mask & ~occupied_ozs(s, 1 - side)) | oz_bit(from);
  return distances_masked(s, from, enter, pass);
}

// 8.10.1 MP: the slowest speed, or 3 MP when no enemy units are entered. emit(oz, cost) for
// each destination, in the order of the OZs.
template <class Emit>
void normal_destinations(const PwState& s, int side, int from, int speed, Emit&& emit) {
  const Distances dist = normal_distances(s, side, from);
  for (int x = 0; x < s.content().num_ozs(); ++x) {
    if (x == from || dist[x] >= kUnreachable) continue;
    const int budget = has_units(s, 1 - side, x) ? speed : std::max(speed, 3);
    if (dist[x] <= budget) emit(x, static_cast<int>(dist[x]));
  }
}

// 8.9.2 / 10.4: friendly Ports reachable without crossing enemy-controlled or occupied OZs.
std::uint32_t return_ports(const PwState& s, int side, int from) {
  const Content& c = s.content();
  const int foe = 1 - side;
  const std::uint32_t open = c.all_ozs_mask &
                             ~(side == kJapanese ? c.japanese_forbidden_mask : 0u) &
                             ~controlled_ozs(s, foe) & ~occupied_ozs(s, foe);
  const Distances dist = distances_masked(s, from, open, open | oz_bit(from));
  std::uint32_t reached = 0;
  for (int x = 0; x < c.num_ozs(); ++x)
    if (x != from && dist[x] < kUnreachable) reached |= oz_bit(x);
  return reached & usable_ports(s, side);
}

}  // namespace

// 8.9.3 / 10.4: friendly-controlled OZ or one with friendly Naval units, no enemy units; one
// LBA per Base.
std::uint32_t lba_landing_mask(const PwState& s, int side) {
  const Content& c = s.content();
  const std::uint32_t free = c.all_ozs_mask & ~occupied_ozs(s, 1 - side) &
                             ~(side == kJapanese ? c.japanese_forbidden_mask : 0u);
  const std::uint32_t ships = s.naval_ozs[static_cast<std::size_t>(side)];
  const std::uint32_t lba = s.lba_ozs[static_cast<std::size_t>(side)];
  // 8.9.3 / 10.4: no limit of LBA on a Port, one per Base. An enemy Port held as the side's Base
  // "is considered in all aspects as a Base" (12.3) and "neither player can use it as a Port for
  // any purpose" (12.2), so only the side's own Ports, and the Fleet Train's Base (8.7), are
  // unlimited.
  std::uint32_t unlimited = c.port_mask & s.port_ozs[static_cast<std::size_t>(side)];
  if (side == kAllied && s.fleet_train_oz >= 0) unlimited |= oz_bit(s.fleet_train_oz);
  return free & (ships | controlled_ozs(s, side)) & ~(lba & ~unlimited);
}

namespace {

void clear_selection(PwState& s) { clear_unit_flag(s, kSelected); }

void mark_moved_and_clear(PwState& s) {
  for (auto& us : s.units)
    if (us.flags & kSelected)
      us.flags = static_cast<std::uint8_t>((us.flags | kMoved) & ~kSelected);
}

void move_done(PwState& s, Log log) {
  if (s.move.supply) {
    mark_moved_and_clear(s);
    supply_group_done(s, log);
  } else {
    finish_action(s, log);
  }
}

std::string group_names(const PwState& s) {
  std::vector<int> ships;
  for_each_group_ship(s, [&](int u) { ships.push_back(u); });
  return ship_list(s, ships);
}

void move_group(PwState& s, int to) {
  for_each_group_ship(s, [&](int u) { set_loc(s, u, static_cast<std::uint8_t>(to)); });
  s.move.at = static_cast<std::int8_t>(to);
}

}  // namespace

// Some group can move iff a neighbour is enemy-free (3 MP always reach it) or holds enemies
// within the fastest Ready ship's speed: every longer path passes an enemy-free neighbour.
bool group_can_move(const PwState& s, int side, int from) {
  const Content& c = s.content();
  if (!has_naval(s, side, from)) return false;
  int fastest = -1;
  for (int u : c.side_units[side])
    if (s.units[u].loc == from && c.units[u].is_naval() && is_ready(s, u))
      fastest = std::max(fastest, c.units[u].speed);
  return group_can_leave(s, side, from, fastest);
}

bool group_can_leave(const PwState& s, int side, int from, int fastest) {
  const Content& c = s.content();
  if (fastest < 0) return false;
  const std::uint32_t allowed = ~(side == kJapanese ? c.japanese_forbidden_mask : 0u);
  const std::uint32_t near = neighbors_1mp(s)[static_cast<std::size_t>(from)] & allowed;
  const std::uint32_t far = neighbors_2mp(s)[static_cast<std::size_t>(from)] & allowed;
  return ((near | far) & ~occupied_ozs(s, 1 - side)) != 0 || (fastest >= 1 && near != 0) ||
         (fastest >= 2 && far != 0);
}

bool can_return_from(const PwState& s, int side, int from) {
  return has_naval(s, side, from) && (return_reach(s, side) & oz_bit(from)) != 0;
}

bool lba_can_redeploy(const PwState& s, int unit) {
  return (lba_landing_mask(s, side_of(s, unit)) & ~oz_bit(s.units[unit].loc)) != 0;
}

void start_group(PwState& s, MoveKind kind, int side, int from, bool supply) {
  clear_selection(s);
  s.move = MoveCtx{};
  s.move.kind = kind;
  s.move.side = static_cast<std::int8_t>(side);
  s.move.from = static_cast<std::int8_t>(from);
  s.move.at = static_cast<std::int8_t>(from);
  s.move.supply = supply;
  s.step = Step::PickGroup;
  s.seat = static_cast<std::int8_t>(side);
}

void start_lba(PwState& s, int side, int unit, bool supply) {
  clear_selection(s);
  s.move = MoveCtx{};
  s.move.kind = MoveKind::Lba;
  s.move.side = static_cast<std::int8_t>(side);
  s.move.unit = static_cast<std::int16_t>(unit);
  s.move.from = static_cast<std::int8_t>(s.units[unit].loc);
  s.move.supply = supply;
  s.units[unit].flags |= kSelected;
  s.step = Step::ChooseDestination;
  s.seat = static_cast<std::int8_t>(side);
}

namespace {

// The side's Naval units in the group's OZ (the picked ones among them: start_group clears
// every pick, and only these can be picked; invariants.cc checks it).
UnitMask group_candidates(const PwState& s) {
  return s.units_at[static_cast<std::size_t>(s.move.from)] &
         s.content().side_naval_units[static_cast<std::size_t>(s.move.side)];
}

// eligible(u, flags) for one of group_candidates (in place, of the side and Naval already): not
// picked, not moved in this Supply sub-phase (10.4), and for a Normal move Ready and fast enough
// to leave (8.10.1 note; the group must be able to go somewhere).
auto eligibility(const PwState& s) {
  const int need = group_need(s);
  const bool normal = s.move.kind == MoveKind::Normal;
  const std::uint8_t off = static_cast<std::uint8_t>(kSelected | (s.move.supply ? kMoved : 0));
  const std::uint8_t on = normal ? kReady : 0;
  const std::uint8_t mask = static_cast<std::uint8_t>(off | on);
  return [&hot = s.content().unit_hot, need, normal, on, mask](int u, std::uint8_t flags) {
    return (flags & mask) == on && (!normal || hot[u].speed >= need);
  };
}

// f(u, flags, eligible) for each of group_candidates.
template <class F>
void for_each_candidate(const PwState& s, F&& f) {
  const auto eligible = eligibility(s);
  for_each_unit(group_candidates(s), [&](int u) {
    const std::uint8_t flags = s.units[u].flags;
    f(u, flags, eligible(u, flags));
  });
}

// Whether one of group_candidates is eligible (it stops at the first).
bool any_candidate_eligible(const PwState& s) {
  const auto eligible = eligibility(s);
  return any_unit(group_candidates(s), [&](int u) { return eligible(u, s.units[u].flags); });
}

}  // namespace

void legal_pick_group(const PwState& s, Out& out) {
  int eligible = 0;
  bool picked = false;
  for_each_candidate(s, [&](int u, std::uint8_t flags, bool ok) {
    if (ok) {
      out.push_back(encode(Kind::Pick, u));
      ++eligible;
    }
    if (flags & kSelected) picked = true;
  });
  if (eligible > 1) out.push_back(encode(Kind::All));
  if (picked) out.push_back(encode(Kind::Done));
}

void apply_pick_group(PwState& s, Act act, Log log) {
  (void)log;
  bool more = false;  // is any ship left to pick?
  if (act.kind == Kind::Pick) {
    s.units[act.a].flags |= kSelected;
    more = any_candidate_eligible(s);
  } else if (act.kind == Kind::All) {  // picks every eligible ship: none is left
    for_each_candidate(s, [&](int u, std::uint8_t, bool ok) {
      if (ok) s.units[u].flags |= kSelected;
    });
  }
  if (!more) s.step = Step::ChooseDestination;  // Done, All, or the last ship picked
}

void legal_destination(const PwState& s, Out& out) {
  switch (s.move.kind) {
    case MoveKind::Normal:
      // b = the MP the move costs, for the label only (the id is "to <OZ>").
      normal_destinations(s, s.move.side, s.move.from, group_speed(s),
                          [&](int oz, int cost) { out.push_back(encode(Kind::To, oz, cost)); });
      break;
    case MoveKind::Return:
      for (std::uint32_t m = return_ports(s, s.move.side, s.move.from); m != 0; m &= m - 1)
        out.push_back(encode(Kind::To, std::countr_zero(m)));
      break;
    case MoveKind::Lba: {
      const std::uint32_t to =
          lba_landing_mask(s, side_of(s, s.move.unit)) & ~oz_bit(s.units[s.move.unit].loc);
      for (std::uint32_t m = to; m != 0; m &= m - 1)
        out.push_back(encode(Kind::To, std::countr_zero(m)));
      break;
    }
    default:
      break;
  }
}

void apply_destination(PwState& s, Act act, Log log) {
  const int to = act.a;
  switch (s.move.kind) {
    case MoveKind::Normal: {
      const int speed = group_speed(s);
      const Distances dist = normal_distances(s, s.move.side, s.move.from);
      const int cost = dist[to];
      s.move.mp = static_cast<std::int8_t>(std::max(0, speed - cost));
      log_line(
          log,
          [&] {
            return side_name(s.move.side) + " move " + group_names(s) + " from " +
                   oz_name(s, s.move.from) + " to " + oz_name(s, to) + " (" + std::to_string(cost) +
                   " MP).";
          },
          "8.10.1");
      move_group(s, to);
      for_each_group_ship(s, [&](int u) { set_ready(s, u, false); });  // Ops Complete at once
      group_arrived(s, to, log);
      return;
    }
    case MoveKind::Return:
      log_line(
          log,
          [&] {
            return side_name(s.move.side) + " return " + group_names(s) + " to port at " +
                   oz_name(s, to) + ".";
          },
          s.move.supply ? "10.4" : "8.9.2");
      move_group(s, to);
      move_done(s, log);
      return;
    case MoveKind::Lba:
      log_line(
          log,
          [&] {
            return side_name(s.move.side) + " redeploy " + unit_name(s, s.move.unit) + " to " +
                   oz_name(s, to) + ".";
          },
          s.move.supply ? "10.4" : "8.11");
      set_loc(s, s.move.unit, static_cast<std::uint8_t>(to));
      s.move.at = static_cast<std::int8_t>(to);
      move_done(s, log);
      return;
    default:
      return;
  }
}

void group_arrived(PwState& s, int oz, Log log) {
  const int foe = 1 - s.move.side;
  if (!has_units(s, foe, oz)) {
    finish_action(s, log);
    return;
  }
  // 8.12 Reaction, or else 9.5.1: "If the Defender chooses to not participate in combat,
  // before a Combat Round begins, he may choose to retreat from the OZ" (round 1 included).
  s.step = Step::Reaction;
  s.seat = static_cast<std::int8_t>(foe);
}

// 8.12 after an Emergency Evacuation: the group may go on with the MP it has left.
void legal_pursuit(const PwState& s, Out& out) {
  out.push_back(encode(Kind::Stop));
  const Distances dist = normal_distances(s, s.move.side, s.move.at);
  for (int x = 0; x < s.content().num_ozs(); ++x)
    if (x != s.move.at && dist[x] <= s.move.mp) out.push_back(encode(Kind::To, x, dist[x]));
}

void apply_pursuit(PwState& s, Act act, Log log) {
  if (act.kind == Kind::Stop) {
    finish_action(s, log);
    return;
  }
  const Distances dist = normal_distances(s, s.move.side, s.move.at);
  s.move.mp = static_cast<std::int8_t>(s.move.mp - dist[act.a]);
  log_line(
      log,
      [&] {
        return side_name(s.move.side) + " pursue to " + oz_name(s, act.a) + " (" +
               std::to_string(dist[act.a]) + " MP).";
      },
      "8.12");
  move_group(s, act.a);
  group_arrived(s, act.a, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 8.9-8.11 Movement (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kMovementSteps[] = {
    {Step::PickGroup, "pick-group", Actor::Seat, "strategy", "8.10.1", Rest::Busy, kNoKind, nullptr,
     legal_pick_group, apply_pick_group,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return std::string(s.move.kind == MoveKind::Normal ? "8.10.1"
                          : s.move.supply                 ? "10.4"
                                                          : "8.9.2") +
              " Pick the ships of the group at " + oz_name(s, s.move.from);
     }},
    {Step::ChooseDestination, "choose-destination", Actor::Seat, "strategy", "8.10.1", Rest::Busy,
     kNoKind, nullptr, legal_destination, apply_destination,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return std::string(
           s.move.kind == MoveKind::Normal ? "8.10.1 Destination of the group"
           : s.move.kind == MoveKind::Return
               ? (s.move.supply ? "10.4 Return to which Port?" : "8.9.2 Return to which Port?")
           : s.move.supply ? "10.4 Redeploy the LBA to which OZ?"
                           : "8.11 Redeploy the LBA to which OZ?");
     }},
    {Step::Pursuit, "pursuit", Actor::Seat, "strategy", "8.12", Rest::Busy, kNoKind, nullptr,
     legal_pursuit, apply_pursuit,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.12 The defenders evacuated: pursue with " + std::to_string(s.move.mp) +
              " MP left, or stop";
     }},
};

}  // namespace

std::span<const StepRules> movement_steps() { return kMovementSteps; }

}  // namespace pacwar::pacific_war
