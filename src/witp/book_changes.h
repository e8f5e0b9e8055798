// The book changes of apply_book_command described as data: each change's fields with their
// kind and rule section, for front ends that build forms (the browser assistant). The changes
// themselves are applied only by apply_book_command (campaign.cc); this is their description.
#pragma once

#include <string>
#include <vector>

namespace pacwar::witp {

enum class FieldKind {
  kInteger,  // a whole number
  kText,     // free text (a HQ, a ship, a hex)
  kChoice,   // one of `choices`
  kFlag,     // present or not
  kCycle,    // a cycle, 0/C/YY
};

struct BookField {
  std::string key;  // as typed after the change: key=value, or the bare word of a flag
  FieldKind kind = FieldKind::kInteger;
  std::string help;
  bool required = true;  // not used for flags
  std::vector<std::string> choices;
};

struct BookChange {
  std::string change;   // the first word of `book FILE CHANGE`
  std::string section;  // the rule it keeps
  std::string title;
  std::vector<BookField> fields;
};

const std::vector<BookChange>& book_changes();
const BookChange* find_book_change(const std::string& change);
const char* field_kind_name(FieldKind kind);

}  // namespace pacwar::witp
