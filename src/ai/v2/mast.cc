// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/mast.cc into namespace ai::v2.
#include "ai/v2/mast.h"

#include <utility>

namespace pacwar::ai::v2 {
namespace {

std::size_t slot_of(std::uint64_t key, std::size_t mask) {
  // A 64-bit mix (splitmix64's finaliser) so that neighbouring action codes spread.
  key ^= key >> 30;
  key *= 0xBF58476D1CE4E5B9ULL;
  key ^= key >> 27;
  key *= 0x94D049BB133111EBULL;
  key ^= key >> 31;
  return static_cast<std::size_t>(key) & mask;
}

}  // namespace

void MastTable::clear() {
  if (used_ == 0) return;
  for (Slot& slot : slots_) slot = Slot{};
  used_ = 0;
}

const MastTable::Slot* MastTable::find(std::uint64_t k) const {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = slot_of(k, mask);; i = (i + 1) & mask) {
    if (slots_[i].key == k) return &slots_[i];
    if (slots_[i].key == 0) return nullptr;
  }
}

void MastTable::insert(const Slot& slot) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = slot_of(slot.key, mask);
  while (slots_[i].key != 0) i = (i + 1) & mask;
  slots_[i] = slot;
  ++used_;
}

void MastTable::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 256 : old.size() * 2, Slot{});
  used_ = 0;
  for (const Slot& slot : old) {
    if (slot.key != 0) insert(slot);
  }
}

void MastTable::decay(double keep) {
  if (keep <= 0.0) {
    clear();
    return;
  }
  if (used_ == 0) return;
  // Open addressing cannot simply empty a slot (a later key's probe would stop there): the
  // entries that stay are put in again.
  spare_.assign(slots_.begin(), slots_.end());
  for (Slot& slot : slots_) slot = Slot{};
  used_ = 0;
  for (Slot slot : spare_) {
    if (slot.key == 0) continue;
    slot.weight *= keep;
    slot.total *= keep;
    if (slot.weight >= 0.01) insert(slot);
  }
}

void MastTable::add(int seat, engine::ActionCode action, double reward) {
  add_key(seat_action_key(seat, action), reward);
}

void MastTable::add_key(std::uint64_t k, double reward) {
  if (2 * (used_ + 1) > slots_.size()) grow();  // at most half full
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = slot_of(k, mask);
  while (slots_[i].key != k && slots_[i].key != 0) i = (i + 1) & mask;
  if (slots_[i].key == 0) {
    slots_[i].key = k;
    ++used_;
  }
  slots_[i].weight += 1.0;
  slots_[i].total += reward;
}

double MastTable::mean(int seat, engine::ActionCode action) const {
  return mean_key(seat_action_key(seat, action));
}

double MastTable::weight(int seat, engine::ActionCode action) const {
  return weight_key(seat_action_key(seat, action));
}

double MastTable::mean_key(std::uint64_t k) const {
  const Slot* slot = find(k);
  return slot == nullptr || slot->weight <= 0.0 ? 0.0 : slot->total / slot->weight;
}

double MastTable::weight_key(std::uint64_t k) const {
  const Slot* slot = find(k);
  return slot == nullptr ? 0.0 : slot->weight;
}

std::uint64_t MastTable::pair_key(int seat, engine::ActionCode previous,
                                  engine::ActionCode action) {
  // The previous code times an odd constant fills the key's high bits; the table mixes again.
  const std::uint64_t k =
      seat_action_key(seat, action) ^ ((std::uint64_t{previous} + 1) * 0x9E3779B97F4A7C15ULL);
  return k == 0 ? 1 : k;  // 0 marks an empty slot
}

engine::ActionCode MastTable::best(int seat, const std::vector<engine::ActionCode>& legal) const {
  engine::ActionCode choice = legal.front();
  double best_mean = mean(seat, choice);
  for (std::size_t i = 1; i < legal.size(); ++i) {
    const double m = mean(seat, legal[i]);
    if (m > best_mean) {
      best_mean = m;
      choice = legal[i];
    }
  }
  return choice;
}

engine::ActionCode MastTable::best_after(int seat, engine::ActionCode previous,
                                         const std::vector<engine::ActionCode>& legal,
                                         const MastTable& pairs, double min_pairs) const {
  auto score = [&](engine::ActionCode action) {
    const double single = mean(seat, action);
    const std::uint64_t k = pair_key(seat, previous, action);
    return pairs.weight_key(k) >= min_pairs ? 0.5 * (single + pairs.mean_key(k)) : single;
  };
  engine::ActionCode choice = legal.front();
  double best_score = score(choice);
  for (std::size_t i = 1; i < legal.size(); ++i) {
    const double m = score(legal[i]);
    if (m > best_score) {
      best_score = m;
      choice = legal[i];
    }
  }
  return choice;
}

}  // namespace pacwar::ai::v2
