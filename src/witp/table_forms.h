// The chartbook tables as front ends that build forms see them (the browser's one-table-at-a-time
// form and a new campaign's template), and the refusal for want of a table, which names it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "witp/common.h"

namespace pacwar::witp {

// A calculator's refusal for want of a chartbook table (absent, or lacking the rows it needs):
// the message as before, and the table's name, title and what it lacks, for a front end that
// offers to enter exactly that table.
class TableNeeded : public engine::UsageError {
 public:
  TableNeeded(const std::string& message, std::string table, std::string title, std::string why)
      : engine::UsageError(message),
        table_(std::move(table)),
        title_(std::move(title)),
        why_(std::move(why)) {}
  const std::string& table() const { return table_; }
  const std::string& title() const { return title_; }
  const std::string& why() const { return why_; }

 private:
  std::string table_;
  std::string title_;
  std::string why_;
};

// The tables of the schema as a form shows them: each column's name, whether it is text or a
// whole number, and whether the number may be negative (a modified DR).
struct TableColumn {
  std::string name;
  bool text = false;
  bool may_be_negative = false;
};
struct TableDescription {
  std::string name;
  std::string title;
  std::vector<TableColumn> columns;
};
std::vector<TableDescription> table_descriptions();
// A tables document with every table of the schema and no rows: what a new campaign starts from.
Json tables_template();

}  // namespace pacwar::witp
