// 7.0 Declaration of War: who may declare and on whom (7.1, 7.2), the cost paid in discarded
// cards (7.2.1, 7.2.2), the air-unit transfer and the two Special Operations (7.3).
#include <algorithm>

#include "engine/text.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

void allied_option(CpsState& s, Log log) {
  if (!s.allied_declared && !s.us_war && hand_size(s, kAllied) >= war_cost(s)) {
    s.step = Step::DeclareAllied;
    s.seat = kAllied;
    return;
  }
  begin_operations(s, log);
}

// 7.3: the countries receiving the declaration send their air units to the Retreat Box.
void transfer_air(CpsState& s, int nation_mask, Log log) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (c.is_air(u) && in_space(s.units[u].loc) && ((nation_mask >> c.units[u].nation) & 1)) {
      put_unit(s, u, c.side(u) == kJapanese ? kRetreatJapanese : kRetreatAllied);
      log_line(
          log, [&] { return unit_name(s, u) + " is transferred to the Retreat Box."; }, "7.3");
    }
}

void start_special(CpsState& s, int declarer, int targets) {
  s.declarer = static_cast<std::int8_t>(declarer);
  s.war_targets = static_cast<std::int8_t>(targets);
  s.special_left = 2;
  s.step = Step::SpecialOp;
  s.seat = static_cast<std::int8_t>(declarer);
}

}  // namespace

int war_cost(const CpsState& s) { return std::max(0, 6 - s.turn - (s.cw_war ? 1 : 0)); }

void begin_declaration(CpsState& s, Log log) {
  s.war_targets = 0;
  s.declarer = -1;
  if (!s.japan_declared && (!s.us_war || !s.cw_war)) {
    s.step = Step::DeclareJapanese;
    s.seat = kJapanese;
    return;
  }
  allied_option(s, log);
}

void legal_declare(const CpsState& s, Out& out) {
  if (s.step == Step::DeclareJapanese) {
    if (!s.us_war) out.push_back(encode(Kind::Declare, 1 << kUS));
    if (!s.cw_war) out.push_back(encode(Kind::Declare, 1 << kCommonwealth));
    if (!s.us_war && !s.cw_war)
      out.push_back(encode(Kind::Declare, (1 << kUS) | (1 << kCommonwealth)));
  } else {
    out.push_back(encode(Kind::Declare, 1 << kJapan));
  }
  out.push_back(encode(Kind::NoDeclaration));
}

void apply_declare(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::NoDeclaration) {
    if (s.step == Step::DeclareJapanese) return allied_option(s, log);
    // 7.0: the Allied player had the option (he is asked only when his hand pays the cost,
    // 7.2.1) and let it pass; the Japanese player reads that too.
    log_line(
        log,
        [&] {
          return "The Allied player does not declare war on Japan (cost " +
                 engine::count_of(war_cost(s), "card") + ").";
        },
        "7.2");
    return begin_operations(s, log);
  }
  if (s.step == Step::DeclareJapanese) {
    s.japan_declared = true;
    if ((a.a >> kUS) & 1) {
      s.us_war = true;
      s.us_bonus = 4;  // 6.2
      log_line(log, "Japan declares war on the United States.", "7.1");
    }
    if ((a.a >> kCommonwealth) & 1) {
      s.cw_war = true;
      log_line(log, "Japan declares war on the Commonwealth.", "7.1");
    }
    transfer_air(s, a.a, log);
    start_special(s, kJapanese, a.a);
    return;
  }
  const int cost = war_cost(s);
  s.allied_declared = true;
  s.us_war = true;
  s.us_bonus = 2;     // 6.2
  s.first = kAllied;  // 7.2: the Allies go first from this turn on
  log_line(
      log,
      [&] { return "The United States declare war on Japan (cost " + std::to_string(cost) + ")."; },
      "7.2");
  transfer_air(s, 1 << kJapan, log);
  start_special(s, kAllied, 1 << kJapan);
  s.discard_left = static_cast<std::int8_t>(cost);
  if (cost > 0) s.step = Step::DiscardCost;
}

void legal_discard(const CpsState& s, Out& out) {
  for (int k = 0; k < kNumCards; ++k)
    if (s.cards[k] == CardLoc::Hand && s.content().cards[k].side == kAllied)
      out.push_back(encode(Kind::Discard, k));
}

void apply_discard(CpsState& s, Act a, Log log) {
  s.cards[a.a] = CardLoc::Discarded;
  log_line(
      log, [&] { return "You discard " + s.content().cards[a.a].name + "."; }, "7.2.1",
      1u << kAllied);
  log_line(log, "The Allied player discards a card.", "7.2.1", 1u << kJapanese);
  if (--s.discard_left <= 0) s.step = Step::SpecialOp;
}

void legal_special(const CpsState& s, Out& out) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  for (Op op : {Op::Strategic, Op::Naval, Op::Ground})
    if (can_move(s, ctl, op, s.declarer, -1, true))
      out.push_back(encode(Kind::Special, static_cast<int>(op)));
  out.push_back(encode(Kind::EndSpecial));
}

void apply_special(CpsState& s, Act a, Log log) {
  if (a.kind == Kind::EndSpecial) {
    s.special_left = 0;
    return special_done(s, log);
  }
  --s.special_left;
  start_move(s, static_cast<Op>(a.a), s.declarer, -1, true, Resume::SpecialOps);
}

void special_done(CpsState& s, Log log) {
  if (s.special_left > 0) {
    s.step = Step::SpecialOp;
    s.seat = s.declarer;
    return;
  }
  s.war_targets = 0;
  begin_operations(s, log);
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 7.0 Declarations of War and 7.3 Special Operations (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

constexpr StepRules kWarSteps[] = {
    {Step::DeclareJapanese, "declare-japanese", Actor::Seat, "war", "7.1", false, kNoKind, nullptr,
     legal_declare, apply_declare,
     [](const CpsState&) -> std::string { return "7.1: Japanese Declaration of War"; }},
    {Step::DeclareAllied, "declare-allied", Actor::Seat, "war", "7.2", false, kNoKind, nullptr,
     legal_declare, apply_declare,
     [](const CpsState& s) -> std::string {
       return "7.2: Allied Declaration of War (cost " + std::to_string(war_cost(s)) + ")";
     }},
    {Step::DiscardCost, "discard-cost", Actor::Seat, "war", "7.2.1", false, kinds({Kind::Discard}),
     nullptr, legal_discard, apply_discard,
     [](const CpsState&) -> std::string {
       return "7.2.1: discard a card to pay for the declaration";
     }},
    {Step::SpecialOp, "special-op", Actor::Seat, "war", "7.3", false, kNoKind, nullptr,
     legal_special, apply_special,
     [](const CpsState& s) -> std::string {
       return "7.3: Special Operation (" + std::to_string(s.special_left) + " left)";
     }},
};

}  // namespace

std::span<const StepRules> war_steps() { return kWarSteps; }

}  // namespace pacwar::co_prosperity
