// 8.6 Combat: Reaction (8.6.1), resolution by priority with one die per step (8.6.2, 8.6.3),
// surprise attacks (8.6.4), hit application in the order and under the six restrictions of
// 8.6.5, combat factor modification (8.6.6), air units (8.6.7), carrier diversion (8.6.8), end
// of combat (8.7) and Bombing (8.8).
#include <algorithm>

#include "engine/text.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

bool fighter(const CpsState& s, int u) {  // can fire and take hits now
  return s.units[u].loc == s.combat.space && !s.content().is_air(u) &&
         (s.units[u].flags & kDiverted) == 0;
}

int reaction_unit_count(const CpsState& s) {
  const Content& c = s.content();
  int n = 0;
  for (int u = 0; u < c.num_units(); ++u)
    n += c.units[u].nation == kUS && c.is_naval(u) && s.units[u].loc == kRetreatAllied;
  return n;
}

void begin_rounds(CpsState& s, Log log);
void next_firer(CpsState& s, Log log);
void next_allocation(CpsState& s, Log log);
void end_combat(CpsState& s, Log log);

void combat_begin(CpsState& s, Log log) {
  const Content& c = s.content();
  const int def = other(s.combat.attacker);
  if (!has_units(s, def, s.combat.space, false)) {
    // 8.6.7: only enemy air units: they are eliminated, no combat.
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == s.combat.space && c.side(u) == def) eliminate(s, u, log);
    log_line(
        log,
        [&] { return "Only air units defended " + space_name(s, s.combat.space) + ": no combat."; },
        "8.6.7");
    return end_combat(s, log);
  }
  s.combat.divert_seat = kJapanese;
  s.step = Step::Diversion;
  s.seat = kJapanese;
  Out out;
  legal_diversion(s, out);
  if (out.size() <= 1) apply_diversion(s, {Kind::NoDiversion}, log);
}

void begin_rounds(CpsState& s, Log log) {
  const Content& c = s.content();
  const int sp = s.combat.space;
  // 6.3.9: air units in the combat space take part in this combat (8.6.6) and do not bomb
  // later in the turn.
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == sp && c.is_air(u)) s.units[u].flags |= kAirFought;
  for (int side : {kJapanese, kAllied}) {
    bool bonus = air_in_range(s, side, sp);
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == sp && c.side(u) == side && (s.units[u].flags & kDiverted)) bonus = true;
    s.combat.bonus[side] = bonus;
    if (bonus)
      log_line(
          log,
          [&] {
            return std::string(side == kJapanese ? "Japanese" : "Allied") + " units fire at +1.";
          },
          "8.6.6");
  }
  // 8.6.4: in a surprise attack every attacking unit fires at once, marines on their ground
  // side; the defenders that may answer are judged against those priorities.
  if (s.combat.surprise)
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == sp && c.side(u) == s.combat.attacker) s.units[u].flags &= ~kNavalSide;
  s.combat.min_attacker_priority = 3;
  for (int u = 0; u < c.num_units(); ++u)
    if (fighter(s, u) && c.side(u) == s.combat.attacker)
      s.combat.min_attacker_priority = static_cast<std::int8_t>(
          std::min<int>(s.combat.min_attacker_priority, current_priority(s, u)));
  s.combat.round = 0;
  s.combat.hits = {};
  // Mark the firers of the first round that has any.
  next_firer(s, log);
}

// Marks the units firing in the current round; false when nobody fires in it.
bool mark_round(CpsState& s) {
  const Content& c = s.content();
  CombatCtx& k = s.combat;
  bool any = false;
  for (int u = 0; u < c.num_units(); ++u) {
    if (!fighter(s, u)) continue;
    if (!k.surprise && k.round >= 2) s.units[u].flags &= ~kNavalSide;  // 8.2.4: flipped for C
  }
  for (int u = 0; u < c.num_units(); ++u) {
    if (!fighter(s, u) || fire_factor(s, u) <= 0) continue;
    bool fires;
    if (k.surprise) {
      fires = k.round == 0
                  ? c.side(u) == k.attacker
                  : (c.side(u) != k.attacker && current_priority(s, u) <= k.min_attacker_priority);
    } else {
      fires = current_priority(s, u) == k.round;
    }
    if (fires) {
      s.units[u].flags |= kFires;
      any = true;
    }
  }
  return any;
}

