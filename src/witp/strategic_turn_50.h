// The Strategic Game/Turn (50.0) as a guided checklist over a campaign's books: the segments in
// order, what the books say at each, the calculators to use, and questions only where the player
// decides or rolls (the engine rolls when given a seed).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "witp/campaign.h"
#include "witp/tables.h"

namespace pacwar::witp {

struct Segment {
  std::string code;   // e.g. "D.3"
  std::string title;  // e.g. "Command Point Allocation Segment"
  std::string what;   // what is done, and with which pacwar command
};

// The 50.0 Sequence Outline, phases A to J.
const std::vector<Segment>& strategic_turn_segments();

// What the books say at a segment: the lines the terminal checklist prints there (MSP ledger,
// SI levels, hexes mined, CP books and gearing limits, cups, garrison, repairs and refits), with
// no dice rolled and nothing changed. Empty for a segment with no book to show.
std::vector<std::string> segment_notes(const Campaign& campaign, const std::string& code);
// A.4: converted MSPs are due to join the total (57.5.1).
bool msp_arrivals_due(const Campaign& campaign);

// Walks the checklist reading answers from `in`: Enter (or done) goes on, "q" stops (changes made
// so far are kept). Records SI levels (B.1) and, at J, carries CPs over and advances the cycle.
// Saves the campaign after each change. Returns 0. Unknown answers are asked again with the
// choices; none is taken as a default. `tables` is the player's chartbook where a book change needs
// one.
int run_strategic_turn(Campaign& campaign, const Tables& tables, std::istream& in,
                       std::ostream& out, std::optional<std::uint64_t> seed);

}  // namespace pacwar::witp
