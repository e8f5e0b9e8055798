// 10.0 Supply Phase, Japanese first in each sub-phase: isolation (10.1), Port invasions
// (10.2, 10.3), redeployment and return to port (10.4), readying Naval units (10.5).
#include <algorithm>
#include <bit>

#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

void isolation_step(PwState& s, Log log);
void invasion_step(PwState& s, Log log);
void supply_moves_step(PwState& s, Log log);
void readying_step(PwState& s, Log log);

// 10.1: one isolated Naval unit of the side (the first in the OZ) goes to `port`, Ops Complete.
// Units go one at a time so that on a tie each may choose its own Port ("redeploy his units as
// desired between").
void redeploy_one_isolated(PwState& s, int side, int from, int port, Log log) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u) {
    if (s.units[u].loc != from || c.units[u].side != side || !c.units[u].is_naval()) continue;
    set_loc(s, u, static_cast<std::uint8_t>(port));
    set_ready(s, u, false);
    log_line(
        log,
        [&] {
          return unit_name(s, u) + " is isolated: redeployed, Ops Complete, to " +
                 oz_name(s, port) + ".";
        },
        "10.1");
    return;
  }
}

// First OZ holding isolated units of the side, or -1.
int next_isolated(const PwState& s, int side) {
  for (int oz = 0; oz < s.content().num_ozs(); ++oz)
    if (has_units(s, side, oz) && is_isolated(s, side, oz)) return oz;
  return -1;
}

void isolation_step(PwState& s, Log log) {
  const Content& c = s.content();
  const int side = s.supply_side;
  for (int oz = next_isolated(s, side); oz >= 0; oz = next_isolated(s, side)) {
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == oz && c.units[u].side == side && c.units[u].is_lba()) {
        log_line(
            log, [&] { return unit_name(s, u) + " is isolated."; }, "10.1");
        lba_to_next_turn(s, u, log);
      }
    if (!has_naval(s, side, oz)) continue;
    const std::vector<int> ports = nearest_ports(s, side, oz);
    if (ports.empty()) {  // no friendly Port at all (docs/rulings.md)
      for (int u = 0; u < c.num_units(); ++u)
        if (s.units[u].loc == oz && c.units[u].side == side) set_loc(s, u, kLocSunk);
      log_line(log, "Isolated with no friendly Port anywhere: the units are lost.", "10.1");
      continue;
    }
    if (ports.size() > 1) {
      s.step = Step::Isolation;
      s.seat = static_cast<std::int8_t>(side);
      s.move.at = static_cast<std::int8_t>(oz);
      return;
    }
    while (has_naval(s, side, oz)) redeploy_one_isolated(s, side, oz, ports[0], log);
  }
  update_control(s, log);
  if (side == kJapanese) {
    s.supply_side = kAllied;
    isolation_step(s, log);
    return;
  }
  s.supply_side = kJapanese;
  invasion_step(s, log);
}

void invasion_step(PwState& s, Log log) {
  Out out;
  for (;;) {
    out.clear();
    s.seat = s.supply_side;
    legal_invasion(s, out);
    if (out.size() > 1) {  // more than "done"
      s.step = Step::Invasion;
      return;
    }
    std::fill(std::begin(s.committed), std::end(s.committed), 0);
    if (s.supply_side == kAllied) break;
    s.supply_side = kAllied;
  }
  s.supply_side = kJapanese;
  supply_moves_step(s, log);
}

