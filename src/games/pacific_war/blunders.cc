#include "games/pacific_war/blunders.h"

#include <bit>

#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {
namespace {

void set_bit(UnitMask& mask, int unit) {
  mask[static_cast<std::size_t>(unit / 64)] |= std::uint64_t{1} << (unit % 64);
}
bool any(const UnitMask& mask) {
  for (const std::uint64_t word : mask)
    if (word != 0) return true;
  return false;
}

// A battle (9.0) between Naval units and LBA: begun by a move (8.10, 8.12), not a Turn 0 raid
// (5.0) nor an event's LBA strike (9.0.2), both of which leave raid_phase set.
int battle_oz(const PwState& s) {
  return s.combat.oz >= 0 && s.combat.round >= 1 && s.combat.raid_phase == kNoRaid ? s.combat.oz
                                                                                   : -1;
}

// Inside the 10.4 / 10.5 prompts: the menu, a group's return or an LBA's redeployment under
// way (MoveCtx::supply), or the readying with cards.
bool supply_moving(const PwState& s) {
  return s.step == Step::SupplyMoves || s.step == Step::Readying ||
         (s.move.supply && s.move.kind != MoveKind::None);
}

// 10.4 / 10.5: whether the Ops Complete ship `unit` at `oz` could Return to Port to a Port where
// it is readied for free: over the OZs that a Return to Port may pass (neither holding enemy
// units nor enemy-controlled, nor closed to the Japanese), as return_reach (paths.h) walks
// them, to a Port the side can use whose flag readies the ship's nation, other than `oz`.
bool free_port_within_return(const PwState& s, int side, int unit, int oz) {
  const Content& c = s.content();
  const int foe = 1 - side;
  const std::uint32_t open = c.all_ozs_mask & ~occupied_ozs(s, foe) &
                             ~(side == kJapanese ? c.japanese_forbidden_mask : 0u) &
                             ~controlled_ozs(s, foe);
  const auto nation = static_cast<int>(c.units[unit].nation);
  std::uint32_t free_ports = 0;
  for (std::uint32_t m = open & usable_ports(s, side); m != 0; m &= m - 1) {
    const int port = std::countr_zero(m);
    if (port != oz && ((c.ozs[port].auto_ready >> nation) & 1u) != 0) free_ports |= oz_bit(port);
  }
  if (free_ports == 0) return false;
  const auto& near = neighbors_1mp(s);
  const auto& far = neighbors_2mp(s);
  std::uint32_t seen = oz_bit(oz);
  for (std::uint32_t frontier = seen; frontier != 0;) {
    std::uint32_t next = 0;
    for (std::uint32_t m = frontier; m != 0; m &= m - 1) {
      const auto x = static_cast<std::size_t>(std::countr_zero(m));
      next |= near[x] | far[x];
    }
    frontier = next & open & ~seen;
    seen |= frontier;
  }
  return (seen & free_ports) != 0;
}

}  // namespace

std::vector<std::string> PwBlunders::names() const {
  return {"suicide", "idle_initiative", "cards_left", "ops_complete_idle", "round_trip"};
}

std::vector<std::vector<long long>> PwBlunders::counts() const {
  std::vector<std::vector<long long>> out;
  for (const auto& side : counts_) out.emplace_back(side.begin(), side.end());
  return out;
}

void PwBlunders::observe_state(const PwState& before, engine::ActionCode action, int seat,
                               const PwState& after) {
  watch_battle(before, action, after);
  if (seat >= 0) {
    watch_initiative(before, action, seat);
    watch_round_trips(before, action, seat, after);
  }
  watch_readying(before, after);
}

void PwBlunders::finish_state(const PwState& last) {
  if (battle_oz_ >= 0) end_battle(last);
  // cards_left (7.1, 8.4): the cards still in each hand when the game ends.
  for (int side : {kJapanese, kAllied})
    counts_[static_cast<std::size_t>(side)][static_cast<std::size_t>(Blunder::CardsLeft)] +=
        hand_size(last, side);
}

// suicide (9.0, 9.2.3, 9.2.5): the attacker's units in the battle's OZ when it began (the group
// its move sent in, with any of its units already there) are all sunk or removed (kLocSunk,
// kLocRemoved) when the battle ends, and none of the attacker's fire dice in it gave a hit on
// the CRT. Counted for the attacker, once per battle.
void PwBlunders::watch_battle(const PwState& before, engine::ActionCode action,
                              const PwState& after) {
  if (battle_oz_ >= 0 && before.step == Step::FireDie && before.combat.firing == attacker_) {
    const Act act = decode(action);
    const CrtDef& crt = before.content().crt;
    const int column = before.combat.column;
    if (act.kind == Kind::Die && column >= 0 && act.a >= 1 && act.a <= 6 &&
        crt.hits[static_cast<std::size_t>(column)][static_cast<std::size_t>(act.a - 1)] > 0)
      attacker_hit_ = true;
  }
  const int now = battle_oz(after);
  const bool same = now >= 0 && now == battle_oz_ && after.combat.attacker == attacker_ &&
                    battle_oz(before) == now;
  if (battle_oz_ >= 0 && !same) end_battle(after);
  if (now >= 0 && battle_oz_ < 0) {
    battle_oz_ = now;
    attacker_ = after.combat.attacker;
    attacker_hit_ = false;
    attackers_ = {};
    for_each_unit(units_in(after, now), [&](int u) {
      if (side_of(after, u) == attacker_) set_bit(attackers_, u);
    });
  }
}

