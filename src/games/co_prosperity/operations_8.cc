// 8.0 Operations Phase: alternation, passing and resuming; playing a card's action icon (6.3),
// Resource Points (6.4), CBI Theater cards (8.5), Bombing's start (8.8), Reinforcements from the
// Atlantic (8.9) and North Wind Rain with its upkeep (5.1).
#include <array>
#include <bit>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

constexpr int kSustain = 0x80;  // Play b flag: the icon pays the 5.1 upkeep instead

bool rp_usable(const CpsState& s, const Control& ctl) {
  if (s.rp <= 0) return false;
  const Content& c = s.content();
  if (ctl[c.borneo] != kJapanese) return false;
  return (reach_mask(c, c.borneo, ctl.of_side[kJapanese], false) >> c.japan) & 1u;
}

int nwr_veteran(const CpsState& s) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (c.unit_type[u] == UnitType::Vet && s.units[u].loc == s.content().port_arthur &&
        s.units[u].steps == max_steps(s, u))
      return u;
  return -1;
}

bool nwr_possible(const CpsState& s, const Control& ctl) {
  return (s.turn == 3 || s.turn == 4) && !s.nwr_done && !s.vladivostok_gone &&
         ctl[s.content().port_arthur] == kJapanese && nwr_veteran(s) >= 0;
}

bool sustain_needed(const CpsState& s) {
  const Content& c = s.content();
  if (s.nwr_sustained || s.nwr_turn >= s.turn) return false;
  for (int u = 0; u < c.num_units(); ++u)
    if (s.units[u].loc == kVladivostok) return true;
  return false;
}

bool bomber_targets(const CpsState& s, int u, Out* out) {
  const Content& c = s.content();
  const int at = s.units[u].loc;
  if (!in_space(at) || (s.units[u].flags & kAirFought)) return false;  // 6.3.9
  bool any = false;
  auto consider = [&](int sp) {
    for (int v = 0; v < c.num_units(); ++v)
      if (s.units[v].loc == sp && c.side(v) != c.side(u) && !c.is_air(v)) {
        any = true;
        if (out != nullptr) out->push_back(encode(Kind::Target, sp));
        return;
      }
  };
  consider(at);
  for (const engine::Edge& e : c.graph.edges(at))
    if (e.to < kNumSpaces && e.length == 1 && air_projects(s, u, e.to)) consider(e.to);
  return any;
}

// Whether an air unit of `nation` has a target (bomber_targets, by masks): the spaces holding
// non-air units of the other side, against its space and those it projects into (3.5).
bool can_bomb(const CpsState& s, int nation) {
  const Content& c = s.content();
  const int side = side_of_nation(nation);
  NodeMask targets = 0;
  for (std::uint64_t g = c.side_units[other(side)]; g != 0; g &= g - 1) {
    const int v = std::countr_zero(g);
    if (in_space(s.units[v].loc) && !c.is_air(v)) targets |= NodeMask{1} << s.units[v].loc;
  }
  if (targets == 0) return false;
  // air_projects as a mask: a Japanese air unit into spaces of nations at war with Japan (Japan
  // included); an Allied one anywhere once its nation is at war, else outside Japan's spaces.
  NodeMask projects = 0;
  if (side == kJapanese) {
    for (int n = 0; n < 4; ++n)
      if (at_war(s, n)) projects |= c.nation_spaces[n];
  } else {
    projects = at_war(s, nation) ? ~NodeMask{0} : ~c.nation_spaces[kJapan];
  }
  for (std::uint64_t g = c.side_units[side]; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
    if (!c.is_air(u) || c.unit_nation[u] != nation) continue;
    const int at = s.units[u].loc;
    if (!in_space(at) || (s.units[u].flags & kAirFought)) continue;  // 6.3.9
    if ((((NodeMask{1} << at) | (c.air_neighbours[at] & projects)) & targets) != 0) return true;
  }
  return false;
}

int atlantic_unit(const CpsState& s, UnitType t) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (c.unit_nation[u] == kUS && c.unit_type[u] == t && s.units[u].loc == kLocPool) return u;
  return -1;
}

bool atlantic_possible(const CpsState& s, const Control& ctl) {
  return !s.atlantic_used && atlantic_unit(s, UnitType::CV) >= 0 &&
         atlantic_unit(s, UnitType::BB) >= 0 &&
         (ctl[s.content().pearl_harbor] == kAllied || ctl[s.content().samoa] == kAllied);
}

