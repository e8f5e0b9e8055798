// The Pacific War: small queries over the board shared by every rules file.
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

#include "engine/text.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

void set_ready(PwState& s, int unit, bool ready) {
  if (ready)
    s.units[unit].flags |= kReady;
  else
    s.units[unit].flags &= static_cast<std::uint8_t>(~kReady);
}

void set_loc(PwState& s, int unit, int loc) {
  const UnitDef& d = s.content().units[unit];
  auto& counts = d.is_lba() ? s.lba_count : s.naval_count;
  const int from = s.units[unit].loc;
  auto& ozs = d.is_lba() ? s.lba_ozs : s.naval_ozs;
  const auto word = static_cast<std::size_t>(unit / 64);
  const std::uint64_t bit = std::uint64_t{1} << (unit % 64);
  if (from < kMaxOz) {
    if (--counts[from][d.side] == 0) ozs[d.side] &= ~(std::uint32_t{1} << from);
    s.units_at[from][word] &= ~bit;
  }
  s.units[unit].loc = static_cast<std::uint8_t>(loc);
  if (loc < kMaxOz) {
    ++counts[loc][d.side];
    ozs[d.side] |= std::uint32_t{1} << loc;
    s.units_at[loc][word] |= bit;
  }
}

UnitCounts count_units(const PwState& s) {
  UnitCounts n;
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (const int loc = s.units[u].loc; loc < kMaxOz) count_unit(n, c, u, loc);
  return n;
}

namespace {
template <class T>
bool same_bytes(const T& a, const T& b) {
  static_assert(std::has_unique_object_representations_v<T>);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
}  // namespace

bool counts_agree(const PwState& s, const UnitCounts& n) {
  return same_bytes(n.naval_count, s.naval_count) && same_bytes(n.lba_count, s.lba_count) &&
         same_bytes(n.units_at, s.units_at) && same_bytes(n.naval_ozs, s.naval_ozs) &&
         same_bytes(n.lba_ozs, s.lba_ozs);
}

UnitMask moved_units(const PwState& before, const PwState& after) {
  static_assert(sizeof(UnitState) == 5 && sizeof(PwState::units) % 32 == 0);
  constexpr std::size_t kUnitBytes = sizeof(UnitState);
  const auto* a = reinterpret_cast<const unsigned char*>(before.units.data());
  const auto* b = reinterpret_cast<const unsigned char*>(after.units.data());
  const int n = after.content().num_units();
  UnitMask moved{};
  for (std::size_t i = 0; i < sizeof(PwState::units); i += 32) {
    if (std::memcmp(a + i, b + i, 32) == 0) continue;
    const int last = std::min(n - 1, static_cast<int>((i + 31) / kUnitBytes));
    for (int u = static_cast<int>(i / kUnitBytes); u <= last; ++u)
      if (before.units[u].loc != after.units[u].loc)
        moved[static_cast<std::size_t>(u / 64)] |= std::uint64_t{1} << (u % 64);
  }
  return moved;
}

void recount(PwState& s) {
  UnitCounts n = count_units(s);
  s.naval_count = n.naval_count;
  s.lba_count = n.lba_count;
  s.units_at = n.units_at;
  s.naval_ozs = n.naval_ozs;
  s.lba_ozs = n.lba_ozs;
}

bool counts_as_carrier(const PwState& s, int unit) {
  const UnitDef& d = s.content().units[unit];
  if (d.type == UnitType::Carrier) return true;
  return d.type == UnitType::CarrierBattleship && is_ready(s, unit);
}

namespace {
bool card_readies(const PwState& s, int side, int unit, int oz, bool port) {
  const UnitDef& d = s.content().units[unit];
  return s.units[unit].loc == oz && d.side == side && d.is_naval() && (port || !d.capital);
}
}  // namespace

bool card_readies_any(const PwState& s, int side, int oz) {
  if (!has_naval(s, side, oz)) return false;
  const bool port = usable_port(s, side, oz);
  bool any = false;
  for_each_unit(ships_at(s, side, oz), [&](int u) {
    any = any || ((port || !s.content().unit_hot[u].capital) && !is_ready(s, u));
  });
  return any;
}

void ready_with_card(PwState& s, int side, int oz) {
  const bool port = usable_port(s, side, oz);
  for (int u : s.content().side_units[side])
    if (card_readies(s, side, u, oz, port)) set_ready(s, u, true);
}

int hand_size(const PwState& s, int side) {
  const CardLoc where = side == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
  int n = 0;
  for (int i = 0; i < s.content().num_cards(); ++i)
    if (s.cards[i] == where) ++n;
  return n;
}

CardList hand(const PwState& s, int side) {
  const CardLoc where = side == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
  CardList out;
  for (int i = 0; i < s.content().num_cards(); ++i)
    if (s.cards[i] == where) out.items[out.n++] = static_cast<std::int8_t>(i);
  return out;
}

int deck_size(const PwState& s) {
  int n = 0;
  for (int i = 0; i < s.content().num_cards(); ++i)
    if (s.cards[i] == CardLoc::Deck) ++n;
  return n;
}

void discard(PwState& s, int card) { s.cards[card] = CardLoc::Discard; }

std::string side_name(int side) { return side == kJapanese ? "Japanese" : "Allied"; }

std::string unit_name(const PwState& s, int unit) { return s.content().units[unit].name; }

std::string ship_list(const PwState& s, const std::vector<int>& units) {
  std::string out;
  if (units.size() <= kLongShipList) {
    for (int u : units) out += (out.empty() ? "" : ", ") + unit_name(s, u);
    return out;
  }
  struct ShipKind {
    UnitType type;
    const char* noun;
    const char* plural;
  };
  static constexpr ShipKind kKinds[] = {
      {UnitType::Carrier, "carrier", "carriers"},
      {UnitType::Battleship, "battleship", "battleships"},
      {UnitType::CarrierBattleship, "converted carrier", "converted carriers"},
      {UnitType::Cruiser, "cruiser", "cruisers"},
      {UnitType::TorpedoCruiser, "torpedo cruiser", "torpedo cruisers"},
      {UnitType::LandBasedAir, "LBA", "LBAs"}};
  for (const ShipKind& k : kKinds) {
    long long n = 0;
    for (int u : units) n += s.content().units[u].type == k.type ? 1 : 0;
    if (n > 0) out += (out.empty() ? "" : ", ") + engine::count_of(n, k.noun, k.plural);
  }
  return engine::count_of(static_cast<long long>(units.size()), "ship") + " (" + out + ")";
}

std::string oz_name(const PwState& s, int oz) { return s.content().ozs[oz].name; }

}  // namespace pacwar::pacific_war
