// One step from result to book: the calculators whose result changes a book post it to a
// campaign file as one logged, undoable change (CPs spent from the HQ that pays, MSPs lost or
// converted, a hex mined, a garrison count, a Railcap demolition), or refuse with what the books
// forbid and change nothing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "witp/campaign.h"
#include "witp/catalog.h"

namespace pacwar::witp {

struct Posting {
  std::string calculator;
  std::string what;           // the book it changes, for help texts and forms
  std::vector<ArgSpec> args;  // what the books need beside the calculator's own arguments
};

// The calculators that post to the books, and the extra arguments each takes.
const std::vector<Posting>& postings();
const Posting* find_posting(const std::string& calculator);

// Applies a calculator's run (as run_calculator returns it) to the campaign as one logged change
// described by `description`; `values` are the posting's arguments. Returns the summary line.
// Throws engine::UsageError, with the campaign unchanged, when the books forbid it.
std::string post_result(Campaign& campaign, const Json& run,
                        std::map<std::string, std::vector<std::string>> values);

}  // namespace pacwar::witp