void PwBlunders::end_battle(const PwState& after) {
  bool all_lost = any(attackers_);
  for_each_unit(attackers_, [&](int u) {
    const int loc = after.units[static_cast<std::size_t>(u)].loc;
    if (loc != kLocSunk && loc != kLocRemoved) all_lost = false;
  });
  if (all_lost && !attacker_hit_) add(attacker_, Blunder::Suicide);
  battle_oz_ = -1;
  attacker_ = -1;
  attackers_ = {};
  attacker_hit_ = false;
}

// idle_initiative (8.2 (1)-(3), 8.3): the side discards a card for the Initiative, and its next
// own action is "take no action" (Skip) at the Strategy Action prompt. An interruption (8.3.1)
// that cancels the action leaves nothing to count: the side's next own action is then another.
void PwBlunders::watch_initiative(const PwState& before, engine::ActionCode action, int seat) {
  const Act act = decode(action);
  const auto side = static_cast<std::size_t>(seat);
  if (paid_initiative_[side] && before.step == Step::ChooseAction && act.kind == Kind::Skip)
    add(seat, Blunder::IdleInitiative);
  paid_initiative_[side] = act.kind == Kind::Initiative;
}

// ops_complete_idle (10.4, 10.5): at the start of a side's Redeployment and Return to Port
// sub-phase (its first 10.4 prompt of the turn), each of its capital ships on the map (carriers,
// battleships, carrier-battleships) that is Ops Complete, is not where 10.5 readies it for free,
// and could Return to Port (8.9.2, 10.4: no distance limit, no OZ with enemy units or under
// enemy control) to a Port whose flag readies its nation for free (10.5) is noted; each noted
// ship still on the map and still Ops Complete when the Supply Phase's 10.4 / 10.5 prompts are
// over counts once for its side. A return costs no card, so only the choice not to make it
// left the ship unable to move next turn (8.10: Normal Movement needs Ready ships).
void PwBlunders::note_returns(const PwState& s) {
  if (s.step != Step::SupplyMoves) return;
  const int side = s.seat;
  const auto index = static_cast<std::size_t>(side);
  if (could_ready_turn_[index] == s.turn) return;
  could_ready_turn_[index] = s.turn;
  could_ready_[index] = {};
  const Content& c = s.content();
  const std::uint32_t returnable = return_reach(s, side);
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitDef& d = c.units[static_cast<std::size_t>(u)];
    const int oz = s.units[static_cast<std::size_t>(u)].loc;
    if (d.side != side || !d.is_naval() || !d.capital || oz >= kMaxOz || is_ready(s, u)) continue;
    const bool free_here =
        ((c.ozs[static_cast<std::size_t>(oz)].auto_ready >> static_cast<int>(d.nation)) & 1u) !=
            0 &&
        usable_port(s, side, oz);
    if (!free_here && (returnable & oz_bit(oz)) != 0 && free_port_within_return(s, side, u, oz))
      set_bit(could_ready_[index], u);
  }
}

void PwBlunders::watch_readying(const PwState& before, const PwState& after) {
  note_returns(before);
  note_returns(after);
  if (!supply_moving(before) || supply_moving(after)) return;
  for (int side : {kJapanese, kAllied}) {
    const auto index = static_cast<std::size_t>(side);
    for_each_unit(could_ready_[index], [&](int u) {
      if (on_map(after, u) && !is_ready(after, u)) add(side, Blunder::OpsCompleteIdle);
    });
    could_ready_[index] = {};
  }
}

// round_trip (8.3, 8.9, 8.10.1, 8.11): a Strategy Action move (Normal Movement, Return to Port
// or an LBA's Redeployment; a Strategy Action, so it spends the side's Initiative, 8.2) whose
// destination (the "To" choice) puts back at least one of its units where that unit stood
// before its first Strategy Action move of the turn, that move being an earlier one. Retreats,
// reactions and the Supply Phase's moves (10.4) are not Strategy Action moves. Counted once
// per move.
void PwBlunders::watch_round_trips(const PwState& before, engine::ActionCode action, int seat,
                                   const PwState& after) {
  if (after.turn != turn_) {
    turn_ = after.turn;
    move_ = 0;
    origin_.fill(-1);
  }
  const Act act = decode(action);
  if (before.step == Step::ChooseAction &&
      (act.kind == Kind::MoveFrom || act.kind == Kind::ReturnFrom || act.kind == Kind::Redeploy)) {
    ++move_;
    return;
  }
  const MoveKind kind = before.move.kind;
  if (act.kind != Kind::To || before.move.supply ||
      (before.step != Step::ChooseDestination && before.step != Step::Pursuit) ||
      (kind != MoveKind::Normal && kind != MoveKind::Return && kind != MoveKind::Lba))
    return;
  bool back = false;
  for_each_unit(moved_units(before, after), [&](int u) {
    const auto i = static_cast<std::size_t>(u);
    if (side_of(after, u) != seat || !on_map(after, u) || !on_map(before, u)) return;
    if (origin_[i] < 0) {
      origin_[i] = before.units[i].loc;
      origin_move_[i] = move_;
    } else if (after.units[i].loc == origin_[i] && origin_move_[i] != move_) {
      back = true;
    }
  });
  if (back) add(seat, Blunder::RoundTrip);
}

std::unique_ptr<engine::BlunderCounter> make_blunder_counter() {
  return std::make_unique<PwBlunders>();
}

}  // namespace pacwar::pacific_war
