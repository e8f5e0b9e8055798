// The unmarked naval attrition chits drawn this calendar year (37.2.2), which stay out of their
// cup until the year ends, as a typed record read from and written to a campaign's books.
// Checked by check_naval_attrition_removed (called by the campaign schema) before it is read.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "witp/campaign_schema.h"
#include "witp/common.h"

namespace pacwar::witp {

// By cup ("allied": US and CW share one, or "japanese"), by year (42 for 1942): the chits out.
using NavalAttritionRemoved =
    std::map<std::string, std::map<std::int64_t, std::vector<std::string>>>;

// The books must have passed the campaign schema; absent: nothing removed.
NavalAttritionRemoved read_naval_attrition_removed(const Json& books);
void write(Json& books, const NavalAttritionRemoved& removed);
// The chits out of `cup` in `year` (none when nothing was drawn).
std::vector<std::string> chits_out(const NavalAttritionRemoved& removed, const std::string& cup,
                                   std::int64_t year);

// The schema of books.naval_attrition_removed (called by check_books).
void check_naval_attrition_removed(SchemaChecker& check, const Json& books,
                                   const std::string& root);

}  // namespace pacwar::witp