void next_firer(CpsState& s, Log log) {
  const Content& c = s.content();
  CombatCtx& k = s.combat;
  if (!k.bombing && k.fire_unit < 0) {
    // Starting a round: find the next round with firers.
    const int last = k.surprise ? 1 : 3;
    while (k.round <= last && !mark_round(s)) ++k.round;
    if (k.round > last) return end_combat(s, log);
  }
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].flags & kFires) {
      k.fire_unit = static_cast<std::int8_t>(u);
      k.dice_left = static_cast<std::int8_t>(s.units[u].steps);
      s.step = Step::CombatDie;
      return;
    }
  next_allocation(s, log);
}

void apply_hit(CpsState& s, int u, Log log) {
  log_line(
      log, [&] { return "Hit on " + unit_name(s, u) + "."; }, "8.6.5");
  if (--s.units[u].steps == 0) eliminate(s, u, log);
}

// 8.6.5: the hits unit `u` takes while it is a candidate of `rung` (hit_candidates): under (1)
// and (2) until it is eliminated, under (3) until it is down to one step (4).
int hits_taken(const CpsState& s, int rung, int u) {
  return s.units[u].steps - (rung == 3 ? 1 : 0);
}

// The hits it takes to fill every candidate of one rung. The candidates of a rung stay the same
// until all of them are full (they only leave it by being eliminated, or under (3) by coming
// down to one step, and no unit joins it), so with at least that many hits left every
// allocation ends alike: each candidate takes all it can, and the rest go on to the next rung
// or are lost (5). With fewer, two allocations leave different units with different steps.
int hits_to_fill(const CpsState& s, int rung, const std::vector<int>& cand) {
  int n = 0;
  for (int u : cand) n += hits_taken(s, rung, u);
  return n;
}

// "US-BB-1, US-BB-2 and US-CV-1".
std::string unit_list(const CpsState& s, const std::vector<int>& units) {
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i > 0) out += i + 1 == units.size() ? " and " : ", ";
    out += unit_name(s, units[i]);
  }
  return out;
}

void next_allocation(CpsState& s, Log log) {
  CombatCtx& k = s.combat;
  for (int side : {kJapanese, kAllied})  // 8.6.5: Japanese hits are applied first
    for (int p = 0; p < 4; ++p)
      while (k.hits[side][p] > 0) {
        int chooser = side, rung = 0;
        const auto cand = hit_candidates(s, side, p, &chooser, &rung);
        if (cand.empty()) {
          log_line(
              log, [&] { return engine::count_of(k.hits[side][p], "hit") + " lost."; }, "8.6.5");
          k.hits[side][p] = 0;
          break;
        }
        if (cand.size() > 1) {
          if (k.hits[side][p] < hits_to_fill(s, rung, cand)) {
            s.step = Step::Allocate;
            s.seat = static_cast<std::int8_t>(chooser);
            return;
          }
          // Enough hits to fill every candidate: every allocation ends alike, nobody is asked.
          log_line(
              log,
              [&] {
                return "Every allocation of the " +
                       std::string(side == kJapanese ? "Japanese" : "Allied") + " priority " +
                       std::string(1, static_cast<char>('A' + p)) + " hits " +
                       (rung == 3 ? "reduces " : "eliminates ") + unit_list(s, cand) +
                       (rung == 3 ? " to one step" : "") + ": no choice to make.";
              },
              "8.6.5");
          for (int u : cand)
            for (int n = hits_taken(s, rung, u); n > 0; --n) {
              --k.hits[side][p];
              apply_hit(s, u, log);
            }
          continue;
        }
        --k.hits[side][p];
        apply_hit(s, cand[0], log);
      }
  k.fire_unit = -1;
  if (k.bombing) {
    const int b = k.bomber;
    if (k.bomber_loss > 0) {
      log_line(
          log,
          [&] {
            return unit_name(s, b) + " loses " + engine::count_of(k.bomber_loss, "step") + ".";
          },
          "8.8");
      if (s.units[b].steps <= k.bomber_loss) {
        eliminate(s, b, log);
      } else {
        s.units[b].steps = static_cast<std::uint8_t>(s.units[b].steps - k.bomber_loss);
      }
    }
    for (auto& u : s.units) u.flags &= kTurnFlags;
    return finish_op(s, log);
  }
  ++k.round;
  next_firer(s, log);
}

