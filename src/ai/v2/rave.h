// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/rave.h into namespace ai::v2.
// All-moves-as-first (AMAF) statistics and RAVE for the search (`mcts:...,rave=K`).
//
// An iteration's moves are recorded as (seat, action code) pairs, from the root through the tree
// and the playout. A tree child reached by `action` chosen by `seat` gets an AMAF sample from
// every iteration that passed through its parent and in which `seat` played `action` at that
// point or later (Gelly & Silver 2007), scored with the iteration's reward for `seat`. Selection
// blends the child's mean with its AMAF mean: (1 − β)·Q + β·Q_amaf, β = √(K / (3n + K)) for n
// visits of the child, so the AMAF value guides a child's first visits and fades as it is
// visited. Only the stable action codes are compared: nothing here knows a game.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ai/v2/seat_action.h"
#include "engine/game.h"

namespace pacwar::ai::v2 {

// The AMAF samples of one tree child.
struct AmafStats {
  std::uint32_t visits = 0;
  double total = 0.0;  // sum of rewards for the child's seat
};

// The moves of one iteration in the order played; the move at index k leads from the k-th node
// of the iteration's tree path to the next (chance outcomes are recorded with seat −1 so that
// the indices stay aligned with the path, and never match).
class MoveRecord {
 public:
  void clear() {
    moves_.clear();
    indexed_ = false;
  }
  void add(int seat, engine::ActionCode action) {
    moves_.push_back(
        Entry{seat_action_key(seat, action), static_cast<std::uint32_t>(moves_.size())});
    indexed_ = false;
  }
  std::size_t size() const { return moves_.size(); }

  // Prepares last_index(): call once after the iteration's last add(). No allocation once the
  // buffers have grown to an iteration's length, and no sort: each move is put in a hash table
  // in order, so that a key's slot ends with its largest index.
  void index();
  // The largest index at which `seat` played `action` in this iteration, or −1.
  long long last_index(int seat, engine::ActionCode action) const;

  // The recorded moves in order (seat, action), for MAST's update.
  template <class F>
  void for_each(F&& f) const {
    for (const Entry& e : moves_) {
      const int seat = key_seat(e.key);
      if (seat >= 0) f(seat, key_action(e.key));
    }
  }

 private:
  struct Entry {
    std::uint64_t key;
    std::uint32_t index;
  };
  // A slot of the index: open addressing with linear probing, a power of two long and at most
  // half full. A slot belongs to the current index only when its stamp is the record's stamp_,
  // so that index() need not empty the table.
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t index = 0;
    std::uint32_t stamp = 0;
  };
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }
  std::vector<Entry> moves_;
  std::vector<Slot> slots_;
  std::uint32_t stamp_ = 0;  // the current index's stamp (0: none yet)
  int shift_ = 64;           // 64 − log2(slots_.size())
  bool indexed_ = false;     // index() was called after the last add()
};

// β of the RAVE blend for a child visited `visits` times; 0 when rave_k is 0 (off).
double rave_beta(double rave_k, std::uint32_t visits);

// The value selection uses for a child: its mean blended with its AMAF mean (the plain mean
// when RAVE is off or the child has no AMAF sample).
double rave_value(double rave_k, std::uint32_t visits, double total, const AmafStats& amaf);

// Adds this iteration's AMAF samples: for each node path[k] (k < moves.size()), every child c
// whose (seat, action) was played at index >= k gets the reward `values[seat]`. Node has the
// fields first_child, next_sibling (-1 ends the list), seat, action and amaf (AmafStats) of
// the search's tree; `moves` must be indexed.
template <class Node>
void update_amaf(std::vector<Node>& nodes, const std::vector<std::int32_t>& path,
                 const MoveRecord& moves, const std::vector<double>& values) {
  const std::size_t depth = std::min(path.size(), moves.size());
  for (std::size_t k = 0; k < depth; ++k) {
    for (std::int32_t c = nodes[static_cast<std::size_t>(path[k])].first_child; c >= 0;
         c = nodes[static_cast<std::size_t>(c)].next_sibling) {
      Node& child = nodes[static_cast<std::size_t>(c)];
      if (child.seat < 0 || static_cast<std::size_t>(child.seat) >= values.size()) continue;
      if (moves.last_index(child.seat, child.action) < static_cast<long long>(k)) continue;
      ++child.amaf.visits;
      child.amaf.total += values[static_cast<std::size_t>(child.seat)];
    }
  }
}

}  // namespace pacwar::ai::v2
