// The book changes of the command points (28): assignments under the gearing limit, spending,
// lending, the reserve and the future operations pool. Each entry beside its function.
#include <cstdint>
#include <string>

#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"
#include "witp/command_points_28.h"
#include "witp/cp_books.h"

namespace pacwar::witp::book_entries {
namespace {

std::string assign(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::string hq = fields.text("hq");
  const std::int64_t cps = fields.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  GearingInput input;
  const std::string previous = cycle_label(cycle - 1);
  const CpEntry* last = data.find(hq, cycle - 1);
  const CpEntry* current = data.find(hq, cycle);
  if (last != nullptr) {
    if (fields.has("previous")) {
      throw engine::UsageError("previous=: the books already hold " + hq + "'s " + previous +
                               " assignment");
    }
    input.previous_cycle_cps = last->assigned;
  } else if (current != nullptr && current->declared_previous) {
    // Declared by an earlier assignment this cycle: keep using it.
    input.previous_cycle_cps = *current->declared_previous;
  } else if (fields.has("previous")) {
    // Campaigns started from a scenario: last cycle's assignment is not in the books.
    input.previous_cycle_cps = fields.integer("previous");
  }
  input.newly_deployed = fields.flag("newly-deployed");
  if (input.newly_deployed) input.side_allotment = fields.integer("allotment");
  const bool china = fields.flag("china");
  CpEntry& entry = data.entry(hq, cycle);
  if (fields.has("previous") && !entry.declared_previous) {
    entry.declared_previous = input.previous_cycle_cps;
  }
  if (china) data.hqs[hq].china = true;
  input.requested_cps = entry.assigned + cps;
  const GearingResult gearing = gearing_limit(input);
  if (!gearing.allowed) {
    throw engine::UsageError("cps=: " + hq + " may be assigned at most " +
                             std::to_string(gearing.limit) + " new CPs this cycle (" +
                             gearing.basis + "); " + std::to_string(input.requested_cps) +
                             " asked");
  }
  entry.assigned = input.requested_cps;
  write_side(books, side, data);
  return side + " " + hq + ": assigned " + std::to_string(input.requested_cps) + " of at most " +
         std::to_string(gearing.limit) + " (" + gearing.basis + ")";
}

std::string spend(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::string hq = fields.text("hq");
  const std::int64_t cps = fields.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  CpEntry& entry = data.entry(hq, cycle);
  take_from_hq(entry, hq, &CpEntry::spent, cps);
  write_side(books, side, data);
  return side + " " + hq + ": spent " + std::to_string(cps) + ", " +
         std::to_string(entry.balance()) + " left";
}

std::string lend(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::string from = fields.text("from");
  const std::string to = fields.text("to");
  const std::int64_t cps = fields.integer("cps");
  require_non_negative("cps=", cps);
  if (from == to) throw engine::UsageError("to=: a HQ cannot lend to itself");
  SideBooks data = read_side(books, side);
  take_from_hq(data.entry(from, cycle), from, &CpEntry::lent_out, cps);
  const std::int64_t received = lending_received(cps);
  data.entry(to, cycle).received += received;
  write_side(books, side, data);
  return side + " " + from + " lent " + std::to_string(cps) + ", " + to + " received " +
         std::to_string(received) + " (28.8)";
}

std::string reserve(Json& books, BookFields& fields, const Tables& tables) {
  ReserveInput input;
  input.side = parse_side("side=", fields.text("side"));
  input.cps_placed = fields.integer("cps");
  require_non_negative("cps=", input.cps_placed);
  if (input.side == Side::kAllied) {
    input.cycle_total = fields.integer("cycle-total");
    require_non_negative("cycle-total=", input.cycle_total);
  } else {
    input.ms_points = fields.integer("ms-points");
    require_non_negative("ms-points=", input.ms_points);
  }
  const ReserveResult result = reserve_placement(input, tables);
  SideBooks data = read_side(books, side_name(input.side));
  data.reserve_incoming += result.recorded;
  write_side(books, side_name(input.side), data);
  return side_name(input.side) + ": " + std::to_string(input.cps_placed) + " placed, " +
         std::to_string(result.recorded) + " recorded To Reserve (28.6.1), available next cycle";
}

std::string draw_reserve(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::string hq = fields.text("hq");
  const std::int64_t cps = fields.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  require_at_most("cps=", cps, "reserve available", data.reserve_available);
  const std::int64_t received = reserve_received(cps, fields.flag("isolated"));
  data.reserve_available -= cps;
  data.entry(hq, cycle).received += received;
  write_side(books, side, data);
  return side + ": " + std::to_string(cps) + " reserve CPs drawn, " + hq + " received " +
         std::to_string(received) + " (28.6.3)";
}

std::string future_ops(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::int64_t cps = fields.integer("cps");
  const std::int64_t target = parse_cycle("target=", fields.text("target"));
  SideBooks data = read_side(books, side);
  std::int64_t already = 0;
  if (data.future_ops) {
    if (data.future_ops->target_cycle != target) {
      throw engine::UsageError("target=: a future operations pool for " +
                               cycle_label(data.future_ops->target_cycle) +
                               " exists; only one at a time (28.5)");
    }
    const auto added = data.future_ops->added.find(cycle_label(cycle));
    if (added != data.future_ops->added.end()) already = added->second;
  }
  FutureOpsInput input;
  input.cps_added = already + cps;
  input.cycles_ahead = target - cycle;
  input.pool_cps = data.future_ops ? data.future_ops->cps - already : 0;
  require_non_negative("cps=", cps);
  // The calculator's own checks, named by the fields typed here.
  if (input.cps_added > 50) {
    throw engine::UsageError(
        "cps=: at most 50 CPs a cycle go into the future operations pool "
        "(28.5; " +
        std::to_string(already) + " already this cycle, got " + std::to_string(cps) + ")");
  }
  require_range("target= (cycles ahead of " + cycle_label(cycle) + ")", input.cycles_ahead, 1, 6);
  const FutureOpsResult result = future_ops_add(input);
  if (!data.future_ops) data.future_ops = FutureOpsPool{target, 0, {}};
  data.future_ops->cps = result.pool_cps;
  data.future_ops->added[cycle_label(cycle)] = input.cps_added;
  write_side(books, side, data);
  return side + ": future operations pool for " + cycle_label(target) + " holds " +
         std::to_string(result.pool_cps) + " CPs (28.5)";
}

std::string release_future_ops(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string side = side_key(fields);
  const std::string hq = fields.text("hq");
  const std::int64_t cps = fields.integer("cps");
  require_non_negative("cps=", cps);
  const bool special = fields.flag("special");
  SideBooks data = read_side(books, side);
  std::int64_t* pool_cps = nullptr;
  std::int64_t target_cycle = 0;
  if (special && data.special_future_ops && *data.special_future_ops) {
    pool_cps = &(*data.special_future_ops)->cps;
    target_cycle = (*data.special_future_ops)->target_cycle;
  } else if (!special && data.future_ops) {
    pool_cps = &data.future_ops->cps;
    target_cycle = data.future_ops->target_cycle;
  }
  if (pool_cps == nullptr) {
    throw engine::UsageError(special ? "special: no special future operations pool (42.7)"
                                     : "side=: no future operations pool");
  }
  if (target_cycle != cycle) {
    throw engine::UsageError("hq=: the pool's CPs may not be used until cycle " +
                             cycle_label(target_cycle) + " (28.5)");
  }
  require_at_most("cps=", cps, "CPs in the pool", *pool_cps);
  data.entry(hq, cycle).future_ops += cps;
  *pool_cps -= cps;
  const std::int64_t left = *pool_cps;
  if (left == 0) {
    if (special) {
      *data.special_future_ops = std::nullopt;
    } else {
      data.future_ops.reset();
    }
  }
  write_side(books, side, data);
  return side + " " + hq + ": " + std::to_string(cps) + (special ? " special" : "") +
         " future operations CPs, no gearing limit (" + std::to_string(left) + " left in the pool)";
}

}  // namespace

// Takes CPs from what a HQ holds (28.2) into `field` (spent or lent out).
void take_from_hq(CpEntry& entry, const std::string& hq, std::int64_t CpEntry::*field,
                  std::int64_t cps) {
  if (cps > entry.balance()) {
    throw engine::UsageError("cps=: " + hq + " holds only " + std::to_string(entry.balance()) +
                             " CPs (asked " + std::to_string(cps) + ")");
  }
  entry.*field += cps;
}

std::string side_key(BookFields& fields) {
  return side_name(parse_side("side=", fields.text("side")));
}

std::vector<BookChange> command_point_changes() {
  using namespace fields;
  return {
      {"assign",
       "28.4",
       "Assign CPs to a HQ (gearing limit)",
       {side(), text("hq", "HQ"), number("cps", "CPs assigned"),
        number("previous", "CPs assigned last cycle, when the books lack it", false),
        flag("newly-deployed", "a newly deployed HQ (28.4.2)"),
        number("allotment", "its allotment, for a newly deployed HQ", false),
        flag("china", "one of China's HQs (28.9.3)")},
       [](BookEdit& e) { return assign(e.books, e.fields, e.cycle); }},
      {"spend",
       "28.2",
       "Spend CPs of a HQ",
       {side(), text("hq", "HQ"), number("cps", "CPs")},
       [](BookEdit& e) { return spend(e.books, e.fields, e.cycle); }},
      {"lend",
       "28.8",
       "Lend CPs from one HQ to another (4:3)",
       {side(), text("from", "HQ lending"), text("to", "HQ receiving"), number("cps", "CPs sent")},
       [](BookEdit& e) { return lend(e.books, e.fields, e.cycle); }},
      {"reserve",
       "28.6.1",
       "Place CPs into the reserve",
       {side(), number("cps", "CPs placed"),
        number("cycle-total", "Allied: the cycle's CP total", false),
        number("ms-points", "Japanese: the MS Point total", false)},
       [](BookEdit& e) { return reserve(e.books, e.fields, e.tables); }},
      {"draw-reserve",
       "28.6.3",
       "Draw CPs from the reserve to a HQ",
       {side(), text("hq", "HQ"), number("cps", "CPs drawn"),
        flag("isolated", "the HQ is isolated (half)")},
       [](BookEdit& e) { return draw_reserve(e.books, e.fields, e.cycle); }},
      {"future-ops",
       "28.5",
       "Put CPs into the future operations pool",
       {side(), number("cps", "CPs (at most 50)"),
        cycle("target", "the cycle they are for (at most 6 ahead)")},
       [](BookEdit& e) { return future_ops(e.books, e.fields, e.cycle); }},
      {"release-future-ops",
       "28.5",
       "Release the future operations pool to a HQ",
       {side(), text("hq", "HQ"), number("cps", "CPs"),
        flag("special", "Japan's special pool after the Yamamoto Mission (42.7)")},
       [](BookEdit& e) { return release_future_ops(e.books, e.fields, e.cycle); }},
  };
}

}  // namespace pacwar::witp::book_entries

namespace pacwar::witp {

using book_entries::take_from_hq;

std::string spend_cps(Json& books, std::int64_t cycle, const std::string& side,
                      const std::string& hq, std::int64_t cps, const std::string& what) {
  const std::string side_word = side_name(parse_side("--side", side));
  if (hq.empty()) throw engine::UsageError("--hq: the HQ paying is required");
  require_non_negative("cps", cps);
  SideBooks data = read_side(books, side_word);
  if (!data.hqs.contains(hq)) {
    throw engine::UsageError("--hq: " + side_word + " HQ '" + hq +
                             "' is not in the books (assign it CPs first: book FILE assign)");
  }
  CpEntry& entry = data.entry(hq, cycle);
  take_from_hq(entry, hq, &CpEntry::spent, cps);
  write_side(books, side_word, data);
  return side_word + " " + hq + ": spent " + std::to_string(cps) + " CPs for " + what + ", " +
         std::to_string(entry.balance()) + " left";
}

}  // namespace pacwar::witp
