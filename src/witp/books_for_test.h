// Test helper: the first problem the campaign schema finds in a campaign's books after an edit.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "witp/campaign.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp::testing {

// "" when `edit` leaves `books` valid, else "path: problem" of the first problem (check_books).
inline std::string first_problem(Json books, const std::function<void(Json&)>& edit) {
  edit(books);
  const std::vector<SchemaProblem> problems = check_books(books);
  return problems.empty() ? "" : problems.front().path + ": " + problems.front().problem;
}

}  // namespace pacwar::witp::testing
