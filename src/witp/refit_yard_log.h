// The Refit/Yard Period Log (36.5.5, 36.6.2) as typed records read from and written to a
// campaign's books: for each ship that needs yard periods (36.5.1) or refits (36.6.1), the
// cycles its refit was checked off, the refits missed by year and in a row (36.6.3), its yard
// periods (36.5, extended 36.5.4) and whether it is unsupplied for a yard period owed. Checked by
// check_refit_yard_log (called by the campaign schema) before it is read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "witp/campaign_schema.h"
#include "witp/common.h"

namespace pacwar::witp {

struct YardPeriod {
  std::int64_t start = 0;   // cycle index
  std::int64_t cycles = 1;  // 1, or 2 when extended (36.5.4)
  bool extended = false;
  std::optional<std::int64_t> cps;  // 36.5.4: twice the activation cost
};

struct YardLogEntry {
  std::string side;                                    // "allied" | "japanese"
  std::string type;                                    // ship type (36.5.1, 36.6.1)
  std::vector<std::int64_t> refits;                    // cycle indices checked off (36.6.2)
  std::map<std::int64_t, std::int64_t> missed_refits;  // by year (42 for 1942), 36.6.3 A
  std::int64_t consecutive_missed = 0;                 // 36.6.3 B
  std::vector<YardPeriod> yard_periods;
  bool unsupplied = false;                         // 36.5.4
  std::optional<std::int64_t> reinforcement_year;  // 36.5.2: arrived this year (41-46)

  bool refit_in(std::int64_t cycle) const;
  bool in_yard(std::int64_t cycle) const;
  std::int64_t yard_periods_in_year(std::int64_t year) const;
};
using RefitYardLog = std::map<std::string, YardLogEntry>;  // by ship

// The books must have passed the campaign schema; absent: an empty log.
RefitYardLog read_refit_yard_log(const Json& books);
void write(Json& books, const RefitYardLog& log);

// The schema of books.refit_yard_log (called by check_books).
void check_refit_yard_log(SchemaChecker& check, const Json& books, const std::string& root);

}  // namespace pacwar::witp
