// The end of the Strategic G/T (28.9, 50.0 J): carry-over, the refits and yard periods owed,
// the SI +1 chits of the cycle track, repaired ships redeployed, then the next cycle.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"
#include "witp/cp_books.h"
#include "witp/naval_repair_36.h"
#include "witp/refit_yard_log.h"
#include "witp/ship_repair_log.h"

namespace pacwar::witp::book_entries {
namespace {

// 36.6.3 refits missed at the end of a cycle; 36.5.4 yard periods owed at the end of a year.
std::string close_refit_yard_log(Json& books, std::int64_t cycle) {
  RefitYardLog log = read_refit_yard_log(books);
  const ShipRepairLog repairs = read_ship_repair_log(books);
  std::string summary;
  const std::int64_t year = 41 + cycle / kCyclesPerYear;
  const std::string year_key = std::to_string(year);
  for (auto& [ship, entry] : log) {
    const bool in_port = entry.refit_in(cycle) || entry.in_yard(cycle) || repairs.in_port(ship);
    if (needs_refit(entry.type)) {
      if (in_port) {
        entry.consecutive_missed = 0;
      } else {
        ++entry.missed_refits[year];
        ++entry.consecutive_missed;
        summary += " " + ship + " missed its refit: +1 yard period this year (36.6.3 A)";
        if (entry.consecutive_missed >= 2) {
          summary += ", and rolls on the Naval CRT 2:1 column now (36.6.3 B)";
        }
        summary += ";";
      }
    }
    if (cycle % kCyclesPerYear == kCyclesPerYear - 1) {
      YardInput input;
      input.ship_type = entry.type;
      input.year = year;
      input.reinforcement_this_year = entry.reinforcement_year == year;
      const auto missed = entry.missed_refits.find(year);
      input.refits_missed =
          std::min<std::int64_t>(13, missed == entry.missed_refits.end() ? 0 : missed->second);
      input.yard_periods_done = entry.yard_periods_in_year(year);
      const YardResult result = yard_requirement(input);
      if (result.outstanding > 0) {
        entry.unsupplied = true;
        summary += " " + ship + " owes " + std::to_string(result.outstanding) +
                   " yard period(s) for 19" + year_key +
                   ": unsupplied until an extended yard period (36.5.4);";
      }
    }
  }
  write(books, log);
  return summary;
}

}  // namespace

std::string advance_books(Json& books) {
  const std::int64_t cycle = books["cycle"].get<std::int64_t>();
  const std::string now = cycle_label(cycle);
  std::string summary = "to cycle " + cycle_label(cycle + 1) + ":";
  for (const std::string side : {"allied", "japanese"}) {
    SideBooks data = read_side(books, side);
    std::optional<SpecialFutureOpsPool> special;
    if (data.special_future_ops) special = *data.special_future_ops;
    const std::vector<std::pair<std::string, std::optional<std::pair<std::int64_t, std::int64_t>>>>
        pools = {
            {"", data.future_ops
                     ? std::optional(std::pair(data.future_ops->target_cycle, data.future_ops->cps))
                     : std::nullopt},
            {"special (42.7) ", special
                                    ? std::optional(std::pair(special->target_cycle, special->cps))
                                    : std::nullopt}};
    for (const auto& [kind, pool] : pools) {
      if (pool && pool->first <= cycle && pool->second > 0) {
        throw engine::UsageError(side + ": the " + kind + "future operations pool's " +
                                 std::to_string(pool->second) +
                                 " CPs must all be allocated to HQs this cycle (28.5)");
      }
    }
    std::map<std::string, std::int64_t> carry;
    for (const auto& [hq, record] : data.hqs) {
      const auto entry = record.cycles.find(now);
      if (entry == record.cycles.end()) continue;
      const std::int64_t left = entry->second.balance();
      // 28.9.2: 2:1 per HQ; 28.9.3: CEF HQ and China CPs keep theirs.
      const std::int64_t carried = record.china ? left : div_floor(left, 2);
      if (carried > 0) carry[hq] = carried;
      summary += " " + side + " " + hq + " carries " + std::to_string(carried) + ";";
    }
    for (const auto& [hq, carried] : carry) data.entry(hq, cycle + 1).carried_over = carried;
    // 28.9.1: reserve 4:3; CPs placed into reserve this cycle become available.
    const std::int64_t reserve = div_floor(data.reserve_available * 3, 4) + data.reserve_incoming;
    data.reserve_available = reserve;
    data.reserve_incoming = 0;
    write_side(books, side, data);
    summary += " " + side + " reserve " + std::to_string(reserve) + ";";
  }
  summary += close_refit_yard_log(books, cycle);
  // 42.7 SI +1 chits spread along the cycle track join the cup drawn at the end of the new
  // cycle (for the one after it).
  SideBooks japan = read_side(books, "japanese");
  const std::string track_key = cycle_label(cycle + 2);
  if (japan.si_plus_track && japan.si_plus_track->contains(track_key)) {
    const std::int64_t chits = japan.si_plus_track->at(track_key);
    japan.si_plus_chits += chits;
    japan.si_plus_track->erase(track_key);
    write_side(books, "japanese", japan);
    summary += " Japan's SI cup for " + track_key + " gets " + std::to_string(chits) +
               " SI +1 chits (42.7);";
  }
  const std::int64_t gts_done = books.value("gt", std::int64_t{0});
  if (gts_done > 0 && gts_done < 4) {
    throw engine::UsageError("next-cycle: only " + std::to_string(gts_done) +
                             " of the cycle's 4 G/Ts were advanced (book FILE repair-advance)");
  }
  books["gt"] = 0;
  ShipRepairLog repairs = read_ship_repair_log(books);
  if (!repairs.repaired.empty()) {
    summary += " repaired ships redeployed (50.0 G.2):";
    for (const RepairedShip& ship : repairs.repaired) summary += " " + ship.ship + ";";
    repairs.repaired.clear();
    write(books, repairs);
  }
  books["cycle"] = cycle + 1;
  return summary;
}

std::vector<BookChange> cycle_changes() {
  return {{"next-cycle",
           "28.9",
           "End of the Strategic G/T: carry-over, next cycle",
           {},
           [](BookEdit& e) { return advance_books(e.books); }}};
}

}  // namespace pacwar::witp::book_entries

namespace pacwar::witp {

std::string advance_cycle(Campaign& campaign) {
  return campaign.change("next-cycle", book_entries::advance_books);
}

}  // namespace pacwar::witp