bool cbi_possible(const CpsState& s, const Control& ctl, int nation) {
  return can_develop(s, ctl, kAllied, nation) ||
         can_replenish(s, ctl, kAllied, nation, Icon::ReplenishAny) ||
         can_move(s, ctl, Op::Strategic, kAllied, nation, false) ||
         can_move(s, ctl, Op::Naval, kAllied, nation, false) ||
         can_move(s, ctl, Op::Ground, kAllied, nation, false);
}

bool icon_possible(const CpsState& s, const Control& ctl, int side, const CardIcon& icon) {
  switch (icon.icon) {
    case Icon::Development:
      return can_develop(s, ctl, side, -1);
    case Icon::ReplenishArmy:
    case Icon::ReplenishNavy:
    case Icon::ReplenishAny:
      return can_replenish(s, ctl, side, -1, icon.icon);
    case Icon::Strategic:
      return can_move(s, ctl, Op::Strategic, side, -1, false);
    case Icon::Naval:
      return can_move(s, ctl, Op::Naval, side, -1, false);
    case Icon::Ground:
      return can_move(s, ctl, Op::Ground, side, -1, false);
    case Icon::NorthWindRain:
      return nwr_possible(s, ctl);
    case Icon::Cbi:
      return cbi_possible(s, ctl, kChina) || cbi_possible(s, ctl, kCommonwealth);
    case Icon::Bombing:
      return can_bomb(s, icon.nation);
    case Icon::Atlantic:
      return atlantic_possible(s, ctl);
    case Icon::Reaction:
      return false;  // only in 8.6.1
  }
  return false;
}

void begin_op(CpsState& s, Op op, int side, int nation) {
  s.op = OpCtx{};
  s.op.op = op;
  s.op.side = static_cast<std::int8_t>(side);
  s.op.nation = static_cast<std::int8_t>(nation);
  s.seat = static_cast<std::int8_t>(side);
}

void do_icon(CpsState& s, int side, const CardIcon& icon, Log log) {
  switch (icon.icon) {
    case Icon::Development:
      begin_op(s, Op::Develop, side, -1);
      s.step = Step::Develop;
      return;
    case Icon::ReplenishArmy:
    case Icon::ReplenishNavy:
    case Icon::ReplenishAny:
      begin_op(s, Op::Replenish, side, -1);
      s.op.replenish = icon.icon;
      s.step = Step::Replenish;
      return;
    case Icon::Strategic:
      return start_move(s, Op::Strategic, side, -1, false, Resume::Operations);
    case Icon::Naval:
      return start_move(s, Op::Naval, side, -1, false, Resume::Operations);
    case Icon::Ground:
      return start_move(s, Op::Ground, side, -1, false, Resume::Operations);
    case Icon::NorthWindRain: {
      begin_op(s, Op::NorthWind, side, -1);
      const int vet = nwr_veteran(s);
      put_unit(s, vet, kVladivostok);
      s.nwr_done = true;
      s.nwr_turn = s.turn;
      log_line(
          log, [&] { return "North Wind Rain: " + unit_name(s, vet) + " moves to Vladivostok."; },
          "5.1");
      return operation_done(s, log);
    }
    case Icon::Cbi:
      begin_op(s, Op::None, side, -1);
      s.step = Step::CbiNation;
      return;
    case Icon::Bombing:
      begin_op(s, Op::Bomb, side, icon.nation);
      s.step = Step::Bomber;
      return;
    case Icon::Atlantic:
      begin_op(s, Op::Atlantic, side, kUS);
      s.atlantic_used = true;
      s.step = Step::AtlanticPlace;
      log_line(log, "Reinforcements from the Atlantic.", "8.9");
      return;
    case Icon::Reaction:
      return;
  }
}

}  // namespace

void begin_operations(CpsState& s, Log log) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  s.rp = ctl[s.content().borneo] == kJapanese ? 2 : 0;  // 6.4
  s.passes = 0;
  s.op = OpCtx{};
  s.step = Step::Operations;
  s.seat = s.first;
  log_line(
      log,
      [&] {
        return "Operations Phase" + std::string(s.rp > 0 ? " (Japanese hold Borneo: 2 RP)" : "") +
               ".";
      },
      "8.0");
}