void end_combat(CpsState& s, Log log) {
  const Content& c = s.content();
  CombatCtx& k = s.combat;
  const int att = k.attacker, def = other(att), sp = k.space;
  auto real = [&](int side) {
    int n = 0;
    for (int u = 0; u < c.num_units(); ++u) n += fighter(s, u) && c.side(u) == side;
    return n;
  };
  const int att_real = real(att), def_real = real(def);
  for (int u = 0; u < c.num_units(); ++u) {
    if (s.units[u].loc != sp) continue;
    const int side = c.side(u);
    const bool alone = side == def ? def_real == 0 : att_real == 0;
    const bool enemy_left = side == def ? att_real > 0 : def_real > 0;
    if (side == def && def_real == 0 && c.is_air(u))
      eliminate(s, u, log);  // 8.6.7
    else if ((s.units[u].flags & kDiverted) && alone && enemy_left)
      eliminate(s, u, log);  // 8.6.8
  }
  const bool def_any = has_units(s, def, sp), att_any = has_units(s, att, sp);
  if (!def_any && att_any) {
    log_line(
        log, [&] { return "The attacker wins and holds " + space_name(s, sp) + "."; }, "8.7");
  } else if (def_any && att_any) {
    const int back =
        k.origin >= 0 ? k.origin : (att == kJapanese ? kRetreatJapanese : kRetreatAllied);
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == sp && c.side(u) == att) put_unit(s, u, back);
    log_line(
        log,
        [&] { return "The defender wins; the attackers go back to " + space_name(s, back) + "."; },
        "8.7");
  } else if (def_any) {
    log_line(
        log, [&] { return "The defender holds " + space_name(s, sp) + "."; }, "8.7");
  }
  for (auto& u : s.units) u.flags &= kTurnFlags;
  finish_op(s, log);
}

}  // namespace

int current_priority(const CpsState& s, int u) {
  if (s.units[u].flags & kNavalSide) return 1;  // 8.2.4: naval side fights at A/B as a ship
  return s.content().units[u].priority;
}

bool current_naval(const CpsState& s, int u) {
  return (s.units[u].flags & kNavalSide) != 0 || s.content().is_naval(u);
}

int fire_factor(const CpsState& s, int u) {
  if (s.units[u].flags & kNavalSide) return 0;  // a transport: it fires as a ground unit in C
  const UnitDef& d = s.content().units[u];
  const int side = s.content().side(u);
  const int base = side == s.combat.attacker ? d.attack : d.defense;
  if (base <= 0) return 0;
  return base + (s.combat.bonus[side] ? 1 : 0);
}

std::vector<int> hit_candidates(const CpsState& s, int firing, int prio, int* chooser, int* rung) {
  const Content& c = s.content();
  const int target = other(firing);
  const bool naval_fire = prio <= 1;
  std::vector<int> all;
  for (int u = 0; u < c.num_units(); ++u)
    if (fighter(s, u) && c.side(u) == target) all.push_back(u);
  std::vector<int> out;
  // (1) same attack priority, chosen by the firing player.
  for (int u : all)
    if (current_priority(s, u) == prio) out.push_back(u);
  if (!out.empty()) {
    *chooser = firing;
    if (rung != nullptr) *rung = 1;
    return out;
  }
  // (2) same type as the firing units, chosen by the receiving player.
  for (int u : all)
    if (current_naval(s, u) == naval_fire) out.push_back(u);
  if (!out.empty()) {
    *chooser = target;
    if (rung != nullptr) *rung = 2;
    return out;
  }
  // (3) any unit, chosen by the firing player; (4) across types only reduce, never eliminate.
  for (int u : all)
    if (s.units[u].steps > 1) out.push_back(u);
  *chooser = firing;
  if (rung != nullptr) *rung = 3;
  return out;
}

