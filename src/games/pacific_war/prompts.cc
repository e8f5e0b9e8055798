// The Pacific War: menu labels for actions, citing the manual (the prompt of the current step
// is its entry's, steps.h, asked by engine::StepTableState).
#include <optional>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

// An action that uses a card end, in words: its label is `head + tail`, or with a target
// `head + " at " + target + tail`. Actions with targets group by card (action_group): the same
// kind of action with the same card end is one menu line, `head + tail`, whose choices are the
// targets.
struct CardUse {
  std::string head;
  std::string target;
  std::string tail;
};

std::optional<CardUse> card_use(const PwState& s, Act a) {
  const int actor = s.seat < 0 ? 0 : s.seat;
  auto discard = [&](const std::string& purpose, const char* rule) {
    const CardEnd& e = card_end(s, a.a, actor);
    return CardUse{"Discard " + e.id + " " + e.name + " " + purpose, oz_name(s, a.b),
                   std::string(" (") + rule + ")"};
  };
  switch (a.kind) {
    case Kind::Resupply:
      return discard("to resupply", "8.6");
    case Kind::FleetTrain:
      return discard("for a Fleet Train", "8.7");
    case Kind::Ground:
      return discard("for +1 Ground Strength", "10.2");
    case Kind::Ready:
      return discard("to ready ships", "10.5");
    case Kind::Event: {
      const CardEnd& e = card_end(s, a.a, actor);
      return CardUse{
          "Play " + e.id + " " + e.name + (e.strategic_event ? " (Strategic Event)" : ""),
          event_target_name(s, a.a, actor, a.b),  // "" for kNoTarget
          ": " + e.text + (e.strategic_event ? " (4.6)" : " (4.5)")};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

engine::ActionGroup PwState::action_group(engine::ActionCode code) const {
  const Act a = decode(code);
  if (!advanced_action_label(*this, a).empty()) return {};  // 13.x: labelled apart
  const auto parts = card_use(*this, a);
  if (!parts || parts->target.empty()) return {};
  return {parts->head + parts->tail, parts->target};
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
                             ? "Airstrike " + std::to_string(d.airstrike)
                             : std::to_string(d.airstrike) + "/" + std::to_string(d.gunnery) + "/" +
                                   std::to_string(d.defense) + (d.armored ? "*" : "") + "/" +
                                   std::to_string(d.speed);
    return d.name + " (" + values + ")";
  };
  if (std::string label = advanced_action_label(*this, a); !label.empty()) return label;
  if (const auto parts = card_use(*this, a))
    return parts->head + (parts->target.empty() ? "" : " at " + parts->target) + parts->tail;
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
      return "Return to Port from " + oz_name(*this, a.a) +
             (step == Step::SupplyMoves ? " (10.4)" : " (8.9.2)");
    case Kind::Redeploy:
      return "Redeploy " + uname(a.a) + (step == Step::SupplyMoves ? " (10.4)" : " (8.11)");
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
    case Kind::Stop:
      return "Stop here";
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