void legal_operations(const CpsState& s, Out& out) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const int side = s.seat;
  const Content& c = s.content();
  const bool sustain = side == kJapanese && sustain_needed(s);
  // Many cards carry the same icon: whether it can be used is worked out once per icon (and
  // bombing colour) in this call. -1: not yet known.
  std::array<std::array<std::int8_t, 5>, static_cast<int>(Icon::Atlantic) + 1> possible;
  for (auto& row : possible) row.fill(-1);
  for (std::uint32_t m = c.side_cards[side]; m != 0; m &= m - 1) {
    const int k = std::countr_zero(m);
    if (s.cards[k] != CardLoc::Hand) continue;
    const Content::CardHot& card = c.card_hot[k];
    const auto& icons = card.icons;
    for (int i = 0; i < card.num_icons; ++i) {
      // 8.9: once the reinforcements came, the Grand Strategy card serves only for ground moves.
      if (card.atlantic && s.atlantic_used && icons[i].icon != Icon::Ground) continue;
      std::int8_t& known = possible[static_cast<int>(icons[i].icon)][icons[i].nation + 1];
      if (known < 0) known = icon_possible(s, ctl, side, icons[i]) ? 1 : 0;
      if (known == 1) out.push_back(encode(Kind::Play, k, i));
      if (sustain && icons[i].icon == Icon::Ground)
        out.push_back(encode(Kind::Play, k, i | kSustain));
    }
  }
  if (side == kJapanese && rp_usable(s, ctl)) {
    for (Op op : {Op::Strategic, Op::Naval, Op::Ground})
      if (can_move(s, ctl, op, side, -1, false))
        out.push_back(encode(Kind::Rp, static_cast<int>(op)));
    if (sustain) out.push_back(encode(Kind::Rp, static_cast<int>(Op::Sustain)));
  }
  out.push_back(encode(Kind::Pass));
}

void apply_operations(CpsState& s, Act a, Log log) {
  const int side = s.seat;
  const char* who = side == kJapanese ? "Japanese" : "Allied";
  if (a.kind == Kind::Pass) {
    log_line(
        log, [&] { return std::string("The ") + who + " player passes."; }, "8.0");
    if (++s.passes >= 2) return end_of_operations(s, log);
    s.seat = static_cast<std::int8_t>(other(side));
    return;
  }
  s.passes = 0;
  if (a.kind == Kind::Rp) {
    --s.rp;
    log_line(log, "The Japanese player uses a Resource Point.", "6.4");
    const Op op = static_cast<Op>(a.a);
    if (op == Op::Sustain) {
      s.nwr_sustained = true;
      begin_op(s, Op::Sustain, side, -1);
      return operation_done(s, log);
    }
    return start_move(s, op, side, -1, false, Resume::Operations);
  }
  const CardDef& card = s.content().cards[a.a];
  s.cards[a.a] = CardLoc::Played;
  if ((a.b & kSustain) != 0) {
    s.nwr_sustained = true;
    log_line(
        log, [&] { return "The Japanese player plays " + card.name + " to supply Vladivostok."; },
        "5.1");
    begin_op(s, Op::Sustain, side, -1);
    return operation_done(s, log);
  }
  const CardIcon icon = card.icons[a.b];
  if (icon.icon == Icon::NorthWindRain) s.cards[a.a] = CardLoc::Removed;
  log_line(
      log,
      [&] {
        return std::string("The ") + who + " player plays " + card.name + " for " +
               icon_text(icon) + ".";
      },
      "6.3");
  do_icon(s, side, icon, log);
}

void legal_cbi(const CpsState& s, Out& out) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  if (s.step == Step::CbiNation) {
    for (int n : {kChina, kCommonwealth})
      if (cbi_possible(s, ctl, n)) out.push_back(encode(Kind::Nation, n));
    return;
  }
  const int n = s.op.nation;
  if (can_develop(s, ctl, kAllied, n))
    out.push_back(encode(Kind::CbiOp, static_cast<int>(Op::Develop)));
  if (can_replenish(s, ctl, kAllied, n, Icon::ReplenishAny))
    out.push_back(encode(Kind::CbiOp, static_cast<int>(Op::Replenish)));
  for (Op op : {Op::Strategic, Op::Naval, Op::Ground})
    if (can_move(s, ctl, op, kAllied, n, false))
      out.push_back(encode(Kind::CbiOp, static_cast<int>(op)));
}

