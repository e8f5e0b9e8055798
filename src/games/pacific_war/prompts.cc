// The Pacific War: what each prompt asks, and menu labels for actions, citing the manual.
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

std::string PwState::prompt() const {
  const std::string who = seat >= 0 ? side_name(seat) : std::string();
  switch (step) {
    case Step::SetupAllied:
      return "14.1 Allied set-up: where does " + unit_name(*this, pending_unit) + " [LAC] start?";
    case Step::SetupJapanese:
      return "14.2 Japanese set-up: where does " + unit_name(*this, pending_unit) + " start?";
    case Step::SetupDraw:
      return "14.2 The Japanese player draws four Resource Cards";
    case Step::YamamotoDie:
      return "15.1 Yamamoto's Original Plan: 5-6 launches a third wave";
    case Step::YamamotoColumn:
      return "15.1 The third wave's column";
    case Step::ReinforceLba:
      return "6.1 Allied LBA " + unit_name(*this, pending_unit) +
             " arrives: West Coast or Madagascar?";
    case Step::DrawCards:
      return "7.0 " + who + " draw a Resource Card";
    case Step::Init1:
      return "8.2 (1) Japanese: discard a card to gain the Initiative?";
    case Step::Init2:
      return "8.2 (2) Allied: discard a card to gain the Initiative?";
    case Step::Init3:
      return "8.2 (3) Allied: discard a card to gain the Initiative?";
    case Step::InitDieJapanese:
      return "8.2 (4) Japanese Initiative die";
    case Step::InitDieAllied:
      return "8.2 (4) Allied Initiative die";
    case Step::ChooseAction:
      return "8.3 " + who + " Strategy Action";
    case Step::PickGroup:
      return std::string(move.kind == MoveKind::Normal ? "8.10.1"
                         : move.supply                 ? "10.4"
                                                       : "8.9.2") +
             " Pick the ships of the group at " + oz_name(*this, move.from);
    case Step::ChooseDestination:
      return std::string(
          move.kind == MoveKind::Normal ? "8.10.1 Destination of the group"
          : move.kind == MoveKind::Return
              ? (move.supply ? "10.4 Return to which Port?" : "8.9.2 Return to which Port?")
          : move.supply ? "10.4 Redeploy the LBA to which OZ?"
                        : "8.11 Redeploy the LBA to which OZ?");
    case Step::Pursuit:
      return "8.12 The defenders evacuated: pursue with " + std::to_string(move.mp) +
             " MP left, or stop";
    case Step::Reaction:
      if (!reaction_allowed(*this, move.at, seat))  // 9.5.1: retreat before the first round
        return "9.5.1 " + who + ": retreat from " + oz_name(*this, move.at) +
               " before the first round, or fight?";
      return "8.12 " + who + " Reaction to the enemy entering " + oz_name(*this, move.at);
    case Step::CounterPick:
      return "8.12 Counterattack: pick the ships that join (speed - 1)";
    case Step::FireDie:
      return "9.2.3 " + side_name(combat.firing) + " hit die";
    case Step::Allocate:
      return "9.2.4 " + who + ": allocate a hit (" + std::to_string(combat.hits_left) + " left)";
    case Step::DamageDie:
      return "9.2.5 Damage die against " + unit_name(*this, dmg_unit);
    case Step::RetreatDecision:
      return combat.retreat_stage == 4
                 ? "9.4 " + who + " won: stay or retreat?"
                 : "9.5 " + who + ": retreat from " + oz_name(*this, combat.oz) + "?";
    case Step::SurfaceDecision:
      return "9.1.2 Attacker: fight Surface Combat?";
    case Step::ContinueDecision:
      return "9.1.3 Attacker: spend 1 of " + std::to_string(combat.mp) +
             " MP for another round, or end the combat and retreat?";
    case Step::RetreatDestination:
      return "9.5.3 " + who + ": retreat to which Port?";
    case Step::Isolation:
      for (int u = 0; u < content().num_units(); ++u)  // one unit at a time (10.1 ties)
        if (units[u].loc == move.at && content().units[u].side == seat &&
            content().units[u].is_naval())
          return "10.1 " + who + ": " + unit_name(*this, u) + " at " + oz_name(*this, move.at) +
                 " is isolated: redeploy it to which of the nearest Ports?";
      return "10.1 " + who + ": redeploy to which of the nearest Ports?";
    case Step::Invasion:
      return "10.2 " + who + " Port Invasions";
    case Step::SupplyMoves:
      return "10.4 " + who + " Redeployment and Return to Port";
    case Step::Readying:
      return "10.5 " + who + ": ready Naval units with a card";
    case Step::KasagiIbuki:
    case Step::Divisions:
    case Step::TorpedoDie:
    case Step::Seabees:
    case Step::Magic:
      return advanced_prompt(*this);
    case Step::OilDie:
      return "15.2 Japanese oil reserves: any die but 1 gives one more Resource Card";
    case Step::Interrupt:
      return "8.3.1 " + who + ": interrupt the " + side_name(active) +
             " Strategy Action with a card?";
    case Step::CombatCards:
      return "9.0.1 " + who + ": play a card " +
             (events.window == CardWindow::Start ? std::string("at the beginning of the combat")
              : events.window == CardWindow::Surface
                  ? std::string("at the beginning of Surface Combat")
                  : "during the " + side_name(events.window_fire) + " combat resolution") +
             "?";
    case Step::StrikeLba:
      return "9.0.2 " + who + ": which LBA strikes " + oz_name(*this, events.pending_target) + "?";
    case Step::EventDiscard:
      return "4.5 " + who + ": discard a card (" + std::to_string(events.count_left) + " left)";
    case Step::EventDraw:
      return "7.4 " + side_name(events.victim) + " draw a new Resource Card";
    case Step::GameOver:
      return winner_ >= 0 ? "Game over: " + side_name(winner_) + " victory" : "Game over";
  }
  return "";
}

