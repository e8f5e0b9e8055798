// 6.0 Production Phase (PP 6.1, 6.2; secret choice of cards, one hidden pick at a time),
// Development (6.3.1, 8.5.1), Replenishment and the Production Track (6.3.2, 8.4, 8.5.2).
#include <algorithm>
#include <bit>

#include "engine/text.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

bool matches(const CpsState& s, int u, Icon icon) {
  const UnitType t = s.content().unit_type[u];
  switch (icon) {
    case Icon::ReplenishNavy:
      return t != UnitType::Inf && t != UnitType::Vet;
    case Icon::ReplenishArmy:
      return t != UnitType::CV && t != UnitType::BB;
    default:
      return true;
  }
}

bool goes_on_track(const CpsState& s, int u) {
  const UnitType t = s.content().unit_type[u];
  return t != UnitType::Inf && t != UnitType::Vet;
}

// The 6.3.1 / 8.5.1 choices, in unit order: `emit(action)` returns false to stop early (a
// question "is there any?" needs only the first).
template <class Emit>
void develop_options(const CpsState& s, const Control& ctl, int side, int nation, Emit&& emit) {
  const Content& c = s.content();
  bool cw_inf_first = false;
  if (nation == kCommonwealth)
    for (int u = 0; u < c.num_units(); ++u)
      cw_inf_first |= s.units[u].loc == kLocPool && c.unit_nation[u] == kCommonwealth &&
                      c.unit_type[u] == UnitType::Inf;
  std::uint32_t seen = 0;  // bit per (nation, type) already offered
  for (std::uint64_t g = c.side_units[side]; g != 0; g &= g - 1) {  // card_usable: the side's
    const int u = std::countr_zero(g);
    if (s.units[u].loc != kLocPool || !card_usable(s, u, side, nation)) continue;
    const UnitType type = c.unit_type[u];
    const int unit_nation = c.unit_nation[u];
    if (cw_inf_first && type != UnitType::Inf) continue;
    const bool direct = nation >= 0 || !goes_on_track(s, u);
    if (direct && home_mask(s, ctl, unit_nation) == 0) continue;
    // Identical counters are one choice: offer the first of each nation and type.
    const std::uint32_t key = std::uint32_t{1} << (unit_nation * 8 + static_cast<int>(type));
    if ((seen & key) != 0) continue;
    seen |= key;
    if (!emit(encode(Kind::Develop, u))) return;
  }
}

template <class Emit>
void replenish_options(const CpsState& s, const Control& ctl, int side, int nation, Icon icon,
                       Emit&& emit) {
  const Content& c = s.content();
  UnitReach reach(s, ctl);
  for (std::uint64_t g = c.side_units[side]; g != 0; g &= g - 1) {  // card_usable: the side's
    const int u = std::countr_zero(g);
    if (!card_usable(s, u, side, nation) || !matches(s, u, icon)) continue;
    const UnitState& st = s.units[u];
    // 8.4.1 / 8.5.2: the unit traces to a home space of its nation (traces_home).
    if (on_map(st.loc) && st.steps < max_steps(s, u) &&
        (reach.reach(u, st.loc) & home_mask(s, ctl, c.unit_nation[u])) != 0)
      if (!emit(encode(Kind::Replenish, u))) return;
    if (st.loc == kLocTrack && nation < 0 && st.placed_turn != s.turn &&
        st.advanced_turn != s.turn &&
        (st.track_left > 1 || home_mask(s, ctl, c.unit_nation[u]) != 0))
      if (!emit(encode(Kind::Advance, u))) return;
  }
}

auto push_to(Out& out) {
  return [&out](engine::ActionCode a) {
    out.push_back(a);
    return true;
  };
}

// The unit enters the map at a controlled home space of its nation with `steps` steps; the
// player picks the space when there are two. Until then it stays where it is (pool or track).
void to_home_space(CpsState& s, int u, int steps, Log log) {
  const NodeMask homes = home_mask(s, *ControlOf(s), s.content().unit_nation[u]);
  s.op.unit = static_cast<std::int8_t>(u);
  s.op.from = static_cast<std::int8_t>(steps);  // the steps it will have
  s.step = Step::HomeSpace;
  if (std::popcount(homes) == 1) apply_home(s, {Kind::Home, std::countr_zero(homes)}, log);
}

}  // namespace

