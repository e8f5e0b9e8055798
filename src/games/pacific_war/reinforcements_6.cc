// 6.0 Reinforcements Phase: units due on the Turn Track enter at their nation's Port (6.1),
// delayed or lost when that Port is in enemy hands (6.1.6, 6.1.7, 10.3.1); British
// withdrawals (6.2).
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

enum class Arrival { Place, Delay, Destroy, Withdraw, AlliedLbaChoice };

struct Where {
  Arrival what;
  int oz;
};

Where arrival(const PwState& s, int u) {
  const Content& c = s.content();
  const UnitDef& d = c.units[u];
  const bool repaired = (s.units[u].flags & kRepairing) != 0;
  if (d.withdraw_turn > 0 && s.turn >= d.withdraw_turn) return {Arrival::Withdraw, -1};  // 6.2
  if (d.is_lba()) {
    if (d.side == kAllied) return {Arrival::AlliedLbaChoice, -1};  // 6.1 note
    return usable_port(s, kJapanese, c.oz_japan) ? Where{Arrival::Place, c.oz_japan}
                                                 : Where{Arrival::Delay, -1};
  }
  switch (d.nation) {
    case Nation::Japan:  // 6.1.1, 10.3.1
      if (usable_port(s, kJapanese, c.oz_japan)) return {Arrival::Place, c.oz_japan};
      return {repaired ? Arrival::Destroy : Arrival::Delay, -1};
    case Nation::US:
      if (!repaired) return {Arrival::Place, c.oz_west_coast};                         // 6.1.2
      if (usable_port(s, kAllied, c.oz_hawaii)) return {Arrival::Place, c.oz_hawaii};  // 6.1.3
      return {Arrival::Destroy, -1};                                                   // 10.3.1
    case Nation::Britain:
      return {Arrival::Place, c.oz_madagascar};  // 6.1.4
    case Nation::Australia:
    case Nation::Netherlands:  // docs/rulings.md: De Ruyter repairs with the Australians
      if (usable_port(s, kAllied, c.oz_australia)) return {Arrival::Place, c.oz_australia};
      return {Arrival::Place, c.oz_west_coast};  // 6.1.7 exception, 10.3.1
  }
  return {Arrival::Delay, -1};
}

int next_allied_lba(const PwState& s) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == kLocTrack && s.units[u].turn <= s.turn && c.units[u].is_lba() &&
        c.units[u].side == kAllied)
      return u;
  return -1;
}

void after_reinforcements(PwState& s, Log log) {
  s.pending_unit = static_cast<std::int16_t>(next_allied_lba(s));
  if (s.pending_unit >= 0) {
    s.step = Step::ReinforceLba;
    s.seat = kAllied;
    return;
  }
  if (advanced_reinforcement_prompt(s, log)) return;  // 13.4, 13.6
  update_control(s, log);
  begin_draw_phase(s, log);
}

}  // namespace

int return_turn(const PwState& s, int damage) {
  // 5.0 note: damage on Turn 0 returns one Turn later than the same damage on Turn 1.
  return (s.turn == 0 ? 1 : s.turn) + damage;
}

namespace {

// The repair Port `oz` of `side` is occupied: the enemy owns it, or `side` cannot use it
// (enemy units, an enemy Base marker, or controlled by neither, 12.3.1) and has no unit of its
// own left there. While both sides' units are there a combat is pending and decides it.
bool repair_port_occupied(const PwState& s, int side, int oz) {
  return s.port_owner[oz] != side || (!usable_port(s, side, oz) && !has_units(s, side, oz));
}

}  // namespace

