// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/mast.h into namespace ai::v2.
// Move-Average Sampling Technique (MAST, Finnsson & Björnsson 2008) for the search's playouts
// (`mcts:...,mast=E`).
//
// One table per search thread holds, for each (seat, action code) played in the search's
// iterations (in the tree and in the playouts), the mean reward of that seat in those
// iterations. In a playout, with probability E the seat to act plays its legal action of best
// mean (an action never seen counts as 0, an even result), otherwise the game's playout policy
// picks as usual. At the start of each search the table is emptied or, with `,mastkeep=K`,
// every weight and total is multiplied by K, so that what the player's previous searches of
// this game learned guides the first playouts of the next (decayed MAST). Only the stable
// action codes are compared: nothing here knows a game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ai/v2/seat_action.h"
#include "engine/game.h"

namespace pacwar::ai::v2 {

class MastTable {
 public:
  // Empties the table, keeping its storage.
  void clear();
  // Multiplies every weight and total by `keep` in [0, 1] (0: clear()), dropping the entries
  // whose weight falls below one hundredth of a sample.
  void decay(double keep);
  // Adds one reward of `seat` for `action`.
  void add(int seat, engine::ActionCode action, double reward);
  // The mean reward of `seat` after `action`, and the weight of the rewards it holds (their
  // count, less after decay(); 0: mean 0).
  double mean(int seat, engine::ActionCode action) const;
  double weight(int seat, engine::ActionCode action) const;
  // The action of `legal` (not empty) with the best mean for `seat`; the first such in `legal`
  // on a tie.
  engine::ActionCode best(int seat, const std::vector<engine::ActionCode>& legal) const;

  // N-gram selection (NST, Tak, Winands & Björnsson 2012), 2-grams (`,nst=K`): a second table
  // (`pairs`) holds the mean reward of `seat` after playing `action` right after the decision
  // `previous` (any seat's; chance left out). The best action of `legal` by the mean of this
  // table's mean and, where the pair has a weight of at least `min_pairs`, the pair's mean; the
  // first such on a tie.
  engine::ActionCode best_after(int seat, engine::ActionCode previous,
                                const std::vector<engine::ActionCode>& legal,
                                const MastTable& pairs, double min_pairs) const;
  // The key of (seat, action after `previous`) in a table of pairs.
  static std::uint64_t pair_key(int seat, engine::ActionCode previous, engine::ActionCode action);
  // add(), mean() and weight() by key (a seat_action_key or a pair_key).
  void add_key(std::uint64_t key, double reward);
  double mean_key(std::uint64_t key) const;
  double weight_key(std::uint64_t key) const;
  std::size_t size() const { return used_; }

 private:
  struct Slot {
    std::uint64_t key = 0;  // 0: empty, else seat_action_key(seat, action)
    double weight = 0.0;
    double total = 0.0;
  };
  const Slot* find(std::uint64_t k) const;
  void grow();
  void insert(const Slot& slot);  // a key not in the table, with room for it
  std::vector<Slot> slots_;       // open addressing, linear probing, a power of two long
  std::vector<Slot> spare_;       // decay()'s copy, its storage kept between searches
  std::size_t used_ = 0;
};

}  // namespace pacwar::ai::v2
