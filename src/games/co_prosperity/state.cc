// The engine interface of CpsState that the table of steps does not answer (engine::StepTableState
// answers who acts, legal actions, the prompt and the undo barriers from the entry of the step,
// steps.h): applying an action, stable text ids, labels, hashing and hidden-card resampling.
#include "games/co_prosperity/state.h"

#include <algorithm>
#include <stdexcept>
#include <typeinfo>

#include "engine/text.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {

CpsState::CpsState(std::shared_ptr<const Content> content) : content_(std::move(content)) {
  start_game(*this);
  refresh_control();
}

std::unique_ptr<engine::State> CpsState::clone() const { return std::make_unique<CpsState>(*this); }

bool CpsState::assign_from(const engine::State& other) {
  if (typeid(other) != typeid(CpsState)) return false;
  const auto* same = static_cast<const CpsState*>(&other);
  // Copy assignment: content_ points to the same Content, whose shared count is then left
  // alone (a shared_ptr assigned from one that shares its control block does not touch it).
  *this = *same;
  return true;
}

void CpsState::apply(engine::ActionCode code, engine::LogSink* log) {
  const Act a = decode(code);
  if (current_seat() >= 0) ++moves_;
  step_entry().apply(*this, a, log);
  refresh_control();
}

namespace {

std::string nation_word(int n) {
  static const char* kWords[] = {"japan", "us", "china", "commonwealth"};
  return kWords[n];
}

const char* op_word(int op) {
  switch (static_cast<Op>(op)) {
    case Op::Develop:
      return "develop";
    case Op::Replenish:
      return "replenish";
    case Op::Strategic:
      return "strategic";
    case Op::Naval:
      return "naval";
    case Op::Ground:
      return "ground";
    case Op::Sustain:
      return "sustain";
    default:
      return "?";
  }
}

}  // namespace

std::string icon_text(const CardIcon& icon) {
  switch (icon.icon) {
    case Icon::Development:
      return "development";
    case Icon::ReplenishArmy:
      return "replenish-army";
    case Icon::ReplenishNavy:
      return "replenish-navy";
    case Icon::ReplenishAny:
      return "replenish-any";
    case Icon::Strategic:
      return "strategic";
    case Icon::Naval:
      return "naval";
    case Icon::Ground:
      return "ground";
    case Icon::NorthWindRain:
      return "north-wind-rain";
    case Icon::Cbi:
      return "cbi";
    case Icon::Reaction:
      return "reaction";
    case Icon::Bombing:
      return "bombing-" + nation_word(icon.nation);
    case Icon::Atlantic:
      return "atlantic";
  }
  return "?";
}

std::string card_text(const Content& c, int k) {
  std::string icons;
  for (const CardIcon& i : c.cards.at(k).icons)
    icons += (icons.empty() ? "" : " / ") + icon_text(i);
  return c.cards.at(k).name + ": " + icons;
}

std::string CpsState::action_id(engine::ActionCode code) const {
  const Act a = decode(code);
  const Content& c = *content_;
  auto unit = [&](int u) { return c.units.at(u).id; };
  auto sp = [&](int n) { return space_name(*this, n); };
  auto card = [&](int k) { return c.cards.at(k).id; };
  switch (a.kind) {
    case Kind::Die:
      return "die " + std::to_string(a.a);
    case Kind::Place:
      return "place " + unit(a.a) + " " + sp(a.b);
    case Kind::Choose:
      return "choose " + card(a.a);
    case Kind::Declare: {
      std::string t;
      for (int n : {kJapan, kUS, kCommonwealth})
        if ((a.a >> n) & 1) t += (t.empty() ? "" : "+") + nation_word(n);
      return "declare " + t;
    }
    case Kind::NoDeclaration:
      return "no-declaration";
    case Kind::Discard:
      return "discard " + card(a.a);
    case Kind::Special:
      return std::string("special ") + op_word(a.a);
    case Kind::EndSpecial:
      return "end-special";
    case Kind::Play:
      if (a.b & 0x80) return "play " + card(a.a) + " sustain";
      return "play " + card(a.a) + " " + icon_text(c.cards.at(a.a).icons.at(a.b));
    case Kind::Rp:
      return std::string("rp ") + op_word(a.a);
    case Kind::Pass:
      return "pass";
    case Kind::Nation:
      return "nation " + nation_word(a.a);
    case Kind::CbiOp:
      return std::string("op ") + op_word(a.a);
    case Kind::Develop:
      return "develop " + unit(a.a);
    case Kind::Home:
      return "home " + sp(a.a);
    case Kind::Replenish:
      return "replenish " + unit(a.a);
    case Kind::Advance:
      return "advance " + unit(a.a);
    case Kind::From:
      return "from " + sp(a.a);
    case Kind::Pick:
      return "pick " + unit(a.a);
    case Kind::Done:
      return "done";
    case Kind::To:
      return "to " + sp(a.a);
    case Kind::Bomber:
      return "bomber " + unit(a.a);
    case Kind::Target:
      return "target " + sp(a.a);
    case Kind::React:
      return "react " + card(a.a);
    case Kind::NoReaction:
      return "no-reaction";
    case Kind::Divert:
      return "divert " + unit(a.a);
    case Kind::NoDiversion:
      return "no-diversion";
    case Kind::Hit:
      return "hit " + unit(a.a);
    case Kind::Move:
      return "move " + unit(a.a);
    case Kind::Keep:
      return "keep " + unit(a.a);
  }
  return "unknown";
}