// 10.4: the redeployments and returns open to the side acting (its seat), Done aside, in the
// order of the legal actions: emit(action) for each.
template <class Emit>
void each_supply_move(const PwState& s, Emit&& emit, bool stop_after_lba = false) {
  const Content& c = s.content();
  const int side = s.seat;
  const auto side_index = static_cast<std::size_t>(side);
  const std::uint32_t landing = lba_landing_mask(s, side);
  UnitMask lba{};  // the side's LBA on the map
  for (std::uint32_t m = s.lba_ozs[side_index]; m != 0; m &= m - 1)
    for (std::size_t w = 0; w < lba.size(); ++w)
      lba[w] |= s.units_at[static_cast<std::size_t>(std::countr_zero(m))][w] &
                c.side_lba_units[side_index][w];
  bool any = false;
  for_each_unit(lba, [&](int u) {
    if (!(s.units[u].flags & kMoved) && (landing & ~oz_bit(s.units[u].loc)) != 0) {
      emit(encode(Kind::Redeploy, u));
      any = true;
    }
  });
  if (stop_after_lba && any) return;  // the caller only asks whether there is a move
  // The OZs with the side's ships from which a return is open.
  for (std::uint32_t m = return_reach(s, side) & s.naval_ozs[side_index]; m != 0; m &= m - 1) {
    const int oz = std::countr_zero(m);
    bool unmoved = false;
    for_each_unit(s.units_at[static_cast<std::size_t>(oz)] & c.side_naval_units[side_index],
                  [&](int u) { unmoved = unmoved || !(s.units[u].flags & kMoved); });
    if (unmoved) emit(encode(Kind::ReturnFrom, oz));
  }
}

void supply_moves_step(PwState& s, Log log) {
  for (;;) {
    s.seat = s.supply_side;
    bool any = false;
    each_supply_move(
        s, [&](engine::ActionCode) { any = true; }, true);
    if (any) {
      s.step = Step::SupplyMoves;
      return;
    }
    if (s.supply_side == kAllied) break;
    s.supply_side = kAllied;
  }
  clear_unit_flag(s, kMoved);
  s.supply_side = kJapanese;
  readying_step(s, log);
}

bool auto_ready_here(const PwState& s, int unit, int oz) {
  const std::uint8_t mask = s.content().ozs[oz].auto_ready;
  return (mask >> static_cast<int>(s.content().units[unit].nation)) & 1u;
}

// 10.5: the OZs (bits) where a card would ready some of the side's ships.
std::uint32_t readying_targets(const PwState& s, int side) {
  std::uint32_t target = 0;
  for (int oz = 0; oz < s.content().num_ozs(); ++oz)
    if (card_readies_any(s, side, oz)) target |= oz_bit(oz);
  return target;
}

void readying_step(PwState& s, Log log) {
  const Content& c = s.content();
  for (;;) {
    const int side = s.supply_side;
    for (int u = 0; u < c.num_units(); ++u) {  // 10.5: the flagged home Ports ready for free
      const int oz = s.units[u].loc;
      if (oz >= kMaxOz || c.units[u].side != side || !c.units[u].is_naval() || is_ready(s, u))
        continue;
      if (auto_ready_here(s, u, oz) && usable_port(s, side, oz)) {
        set_ready(s, u, true);
        log_line(
            log, [&] { return unit_name(s, u) + " is readied at " + oz_name(s, oz) + "."; },
            "10.5");
      }
    }
    s.seat = static_cast<std::int8_t>(side);
    if (hand_size(s, side) > 0 && readying_targets(s, side) != 0) {  // more than Done
      s.step = Step::Readying;
      return;
    }
    if (side == kAllied) break;
    s.supply_side = kAllied;
  }
  update_control(s, log);
  victory_phase(s, log);
}

}  // namespace

bool invasion_candidate(const PwState& s, int side, int oz) {
  const OzDef& d = s.content().ozs[oz];
  return d.port && s.port_owner[oz] == 1 - side && has_naval(s, side, oz) &&
         !has_units(s, 1 - side, oz);
}

bool is_isolated(const PwState& s, int side, int oz) {
  if (usable_port(s, side, oz)) return false;
  const int foe = 1 - side;
  auto open = [&](int x) { return controller(s, x) != foe && !has_units(s, foe, x); };
  const Distances dist = distances(s, oz, open, open);
  for (int p = 0; p < s.content().num_ozs(); ++p)
    if (p != oz && dist[p] < kUnreachable && usable_port(s, side, p)) return false;
  return true;
}

