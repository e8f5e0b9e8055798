// 8.0 Strategy Phase: the Initiative procedure of 8.2 (steps 1-4, dice, ties, passing), the
// Active Player's one action (8.3) and the card-driven actions: Resupply (8.6), Fleet Train
// (8.7) and opening the Restricted Sea Routes (8.8). Movement is in movement_8_10.cc.
#include <algorithm>
#include <bit>

#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

void end_strategy_phase(PwState& s, Log log) {
  log_line(log, "The Strategy Phase ends.", "8.2");
  s.active = -1;
  update_control(s, log);
  begin_supply_phase(s, log);
}

void start_action(PwState& s, int side, bool took_initiative, Log log) {
  (void)log;
  s.active = static_cast<std::int8_t>(side);
  s.step = Step::ChooseAction;
  s.seat = static_cast<std::int8_t>(side);
  if (took_initiative) offer_interrupt(s);  // 8.3.1 (events_8_5.cc)
}

// Moves to an Initiative step, skipping the question when the player holds no card.
void goto_init(PwState& s, Step step, Log log) {
  for (;;) {
    const int side = step == Step::Init1 ? kJapanese : kAllied;
    if (hand_size(s, side) > 0) {
      s.step = step;
      s.seat = static_cast<std::int8_t>(side);
      return;
    }
    if (step == Step::Init1) {
      step = Step::Init3;
    } else if (step == Step::Init2) {
      step = Step::Init1;
      // Both hands may be empty: go straight to the dice.
      if (hand_size(s, kJapanese) == 0) {
        s.step = Step::InitDieJapanese;
        return;
      }
    } else {
      log_line(log, "Neither player discards for the Initiative: both roll 1d6.", "8.2");
      s.step = Step::InitDieJapanese;
      return;
    }
  }
}

}  // namespace

void begin_strategy_phase(PwState& s, Log log) {
  log_line(
      log, [&] { return "Turn " + std::to_string(s.turn) + " Strategy Phase."; }, "8.0");
  s.passes = 0;
  goto_init(s, Step::Init1, log);
}

void legal_initiative(const PwState& s, Out& out) {
  for (int card : hand(s, s.seat)) out.push_back(encode(Kind::Initiative, card));
  out.push_back(encode(Kind::Decline));
}

void apply_initiative(PwState& s, Act act, Log log) {
  const int side = s.seat;
  const std::string section = s.step == Step::Init1   ? "8.2 (1)"
                              : s.step == Step::Init2 ? "8.2 (2)"
                                                      : "8.2 (3)";
  if (act.kind == Kind::Initiative) {
    discard(s, act.a);
    log_line(
        log,
        [&] {
          return side_name(side) + " discard " + card_end(s, act.a, side).name +
                 " to gain the Initiative.";
        },
        section);
    s.after = s.step == Step::Init1 ? AfterAction::ToInit2 : AfterAction::ToInit1;
    start_action(s, side, true, log);
    return;
  }
  log_line(
      log, [&] { return side_name(side) + " do not discard for the Initiative."; }, section);
  if (s.step == Step::Init1)
    goto_init(s, Step::Init3, log);
  else if (s.step == Step::Init2)
    goto_init(s, Step::Init1, log);
  else {
    log_line(log, "Both players roll for the Initiative.", "8.2 (4)");
    s.step = Step::InitDieJapanese;
  }
}

void apply_initiative_die(PwState& s, Act act, Log log) {
  if (s.step == Step::InitDieJapanese) {
    s.dice[kJapanese] = static_cast<std::int8_t>(act.a);
    s.step = Step::InitDieAllied;
    return;
  }
  s.dice[kAllied] = static_cast<std::int8_t>(act.a);
  log_line(
      log,
      [&] {
        return "Initiative dice: Japanese " + std::to_string(s.dice[kJapanese]) + ", Allied " +
               std::to_string(s.dice[kAllied]) + ".";
      },
      "8.2 (4)");
  if (s.dice[kJapanese] == s.dice[kAllied]) {
    log_line(log, "A tie: the Strategy Phase ends at once.", "8.2 (4)");
    if (offer_magic(s, log)) return;  // 13.7 MAGIC
    end_strategy_phase(s, log);
    return;
  }
  s.die_winner =
      static_cast<std::int8_t>(s.dice[kJapanese] > s.dice[kAllied] ? kJapanese : kAllied);
  s.passes = 0;
  s.after = AfterAction::ToLoser;
  log_line(
      log, [&] { return side_name(s.die_winner) + " win the Initiative."; }, "8.2 (4)");
  start_action(s, s.die_winner, true, log);
}

