// The schema of a campaign file's books: every field's type and range, with the rule that sets
// it. Checked when a campaign file is read, after every change and before every save, so a
// hand-edited `spent: -999` or `si_level: 17` is refused with the file, the field path and the
// rule, and the file is never written from an invalid state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

struct SchemaProblem {
  std::string path;     // e.g. books.sides.allied.hqs.POA.cycles.0/3/42.spent
  std::string problem;  // what is wrong and the rule, e.g. "must be a whole number ... (28.2)"
};

// Collects the problems of a field tree, each under its path. The building blocks of the
// campaign schema and of the typed ledgers' readers.
class SchemaChecker {
 public:
  // The value at `path` (null when absent). Each check records a problem and returns false.
  bool object(const Json& value, const std::string& path, const std::string& rule);
  bool array(const Json& value, const std::string& path, const std::string& rule);
  // Only the fields named may appear; the required ones must.
  void fields(const Json& object, const std::string& path, const std::vector<std::string>& required,
              const std::vector<std::string>& optional, const std::string& rule);
  bool integer(const Json& value, const std::string& path, std::int64_t low, std::int64_t high,
               const std::string& rule);
  bool boolean(const Json& value, const std::string& path, const std::string& rule);
  bool text(const Json& value, const std::string& path, const std::string& rule);
  // One of the words given.
  bool word(const Json& value, const std::string& path, const std::vector<std::string>& words,
            const std::string& rule);
  // A cycle label like 0/3/42 (41-46).
  bool cycle_label(const Json& value, const std::string& path, const std::string& rule);
  void fail(const std::string& path, const std::string& problem);

  const std::vector<SchemaProblem>& problems() const { return problems_; }
  bool ok() const { return problems_.empty(); }

 private:
  std::vector<SchemaProblem> problems_;
};

// The highest cycle index (0/13/46) and the largest CP, MSP or count a book holds.
inline constexpr std::int64_t kLastCycle = 6 * 13 - 1;
inline constexpr std::int64_t kMostPoints = 1000000;

// Every problem of a campaign's books, each under "books...." (or `root`).
std::vector<SchemaProblem> check_books(const Json& books, const std::string& root = "books");

// Throws engine::DataError naming the file, the first problem's path and its rule (and how many
// more there are) when the books break the schema.
void require_valid_books(const std::string& file, const Json& books,
                         const std::string& root = "books");

}  // namespace pacwar::witp