int japanese_pp(const CpsState& s) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  int pp = 0;
  for (int sp = 0; sp < kNumSpaces; ++sp)
    if (ctl[sp] == kJapanese) pp += s.content().spaces[sp].production;
  return std::min(pp, 4);
}

int allied_pp(const CpsState& s) { return 6 + (s.us_war ? s.us_bonus : 0); }

void begin_turn(CpsState& s, Log log) {
  for (int k = 0; k < kNumCards; ++k)
    if (s.cards[k] != CardLoc::Removed) s.cards[k] = CardLoc::Out;
  for (auto& u : s.units) u.flags = 0;
  s.nwr_sustained = false;
  s.pp[kJapanese] = static_cast<std::int8_t>(japanese_pp(s));
  s.pp[kAllied] = static_cast<std::int8_t>(allied_pp(s));
  log_line(
      log,
      [&] {
        return "Turn " + year(s) + ": Production Phase, Japanese " + std::to_string(s.pp[0]) +
               " PP, Allied " + std::to_string(s.pp[1]) + " PP.";
      },
      "6.0");
  s.step = Step::ChooseCards;
  s.seat = kJapanese;
  if (s.pp[kJapanese] == 0) s.seat = kAllied;
}

void legal_choose(const CpsState& s, Out& out) {
  for (int k = 0; k < kNumCards; ++k)
    if (s.cards[k] == CardLoc::Out && s.content().card_hot[k].side == s.seat)
      out.push_back(encode(Kind::Choose, k));
}

void apply_choose(CpsState& s, Act a, Log log) {
  s.cards[a.a] = CardLoc::Hand;
  const int side = s.seat;
  log_line(
      log, [&] { return "You choose " + s.content().cards[a.a].name + "."; }, "6.0", 1u << side);
  bool more = false;  // another card left to choose (legal_choose not empty)
  for (int k = 0; k < kNumCards && !more; ++k)
    more = s.cards[k] == CardLoc::Out && s.content().card_hot[k].side == side;
  if (hand_size(s, side) < s.pp[side] && more) return;
  log_line(
      log,
      [&] {
        return std::string(side == kJapanese ? "Japanese" : "Allied") + " player chose " +
               engine::count_of(hand_size(s, side), "card") + ".";
      },
      "6.0");
  if (side == kJapanese && s.pp[kAllied] > 0) {
    s.seat = kAllied;
    return;
  }
  begin_declaration(s, log);
}

bool can_develop(const CpsState& s, const Control& ctl, int side, int nation) {
  bool any = false;
  develop_options(s, ctl, side, nation, [&any](engine::ActionCode) { return !(any = true); });
  return any;
}

bool can_replenish(const CpsState& s, const Control& ctl, int side, int nation, Icon icon) {
  bool any = false;
  replenish_options(s, ctl, side, nation, icon,
                    [&any](engine::ActionCode) { return !(any = true); });
  return any;
}

void legal_develop(const CpsState& s, Out& out) {
  develop_options(s, *ControlOf(s), s.op.side, s.op.nation, push_to(out));
}

void apply_develop(CpsState& s, Act a, Log log) {
  const int u = a.a;
  const UnitDef& d = s.content().units[u];
  UnitState& st = s.units[u];
  if (s.op.nation < 0 && goes_on_track(s, u)) {
    st.steps = static_cast<std::uint8_t>(d.steps);
    st.loc = kLocTrack;
    st.track_left = static_cast<std::uint8_t>(s.content().advances(d.type));
    st.placed_turn = static_cast<std::uint8_t>(s.turn);
    log_line(
        log, [&] { return unit_name(s, u) + " is placed on the Production Track."; }, "6.3.1");
    finish_op(s, log);
    return;
  }
  // 8.5.1: CBI naval, air and Chinese units arrive reduced.
  const bool reduced = s.op.nation >= 0 && (d.type != UnitType::Inf || d.nation == kChina);
  log_line(
      log, [&] { return unit_name(s, u) + " is developed."; },
      s.op.nation >= 0 ? "8.5.1" : "6.3.1");
  to_home_space(s, u, reduced ? 1 : d.steps, log);
}

