// The Pacific War: the engine interface of PwState: who acts, the legal actions and applying
// them (dispatched to the rules files by Step), and the stable text ids of actions.
#include "games/pacific_war/state.h"

#include <stdexcept>

#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

PwState::PwState(std::shared_ptr<const Content> content, RuleOptions options)
    : content_(std::move(content)), options_(options) {
  port_owner.fill(-1);
  base_marker.fill(-1);
  start_game(*this);
}

std::unique_ptr<engine::State> PwState::clone() const { return std::make_unique<PwState>(*this); }

int PwState::current_seat() const {
  switch (step) {
    case Step::GameOver:
      return engine::kTerminalSeat;
    case Step::SetupDraw:
    case Step::DrawCards:
    case Step::YamamotoDie:
    case Step::YamamotoColumn:
    case Step::InitDieJapanese:
    case Step::InitDieAllied:
    case Step::FireDie:
    case Step::DamageDie:
    case Step::TorpedoDie:  // 13.2
    case Step::OilDie:      // 15.2
    case Step::EventDraw:
      return engine::kChanceSeat;
    default:
      return seat;
  }
}

void PwState::legal_actions(std::vector<engine::ActionCode>& out) const {
  out.clear();
  switch (step) {
    case Step::SetupAllied:
    case Step::SetupJapanese:
      legal_setup(*this, out);
      break;
    case Step::ReinforceLba:
      legal_reinforce_lba(*this, out);
      break;
    case Step::Init1:
    case Step::Init2:
    case Step::Init3:
      legal_initiative(*this, out);
      break;
    case Step::ChooseAction:
      legal_choose_action(*this, out);
      break;
    case Step::PickGroup:
      legal_pick_group(*this, out);
      break;
    case Step::ChooseDestination:
      legal_destination(*this, out);
      break;
    case Step::Pursuit:
      legal_pursuit(*this, out);
      break;
    case Step::Reaction:
      legal_reaction(*this, out);
      break;
    case Step::CounterPick:
      legal_counter_pick(*this, out);
      break;
    case Step::Allocate:
      legal_allocate(*this, out);
      break;
    case Step::RetreatDecision:
    case Step::SurfaceDecision:
    case Step::ContinueDecision:
      legal_combat_decision(*this, out);
      break;
    case Step::RetreatDestination:
      legal_retreat_destination(*this, out);
      break;
    case Step::Isolation:
      legal_isolation(*this, out);
      break;
    case Step::Invasion:
      legal_invasion(*this, out);
      break;
    case Step::SupplyMoves:
      legal_supply_moves(*this, out);
      break;
    case Step::Readying:
      legal_readying(*this, out);
      break;
    case Step::KasagiIbuki:  // 13.x prompts
    case Step::Divisions:
    case Step::Seabees:
    case Step::Magic:
      legal_advanced(*this, out);
      break;
    case Step::Interrupt:
      legal_interrupt(*this, out);
      break;
    case Step::CombatCards:
      legal_combat_cards(*this, out);
      break;
    case Step::StrikeLba:
      legal_strike_lba(*this, out);
      break;
    case Step::EventDiscard:
      legal_event_discard(*this, out);
      break;
    default:
      break;  // chance or game over
  }
}

void PwState::chance_outcomes(std::vector<engine::ChanceOutcome>& out) const {
  out.clear();
  if (step == Step::SetupDraw || step == Step::DrawCards || step == Step::EventDraw) {
    card_draw_outcomes(*this, out);
    return;
  }
  if (current_seat() != engine::kChanceSeat) return;
  for (int d = 1; d <= 6; ++d) out.push_back({encode(Kind::Die, d), 1.0 / 6.0});
}

void PwState::apply(engine::ActionCode code, engine::LogSink* log) {
  const Act act = decode(code);
  if (current_seat() >= 0) ++moves_;
  switch (step) {
    case Step::SetupAllied:
    case Step::SetupJapanese:
      return apply_setup(*this, act, log);
    case Step::SetupDraw:
      return apply_setup_draw(*this, act, log);
    case Step::YamamotoDie:
      return apply_yamamoto_die(*this, act, log);
    case Step::YamamotoColumn:
      return apply_yamamoto_column(*this, act, log);
    case Step::ReinforceLba:
      return apply_reinforce_lba(*this, act, log);
    case Step::DrawCards:
      return apply_draw(*this, act, log);
    case Step::Init1:
    case Step::Init2:
    case Step::Init3:
      return apply_initiative(*this, act, log);
    case Step::InitDieJapanese:
    case Step::InitDieAllied:
      return apply_initiative_die(*this, act, log);
    case Step::ChooseAction:
      return apply_choose_action(*this, act, log);
    case Step::PickGroup:
      return apply_pick_group(*this, act, log);
    case Step::ChooseDestination:
      return apply_destination(*this, act, log);
    case Step::Pursuit:
      return apply_pursuit(*this, act, log);
    case Step::Reaction:
      return apply_reaction(*this, act, log);
    case Step::CounterPick:
      return apply_counter_pick(*this, act, log);
    case Step::FireDie:
      return apply_fire_die(*this, act, log);
    case Step::Allocate:
      return apply_allocate(*this, act, log);
    case Step::DamageDie:
      return apply_damage_die(*this, act, log);
    case Step::RetreatDecision:
    case Step::SurfaceDecision:
    case Step::ContinueDecision:
      return apply_combat_decision(*this, act, log);
    case Step::RetreatDestination:
      return apply_retreat_destination(*this, act, log);
    case Step::Isolation:
      return apply_isolation(*this, act, log);
    case Step::Invasion:
      return apply_invasion(*this, act, log);
    case Step::SupplyMoves:
      return apply_supply_moves(*this, act, log);
    case Step::Readying:
      return apply_readying(*this, act, log);
    case Step::KasagiIbuki:  // 13.x prompts
    case Step::Divisions:
    case Step::Seabees:
    case Step::Magic:
      return apply_advanced(*this, act, log);
    case Step::TorpedoDie:
      return apply_torpedo_die(*this, act, log);
    case Step::OilDie:
      return apply_oil_die(*this, act, log);
    case Step::Interrupt:
      return apply_interrupt(*this, act, log);
    case Step::CombatCards:
      return apply_combat_cards(*this, act, log);
    case Step::StrikeLba:
      return apply_strike_lba(*this, act, log);
    case Step::EventDiscard:
      return apply_event_discard(*this, act, log);
    case Step::EventDraw:
      return apply_event_draw(*this, act, log);
    case Step::GameOver:
      throw std::logic_error("the game is over");
  }
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

bool PwState::is_undo_barrier(engine::ActionCode code) const {
  if (current_seat() == engine::kChanceSeat) return true;
  switch (decode(code).kind) {
    case Kind::Initiative:  // a card leaves the hand face up: hidden information revealed
    case Kind::Resupply:
    case Kind::FleetTrain:
    case Kind::OpenRoutes:
    case Kind::Ground:
    case Kind::Ready:
    case Kind::Event:  // 4.5: a played event reveals its card
    case Kind::Lose:
      return true;
    default:
      return false;
  }
}

std::vector<double> PwState::returns() const {
  if (winner_ < 0) return {0.0, 0.0};
  return winner_ == kJapanese ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

}  // namespace pacwar::pacific_war