std::string PwState::action_label(engine::ActionCode code) const {
  const Act a = decode(code);
  const Content& c = *content_;
  const int actor = seat < 0 ? 0 : seat;
  auto card = [&](int i) {
    return card_end(*this, i, actor).id + " " + card_end(*this, i, actor).name;
  };
  auto uname = [&](int u) {
    const UnitDef& d = c.units.at(u);
    std::string values = d.is_lba()
                             ? "LBA " + std::to_string(d.airstrike)
                             : std::to_string(d.airstrike) + "/" + std::to_string(d.gunnery) + "/" +
                                   std::to_string(d.defense) + (d.armored ? "*" : "") + "/" +
                                   std::to_string(d.speed);
    return d.name + " (" + values + ")";
  };
  if (std::string label = advanced_action_label(*this, a); !label.empty()) return label;
  switch (a.kind) {
    case Kind::Initiative:
      return "Discard " + card(a.a) + " for the Initiative (8.2)";
    case Kind::Decline:
      return "Keep your cards (8.2)";
    case Kind::Pass:
      return "Pass (8.2 step 4)";
    case Kind::Skip:
      return "Take no action (8.3)";
    case Kind::MoveFrom:
      return "Move a Naval group from " + oz_name(*this, a.a) + " (8.10)";
    case Kind::ReturnFrom:
      return "Return to Port from " + oz_name(*this, a.a) + " (8.9.2)";
    case Kind::Redeploy:
      return "Redeploy " + uname(a.a) + (step == Step::SupplyMoves ? " (10.4)" : " (8.11)");
    case Kind::Resupply:
      return "Discard " + card(a.a) + " to resupply at " + oz_name(*this, a.b) + " (8.6)";
    case Kind::FleetTrain:
      return "Discard " + card(a.a) + " for a Fleet Train at " + oz_name(*this, a.b) + " (8.7)";
    case Kind::OpenRoutes:
      return "Discard " + card(a.a) + " to open the Restricted Sea Routes (8.8)";
    case Kind::Pick:
      return "Pick " + uname(a.a) + (is_ready(*this, a.a) ? "" : " (Ops Complete)");
    case Kind::All:
      return "Pick all remaining";
    case Kind::Done:
      return "Done";
    case Kind::To:
      // Normal Movement and pursuit carry the MP cost in b (movement_8_10.cc).
      if ((step == Step::ChooseDestination && move.kind == MoveKind::Normal) ||
          step == Step::Pursuit)
        return "To " + oz_name(*this, a.a) + " (" + std::to_string(a.b) + " MP" +
               (has_units(*this, 1 - move.side, a.a) ? ", combat" : "") + ")";
      return "To " + oz_name(*this, a.a);
    case Kind::Place:
      return "Place " + uname(a.a) + " at " + oz_name(*this, a.b);
    case Kind::Hit:
      return "Allocate a hit to " + uname(a.a) + " (9.2.4)";
    case Kind::Evacuate:
      return reaction_allowed(*this, move.at, seat) ? "Emergency Evacuation (8.12)"
                                                    : "Retreat before the first round (9.5.1)";
    case Kind::Counterattack:
      return "Counterattack (8.12)";
    case Kind::NoReaction:
      return reaction_allowed(*this, move.at, seat) ? "No reaction" : "Stay and fight";
    case Kind::Retreat:
      return "Retreat (9.5)";
    case Kind::Stay:
      return "Stay";
    case Kind::Surface:
      return "Fight Surface Combat (9.1.2)";
    case Kind::NoSurface:
      return "No Surface Combat (9.1.2)";
    case Kind::Continue:
      return "Another round: spend 1 MP (9.1.3)";
    case Kind::EndCombat:
      return "End the combat and retreat (9.1.3)";
    case Kind::RetreatTo:
      return "Retreat to " + oz_name(*this, a.a) + " (9.5.3)";
    case Kind::IsolateTo:
      return "Redeploy to " + oz_name(*this, a.a) + " (10.1)";
    case Kind::Capture:
      return "Capture " + oz_name(*this, a.a) + " (10.2)";
    case Kind::Ground:
      return "Discard " + card(a.a) + " for +1 Ground Strength at " + oz_name(*this, a.b) +
             " (10.2)";
    case Kind::Ready:
      return "Discard " + card(a.a) + " to ready ships at " + oz_name(*this, a.b) + " (10.5)";
    case Kind::Stop:
      return "Stop here";
    case Kind::Event: {
      const CardEnd& e = card_end(*this, a.a, actor);
      const std::string target =
          a.b == kNoTarget ? "" : " at " + event_target_name(*this, a.a, actor, a.b);
      return "Play " + e.id + " " + e.name + (e.strategic_event ? " (Strategic Event)" : "") +
             target + ": " + e.text + (e.strategic_event ? " (4.6)" : " (4.5)");
    }
    case Kind::NoEvent:
      return step == Step::Interrupt ? "Do not interrupt (8.3.1)" : "Play no card (9.0.1)";
    case Kind::Strike:
      return "Strike with " + uname(a.a) + " (9.0.2)";
    case Kind::Lose:
      return "Discard " + card(a.a);
    default:
      return action_id(code);
  }
}

}  // namespace pacwar::pacific_war