void start_combat(CpsState& s, int space, int attacker, int origin, bool naval, bool surprise,
                  Log log) {
  s.combat = CombatCtx{};
  s.combat.space = static_cast<std::int8_t>(space);
  s.combat.attacker = static_cast<std::int8_t>(attacker);
  s.combat.origin = static_cast<std::int8_t>(origin);
  s.combat.naval = naval;
  s.combat.surprise = surprise;
  log_line(
      log,
      [&] {
        return std::string(surprise ? "Surprise attack" : "Combat") + " at " +
               space_name(s, space) + ".";
      },
      surprise ? "8.6.4" : "8.6");
  if (attacker == kJapanese && naval && !surprise && s.us_war && reaction_unit_count(s) > 0) {
    Out out;
    s.step = Step::Reaction;
    s.seat = kAllied;
    legal_reaction(s, out);
    if (out.size() > 1) return;
  }
  combat_begin(s, log);
}

void start_bombing(CpsState& s, int bomber, int space, Log log) {
  s.combat = CombatCtx{};
  s.combat.space = static_cast<std::int8_t>(space);
  s.combat.attacker = static_cast<std::int8_t>(s.content().side(bomber));
  s.combat.bombing = true;
  s.combat.bomber = static_cast<std::int8_t>(bomber);
  s.combat.fire_unit = static_cast<std::int8_t>(bomber);
  s.combat.dice_left = static_cast<std::int8_t>(s.units[bomber].steps);
  s.step = Step::CombatDie;
  log_line(
      log, [&] { return unit_name(s, bomber) + " bombs " + space_name(s, space) + "."; }, "8.8");
}

void legal_reaction(const CpsState& s, Out& out) {
  const Content& c = s.content();
  if (s.step == Step::Reaction) {
    for (int k = 0; k < kNumCards; ++k)
      if (s.cards[k] == CardLoc::Hand && c.card_hot[k].side == kAllied &&
          c.cards[k].has(Icon::Reaction))
        out.push_back(encode(Kind::React, k));
    out.push_back(encode(Kind::NoReaction));
    return;
  }
  if (s.combat.reactors < 2)
    for (int u = 0; u < c.num_units(); ++u)
      if (c.units[u].nation == kUS && c.is_naval(u) && s.units[u].loc == kRetreatAllied)
        out.push_back(encode(Kind::Pick, u));
  if (s.combat.reactors > 0) out.push_back(encode(Kind::Done));
}

void apply_reaction(CpsState& s, Act a, Log log) {
  switch (a.kind) {
    case Kind::NoReaction:
      return combat_begin(s, log);
    case Kind::React:
      s.cards[a.a] = CardLoc::Played;
      log_line(
          log, [&] { return "The Allied player reacts with " + s.content().cards[a.a].name + "."; },
          "8.6.1");
      s.step = Step::ReactionPick;
      return;
    case Kind::Pick: {
      put_unit(s, a.a, s.combat.space);
      ++s.combat.reactors;
      log_line(
          log,
          [&] { return unit_name(s, a.a) + " reacts into " + space_name(s, s.combat.space) + "."; },
          "8.6.1");
      Out out;
      legal_reaction(s, out);
      if (out.size() == 1) combat_begin(s, log);
      return;
    }
    default:
      return combat_begin(s, log);
  }
}

void legal_diversion(const CpsState& s, Out& out) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == s.combat.space && c.side(u) == s.combat.divert_seat &&
        c.units[u].type == UnitType::CV && s.units[u].steps == max_steps(s, u))
      out.push_back(encode(Kind::Divert, u));
  out.push_back(encode(Kind::NoDiversion));
}

void apply_diversion(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::Divert) {
    s.units[a.a].flags |= kDiverted;
    log_line(
        log, [&] { return unit_name(s, a.a) + " is diverted to act as an air unit."; }, "8.6.8");
  }
  while (++s.combat.divert_seat <= kAllied) {
    s.seat = s.combat.divert_seat;
    Out out;
    legal_diversion(s, out);
    if (out.size() > 1) return;
  }
  begin_rounds(s, log);
}