std::vector<int> nearest_ports(const PwState& s, int side, int oz) {
  const Distances dist = plain_distances(s, oz);
  int best = kUnreachable;
  std::vector<int> out;
  for (int p = 0; p < s.content().num_ozs(); ++p) {
    if (p == oz || !usable_port(s, side, p) || dist[p] >= kUnreachable) continue;
    if (side == kJapanese && s.content().ozs[p].japanese_forbidden) continue;
    if (dist[p] < best) {
      best = dist[p];
      out.clear();
    }
    if (dist[p] == best) out.push_back(p);
  }
  return out;
}

void begin_supply_phase(PwState& s, Log log) {
  log_line(
      log, [&] { return "Turn " + std::to_string(s.turn) + " Supply Phase."; }, "10.0");
  s.supply_side = kJapanese;
  s.events.port_defence.fill(0);  // 10.2.1 events last for this Turn's invasions
  isolation_step(s, log);
}

void legal_isolation(const PwState& s, Out& out) {
  for (int p : nearest_ports(s, s.seat, s.move.at)) out.push_back(encode(Kind::IsolateTo, p));
}

void apply_isolation(PwState& s, Act act, Log log) {
  redeploy_one_isolated(s, s.seat, s.move.at, act.a, log);
  if (has_naval(s, s.seat, s.move.at)) return;  // the next unit chooses its Port
  s.move = MoveCtx{};
  isolation_step(s, log);
}

int ground_strength(const PwState& s, int side, int oz) {
  const Content& c = s.content();
  int points = 0;
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == oz && c.units[u].side == side &&
        c.units[u].type != UnitType::TorpedoCruiser)  // 13.2
      points += c.units[u].airstrike + c.units[u].gunnery;
  return points / c.ground_points_per_strength;
}

int ground_needed(const PwState& s, int oz) {
  // 13.6 Australian Divisions; 10.2.1 Battle of Iwo Jima
  return s.content().ozs[oz].vp + divisions_ground_bonus(s, oz) + s.events.port_defence[oz];
}

void legal_invasion(const PwState& s, Out& out) {
  const int side = s.seat;
  const CardList cards = hand(s, side);
  for (int oz = 0; oz < s.content().num_ozs(); ++oz) {
    if (!invasion_candidate(s, side, oz)) continue;
    const int have = ground_strength(s, side, oz) + s.committed[oz];
    if (have >= ground_needed(s, oz)) {
      out.push_back(encode(Kind::Capture, oz));
      continue;
    }
    for (int card : cards) out.push_back(encode(Kind::Ground, card, oz));
  }
  legal_divisions_invasion(s, out);  // 13.6.1
  legal_invasion_events(s, out);     // 10.2 events (events_8_5.cc)
  out.push_back(encode(Kind::Done));
}

void apply_invasion(PwState& s, Act act, Log log) {
  const int side = s.seat;
  if (act.kind == Kind::Event) {
    play_event(s, act.a, side, act.b, log);
  } else if (act.kind == Kind::Ground) {
    discard(s, act.a);
    ++s.committed[act.b];
    log_line(
        log,
        [&] {
          return side_name(side) + " discard " + card_end(s, act.a, side).name +
                 " for +1 Ground Strength at " + oz_name(s, act.b) + " (now " +
                 std::to_string(ground_strength(s, side, act.b) + s.committed[act.b]) + " of " +
                 std::to_string(ground_needed(s, act.b)) + ").";
        },
        "10.2");
  } else if (act.kind == Kind::RemoveDivisions) {  // 13.6.1
    apply_advanced(s, act, log);
  } else if (act.kind == Kind::Capture) {
    capture_port(s, side, act.a, log);
    s.committed[act.a] = 0;
    update_control(s, log);
    if (act.a == s.content().oz_japan) {
      end_game(s, kAllied, "The Allies capture Japan.", log);  // 11.1.1
      return;
    }
  } else {  // Done
    std::fill(std::begin(s.committed), std::end(s.committed), 0);
    if (side == kJapanese) {
      s.supply_side = kAllied;
      invasion_step(s, log);
    } else {
      s.supply_side = kJapanese;
      supply_moves_step(s, log);
    }
    return;
  }
  invasion_step(s, log);
}

