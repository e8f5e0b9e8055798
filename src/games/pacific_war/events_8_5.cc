// 8.5 Resource Cards as Events outside combat: events as the Active Player's Strategy Action
// (8.3, 8.5), the Non-Active Player's interruption (8.3.1), events that owe more Strategy
// Actions, Port Invasion events (10.2, 10.2.1), and the discards and redraws events cause.
// When an event may be played (8.4, 4.6) is in card_effects.cc; combat in combat_cards_9_0_1.cc.
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

// Event actions of `side` for cards of `timing`: one per valid target.
void event_actions(const PwState& s, int side, Timing timing, Out& out) {
  std::vector<int> targets;
  for (int card : hand(s, side)) {
    const CardEnd& end = card_end(s, card, side);
    if (end.event.timing != timing || !event_available(s, card, side)) continue;
    event_targets(s, end.event, side, targets);
    for (int t : targets) out.push_back(encode(Kind::Event, card, t));
  }
}

bool action_fits(ActionFilter f, Kind kind) {
  switch (f) {
    case ActionFilter::Any:
      return true;
    case ActionFilter::NavalMove:
      return kind == Kind::MoveFrom;
    case ActionFilter::LbaRedeploy:
      return kind == Kind::Redeploy;
  }
  return false;
}

}  // namespace

void legal_event_actions(const PwState& s, Out& out) {
  event_actions(s, s.seat, Timing::Action, out);
}

void apply_event_action(PwState& s, Act act, Log log) {
  if (play_event(s, act.a, s.seat, act.b, log)) return;
  finish_action(s, log);
}

bool offer_interrupt(PwState& s) {
  const int other = 1 - s.active;
  Out out;
  event_actions(s, other, Timing::Interrupt, out);
  if (out.empty()) return false;
  s.step = Step::Interrupt;
  s.seat = static_cast<std::int8_t>(other);
  return true;
}

void legal_interrupt(const PwState& s, Out& out) {
  event_actions(s, s.seat, Timing::Interrupt, out);
  out.push_back(encode(Kind::NoEvent));
}

void apply_interrupt(PwState& s, Act act, Log log) {
  const int active = s.active;
  if (act.kind == Kind::NoEvent) {
    s.step = Step::ChooseAction;
    s.seat = static_cast<std::int8_t>(active);
    return;
  }
  play_event(s, act.a, s.seat, act.b, log);
  log_line(
      log,
      [&] {
        return side_name(active) +
               " may not execute their Strategy Action. Interrupting is not a "
               "Pass: the round begins again at step (1).";
      },
      "8.3.1");
  restart_initiative(s, log);
}

bool take_extra_action(PwState& s) {
  if (s.events.extra_actions <= 0 || s.active < 0) {
    s.events.extra_actions = 0;
    s.events.in_extra = false;
    return false;
  }
  --s.events.extra_actions;
  s.events.in_extra = true;
  s.step = Step::ChooseAction;
  s.seat = s.active;
  return true;
}

// During an action an event owes (8.3): only the kinds the event allows, and `skip` instead of
// `pass` (forgoing it is not a Pass of 8.2 step 4).
void filter_extra_action(const PwState& s, Out& out) {
  if (!s.events.in_extra) return;
  Out kept;
  for (engine::ActionCode code : out)
    if (action_fits(s.events.extra_filter, decode(code).kind)) kept.push_back(code);
  if (s.events.extra_filter == ActionFilter::Any) {
    kept.clear();
    for (engine::ActionCode code : out)
      if (decode(code).kind != Kind::Pass && decode(code).kind != Kind::Skip) kept.push_back(code);
  }
  kept.push_back(encode(Kind::Skip));
  out = std::move(kept);
}

void legal_invasion_events(const PwState& s, Out& out) {
  if (!events_usable(s)) return;
  event_actions(s, s.seat, Timing::Invasion, out);
}

void legal_event_discard(const PwState& s, Out& out) {
  for (int card : hand(s, s.seat)) out.push_back(encode(Kind::Lose, card));
}

void apply_event_discard(PwState& s, Act act, Log log) {
  discard(s, act.a);
  log_line(
      log, [&] { return side_name(s.seat) + " discard " + card_end(s, act.a, s.seat).name + "."; },
      "4.5");
  if (--s.events.count_left > 0 && hand_size(s, s.seat) > 0) return;
  event_flow_done(s, log);
}

void apply_event_draw(PwState& s, Act act, Log log) {
  draw_card(s, act.a, s.events.victim, log);
  if (--s.events.count_left > 0 && deck_size(s) > 0) return;
  event_flow_done(s, log);
}

void event_flow_done(PwState& s, Log log) {
  s.events.victim = -1;
  s.events.count_left = 0;
  if (s.events.window != CardWindow::None) {
    advance_card_window(s, log);
    return;
  }
  finish_action(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of card events outside combat (4.5, 8.3.1) (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kEventSteps[] = {
    {Step::Interrupt, "interrupt", Actor::Seat, "strategy", "8.3.1", Rest::Busy,
     kinds({Kind::Event}), nullptr, legal_interrupt, apply_interrupt,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "8.3.1 " + who(s) + ": interrupt the " + side_name(s.active) +
              " Strategy Action with a card?";
     }},
    {Step::EventDiscard, "event-discard", Actor::Seat, "strategy", "4.5", Rest::Busy,
     kinds({Kind::Lose}), nullptr, legal_event_discard, apply_event_discard,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "4.5 " + who(s) + ": discard a card (" + std::to_string(s.events.count_left) +
              " left)";
     }},
    {Step::EventDraw, "event-draw", Actor::Chance, "strategy", "7.4", Rest::Busy, kEveryKind,
     card_draw_outcomes, nullptr, apply_event_draw,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "7.4 " + side_name(s.events.victim) + " draw a new Resource Card";
     }},
};

}  // namespace

std::span<const StepRules> event_steps() { return kEventSteps; }

}  // namespace pacwar::pacific_war