namespace {

// "CV 2/2, factor 3, priority A, move 3, at Japan" or "Air 2/2, air, at Japan": a counter's
// values for a label (2.2.1) and, for a unit on the map, in a Retreat Box or at Vladivostok,
// where it is.
std::string unit_summary(const CpsState& s, int u) {
  const UnitDef& d = s.content().units.at(u);
  std::string t = type_name(d.type);
  if (s.units[u].steps > 0) {
    t += ' ';
    t += std::to_string(s.units[u].steps);
    t += '/';
    t += std::to_string(d.steps);
  }
  if (d.type == UnitType::Air) {
    t += ", air";
  } else {
    t += ", factor ";
    t += std::to_string(d.attack);
    if (d.defense != d.attack) {
      t += '/';
      t += std::to_string(d.defense);
    }
    t += ", priority ";
    t += static_cast<char>('A' + d.priority);
    if (d.movement > 0) {
      t += ", move ";
      t += std::to_string(d.movement);
    }
  }
  const int loc = s.units[u].loc;
  if (on_map(loc) || loc == kVladivostok) {
    t += ", at ";
    t += space_name(s, loc);
  }
  return t;
}

const char* icon_section(Icon i) {
  switch (i) {
    case Icon::Development:
      return "6.3.1";
    case Icon::ReplenishArmy:
    case Icon::ReplenishNavy:
    case Icon::ReplenishAny:
      return "6.3.2";
    case Icon::Strategic:
      return "6.3.3, 8.1";
    case Icon::Naval:
      return "6.3.4, 8.2";
    case Icon::Ground:
      return "6.3.5, 8.3";
    case Icon::NorthWindRain:
      return "6.3.6, 5.1";
    case Icon::Cbi:
      return "6.3.7, 8.5";
    case Icon::Reaction:
      return "6.3.8, 8.6.1";
    case Icon::Bombing:
      return "6.3.9, 8.8";
    case Icon::Atlantic:
      return "6.3.10, 8.9";
  }
  return "6.3";
}

}  // namespace

namespace {

// The words of the labels (the ids stay as they are: they are what is sent and stored).
std::string country_name(int n) {
  static const char* kNames[] = {"Japan", "the US", "China", "the Commonwealth"};
  return kNames[n];
}

std::string op_name(int op) {
  switch (static_cast<Op>(op)) {
    case Op::Develop:
      return "Development";
    case Op::Replenish:
      return "Replenishment";
    case Op::Strategic:
      return "Strategic Movement";
    case Op::Naval:
      return "Naval Movement";
    case Op::Ground:
      return "Ground Movement";
    case Op::Sustain:
      return "Sustain";
    default:
      return "?";
  }
}

std::string icon_name(const CardIcon& icon) {
  switch (icon.icon) {
    case Icon::Development:
      return "Development";
    case Icon::ReplenishArmy:
      return "Replenish army";
    case Icon::ReplenishNavy:
      return "Replenish navy";
    case Icon::ReplenishAny:
      return "Replenish any";
    case Icon::Strategic:
      return "Strategic";
    case Icon::Naval:
      return "Naval";
    case Icon::Ground:
      return "Ground";
    case Icon::NorthWindRain:
      return "North Wind Rain";
    case Icon::Cbi:
      return "CBI (China-Burma-India)";
    case Icon::Reaction:
      return "Reaction";
    case Icon::Bombing:
      return "Bombing of " + country_name(icon.nation);
    case Icon::Atlantic:
      return "Atlantic";
  }
  return "?";
}

// "J1 Kido Butai (Development, Naval, Replenish navy)"
std::string card_words(const Content& c, int k) {
  std::string icons;
  for (const CardIcon& i : c.cards.at(k).icons) icons += (icons.empty() ? "" : ", ") + icon_name(i);
  return c.cards.at(k).id + " " + c.cards.at(k).name + " (" + icons + ")";
}

}  // namespace

