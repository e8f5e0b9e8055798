// Reading a JSON file, the one reader of the tree: a data file (a model, a calibration map, a
// game's content, the chit cups) is engine::DataError naming the file when it cannot be opened or
// is not JSON; a file the user names (a save file, a campaign) is engine::UsageError in the words
// the user typed it with ("cannot read save file 'g.json'"). A data file's fields are read
// through DataField, the one checked-field reader of data files: each error names the file, the
// field's path and the reason.
#pragma once

#include <climits>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace pacwar::engine {

// DataError "FILE: (file): cannot open the file[ (what)]" or "...: invalid JSON: <where>".
Json read_data_file(const std::string& file, const std::string& what = "");
// UsageError "cannot read WHAT 'FILE'" or "WHAT 'FILE' is not valid JSON: <where>".
Json read_user_file(const std::string& file, const std::string& what);

// A JSON value of a data file with the file and the field path it was read from (e.g.
// "units[12].defense"). A read that finds something else throws DataError(file, path, reason):
// "missing field", "expected an integer", "value 9 out of range 0..6", ...
class DataField {
 public:
  DataField(const Json& value, const std::string& file, std::string path)
      : value_(&value), file_(&file), path_(std::move(path)) {}

  // Throws DataError(file, path or "(top level)", reason).
  [[noreturn]] void fail(const std::string& reason) const;

  const std::string& path() const { return path_; }
  bool has(const std::string& key) const { return value_->contains(key); }
  bool is_null() const { return value_->is_null(); }

  // A required member of an object ("missing field" when absent).
  DataField operator[](const std::string& key) const;
  // A member of an object, nullopt when absent.
  std::optional<DataField> optional(const std::string& key) const;
  // The items of an array, their paths "path[i]".
  std::vector<DataField> array() const;
  // The members of an object in the file's order.
  std::vector<std::pair<std::string, DataField>> members() const;
  // The object has every `required` key and no key outside `required` and `optional`.
  void require_keys(std::initializer_list<const char*> required,
                    std::initializer_list<const char*> optional = {}) const;

  int integer(int lo = 0, int hi = INT_MAX) const;
  double number(double lo, double hi) const;
  bool boolean() const;
  // A string; an empty one is refused unless allow_empty.
  std::string string(bool allow_empty = false) const;

 private:
  void expect_object() const;
  std::string child_path(const std::string& key) const;
  [[noreturn]] void child_path_fail(const std::string& key, const std::string& reason) const;

  const Json* value_;
  const std::string* file_;
  std::string path_;
};

// A data file read whole. Its DataFields point into it, so it must outlive them.
struct DataDocument {
  std::string file;
  Json json;
  DataField root() const { return DataField(json, file, ""); }
};

// read_data_file(file), which must hold a JSON object (else DataError "FILE: (top level):
// expected an object").
DataDocument read_data_document(const std::string& file);

}  // namespace pacwar::engine