void apply_cbi(CpsState& s, Act a, Log log) {
  (void)log;
  if (a.kind == Kind::Nation) {
    s.op.nation = static_cast<std::int8_t>(a.a);
    s.step = Step::CbiAction;
    return;
  }
  const Op op = static_cast<Op>(a.a);
  const int nation = s.op.nation;
  if (op == Op::Develop || op == Op::Replenish) {
    s.op.op = op;
    s.op.replenish = Icon::ReplenishAny;
    s.step = op == Op::Develop ? Step::Develop : Step::Replenish;
    return;
  }
  start_move(s, op, kAllied, nation, false, Resume::Operations);
}

void legal_bomb(const CpsState& s, Out& out) {
  const Content& c = s.content();
  if (s.step == Step::Bomber) {
    for (int u = 0; u < c.num_units(); ++u)
      if (c.is_air(u) && c.units[u].nation == s.op.nation && bomber_targets(s, u, nullptr))
        out.push_back(encode(Kind::Bomber, u));
    return;
  }
  bomber_targets(s, s.op.unit, &out);
}

void apply_bomb(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::Bomber) {
    s.op.unit = static_cast<std::int8_t>(a.a);
    s.step = Step::BombTarget;
    Out out;
    legal_bomb(s, out);
    if (out.size() == 1) apply_bomb(s, decode(out[0]), log);
    return;
  }
  start_bombing(s, s.op.unit, a.a, log);
}

void legal_atlantic(const CpsState& s, Out& out) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const int u = atlantic_unit(s, s.op.picked == 0 ? UnitType::CV : UnitType::BB);
  for (const int sp : {s.content().pearl_harbor, s.content().samoa})
    if (ctl[sp] == kAllied) out.push_back(encode(Kind::Place, u, sp));
}

void apply_atlantic(CpsState& s, Act a, Log log) {
  put_unit(s, a.a, a.b);
  s.units[a.a].steps = static_cast<std::uint8_t>(max_steps(s, a.a));
  log_line(
      log, [&] { return unit_name(s, a.a) + " arrives at " + space_name(s, a.b) + "."; }, "8.9");
  if (s.op.picked == 0) {
    s.op.picked = 1;
    return;
  }
  operation_done(s, log);
}

void operation_done(CpsState& s, Log log) {
  (void)log;
  const int side = s.op.side;
  s.op = OpCtx{};
  s.step = Step::Operations;
  s.seat = static_cast<std::int8_t>(other(side));
}

void finish_op(CpsState& s, Log log) {
  for (auto& u : s.units) u.flags &= kTurnFlags;
  switch (s.op.resume) {
    case Resume::Operations:
      return operation_done(s, log);
    case Resume::SpecialOps:
      return special_done(s, log);
    case Resume::EndTurn:
      s.step = Step::EndTurnMove;
      s.seat = s.eot_side;
      return;
  }
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 8.0 Operations, 8.5 CBI, 8.8 Bombing and 8.9 the Atlantic (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

constexpr StepRules kOperationSteps[] = {
    {Step::Operations, "operations", Actor::Seat, "operations", "8.0", false, kinds({Kind::Play}),
     nullptr, legal_operations, apply_operations,
     [](const CpsState& s) -> std::string {
       return "8.0: " + who(s) + " Operation or pass (" + year(s) + ")";
     }},
    {Step::CbiNation, "cbi-nation", Actor::Seat, "operations", "8.5", false, kNoKind, nullptr,
     legal_cbi, apply_cbi,
     [](const CpsState&) -> std::string {
       return "8.5: CBI Theater: Chinese or Commonwealth forces";
     }},
    {Step::CbiAction, "cbi-action", Actor::Seat, "operations", "8.5", false, kNoKind, nullptr,
     legal_cbi, apply_cbi,
     [](const CpsState&) -> std::string { return "8.5: CBI Theater operation"; }},
    {Step::Bomber, "bomber", Actor::Seat, "operations", "8.8", false, kNoKind, nullptr, legal_bomb,
     apply_bomb, [](const CpsState&) -> std::string { return "8.8: bombing air unit"; }},
    {Step::BombTarget, "bomb-target", Actor::Seat, "operations", "8.8", false, kNoKind, nullptr,
     legal_bomb, apply_bomb, [](const CpsState&) -> std::string { return "8.8: space to bomb"; }},
    {Step::AtlanticPlace, "atlantic-place", Actor::Seat, "operations", "8.9", false, kNoKind,
     nullptr, legal_atlantic, apply_atlantic,
     [](const CpsState&) -> std::string { return "8.9: place the reinforcement"; }},
};

}  // namespace

std::span<const StepRules> operation_steps() { return kOperationSteps; }

}  // namespace pacwar::co_prosperity
