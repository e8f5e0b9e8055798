#include "games/co_prosperity/blunders.h"

#include <bit>

namespace pacwar::co_prosperity {
namespace {

// The steps of a combat (8.6): reaction, diversion, the dice and the hits.
bool in_combat(Step step) {
  return step == Step::Reaction || step == Step::ReactionPick || step == Step::Diversion ||
         step == Step::CombatDie || step == Step::Allocate;
}

// The space of the battle under way, or -1: a combat (8.6) that is not a bombing (8.8).
int battle_space(const CpsState& s) {
  return in_combat(s.step) && !s.combat.bombing ? s.combat.space : -1;
}

bool is_move(Op op) { return op == Op::Strategic || op == Op::Naval || op == Op::Ground; }

}  // namespace

std::vector<std::string> CpsBlunders::names() const {
  return {"suicide", "cards_left", "round_trip"};
}

std::vector<std::vector<long long>> CpsBlunders::counts() const {
  std::vector<std::vector<long long>> out;
  for (const auto& side : counts_) out.emplace_back(side.begin(), side.end());
  return out;
}

void CpsBlunders::observe_state(const CpsState& before, engine::ActionCode action, int seat,
                                const CpsState& after) {
  watch_battle(before, after);
  watch_cards(before, after);
  if (seat >= 0) watch_round_trips(before, action, seat, after);
}

void CpsBlunders::finish_state(const CpsState& last) {
  if (battle_ >= 0) end_battle(last);  // a game that ends in a battle: judged as it stands
  // cards_left (6.0): the cards still in hand when the game ends count as the last turn's.
  for (int k = 0; k < kNumCards; ++k)
    if (last.cards[static_cast<std::size_t>(k)] == CardLoc::Hand)
      add(last.content().card_hot[static_cast<std::size_t>(k)].side, Blunder::CardsLeft);
}

// suicide (8.2.3, 8.3, 8.6, 8.6.5, 8.7): a combat (not a bombing, 8.8) begins when a move puts
// a side's units into a space with enemy units; the attacker's units in the space when it
// begins are all eliminated (8.6.5, 8.6.7, 8.6.8: back to the Units Pool) when it is over, and
// no defending unit in the space lost a step or was eliminated during it. Counted for the
// attacker, once per combat.
void CpsBlunders::watch_battle(const CpsState& before, const CpsState& after) {
  const Content& c = after.content();
  const int now = battle_space(after);
  if (battle_ >= 0) {
    for (int u = 0; u < c.num_units(); ++u) {
      const auto i = static_cast<std::size_t>(u);
      if (c.side(u) != attacker_ && before.units[i].loc == battle_ &&
          after.units[i].steps < before.units[i].steps)
        damage_done_ = true;
    }
    if (now != battle_) end_battle(after);
  }
  if (now >= 0 && battle_ < 0) {
    battle_ = now;
    attacker_ = after.combat.attacker;
    damage_done_ = false;
    attackers_ = 0;
    for (int u = 0; u < c.num_units(); ++u)
      if (c.side(u) == attacker_ && after.units[static_cast<std::size_t>(u)].loc == now)
        attackers_ |= std::uint64_t{1} << u;
  }
}

void CpsBlunders::end_battle(const CpsState& after) {
  bool all_lost = attackers_ != 0;
  for (std::uint64_t m = attackers_; m != 0; m &= m - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(m));
    if (after.units[i].loc != kLocPool && after.units[i].loc != kLocRemoved) all_lost = false;
  }
  if (all_lost && !damage_done_) add(attacker_, Blunder::Suicide);
  battle_ = -1;
}

// cards_left (6.0): "Cards not used in a turn are discarded at the end of that turn": each card
// that goes from a hand back out of play without being played (the next turn's Production
// Phase, 6.0) counts once for its side.
void CpsBlunders::watch_cards(const CpsState& before, const CpsState& after) {
  for (int k = 0; k < kNumCards; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (before.cards[i] == CardLoc::Hand && after.cards[i] == CardLoc::Out)
      add(after.content().card_hot[i].side, Blunder::CardsLeft);
  }
}

// round_trip (6.3.3-6.3.5, 6.4, 8.0-8.3): a move Operation paid with a card or a Resource Point
// in the Operations Phase (not a Special Operation, 7.3, nor an End of Turn move, 9.0) that puts
// at least one of its units back in the space where it stood before its first such move of the
// turn, that move being an earlier Operation. Counted once per Operation.
void CpsBlunders::watch_round_trips(const CpsState& before, engine::ActionCode action, int seat,
                                    const CpsState& after) {
  if (after.turn != turn_) {
    turn_ = after.turn;
    op_ = 0;
    origin_.fill(-1);
  }
  const Act act = decode(action);
  if (before.step == Step::Operations && (act.kind == Kind::Play || act.kind == Kind::Rp)) ++op_;
  // The move itself: the From, Pick or To choice (the rules apply a forced pick or destination
  // within it), or the Rp / CBI choice that starts it, of a paid Operation.
  const Step step = before.step;
  if (step != Step::Operations && step != Step::CbiAction && step != Step::PickFrom &&
      step != Step::PickUnits && step != Step::Destination)
    return;  // combat's retreats (8.7) are no part of the move
  // The Operation under way: the one the action starts (after it), or the one it goes on with
  // (before it: an Operation that ends with the action is cleared in `after`, 8.0).
  const bool starts = step == Step::Operations || step == Step::CbiAction;
  const OpCtx& op = starts ? after.op : before.op;
  if (!is_move(op.op) || op.special || op.resume != Resume::Operations || op.side != seat) return;
  const Content& c = after.content();
  bool back = false;
  for (int u = 0; u < c.num_units(); ++u) {
    const auto i = static_cast<std::size_t>(u);
    const int from = before.units[i].loc;
    const int to = after.units[i].loc;
    if (c.side(u) != seat || from == to || from >= kLocPool || to >= kLocPool) continue;
    if (origin_[i] < 0) {
      origin_[i] = from;
      origin_op_[i] = op_;
    } else if (to == origin_[i] && origin_op_[i] != op_) {
      back = true;
    }
  }
  if (back) add(seat, Blunder::RoundTrip);
}

std::unique_ptr<engine::BlunderCounter> make_blunder_counter() {
  return std::make_unique<CpsBlunders>();
}

}  // namespace pacwar::co_prosperity