std::string CpsState::action_label(engine::ActionCode code) const {
  const Act a = decode(code);
  const Content& c = *content_;
  auto unit = [&](int u) { return c.units.at(u).id + " (" + unit_summary(*this, u) + ")"; };
  auto sp = [&](int n) { return space_name(*this, n); };
  auto card = [&](int k) { return c.cards.at(k).id + " " + c.cards.at(k).name; };
  switch (a.kind) {
    case Kind::Die:
      return "Die " + std::to_string(a.a);
    case Kind::Place:
      return "Place " + unit(a.a) + " at " + sp(a.b);
    case Kind::Choose:
      return "Choose " + card_words(c, a.a) + " (6.0)";
    case Kind::Discard:
      return "Discard " + card_words(c, a.a) + " (7.2.1)";
    case Kind::Declare: {
      std::string on;
      for (int n : {kJapan, kUS, kCommonwealth})
        if ((a.a >> n) & 1) on += (on.empty() ? "" : " and ") + country_name(n);
      return "Declare war on " + on +
             (step == Step::DeclareJapanese ? " (7.1)" : " (7.2; cost paid in cards, 7.2.1)");
    }
    case Kind::NoDeclaration:
      return "No declaration of war (7.0)";
    case Kind::Special:
      return "Special Operation: " + op_name(a.a) + " (7.3)";
    case Kind::EndSpecial:
      return "End the Special Operations (7.3)";
    case Kind::Play: {
      if (a.b & 0x80) return "Play " + card(a.a) + ": ground move to supply Vladivostok (5.1)";
      const CardIcon& icon = c.cards.at(a.a).icons.at(a.b);
      return "Play " + card(a.a) + " for " + icon_name(icon) + " (" + icon_section(icon.icon) + ")";
    }
    case Kind::Rp:
      return "Spend a Resource Point instead of a card: " + op_name(a.a) + " (6.4)";
    case Kind::Pass:
      return "Pass (8.0)";
    case Kind::Nation:
      return "Operate with " + country_name(a.a) + " (8.5)";
    case Kind::CbiOp:
      return "CBI (China-Burma-India) operation: " + op_name(a.a) + " (8.5)";
    case Kind::Develop: {
      const UnitDef& d = c.units.at(a.a);
      const bool track = op.nation < 0 && d.type != UnitType::Inf && d.type != UnitType::Vet;
      if (track)
        return "Develop " + c.units.at(a.a).id + " (" + unit_summary(*this, a.a) +
               "; to the Production Track, " + engine::count_of(c.advances(d.type), "advance") +
               " to the map, 6.3.1)";
      return "Develop " + c.units.at(a.a).id + " (" + unit_summary(*this, a.a) +
             "; straight to a home space, " + (op.nation >= 0 ? "8.5.1)" : "6.3.1)");
    }
    case Kind::Home:
      return "Home space " + sp(a.a);
    case Kind::Replenish:
      return "Replenish " + unit(a.a);
    case Kind::Advance:
      return "Advance " + c.units.at(a.a).id + " (" + type_name(c.units.at(a.a).type) + ", " +
             engine::count_of(units[a.a].track_left, "advance") + " to the map, 8.4.2)";
    case Kind::From:
      return "From " + sp(a.a);
    case Kind::Pick:
      return "Pick " + unit(a.a);
    case Kind::Done:
      return "Done";
    case Kind::To:
    case Kind::Target: {
      const std::string head = (a.kind == Kind::To ? "To " : "Target ") + sp(a.a);
      if (a.a < kNumSpaces && step != Step::EndTurnDest)
        for (int u = 0; u < c.num_units(); ++u)
          if (units[u].loc == a.a && c.side(u) != seat)
            return head + (a.kind == Kind::To ? " (enemy units there: combat, 8.6)" : "");
      return head;
    }
    case Kind::Bomber:
      return "Bomb with " + unit(a.a);
    case Kind::React:
      return "React with " + card(a.a) + " (8.6.1)";
    case Kind::NoReaction:
      return "No reaction";
    case Kind::Divert:
      return "Divert " + c.units.at(a.a).id + " (" + unit_summary(*this, a.a) + "; 8.6.8)";
    case Kind::NoDiversion:
      return "No diversion";
    case Kind::Hit:
      return "Hit " + c.units.at(a.a).id + " (" + unit_summary(*this, a.a) + "; 8.6.5)";
    case Kind::Move:
      return "Move " + unit(a.a);
    case Kind::Keep:
      return "Keep " + unit(a.a);
  }
  return action_id(code);
}

// Fields listed once: hash() below names every field of CpsState that affects play (`moves_`,
// `content_` and `control_cache_`, which is worked out from the units and the war status, are
// left out on purpose; 848 includes the two bases' vtable pointers, engine::State and
// engine::ReusableState). The sizes below fail to compile when a field is added
// to one of these structs: hash the new field here (and show it in view() if public, check it in
// invariants.cc), then update the size.
static_assert(sizeof(UnitState) == 6, "UnitState changed: hash the new field, then update");
static_assert(sizeof(OpCtx) == 24, "OpCtx changed: hash the new field, then update");
static_assert(sizeof(CombatCtx) == 24, "CombatCtx changed: hash the new field, then update");
static_assert(sizeof(ControlCache) == 416, "ControlCache changed: update compute_control");
static_assert(sizeof(CpsState) == 848, "CpsState changed: hash the new field, then update");

