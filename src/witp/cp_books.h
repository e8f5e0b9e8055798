// The CP books of one side as typed records (28.2-28.9, 42): each HQ's CPs per cycle, the
// reserve, the future operations pools and the strategic intelligence counts. Read from and
// written back to a campaign's books (the layout the campaign schema checks), so the book
// changes work on values rather than on JSON paths.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

// One HQ's CPs for one cycle.
struct CpEntry {
  std::int64_t assigned = 0;                      // 28.4, newly assigned (gearing)
  std::int64_t carried_over = 0;                  // 28.9
  std::int64_t future_ops = 0;                    // 28.5 released from the pool
  std::int64_t received = 0;                      // 28.6.3 reserve drawn, 28.8 lent by another HQ
  std::int64_t lent_out = 0;                      // 28.8
  std::int64_t spent = 0;                         // 28.2
  std::optional<std::int64_t> lost;               // 42.7 Yamamoto Mission
  std::optional<std::int64_t> declared_previous;  // 28.4 previous assignment, declared

  // CPs the HQ was given for the cycle (42.7 "allocated ... for that cycle", ruling R29).
  std::int64_t allocated() const { return assigned + carried_over + future_ops + received; }
  std::int64_t balance() const { return allocated() - lent_out - spent - lost.value_or(0); }
};

struct HqRecord {
  bool china = false;                     // 28.9.3: a China (or CEF) HQ keeps all its CPs
  std::map<std::string, CpEntry> cycles;  // by cycle label
};

struct FutureOpsPool {  // 28.5
  std::int64_t target_cycle = 0;
  std::int64_t cps = 0;
  std::map<std::string, std::int64_t> added;  // CPs added by cycle label (50 a cycle)
};

struct SpecialFutureOpsPool {  // 42.7
  std::int64_t target_cycle = 0;
  std::int64_t cps = 0;
  std::optional<std::string> source;
};

struct SideBooks {
  std::map<std::string, HqRecord> hqs;
  std::int64_t reserve_available = 0;  // 28.6
  std::int64_t reserve_incoming = 0;   // 28.6.1 available next cycle
  std::optional<FutureOpsPool> future_ops;
  // Outer: the field is in the books; inner: a pool exists.
  std::optional<std::optional<SpecialFutureOpsPool>> special_future_ops;
  std::int64_t si_level = 0;       // 42.1 (0 before the first draw)
  std::int64_t si_plus_chits = 0;  // 42.5.2
  std::optional<std::map<std::string, std::int64_t>> si_plus_track;  // 42.7

  // The HQ's entry for the cycle, created empty if absent.
  CpEntry& entry(const std::string& hq, std::int64_t cycle);
  const CpEntry* find(const std::string& hq, std::int64_t cycle) const;
};

// `side` is "allied" or "japanese"; the books must have passed the campaign schema.
SideBooks read_side(const Json& books, const std::string& side);
void write_side(Json& books, const std::string& side, const SideBooks& data);

}  // namespace pacwar::witp
