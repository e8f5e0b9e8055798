// 9.5 Retreating: all of a side's units leave the OZ together (9.5.3) for a friendly Port,
// with no range limit but not through enemy-controlled or enemy-occupied OZs; if no such Port
// can be reached, the units are redeployed as isolated units (10.1) to the nearest friendly
// Port, flipped to Ops Complete. Retreating LBA come back next Turn as Reinforcements.
#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

void continue_after(PwState& s, Log log) {
  if (s.move.evacuating) {
    s.move.evacuating = false;
    after_evacuation(s, log);
  } else {
    combat_after_retreat(s, log);
  }
}

int retreat_from(const PwState& s) { return s.move.evacuating ? s.move.at : s.combat.oz; }

// Moves the side's Naval units at `from` to `port`: all of them, or with `one` the first only
// (isolated units on a tie choose their Port one by one, 10.1).
void move_naval(PwState& s, int side, int from, int port, bool isolated, Log log,
                bool one = false) {
  const Content& c = s.content();
  std::vector<int> ships;
  for (int u = 0; u < c.num_units(); ++u) {
    if (s.units[u].loc != from || side_of(s, u) != side || !c.units[u].is_naval()) continue;
    set_loc(s, u, static_cast<std::uint8_t>(port));
    if (isolated) set_ready(s, u, false);
    ships.push_back(u);
    if (one) break;
  }
  log_line(
      log,
      [&] {
        return ship_list(s, ships) +
               (isolated ? " cannot return to port and redeploy, Ops Complete, to "
                         : " retreat to ") +
               oz_name(s, port) + ".";
      },
      isolated ? "9.5.3" : "9.5.3");
}

}  // namespace

std::vector<int> retreat_ports(const PwState& s, int side, int oz, bool* isolated) {
  const int foe = 1 - side;
  const bool japanese = side == kJapanese;
  const Content& c = s.content();
  auto open = [&](int x) {
    if (japanese && c.ozs[x].japanese_forbidden) return false;
    return controller(s, x) != foe && !has_units(s, foe, x);
  };
  const Distances dist = distances(s, oz, open, open);
  std::vector<int> ports;
  for (int p = 0; p < c.num_ozs(); ++p)
    if (p != oz && dist[p] < kUnreachable && usable_port(s, side, p)) ports.push_back(p);
  *isolated = ports.empty();
  if (ports.empty()) ports = nearest_ports(s, side, oz);
  return ports;
}

void lba_to_next_turn(PwState& s, int unit, Log log) {
  UnitState& us = s.units[unit];
  const int back = (s.turn == 0 ? 1 : s.turn) + 1;
  if (back > kLastTurn) {
    set_loc(s, unit, kLocRemoved);
    log_line(
        log,
        [&] { return unit_name(s, unit) + " leaves the map and will not return before the end."; },
        "9.5.3");
    return;
  }
  set_loc(s, unit, kLocTrack);
  us.turn = static_cast<std::uint8_t>(back);
  us.flags = kReady;
  log_line(
      log,
      [&] {
        return unit_name(s, unit) + " leaves the map; it returns next Turn as a Reinforcement.";
      },
      "9.5.3");
}

void start_retreat(PwState& s, int side, int oz, Log log) {
  const Content& c = s.content();
  s.combat.retreating = static_cast<std::int8_t>(side);
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == oz && side_of(s, u) == side && c.units[u].is_lba())
      lba_to_next_turn(s, u, log);
  if (!has_naval(s, side, oz)) {
    continue_after(s, log);
    return;
  }
  bool isolated = false;
  const std::vector<int> ports = retreat_ports(s, side, oz, &isolated);
  if (ports.empty()) {  // no friendly Port anywhere: the units are lost (docs/rulings.md)
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == oz && side_of(s, u) == side) set_loc(s, u, kLocSunk);
    log_line(
        log, [&] { return side_name(side) + " have no Port to retreat to: the units are lost."; },
        "9.5.3");
    continue_after(s, log);
    return;
  }
  if (ports.size() == 1) {
    move_naval(s, side, oz, ports[0], isolated, log);
    continue_after(s, log);
    return;
  }
  s.step = Step::RetreatDestination;
  s.seat = static_cast<std::int8_t>(side);
}

void legal_retreat_destination(const PwState& s, Out& out) {
  bool isolated = false;
  for (int p : retreat_ports(s, s.seat, retreat_from(s), &isolated))
    out.push_back(encode(Kind::RetreatTo, p));
}

void apply_retreat_destination(PwState& s, Act act, Log log) {
  bool isolated = false;
  const int from = retreat_from(s);
  retreat_ports(s, s.seat, from, &isolated);
  // 9.5.3 -> 10.1: units that cannot return to port redeploy as isolated units, each to the
  // nearest Port of the player's choice; a retreat that can return goes to one Port.
  move_naval(s, s.seat, from, act.a, isolated, log, isolated);
  if (isolated && has_naval(s, s.seat, from)) return;
  continue_after(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 9.5 Retreating (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kRetreatSteps[] = {
    {Step::RetreatDestination, "retreat-destination", Actor::Seat, "strategy", "9.5.3", Rest::Busy,
     kNoKind, nullptr, legal_retreat_destination, apply_retreat_destination,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.5.3 " + who(s) + ": retreat to which Port?";
     }},
};

}  // namespace

std::span<const StepRules> retreat_steps() { return kRetreatSteps; }

}  // namespace pacwar::pacific_war
