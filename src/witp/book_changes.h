// The book changes of a War in the Pacific campaign as one typed table, like the calculators
// (catalog.h): each change is one entry with its name, rule section, title, its fields (their
// kinds, help and bounds, as ArgSpec) and the function that applies it to the books. The command
// line's `book FILE CHANGE key=value...`, its help, the web API's JSON and the browser's forms are
// all read from this table; the entries live beside their functions in book_changes_*.cc.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "witp/catalog.h"
#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

class Campaign;
struct BookChange;

// Who typed a change's fields, for the words of a refusal: a command line's key=value words, or
// the browser's form fields.
enum class BookSurface { kCommandLine, kForm };

// The values given for one book change, read by its apply function through the change's declared
// fields: a field read that the entry does not declare with that kind is a programming error
// (std::logic_error), so that the table and the functions cannot drift apart. Refusals name the
// field as typed on the command line ("cps=: ..."); the web API turns them into form words.
class BookFields {
 public:
  BookFields(const BookChange& change, BookSurface surface);

  // One value; `given` is how it was typed, for messages ("cps=3"). Refuses a field the change
  // does not have and a field given twice.
  void set(const std::string& key, std::string value, std::string given);

  std::string text(const std::string& key);  // a text, choice or cycle field
  std::int64_t integer(const std::string& key);
  bool flag(const std::string& key);
  bool has(const std::string& key) const;
  // Refuses fields given that the change did not read (a field of another form of the change:
  // drawn= with level= for si).
  void finish() const;

 private:
  const ArgSpec& declared(const std::string& key) const;

  const BookChange& change_;
  BookSurface surface_;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> given_;
  std::vector<std::string> used_;
};

// What a change's apply function works on: the books being edited (a copy, kept only if the
// change succeeds), its fields, the campaign's current cycle and the player's chartbook tables.
struct BookEdit {
  Json& books;
  BookFields& fields;
  std::int64_t cycle;
  const Tables& tables;
};

struct BookChange {
  std::string change;  // the first word of `book FILE CHANGE`
  std::string section;
  std::string title;
  std::vector<ArgSpec> fields;                  // in the order the help and the forms show them
  std::function<std::string(BookEdit&)> apply;  // edits the books; returns a summary line
};

// Every book change, in the order the help lists them.
const std::vector<BookChange>& book_changes();
const BookChange* find_book_change(const std::string& change);

// The command line's help: one line per change, its fields as key= [optional=] [flag].
std::string book_command_help();

// Reads `words` (CHANGE key=value... or bare flag words) into the fields of `change`.
BookFields book_fields_of_words(const BookChange& change, const std::vector<std::string>& words);

// Applies a change with its fields to the campaign as one logged change named `description`.
std::string apply_book_change(Campaign& campaign, const BookChange& change, BookFields& fields,
                              const std::string& description, const Tables& tables);

// The book changes of `pacwar witp book FILE CHANGE key=value...`; returns a summary line.
// `tables` is consulted where a rule needs a chartbook table.
std::string apply_book_command(Campaign& campaign, const std::vector<std::string>& words,
                               const Tables& tables);

}  // namespace pacwar::witp
