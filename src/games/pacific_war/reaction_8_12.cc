// 8.12 Reaction Movement: when the Active Player's Naval units enter an OZ holding the
// Non-Active Player's Ready Aircraft Carriers (or, against a Japanese move, Allied LBA), the
// Non-Active Player may evacuate everything there (retreat, 9.5) or counterattack with Ready
// Naval units within (speed - 1) MP, which flip to Ops Complete.
#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

bool counter_eligible(const PwState& s, int unit, int oz) {
  const Content& c = s.content();
  const UnitDef& d = c.units[unit];
  const int side = s.seat;
  if (d.side != side || !d.is_naval() || !is_ready(s, unit) || d.speed < 1) return false;
  const int from = s.units[unit].loc;
  if (from >= kMaxOz || from == oz) return false;
  const int foe = 1 - side;
  const bool japanese = side == kJapanese;
  const Distances dist = distances(
      s, from, [&](int x) { return !(japanese && c.ozs[x].japanese_forbidden); },
      [&](int x) { return !has_units(s, foe, x); });
  return dist[oz] <= d.speed - 1;
}

void begin_the_combat(PwState& s, Log log) {
  begin_combat(s, s.move.at, s.move.side, s.move.mp, log);
}

}  // namespace

bool reaction_allowed(const PwState& s, int oz, int reactor) {
  for (int u = 0; u < s.content().num_units(); ++u)
    if (s.units[u].loc == oz && side_of(s, u) == reactor && counts_as_carrier(s, u) &&
        is_ready(s, u))
      return true;
  return reactor == kAllied && has_lba(s, kAllied, oz);  // Reaction Movement example (1) note
}

void legal_reaction(const PwState& s, Out& out) {
  out.push_back(encode(Kind::NoReaction));
  out.push_back(encode(Kind::Evacuate));
  if (!reaction_allowed(s, s.move.at, s.seat)) return;  // 9.5.1 only: no Counterattack
  for (int u = 0; u < s.content().num_units(); ++u)
    if (counter_eligible(s, u, s.move.at)) {
      out.push_back(encode(Kind::Counterattack));
      break;
    }
}

void apply_reaction(PwState& s, Act act, Log log) {
  const int reactor = s.seat;
  switch (act.kind) {
    case Kind::Evacuate:
      if (!reaction_allowed(s, s.move.at, reactor)) {
        // 9.5.1: the Defender retreats before the first round. Not a Reaction: the moving
        // group has ended its movement (8.10.1) and does not pursue.
        log_line(log,
                 side_name(reactor) + " retreat from " + oz_name(s, s.move.at) +
                     " before the first round.",
                 "9.5.1");
        s.move.mp = 0;
        s.move.evacuating = true;
        start_retreat(s, reactor, s.move.at, log);
        return;
      }
      log_line(
          log,
          [&] {
            return side_name(reactor) + " make an Emergency Evacuation of " +
                   oz_name(s, s.move.at) + ".";
          },
          "8.12");
      s.move.evacuating = true;
      start_retreat(s, reactor, s.move.at, log);
      return;
    case Kind::Counterattack:
      log_line(
          log,
          [&] { return side_name(reactor) + " counterattack at " + oz_name(s, s.move.at) + "."; },
          "8.12");
      s.step = Step::CounterPick;
      return;
    default:
      if (!reaction_allowed(s, s.move.at, reactor))  // 9.5.1 was the only question
        log_line(
            log,
            [&] { return side_name(reactor) + " stay to fight at " + oz_name(s, s.move.at) + "."; },
            "9.5.1");
      else
        log_line(
            log, [&] { return side_name(reactor) + " do not react."; }, "8.12");
      begin_the_combat(s, log);
      return;
  }
}

void legal_counter_pick(const PwState& s, Out& out) {
  bool picked = false;
  for (int u = 0; u < s.content().num_units(); ++u) {
    if (counter_eligible(s, u, s.move.at)) out.push_back(encode(Kind::Pick, u));
    if ((s.units[u].flags & kSelected) && side_of(s, u) == s.seat) picked = true;
  }
  if (picked) out.push_back(encode(Kind::Done));
}

void apply_counter_pick(PwState& s, Act act, Log log) {
  if (act.kind == Kind::Pick) {
    const int u = act.a;
    log_line(
        log,
        [&] {
          return unit_name(s, u) + " counterattacks from " + oz_name(s, s.units[u].loc) + ".";
        },
        "8.12");
    set_loc(s, u, static_cast<std::uint8_t>(s.move.at));
    s.units[u].flags = static_cast<std::uint8_t>((s.units[u].flags | kSelected) & ~kReady);
    bool more = false;
    for (int v = 0; v < s.content().num_units() && !more; ++v)
      more = counter_eligible(s, v, s.move.at);
    if (more) return;
  }
  begin_the_combat(s, log);
}

void after_evacuation(PwState& s, Log log) {
  s.combat = CombatCtx{};
  if (s.move.mp > 0) {
    s.step = Step::Pursuit;
    s.seat = s.move.side;
    return;
  }
  finish_action(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 8.12 Reaction Movement (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kReactionSteps[] = {
    {Step::Reaction, "reaction", Actor::Seat, "strategy", "8.12", Rest::Busy, kNoKind, nullptr,
     legal_reaction, apply_reaction,
     []([[maybe_unused]] const PwState& s) -> std::string {
       if (!reaction_allowed(s, s.move.at, s.seat))  // 9.5.1: retreat before the first round
         return "9.5.1 " + who(s) + ": retreat from " + oz_name(s, s.move.at) +
                " before the first round, or fight?";
       return "8.12 " + who(s) + " Reaction to the enemy entering " + oz_name(s, s.move.at);
     }},
    {Step::CounterPick, "counter-pick", Actor::Seat, "strategy", "8.12", Rest::Busy, kNoKind,
     nullptr, legal_counter_pick, apply_counter_pick,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.12 Counterattack: pick the ships that join (speed - 1)";
     }},
};

}  // namespace

std::span<const StepRules> reaction_steps() { return kReactionSteps; }

}  // namespace pacwar::pacific_war
