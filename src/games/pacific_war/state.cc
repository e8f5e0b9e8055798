// The Pacific War: the engine interface of PwState that the table of steps does not answer
// (engine::StepTableState answers who acts, the legal actions, the prompt and the undo
// barriers from the entry of the step, steps.h): applying an action, and stable text ids.
#include "games/pacific_war/state.h"

#include <stdexcept>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {

PwState::PwState(std::shared_ptr<const Content> content, RuleOptions options)
    : content_(std::move(content)), steps_(step_table().data()), options_(options) {
  port_owner.fill(-1);
  base_marker.fill(-1);
  start_game(*this);
}

std::unique_ptr<engine::State> PwState::clone() const { return std::make_unique<PwState>(*this); }

void PwState::apply(engine::ActionCode code, engine::LogSink* log) {
  const StepRules& rules = step_entry();
  if (rules.actor == Actor::Seat && seat >= 0) ++moves_;
  rules.apply(*this, decode(code), log);
  // The rules that act "at any time" / "the moment" a condition holds, whatever the step.
  remove_fleet_train_if_japanese_present(*this, log);  // 8.7
  lose_repairs_at_occupied_ports(*this, log);          // 6.1.7, 10.3.1
}

std::string PwState::action_id(engine::ActionCode code) const {
  const Act a = decode(code);
  const Content& c = *content_;
  const int actor = seat < 0 ? 0 : seat;
  auto unit = [&](int u) { return c.units.at(u).id; };
  auto oz = [&](int o) { return c.ozs.at(o).id; };
  auto end = [&](int card) { return card_end(*this, card, actor).id; };
  switch (a.kind) {
    case Kind::Die:
      return "die " + std::to_string(a.a);
    case Kind::Draw: {
      std::string n = std::to_string(c.cards.at(a.a).number);
      return "draw card-" + std::string(n.size() < 2 ? "0" : "") + n;
    }
    case Kind::Done:
      return "done";
    case Kind::Decline:
      return "decline";
    case Kind::Pass:
      return "pass";
    case Kind::Skip:
      return "skip";
    case Kind::All:
      return "all";
    case Kind::Place:
      return "place " + unit(a.a) + " " + oz(a.b);
    case Kind::Initiative:
      return "initiative " + end(a.a);
    case Kind::MoveFrom:
      return "move-from " + oz(a.a);
    case Kind::ReturnFrom:
      return "return-from " + oz(a.a);
    case Kind::Redeploy:
      return "redeploy " + unit(a.a);
    case Kind::Resupply:
      return "resupply " + end(a.a) + " " + oz(a.b);
    case Kind::FleetTrain:
      return "fleet-train " + end(a.a) + " " + oz(a.b);
    case Kind::OpenRoutes:
      return "open-routes " + end(a.a);
    case Kind::Pick:
      return "pick " + unit(a.a);
    case Kind::To:
      return "to " + oz(a.a);
    case Kind::Stop:
      return "stop";
    case Kind::Evacuate:
      return "evacuate";
    case Kind::Counterattack:
      return "counterattack";
    case Kind::NoReaction:
      return "no-reaction";
    case Kind::Hit:
      return "hit " + unit(a.a);
    case Kind::Retreat:
      return "retreat";
    case Kind::Stay:
      return "stay";
    case Kind::Surface:
      return "surface";
    case Kind::NoSurface:
      return "no-surface";
    case Kind::Continue:
      return "continue";
    case Kind::EndCombat:
      return "end-combat";
    case Kind::RetreatTo:
      return "retreat-to " + oz(a.a);
    case Kind::IsolateTo:
      return "isolate-to " + oz(a.a);
    case Kind::Capture:
      return "capture " + oz(a.a);
    case Kind::Ground:
      return "ground " + end(a.a) + " " + oz(a.b);
    case Kind::Ready:
      return "ready " + end(a.a) + " " + oz(a.b);
    case Kind::AddUnit:  // 13.x
    case Kind::Divisions:
    case Kind::RemoveDivisions:
    case Kind::SeabeesLba:
    case Kind::Magic:
    case Kind::FreeFleetTrain:
      return advanced_action_id(*this, a);
    case Kind::Event:
      return "event " + end(a.a) +
             (a.b == kNoTarget ? "" : " " + event_target_id(*this, a.a, actor, a.b));
    case Kind::NoEvent:
      return "no-event";
    case Kind::Strike:
      return "strike-with " + unit(a.a);
    case Kind::Lose:
      return "lose " + end(a.a);
    case Kind::Count:
      break;
  }
  return "unknown";
}

}  // namespace pacwar::pacific_war
