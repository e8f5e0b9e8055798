#include "engine/data_file.h"

#include <algorithm>
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

DataDocument read_data_document(const std::string& file) {
  DataDocument doc{file, read_data_file(file)};
  if (!doc.json.is_object()) throw DataError(doc.file, "(top level)", "expected an object");
  return doc;
}

void DataField::fail(const std::string& reason) const {
  throw DataError(*file_, path_.empty() ? "(top level)" : path_, reason);
}

DataField DataField::operator[](const std::string& key) const {
  expect_object();
  auto it = value_->find(key);
  if (it == value_->end()) child_path_fail(key, "missing field");
  return DataField(*it, *file_, child_path(key));
}

std::optional<DataField> DataField::optional(const std::string& key) const {
  expect_object();
  if (!has(key)) return std::nullopt;
  return (*this)[key];
}

std::vector<DataField> DataField::array() const {
  if (!value_->is_array()) fail("expected an array");
  std::vector<DataField> items;
  for (std::size_t i = 0; i < value_->size(); ++i)
    items.emplace_back((*value_)[i], *file_, path_ + "[" + std::to_string(i) + "]");
  return items;
}

std::vector<std::pair<std::string, DataField>> DataField::members() const {
  expect_object();
  std::vector<std::pair<std::string, DataField>> out;
  for (auto it = value_->begin(); it != value_->end(); ++it)
    out.emplace_back(it.key(), DataField(it.value(), *file_, child_path(it.key())));
  return out;
}

void DataField::require_keys(std::initializer_list<const char*> required,
                             std::initializer_list<const char*> optional) const {
  expect_object();
  for (const char* key : required)
    if (!has(key)) child_path_fail(key, "missing field");
  for (auto it = value_->begin(); it != value_->end(); ++it) {
    auto known = [&](std::initializer_list<const char*> keys) {
      return std::any_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; });
    };
    if (!known(required) && !known(optional)) child_path_fail(it.key(), "unknown field");
  }
}

int DataField::integer(int lo, int hi) const {
  if (!value_->is_number_integer()) fail("expected an integer");
  const long long v = value_->get<long long>();
  if (v < lo || v > hi)
    fail("value " + std::to_string(v) + " out of range " + std::to_string(lo) + ".." +
         std::to_string(hi));
  return static_cast<int>(v);
}

double DataField::number(double lo, double hi) const {
  if (!value_->is_number()) fail("expected a number");
  const double v = value_->get<double>();
  if (v < lo || v > hi)
    fail("value out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

bool DataField::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false");
  return value_->get<bool>();
}

std::string DataField::string(bool allow_empty) const {
  if (!value_->is_string()) fail("expected a string");
  std::string s = value_->get<std::string>();
  if (s.empty() && !allow_empty) fail("must not be empty");
  return s;
}

void DataField::expect_object() const {
  if (!value_->is_object()) fail("expected an object");
}

std::string DataField::child_path(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

void DataField::child_path_fail(const std::string& key, const std::string& reason) const {
  throw DataError(*file_, child_path(key), reason);
}

}  // namespace pacwar::engine