void legal_home(const CpsState& s, Out& out) {
  for (NodeMask m = home_mask(s, *ControlOf(s), s.content().unit_nation[s.op.unit]); m != 0;
       m &= m - 1)
    out.push_back(encode(Kind::Home, std::countr_zero(m)));
}

void apply_home(CpsState& s, Act a, Log log) {
  UnitState& st = s.units[s.op.unit];
  st = UnitState{};
  st.steps = static_cast<std::uint8_t>(s.op.from);
  put_unit(s, s.op.unit, a.a);
  log_line(
      log,
      [&] { return unit_name(s, s.op.unit) + " enters the map at " + space_name(s, a.a) + "."; },
      "6.3.1");
  finish_op(s, log);
}

void legal_replenish(const CpsState& s, Out& out) {
  replenish_options(s, *ControlOf(s), s.op.side, s.op.nation, s.op.replenish, push_to(out));
}

void apply_replenish(CpsState& s, Act a, Log log) {
  UnitState& st = s.units[a.a];
  if (a.kind == Kind::Replenish) {
    st.steps = static_cast<std::uint8_t>(max_steps(s, a.a));
    log_line(
        log, [&] { return unit_name(s, a.a) + " is replenished to full strength."; },
        s.op.nation >= 0 ? "8.5.2" : "8.4.1");  // a CBI card replenishes by 8.5.2
    finish_op(s, log);
    return;
  }
  st.advanced_turn = static_cast<std::uint8_t>(s.turn);
  log_line(
      log, [&] { return unit_name(s, a.a) + " advances on the Production Track."; }, "8.4.2");
  if (st.track_left > 1) {
    --st.track_left;
    finish_op(s, log);
    return;
  }
  to_home_space(s, a.a, max_steps(s, a.a), log);
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 6.0 Production and 6.3 the action icons (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

constexpr StepRules kProductionSteps[] = {
    {Step::ChooseCards, "choose-cards", Actor::Seat, "production", "6.0", false, kNoKind, nullptr,
     legal_choose, apply_choose,
     [](const CpsState& s) -> std::string {
       return "6.0: " + who(s) + " choose a Strategy Card (" +
              std::to_string(hand_size(s, s.seat)) + " of " + std::to_string(s.pp[s.seat]) + ")";
     }},
    {Step::Develop, "develop", Actor::Seat, "operations", "6.3.1, 8.5.1", false, kNoKind, nullptr,
     legal_develop, apply_develop,
     [](const CpsState& s) -> std::string {
       return s.op.nation >= 0
                  ? "8.5.1: CBI Development, " + nation_name(s.op.nation) + " unit to place"
                  : "6.3.1: Development, " + who(s) + " unit to develop";
     }},
    {Step::HomeSpace, "home-space", Actor::Seat, "operations", "6.3.1", false, kNoKind, nullptr,
     legal_home, apply_home,
     [](const CpsState& s) -> std::string {
       return "6.3.1: home space for " + unit_name(s, s.op.unit);
     }},
    {Step::Replenish, "replenish", Actor::Seat, "operations", "6.3.2, 8.4, 8.5.2", false, kNoKind,
     nullptr, legal_replenish, apply_replenish,
     [](const CpsState& s) -> std::string {
       return s.op.nation >= 0 ? "8.5.2: CBI Replenishment, reduced " + nation_name(s.op.nation) +
                                     " unit to restore"
                               : "6.3.2: Replenishment, reduced unit to restore (8.4.1) or unit "
                                 "to advance on the Production Track (8.4.2)";
     }},
};

}  // namespace

std::span<const StepRules> production_steps() { return kProductionSteps; }

}  // namespace pacwar::co_prosperity