void apply_combat_die(CpsState& s, Act a, Log log) {
  const Content& c = s.content();
  CombatCtx& k = s.combat;
  const int u = k.fire_unit, d = a.a;
  const int side = c.side(u);
  const int factor = k.bombing ? 3 : fire_factor(s, u);
  const int prio = k.bombing ? 0 : current_priority(s, u);
  const bool hit = d <= factor;
  if (hit) ++k.hits[side][prio];
  std::string extra;
  if (k.bombing) {
    bool guarded = false;
    for (int v = 0; v < c.num_units(); ++v)
      if (s.units[v].loc == k.space && c.side(v) != side &&
          (c.is_air(v) || c.units[v].type == UnitType::CV))
        guarded = true;
    if (d >= (guarded ? 5 : 6)) {
      ++k.bomber_loss;
      extra = ", the bomber loses a step";
    }
  }
  log_line(
      log,
      [&] {
        return unit_name(s, u) + " (priority " + std::string(1, static_cast<char>('A' + prio)) +
               ", factor " + std::to_string(factor) + ") rolls " + std::to_string(d) +
               (hit ? ": hit" : ": miss") + extra + ".";
      },
      k.bombing ? "8.8" : "8.6.2");
  if (--k.dice_left > 0) return;
  s.units[u].flags &= ~kFires;
  if (k.bombing) return next_allocation(s, log);
  for (int v = 0; v < c.num_units(); ++v)
    if (s.units[v].flags & kFires) {
      k.fire_unit = static_cast<std::int8_t>(v);
      k.dice_left = static_cast<std::int8_t>(s.units[v].steps);
      return;
    }
  next_allocation(s, log);
}

void legal_allocate(const CpsState& s, Out& out) {
  for (int side : {kJapanese, kAllied})
    for (int p = 0; p < 4; ++p)
      if (s.combat.hits[side][p] > 0) {
        int chooser = side;
        for (int u : hit_candidates(s, side, p, &chooser)) out.push_back(encode(Kind::Hit, u));
        return;
      }
}

void apply_allocate(CpsState& s, Act a, Log log) {
  for (int side : {kJapanese, kAllied})
    for (int p = 0; p < 4; ++p)
      if (s.combat.hits[side][p] > 0) {
        --s.combat.hits[side][p];
        apply_hit(s, a.a, log);
        return next_allocation(s, log);
      }
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 8.6 Combat (and the dice of 8.8 Bombing) (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

constexpr StepRules kCombatSteps[] = {
    {Step::Reaction, "reaction", Actor::Seat, "operations", "8.6.1", true, kinds({Kind::React}),
     nullptr, legal_reaction, apply_reaction,
     [](const CpsState&) -> std::string { return "8.6.1: react with a Strategy Card?"; }},
    {Step::ReactionPick, "reaction-pick", Actor::Seat, "operations", "8.6.1", true,
     kinds({Kind::React}), nullptr, legal_reaction, apply_reaction,
     [](const CpsState&) -> std::string {
       return "8.6.1: US naval units reacting from the Retreat Box";
     }},
    {Step::Diversion, "diversion", Actor::Seat, "operations", "8.6.8", true, kNoKind, nullptr,
     legal_diversion, apply_diversion,
     [](const CpsState& s) -> std::string { return "8.6.8: " + who(s) + " carrier diversion"; }},
    {Step::CombatDie, "combat-die", Actor::Chance, "operations", "8.6.2, 8.8", true, kEveryKind,
     die_outcomes, nullptr, apply_combat_die,
     [](const CpsState& s) -> std::string {
       if (s.combat.fire_unit >= 0)
         return (s.combat.bombing ? "8.8: bombing die for " : "8.6.2: combat die for ") +
                unit_name(s, s.combat.fire_unit);
       return "8.6.2: combat die";
     }},
    {Step::Allocate, "allocate", Actor::Seat, "operations", "8.6.5", true, kNoKind, nullptr,
     legal_allocate, apply_allocate,
     [](const CpsState& s) -> std::string {
       for (int side : {kJapanese, kAllied})
         for (int p = 0; p < 4; ++p)
           if (s.combat.hits[side][p] > 0)
             return "8.6.5: " + who(s) + " player assigns a hit of the " +
                    (side == kJapanese ? "Japanese" : "Allied") + " priority " +
                    std::string(1, static_cast<char>('A' + p)) + " fire (" +
                    std::to_string(s.combat.hits[side][p]) + " to assign)";
       return "8.6.5: " + who(s) + " allocate a hit";
     }},
};

}  // namespace

std::span<const StepRules> combat_steps() { return kCombatSteps; }

}  // namespace pacwar::co_prosperity