std::uint64_t CpsState::hash() const {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  auto mix = [&](std::uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0x100000001B3ULL;
  };
  for (const auto& u : units) {
    mix(u.loc);
    mix(u.steps | (u.track_left << 8) | (u.placed_turn << 16) | (u.advanced_turn << 24) |
        (static_cast<std::uint64_t>(u.flags) << 32));
  }
  for (auto k : cards) mix(static_cast<std::uint64_t>(k));
  mix(static_cast<std::uint64_t>(step));
  mix(static_cast<std::uint64_t>(turn) | (static_cast<std::uint64_t>(seat & 0xFF) << 8) |
      (static_cast<std::uint64_t>(winner_ & 0xFF) << 16));
  mix(pp[0] | (pp[1] << 8) | (us_war << 16) | (cw_war << 17) | (japan_declared << 18) |
      (allied_declared << 19) | (atlantic_used << 20) | (nwr_done << 21) | (nwr_failed << 22) |
      (nwr_sustained << 23) | (vladivostok_gone << 24));
  mix(us_bonus | (war_targets << 8) | ((declarer & 0xFF) << 16) | (special_left << 24));
  mix(discard_left | (first << 8) | (passes << 16) | (rp << 24));
  mix(nwr_turn | (eot_side << 8) | (eot_done << 16));
  mix(static_cast<std::uint64_t>(op.op) | (static_cast<std::uint64_t>(op.side) << 8) |
      (static_cast<std::uint64_t>(op.nation & 0xFF) << 16) |
      (static_cast<std::uint64_t>(op.replenish) << 24) |
      (static_cast<std::uint64_t>(op.card & 0xFF) << 32) |
      (static_cast<std::uint64_t>(op.special) << 40) |
      (static_cast<std::uint64_t>(op.from & 0xFF) << 48));
  mix(op.picked);
  mix(static_cast<std::uint64_t>(op.unit & 0xFF) | (static_cast<std::uint64_t>(op.resume) << 8));
  const CombatCtx& k = combat;
  mix(static_cast<std::uint64_t>(k.space & 0xFF) | (k.attacker << 8) | ((k.origin & 0xFF) << 16) |
      (k.naval << 24) | (static_cast<std::uint64_t>(k.surprise) << 25) |
      (static_cast<std::uint64_t>(k.bombing) << 26) |
      (static_cast<std::uint64_t>(k.bomber & 0xFF) << 32) |
      (static_cast<std::uint64_t>(k.round) << 40) |
      (static_cast<std::uint64_t>(k.divert_seat) << 48));
  mix(static_cast<std::uint64_t>(k.fire_unit & 0xFF) | (k.dice_left << 8) | (k.bomber_loss << 16) |
      (k.min_attacker_priority << 24) | (static_cast<std::uint64_t>(k.bonus[0]) << 32) |
      (static_cast<std::uint64_t>(k.bonus[1]) << 33) |
      (static_cast<std::uint64_t>(k.reactors) << 40));
  for (const auto& side : k.hits)
    for (auto v : side) mix(v);
  return h;
}

void CpsState::resample_hidden(int viewer, engine::Rng& rng) {
  // The other side's hand (and Allied declaration discards) are hidden: redraw them from the
  // cards that side could have chosen, keeping the counts.
  const int hidden = other(viewer < 0 ? 0 : viewer);
  std::array<int, kNumCards> pool;  // on the stack: MCTS calls this on every iteration
  std::size_t size = 0;
  int in_hand = 0, discarded = 0;
  for (int k = 0; k < kNumCards; ++k) {
    if (content_->card_hot[k].side != hidden) continue;
    if (cards[k] == CardLoc::Out || cards[k] == CardLoc::Hand || cards[k] == CardLoc::Discarded) {
      in_hand += cards[k] == CardLoc::Hand;
      discarded += cards[k] == CardLoc::Discarded;
      pool[size++] = k;
    }
  }
  for (std::size_t i = size; i > 1; --i)
    std::swap(pool[i - 1], pool[rng.below(static_cast<std::uint32_t>(i))]);
  for (std::size_t i = 0; i < size; ++i)
    cards[pool[i]] = static_cast<int>(i) < in_hand               ? CardLoc::Hand
                     : static_cast<int>(i) < in_hand + discarded ? CardLoc::Discarded
                                                                 : CardLoc::Out;
}

}  // namespace pacwar::co_prosperity