void legal_choose_action(const PwState& s, Out& out) {
  const Content& c = s.content();
  const int side = s.seat;
  // One pass over the units: what each OZ offers.
  std::array<int, kMaxOz> fastest;  // the fastest Ready Naval unit per OZ, -1: none
  fastest.fill(-1);
  // 8.6 (card_readies_any, in the same pass): Ops Complete ships per OZ, and non-capital ones.
  std::uint32_t spent = 0;
  std::uint32_t spent_minor = 0;
  for (std::uint32_t m = s.naval_ozs[static_cast<std::size_t>(side)]; m != 0; m &= m - 1) {
    const int oz = std::countr_zero(m);
    for_each_unit(ships_at(s, side, oz), [&](int u) {
      if (is_ready(s, u)) {
        fastest[oz] = std::max<int>(fastest[oz], c.unit_hot[u].speed);
      } else {
        spent |= oz_bit(oz);
        if (!c.unit_hot[u].capital) spent_minor |= oz_bit(oz);
      }
    });
  }
  std::uint32_t resupply = 0;  // the OZs (bits) a card resupplies at
  if (hand_size(s, side) > 0) {
    const std::uint32_t ports = usable_ports(s, side);
    resupply = (ports & spent) | (~ports & spent_minor);
  }
  // Only the OZs with the side's ships can offer a move or a return (fastest -1 elsewhere).
  const std::uint32_t ships = s.naval_ozs[static_cast<std::size_t>(side)];
  for (std::uint32_t m = ships; m != 0; m &= m - 1) {
    const int oz = std::countr_zero(m);
    if (group_can_leave(s, side, oz, fastest[oz])) out.push_back(encode(Kind::MoveFrom, oz));
  }
  for (std::uint32_t m = return_reach(s, side) & ships; m != 0; m &= m - 1)
    out.push_back(encode(Kind::ReturnFrom, std::countr_zero(m)));
  const std::uint32_t landing = lba_landing_mask(s, side);
  UnitMask lba{};  // the side's LBA on the map
  for (std::uint32_t m = s.lba_ozs[static_cast<std::size_t>(side)]; m != 0; m &= m - 1)
    for (std::size_t w = 0; w < lba.size(); ++w)
      lba[w] |= s.units_at[static_cast<std::size_t>(std::countr_zero(m))][w] &
                c.side_lba_units[static_cast<std::size_t>(side)][w];
  for_each_unit(lba, [&](int u) {
    if ((landing & ~oz_bit(s.units[u].loc)) != 0) out.push_back(encode(Kind::Redeploy, u));
  });
  const CardList cards = hand(s, side);
  const bool fleet_train = side == kAllied && (s.turn == 4 || s.turn == 5) &&
                           s.fleet_trains_left > 0 && s.fleet_train_turn != s.turn;
  for (int card : cards) {
    for (std::uint32_t m = resupply; m != 0; m &= m - 1)
      out.push_back(encode(Kind::Resupply, card, std::countr_zero(m)));
    if (side != kAllied) continue;
    if (fleet_train && !fleet_train_is_free(s))
      for (int oz = 0; oz < c.num_ozs(); ++oz)
        if (!c.ozs[oz].port && s.base_marker[oz] == kAllied)
          out.push_back(encode(Kind::FleetTrain, card, oz));
    if (!s.routes_open) out.push_back(encode(Kind::OpenRoutes, card));
  }
  if (fleet_train && fleet_train_is_free(s))  // 13.7: no card needed
    for (int oz = 0; oz < c.num_ozs(); ++oz)
      if (!c.ozs[oz].port && s.base_marker[oz] == kAllied)
        out.push_back(encode(Kind::FreeFleetTrain, oz));
  legal_event_actions(s, out);  // 8.5 (events_8_5.cc)
  out.push_back(encode(s.after == AfterAction::ToLoser || s.after == AfterAction::ToInit1AfterDice
                           ? Kind::Pass
                           : Kind::Skip));
  filter_extra_action(s, out);
}