void lose_repairs_at_occupied_ports(PwState& s, Log log) {
  const Content& c = s.content();
  const bool japan = repair_port_occupied(s, kJapanese, c.oz_japan);
  const bool hawaii = repair_port_occupied(s, kAllied, c.oz_hawaii);
  if (!japan && !hawaii) return;  // the usual case: one test after every action
  for (int u = 0; u < c.num_units(); ++u) {
    UnitState& us = s.units[u];
    if (us.loc != kLocTrack || !(us.flags & kRepairing)) continue;
    const UnitDef& d = c.units[u];
    // 10.3.1: every Japanese unit; 6.1.7: US ships (US LBA and Australian repairs are placed
    // at the West Coast or Madagascar, 6.1 note and the 6.1.7 exception).
    const bool lost_in_japan = japan && d.nation == Nation::Japan;
    const bool lost_in_hawaii = hawaii && d.nation == Nation::US && !d.is_lba();
    if (!lost_in_japan && !lost_in_hawaii) continue;
    set_loc(s, u, kLocSunk);
    us.flags = 0;
    log_line(
        log,
        [&] {
          return unit_name(s, u) + ", under repair, is lost: " +
                 oz_name(s, lost_in_japan ? c.oz_japan : c.oz_hawaii) + " is in enemy hands.";
        },
        lost_in_japan ? "10.3.1" : "6.1.7");
  }
}

void begin_turn(PwState& s, Log log) {
  const Content& c = s.content();
  ++s.turn;
  log_line(
      log, [&] { return "Turn " + std::to_string(s.turn) + " begins: Reinforcements Phase."; },
      "6.0");
  advanced_turn_start(s, log);  // 13.1, 13.3, 13.4, 13.5
  for (int u = 0; u < c.num_units(); ++u) {
    UnitState& us = s.units[u];
    if (us.loc != kLocTrack || us.turn > s.turn) continue;
    const Where w = arrival(s, u);
    switch (w.what) {
      case Arrival::Place:
        set_loc(s, u, static_cast<std::uint8_t>(w.oz));
        us.flags = kReady;
        log_line(
            log, [&] { return unit_name(s, u) + " arrives at " + oz_name(s, w.oz) + "."; }, "6.1");
        break;
      case Arrival::Delay:
        log_line(
            log, [&] { return unit_name(s, u) + " is delayed: its Port is in enemy hands."; },
            "6.1.6");
        break;
      case Arrival::Destroy:
        set_loc(s, u, kLocSunk);
        us.flags = 0;
        log_line(
            log,
            [&] { return unit_name(s, u) + " cannot return: its repair Port is in enemy hands."; },
            "6.1.7");
        break;
      case Arrival::Withdraw:
        set_loc(s, u, kLocRemoved);
        us.flags = 0;
        log_line(
            log,
            [&] { return unit_name(s, u) + " is withdrawn (repairs end after its withdrawal)."; },
            "6.2");
        break;
      case Arrival::AlliedLbaChoice:
        break;  // placed below, one prompt each
    }
  }
  for (int u = 0; u < c.num_units(); ++u) {  // 6.2: withdrawals due this Turn
    const UnitDef& d = c.units[u];
    if (d.withdraw_turn == s.turn && on_map(s, u)) {
      set_loc(s, u, kLocRemoved);
      s.units[u].flags = 0;
      log_line(
          log, [&] { return unit_name(s, u) + " is withdrawn to Europe."; }, "6.2");
    }
  }
  after_reinforcements(s, log);
}

void legal_reinforce_lba(const PwState& s, Out& out) {
  const Content& c = s.content();
  out.push_back(encode(Kind::To, c.oz_west_coast));
  out.push_back(encode(Kind::To, c.oz_madagascar));
}

void apply_reinforce_lba(PwState& s, Act act, Log log) {
  UnitState& us = s.units[s.pending_unit];
  set_loc(s, s.pending_unit, act.a);
  us.flags = kReady;
  log_line(
      log, [&] { return unit_name(s, s.pending_unit) + " arrives at " + oz_name(s, act.a) + "."; },
      "6.1");
  after_reinforcements(s, log);
}

void resume_reinforcements(PwState& s, Log log) { after_reinforcements(s, log); }

}  // namespace pacwar::pacific_war

// ---- The steps of 6.0 Reinforcements Phase (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kReinforcementSteps[] = {
    {Step::ReinforceLba, "reinforce-lba", Actor::Seat, "reinforcements", "6.1", Rest::Busy, kNoKind,
     nullptr, legal_reinforce_lba, apply_reinforce_lba,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "6.1 Allied LBA " + unit_name(s, s.pending_unit) +
              " arrives: West Coast or Madagascar?";
     }},
};

}  // namespace

std::span<const StepRules> reinforcement_steps() { return kReinforcementSteps; }

}  // namespace pacwar::pacific_war
