// The campaign file: the strategic books of a War in the Pacific campaign in one JSON file.
// CP pools per HQ per cycle (gearing limit enforced, 28.4), the future operations pool (28.5),
// the CP reserve (28.6), carry-over (28.9), the Ship Repair Log (36), the Base Log with supply
// distances (32.1.3) and the strategic intelligence levels (42). Every change is logged; the last
// kUndoDepth changes with the edit that takes it back (an RFC 6902 JSON Patch from the books after
// it to the books before it), so they can be undone one by one. Files of version 1 (a full copy
// of the books before each change) are read and written back as version 2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "witp/book_changes.h"  // apply_book_command: the book changes, one typed table
#include "witp/common.h"
#include "witp/ship_repair_log.h"
#include "witp/tables.h"

namespace pacwar::witp {

// Cycles: 13 a year, written "0/C/YY" (or "C/YY"), e.g. 0/3/42; the index counts from 1/41.
std::int64_t parse_cycle(const std::string& field, const std::string& text);
std::string cycle_label(std::int64_t index);

class Campaign {
 public:
  // How many of the latest changes can be undone; older log entries keep their description.
  static constexpr std::size_t kUndoDepth = 200;
  // How many log entries a campaign keeps; the oldest go, counted in log_earlier(), so that a
  // long campaign's file (and a change to it, which reads and writes the whole) stays small.
  static constexpr std::size_t kLogDepth = 1000;

  // Writes a new campaign file; refuses to overwrite an existing one.
  static Campaign create(const std::string& file, const std::string& start_cycle);
  // A new campaign at `start_cycle`, not written anywhere; `name` stands for the file in messages
  // (the web server keeps campaigns in its database).
  static Campaign fresh(const std::string& start_cycle, std::string name);
  static Campaign open(const std::string& file);
  static Campaign from_json(Json document, std::string file);

  const Json& books() const { return books_; }
  const Json& log() const { return log_; }
  // Changes made before the oldest entry of log() (whose entries are no longer kept).
  std::int64_t log_earlier() const { return log_earlier_; }
  const std::string& file() const { return file_; }
  std::int64_t cycle() const;
  Json to_json() const;
  void save() const;

  // Applies one change (a function editing the books) and logs it with the patch that undoes it.
  // If the function throws, nothing is changed.
  template <typename Change>
  std::string change(const std::string& description, Change&& edit) {
    Json edited = books_;
    std::string summary = edit(edited);
    require_valid_change(edited);
    log_change(description, summary, edited);
    books_ = std::move(edited);
    return summary;
  }
  // Restores the books as they were before the last change; returns its description. Throws
  // engine::UsageError when the log is empty or its last change is older than kUndoDepth.
  std::string undo();

 private:
  // Throws engine::UsageError when a change would leave the books outside the schema.
  void require_valid_change(const Json& edited) const;
  // Logs a change from books_ to `edited`, and forgets the undo of the change kUndoDepth back.
  void log_change(const std::string& description, const std::string& summary, const Json& edited);

  Campaign(std::string file, Json books, Json log, std::int64_t log_earlier = 0)
      : file_(std::move(file)),
        books_(std::move(books)),
        log_(std::move(log)),
        log_earlier_(log_earlier) {
    trim_log();
  }
  // Drops the entries beyond kLogDepth, oldest first.
  void trim_log();

  std::string file_;
  Json books_;
  Json log_;
  std::int64_t log_earlier_ = 0;
};

// The books' shared edits, each defined beside the book changes of its area: spend_cps in
// book_changes_cp_28.cc, enter_repair* in book_changes_ships_36.cc, advance_cycle in next_cycle.cc.

// Spends CPs of the current cycle from a HQ (28.2) for `what` (a rule's cost); refuses more than
// the HQ holds. Returns the summary line.
std::string spend_cps(Json& books, std::int64_t cycle, const std::string& side,
                      const std::string& hq, std::int64_t cps, const std::string& what);

// 36.0, 36.1: enters a ship in the Ship Repair Log with the G/Ts the Naval Damage Repair Tables
// gave per level (entry.gts_per_level, D1 first) for its damage (entry.damage, D1-D4); the G/T
// in progress is the first of the repair. Refuses a ship already in the log or a repair past
// 0/13/46. Returns the summary line.
std::string enter_repair(Json& books, std::int64_t cycle, RepairEntry entry);
// A repair of known duration: out at the start of the cycle `cycles` from now.
std::string enter_repair_for_cycles(Json& books, std::int64_t cycle, RepairEntry entry,
                                    std::int64_t cycles);

// 28.9 carry-over at the end of the current cycle, then the cycle advances by one (50.0 J).
std::string advance_cycle(Campaign& campaign);

}  // namespace pacwar::witp