void legal_supply_moves(const PwState& s, Out& out) {
  each_supply_move(s, [&](engine::ActionCode action) { out.push_back(action); });
  out.push_back(encode(Kind::Done));
}

void apply_supply_moves(PwState& s, Act act, Log log) {
  const int side = s.seat;
  if (act.kind == Kind::Redeploy) {
    start_lba(s, side, act.a, true);
  } else if (act.kind == Kind::ReturnFrom) {
    start_group(s, MoveKind::Return, side, act.a, true);
  } else {
    if (side == kJapanese) {
      s.supply_side = kAllied;
    } else {
      clear_unit_flag(s, kMoved);
      s.supply_side = kJapanese;
      readying_step(s, log);
      return;
    }
    supply_moves_step(s, log);
  }
}

void supply_group_done(PwState& s, Log log) {
  s.move = MoveCtx{};
  supply_moves_step(s, log);
}

void legal_readying(const PwState& s, Out& out) {
  const int side = s.seat;
  const CardList cards = hand(s, side);
  const std::uint32_t target = cards.size() > 0 ? readying_targets(s, side) : 0;
  for (int card : cards)
    for (std::uint32_t m = target; m != 0; m &= m - 1)
      out.push_back(encode(Kind::Ready, card, std::countr_zero(m)));
  out.push_back(encode(Kind::Done));
}

void apply_readying(PwState& s, Act act, Log log) {
  const int side = s.seat;
  if (act.kind == Kind::Ready) {
    discard(s, act.a);
    ready_with_card(s, side, act.b);
    log_line(
        log,
        [&] {
          return side_name(side) + " discard " + card_end(s, act.a, side).name +
                 " to ready their ships at " + oz_name(s, act.b) + ".";
        },
        "10.5");
    readying_step(s, log);
    return;
  }
  if (side == kJapanese) {
    s.supply_side = kAllied;
    readying_step(s, log);
    return;
  }
  update_control(s, log);
  victory_phase(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 10.0 Supply Phase (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kSupplySteps[] = {
    {Step::Isolation, "isolation", Actor::Seat, "supply", "10.1", Rest::Busy, kNoKind, nullptr,
     legal_isolation, apply_isolation,
     []([[maybe_unused]] const PwState& s) -> std::string {
       for (int u = 0; u < s.content().num_units(); ++u)  // one unit at a time (10.1 ties)
         if (s.units[u].loc == s.move.at && s.content().units[u].side == s.seat &&
             s.content().units[u].is_naval())
           return "10.1 " + who(s) + ": " + unit_name(s, u) + " at " + oz_name(s, s.move.at) +
                  " is isolated: redeploy it to which of the nearest Ports?";
       return "10.1 " + who(s) + ": redeploy to which of the nearest Ports?";
     }},
    {Step::Invasion, "invasion", Actor::Seat, "supply", "10.2", Rest::Busy,
     kinds({Kind::Ground, Kind::Event}), nullptr, legal_invasion, apply_invasion,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "10.2 " + who(s) + " Port Invasions";
     }},
    {Step::SupplyMoves, "supply-moves", Actor::Seat, "supply", "10.4", Rest::Busy, kNoKind, nullptr,
     legal_supply_moves, apply_supply_moves,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "10.4 " + who(s) + " Redeployment and Return to Port";
     }},
    {Step::Readying, "readying", Actor::Seat, "supply", "10.5", Rest::Busy, kinds({Kind::Ready}),
     nullptr, legal_readying, apply_readying,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "10.5 " + who(s) + ": ready Naval units with a card";
     }},
};

}  // namespace

std::span<const StepRules> supply_steps() { return kSupplySteps; }

}  // namespace pacwar::pacific_war