void apply_choose_action(PwState& s, Act act, Log log) {
  const int side = s.seat;
  switch (act.kind) {
    case Kind::MoveFrom:
      start_group(s, MoveKind::Normal, side, act.a, false);
      return;
    case Kind::ReturnFrom:
      start_group(s, MoveKind::Return, side, act.a, false);
      return;
    case Kind::Redeploy:
      start_lba(s, side, act.a, false);
      return;
    case Kind::Resupply: {
      discard(s, act.a);
      ready_with_card(s, side, act.b);
      log_line(
          log,
          [&] {
            return side_name(side) + " discard " + card_end(s, act.a, side).name +
                   " to resupply at " + oz_name(s, act.b) + ".";
          },
          "8.6");
      finish_action(s, log);
      return;
    }
    case Kind::FleetTrain:
      discard(s, act.a);
      s.fleet_train_oz = static_cast<std::int8_t>(act.b);
      --s.fleet_trains_left;
      s.fleet_train_turn = s.turn;
      log_line(
          log,
          [&] {
            return "Allied discard " + card_end(s, act.a, side).name +
                   " to place a Fleet Train at " + oz_name(s, act.b) + ".";
          },
          "8.7");
      finish_action(s, log);
      return;
    case Kind::OpenRoutes:
      discard(s, act.a);
      s.routes_open = true;
      log_line(
          log,
          [&] {
            return "Allied discard " + card_end(s, act.a, side).name +
                   " to open the Restricted Sea Routes.";
          },
          "8.8");
      finish_action(s, log);
      return;
    case Kind::FreeFleetTrain:  // 13.7
      apply_advanced(s, act, log);
      return;
    case Kind::Event:
      apply_event_action(s, act, log);
      return;
    case Kind::Pass:
      log_line(
          log, [&] { return side_name(side) + " pass."; }, "8.2 (4)");
      s.passes |= static_cast<std::uint8_t>(1u << side);
      finish_action(s, log);
      return;
    default:  // Skip
      log_line(
          log, [&] { return side_name(side) + " take no action."; }, "8.3");
      finish_action(s, log);
      return;
  }
}

void finish_action(PwState& s, Log log) {
  clear_unit_flag(s, kSelected);
  s.move = MoveCtx{};
  s.combat = CombatCtx{};
  update_control(s, log);
  if (s.step == Step::GameOver) return;
  if (take_extra_action(s)) return;  // an event owes another Strategy Action (events_8_5.cc)
  switch (s.after) {
    case AfterAction::ToInit2:
      goto_init(s, Step::Init2, log);
      return;
    case AfterAction::ToInit1:
      goto_init(s, Step::Init1, log);
      return;
    case AfterAction::ToLoser:
      s.after = AfterAction::ToInit1AfterDice;
      start_action(s, 1 - s.die_winner, false, log);
      return;
    case AfterAction::ToInit1AfterDice:
      if (s.passes == 3) {
        log_line(log, "Both players pass.", "8.2 (4)");
        end_strategy_phase(s, log);
        return;
      }
      goto_init(s, Step::Init1, log);
      return;
    case AfterAction::EndPhase:  // 13.7: MAGIC's action was the last one
      end_strategy_phase(s, log);
      return;
  }
}

void start_strategy_action(PwState& s, int side, Log log) {
  start_action(s, side, false, log);  // 13.7 MAGIC: no Initiative won, so no 8.3.1
}
void end_strategy_phase_now(PwState& s, Log log) { end_strategy_phase(s, log); }
void restart_initiative(PwState& s, Log log) {
  clear_unit_flag(s, kSelected);
  s.move = MoveCtx{};
  s.combat = CombatCtx{};
  s.events.extra_actions = 0;
  s.events.in_extra = false;
  s.passes = 0;
  s.after = AfterAction::ToInit1;
  update_control(s, log);
  goto_init(s, Step::Init1, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 8.2 Initiative and 8.3 Strategy Actions (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kStrategySteps[] = {
    {Step::Init1, "init-1", Actor::Seat, "strategy", "8.2", Rest::AtRest, kinds({Kind::Initiative}),
     nullptr, legal_initiative, apply_initiative,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.2 (1) Japanese: discard a card to gain the Initiative?";
     }},
    {Step::Init2, "init-2", Actor::Seat, "strategy", "8.2", Rest::AtRest, kinds({Kind::Initiative}),
     nullptr, legal_initiative, apply_initiative,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.2 (2) Allied: discard a card to gain the Initiative?";
     }},
    {Step::Init3, "init-3", Actor::Seat, "strategy", "8.2", Rest::AtRest, kinds({Kind::Initiative}),
     nullptr, legal_initiative, apply_initiative,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.2 (3) Allied: discard a card to gain the Initiative?";
     }},
    {Step::InitDieJapanese, "init-die-japanese", Actor::Chance, "strategy", "8.2", Rest::AtRest,
     kEveryKind, die_outcomes, nullptr, apply_initiative_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.2 (4) Japanese Initiative die";
     }},
    {Step::InitDieAllied, "init-die-allied", Actor::Chance, "strategy", "8.2", Rest::AtRest,
     kEveryKind, die_outcomes, nullptr, apply_initiative_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.2 (4) Allied Initiative die";
     }},
    {Step::ChooseAction, "choose-action", Actor::Seat, "strategy", "8.3", Rest::BetweenMoves,
     kinds({Kind::Resupply, Kind::FleetTrain, Kind::OpenRoutes, Kind::Event}), nullptr,
     legal_choose_action, apply_choose_action,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.3 " + who(s) + " Strategy Action";
     }},
};

}  // namespace

std::span<const StepRules> strategy_steps() { return kStrategySteps; }

}  // namespace pacwar::pacific_war
