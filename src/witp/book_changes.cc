#include "witp/book_changes.h"

#include <algorithm>
#include <stdexcept>

#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"

namespace pacwar::witp {
namespace {

const char* kind_words(ArgKind kind) {
  switch (kind) {
    case ArgKind::kInteger:
      return "a whole number";
    case ArgKind::kFlag:
      return "a flag";
    case ArgKind::kText:
      return "text";
    case ArgKind::kIntegerList:
      return "whole numbers";
    case ArgKind::kDie:
      return "a die roll";
    case ArgKind::kCycle:
      return "a cycle";
  }
  return "text";
}

// A field as the help writes it: "cps=", "[previous=]", "[china]", "koga=reserve|hq|none".
std::string usage_of(const ArgSpec& field) {
  if (field.kind == ArgKind::kFlag) {
    std::string flag = "[";
    flag += field.name;
    return flag + "]";
  }
  std::string word = field.name + "=";
  if (field.kind == ArgKind::kCycle) word += "0/C/YY";
  if (!field.choices.empty() && field.name != "side") {
    for (std::size_t i = 0; i < field.choices.size(); ++i) {
      word += (i == 0 ? "" : "|") + field.choices[i];
    }
  }
  if (field.required) return word;
  std::string optional = "[";
  optional += word;
  return optional + "]";
}

std::string usage_line(const BookChange& change) {
  std::string line = "  ";
  line += change.change;
  for (const ArgSpec& field : change.fields) {
    line += ' ';
    line += usage_of(field);
  }
  line += " ";
  constexpr std::size_t kColumn = 64;
  if (line.size() < kColumn) line.append(kColumn - line.size(), ' ');
  return line + change.section + " " + change.title + "\n";
}

// `pacwar witp book FILE help CHANGE`: the change's fields one by one.
std::string change_help(const BookChange& change) {
  std::string out = usage_line(change);
  for (const ArgSpec& field : change.fields) {
    out += "    " + usage_of(field) + ": " + field.help + " (" + kind_words(field.kind) +
           (field.required || field.kind == ArgKind::kFlag ? "" : ", optional") + ")\n";
  }
  return out;
}

}  // namespace

BookFields::BookFields(const BookChange& change, BookSurface surface)
    : change_(change), surface_(surface) {}

void BookFields::set(const std::string& key, std::string value, std::string given) {
  const bool known = std::any_of(change_.fields.begin(), change_.fields.end(),
                                 [&](const ArgSpec& f) { return f.name == key; });
  if (!known) {
    if (surface_ == BookSurface::kForm) {
      throw engine::UsageError(key + "=: is not a field of this change");
    }
    throw engine::UsageError("'" + given + "': not a field of '" + change_.change + "'");
  }
  if (values_.contains(key)) {
    throw engine::UsageError(key + "= given twice ('" + given_[key] + "' and '" + given +
                             "'); give each field once");
  }
  values_[key] = std::move(value);
  given_[key] = std::move(given);
}

const ArgSpec& BookFields::declared(const std::string& key) const {
  for (const ArgSpec& field : change_.fields) {
    if (field.name == key) return field;
  }
  throw std::logic_error("book change '" + change_.change + "' reads the field '" + key +
                         "' that its entry does not declare");
}

std::string BookFields::text(const std::string& key) {
  const ArgKind kind = declared(key).kind;
  if (kind != ArgKind::kText && kind != ArgKind::kCycle) {
    throw std::logic_error("book change '" + change_.change + "' reads " + key + " as text");
  }
  auto it = values_.find(key);
  if (it == values_.end() || it->second.empty()) throw engine::UsageError(key + "=: required");
  used_.push_back(key);
  return it->second;
}

std::int64_t BookFields::integer(const std::string& key) {
  if (declared(key).kind != ArgKind::kInteger) {
    throw std::logic_error("book change '" + change_.change + "' reads " + key + " as a number");
  }
  auto it = values_.find(key);
  if (it == values_.end() || it->second.empty()) throw engine::UsageError(key + "=: required");
  used_.push_back(key);
  const std::string& value = it->second;
  std::size_t end = 0;
  std::int64_t result = 0;
  try {
    result = std::stoll(value, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end != value.size() || end == 0) {
    throw engine::UsageError(key + "=: not a whole number: '" + value + "'");
  }
  require_range(key + "=", result, -1000000000, 1000000000);
  return result;
}

bool BookFields::flag(const std::string& key) {
  if (declared(key).kind != ArgKind::kFlag) {
    throw std::logic_error("book change '" + change_.change + "' reads " + key + " as a flag");
  }
  used_.push_back(key);
  auto it = values_.find(key);
  if (it == values_.end()) return false;
  if (it->second == "true" || it->second == "yes") return true;
  if (it->second == "false" || it->second == "no") return false;
  throw engine::UsageError("'" + given_.at(key) + "': " + key + " is a flag: write it alone (or " +
                           key + "=true/false)");
}

bool BookFields::has(const std::string& key) const {
  declared(key);
  return values_.contains(key);
}

void BookFields::finish() const {
  for (const auto& [key, value] : values_) {
    if (std::find(used_.begin(), used_.end(), key) != used_.end()) continue;
    if (surface_ == BookSurface::kForm) {
      throw engine::UsageError(key + "=: is not used with the other fields given");
    }
    throw engine::UsageError("'" + given_.at(key) + "': not a field of '" + change_.change + "'");
  }
}

const std::vector<BookChange>& book_changes() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<BookChange>& changes = *new const std::vector<BookChange>([] {
    std::vector<BookChange> all;
    for (auto* area : {&book_entries::command_point_changes, &book_entries::intelligence_changes,
                       &book_entries::ship_changes, &book_entries::supply_changes,
                       &book_entries::cycle_changes}) {
      for (BookChange& change : area()) all.push_back(std::move(change));
    }
    return all;
  }());
  return changes;
}

const BookChange* find_book_change(const std::string& change) {
  for (const BookChange& c : book_changes()) {
    if (c.change == change) return &c;
  }
  return nullptr;
}

std::string book_command_help() {
  std::string out =
      "book changes (key=value; [optional]; pacwar witp book FILE help CHANGE for its fields):\n";
  for (const BookChange& change : book_changes()) out += usage_line(change);
  return out;
}

BookFields book_fields_of_words(const BookChange& change, const std::vector<std::string>& words) {
  BookFields fields(change, BookSurface::kCommandLine);
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto equals = words[i].find('=');
    const std::string key = equals == std::string::npos ? words[i] : words[i].substr(0, equals);
    if (key.empty()) throw engine::UsageError("'" + words[i] + "': a field name before '='");
    // A bare word is a flag.
    fields.set(key, equals == std::string::npos ? "true" : words[i].substr(equals + 1), words[i]);
  }
  return fields;
}

std::string apply_book_change(Campaign& campaign, const BookChange& change, BookFields& fields,
                              const std::string& description, const Tables& tables) {
  const std::int64_t cycle = campaign.cycle();
  return campaign.change(description, [&](Json& books) {
    BookEdit edit{books, fields, cycle, tables};
    std::string summary = change.apply(edit);
    fields.finish();
    return summary;
  });
}

std::string apply_book_command(Campaign& campaign, const std::vector<std::string>& words,
                               const Tables& tables) {
  if (words.empty() || words[0] == "help") {
    if (words.size() > 1) {
      if (const BookChange* change = find_book_change(words[1])) return change_help(*change);
    }
    return book_command_help();
  }
  const BookChange* change = find_book_change(words[0]);
  if (change == nullptr) {
    throw engine::UsageError("unknown book change '" + words[0] + "'\n" + book_command_help());
  }
  BookFields fields = book_fields_of_words(*change, words);
  std::string description;
  for (const std::string& word : words) description += (description.empty() ? "" : " ") + word;
  return apply_book_change(campaign, *change, fields, description, tables);
}

}  // namespace pacwar::witp
