// Error types with messages meant for people: they say what was wrong and where.
#pragma once

#include <stdexcept>
#include <string>

namespace pacwar::engine {

// An invalid data file: the message names the file, the field and the reason.
class DataError : public std::runtime_error {
 public:
  DataError(const std::string& file, const std::string& field, const std::string& reason)
      : std::runtime_error(file + ": " + field + ": " + reason) {}
};

// A refused action, save file or request. Nothing was changed.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pacwar::engine
