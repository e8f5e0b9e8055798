#include "engine/data_file.h"

#include <fstream>
#include <optional>

#include "engine/errors.h"

namespace pacwar::engine {
namespace {

// The file's JSON, nullopt when it cannot be opened; `invalid` receives the parser's words.
std::optional<Json> parse_file(const std::string& file, std::string& invalid) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  try {
    return Json::parse(in);
  } catch (const Json::parse_error& e) {
    invalid = e.what();
    return Json();
  }
}

}  // namespace

Json read_data_file(const std::string& file, const std::string& what) {
  std::string invalid;
  std::optional<Json> json = parse_file(file, invalid);
  if (!json) {
    throw DataError(file, "(file)",
                    "cannot open the file" + (what.empty() ? "" : " (" + what + ")"));
  }
  if (!invalid.empty()) throw DataError(file, "(file)", "invalid JSON: " + invalid);
  return std::move(*json);
}

Json read_user_file(const std::string& file, const std::string& what) {
  std::string invalid;
  std::optional<Json> json = parse_file(file, invalid);
  if (!json) throw UsageError("cannot read " + what + " '" + file + "'");
  if (!invalid.empty()) {
    throw UsageError(what + " '" + file + "' is not valid JSON: " + invalid);
  }
  return std::move(*json);
}

}  // namespace pacwar::engine
