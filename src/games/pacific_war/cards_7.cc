// 7.0 Drawing Resource Cards: order (most VP first, Japanese on a tie), hand limits (7.1),
// the Japanese draw tied to Borneo's oil (7.2), the Allied schedule (7.3), reshuffling (7.4).
// The deck is an unordered set: each draw is a chance event over the cards in it.
#include <algorithm>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

// 7.1: a hand at its limit draws no more, except the Optional Rule 15.2 cards, which 7.1 names
// as the exception to the Japanese limit: they are drawn whatever the hand holds.
int draws_for(const PwState& s, int side) {
  const Content& c = s.content();
  const int room = std::max(0, c.hand_limit[side] - hand_size(s, side));
  if (side == kAllied) return std::min(allied_draws(s), room);                       // 7.3, 15.3
  const int borneo = s.base_marker[c.oz_borneo] == kJapanese ? c.japanese_draw : 0;  // 7.2
  return std::min(borneo, room) + oil_reserve_cards(s);                              // 15.2
}

// Sets `seat` to the side drawing now; false when all draws are done.
bool next_drawer(PwState& s) {
  for (int i = 0; i < 2; ++i) {
    const int side = i == 0 ? s.draw_first : 1 - s.draw_first;
    if (s.draw_left[side] > 0 && deck_size(s) > 0) {  // draws_for kept to the limit (7.1)
      s.seat = static_cast<std::int8_t>(side);
      return true;
    }
  }
  return false;
}

}  // namespace

void begin_draw_phase(PwState& s, Log log) {
  if (start_oil_die(s)) return;  // 15.2
  s.draw_first = static_cast<std::int8_t>(s.vp < 0 ? kAllied : kJapanese);
  for (int side : {kJapanese, kAllied})
    s.draw_left[side] = static_cast<std::int8_t>(draws_for(s, side));
  log_line(
      log,
      [&] {
        return "Resource Card Draw: Japanese " + std::to_string(s.draw_left[kJapanese]) +
               ", Allied " + std::to_string(s.draw_left[kAllied]) + "; " + side_name(s.draw_first) +
               " draw first.";
      },
      "7.0");
  s.step = Step::DrawCards;
  if (!next_drawer(s)) begin_strategy_phase(s, log);
}

void card_draw_outcomes(const PwState& s, std::vector<engine::ChanceOutcome>& out) {
  const int n = deck_size(s);
  for (int i = 0; i < s.content().num_cards(); ++i)
    if (s.cards[i] == CardLoc::Deck) out.push_back({encode(Kind::Draw, i), 1.0 / n});
}

void draw_card(PwState& s, int card, int side, Log log) {
  s.cards[card] = side == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
  log_line(
      log, [&] { return side_name(side) + " draw " + card_end(s, card, side).name + "."; }, "7.0",
      1u << side);
  log_line(
      log, [&] { return side_name(side) + " draw a card."; }, "7.0", 1u << (1 - side));
  if (deck_size(s) == 1) {  // 7.4: the discards are shuffled in with the last card
    bool any = false;
    for (int i = 0; i < s.content().num_cards(); ++i)
      if (s.cards[i] == CardLoc::Discard) {
        s.cards[i] = CardLoc::Deck;
        any = true;
      }
    if (any) log_line(log, "One card left: the discards are shuffled into a new deck.", "7.4");
  }
}

void apply_draw(PwState& s, Act act, Log log) {
  draw_card(s, act.a, s.seat, log);
  --s.draw_left[s.seat];
  if (!next_drawer(s)) begin_strategy_phase(s, log);
}

}  // namespace pacwar::pacific_war

namespace pacwar::pacific_war {

// The cards `seat` has not seen are the deck and the other hand: deal that hand again from
// them at random (the deck is an unordered set, so nothing else is hidden).
void PwState::resample_hidden(int viewer, engine::Rng& rng) {
  if (viewer < 0 || viewer > 1) return;
  const int foe = 1 - viewer;
  const CardLoc foe_hand = foe == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
  std::vector<int> unseen;
  int count = 0;
  for (int i = 0; i < content_->num_cards(); ++i) {
    if (cards[i] == foe_hand) ++count;
    if (cards[i] == foe_hand || cards[i] == CardLoc::Deck) {
      unseen.push_back(i);
      cards[i] = CardLoc::Deck;
    }
  }
  for (int k = 0; k < count; ++k) {  // partial Fisher-Yates
    const int j = k + static_cast<int>(rng.below(static_cast<std::uint32_t>(unseen.size() - k)));
    std::swap(unseen[k], unseen[j]);
    cards[unseen[k]] = foe_hand;
  }
}

}  // namespace pacwar::pacific_war

// ---- The steps of 7.0 Drawing Resource Cards (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kCardDrawSteps[] = {
    {Step::DrawCards, "draw-cards", Actor::Chance, "card-draw", "7.0", Rest::AtRest, kEveryKind,
     card_draw_outcomes, nullptr, apply_draw,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "7.0 " + who(s) + " draw a Resource Card";
     }},
};

}  // namespace

std::span<const StepRules> card_draw_steps() { return kCardDrawSteps; }

}  // namespace pacwar::pacific_war
