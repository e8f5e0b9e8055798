// 15.0 Optional Rules that change the card draw: Japan Stocks Additional Oil Reserves (15.2) and
// Allies Additionally Weakened (15.3). 15.1 (Yamamoto's Original Plan) is part of Turn 0 in
// turn0_5.cc. The numbers come from rules.json "optional_rules".
#include <algorithm>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {

int oil_reserve_cards(const PwState& s) {
  if (!s.options().on(Rule::OilReserves) || s.turn < 0 || s.turn > kLastTurn) return 0;
  const OptionalRulesDef& o = s.content().optional;
  const int die_cards = s.adv.oil_turn == s.turn ? s.adv.oil_bonus : 0;
  return o.oil_cards[s.turn] + die_cards;
}

int oil_cards_so_far(const PwState& s) {
  if (!s.options().on(Rule::OilReserves)) return 0;
  const OptionalRulesDef& o = s.content().optional;
  int n = 0;
  for (int t = 0; t <= std::min<int>(s.turn, kLastTurn); ++t)
    n += o.oil_cards[t] + o.oil_die_cards[t];
  return n;
}

bool start_oil_die(PwState& s) {
  if (!s.options().on(Rule::OilReserves) || s.turn < 0 || s.turn > kLastTurn) return false;
  if (s.content().optional.oil_die_cards[s.turn] == 0 || s.adv.oil_turn == s.turn) return false;
  s.step = Step::OilDie;
  return true;
}

void apply_oil_die(PwState& s, Act act, Log log) {
  const OptionalRulesDef& o = s.content().optional;
  const bool good = act.a >= o.oil_die_min;
  s.adv.oil_turn = s.turn;
  s.adv.oil_bonus = static_cast<std::int8_t>(good ? o.oil_die_cards[s.turn] : 0);
  log_line(
      log,
      [&] {
        return "Japanese oil reserves die " + std::to_string(act.a) +
               (good ? ": one more Resource Card this turn." : ": no extra card.");
      },
      "15.2");
  begin_draw_phase(s, log);
}

int allied_draws(const PwState& s) {
  const Content& c = s.content();
  if (s.turn < 0 || s.turn > kLastTurn) return 0;
  return s.options().on(Rule::AlliesWeakened) ? c.optional.weakened_allied_draws[s.turn]
                                              : c.allied_draws[s.turn];
}

}  // namespace pacwar::pacific_war

// ---- The steps of 15.0 Optional Rules (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kOptionalSteps[] = {
    {Step::OilDie, "oil-die", Actor::Chance, "card-draw", "15.2", Rest::Busy, kEveryKind,
     die_outcomes, nullptr, apply_oil_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "15.2 Japanese oil reserves: any die but 1 gives one more Resource Card";
     }},
};

}  // namespace

std::span<const StepRules> optional_steps() { return kOptionalSteps; }

}  // namespace pacwar::pacific_war
