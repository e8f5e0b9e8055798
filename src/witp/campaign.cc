#include "witp/campaign.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/data_file.h"
#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign_schema.h"

namespace pacwar::witp {
namespace {

constexpr const char* kFormat = "pacwar-witp-campaign";
// 2 since 27 November 2026 (issue 41, hole 3): undo as patches, not as copies of the books.
constexpr int kVersion = 2;
using book_entries::kCyclesPerYear;

Json empty_side() {
  return {{"hqs", Json::object()}, {"reserve_available", 0}, {"reserve_incoming", 0},
          {"future_ops", nullptr}, {"si_level", 0},          {"si_plus_chits", 0}};
}

}  // namespace

std::int64_t parse_cycle(const std::string& field, const std::string& text) {
  std::vector<std::int64_t> parts;
  std::string part;
  for (char c : text + "/") {
    if (c == '/') {
      if (part.empty() || part.size() > 4) parts.clear();
      if (part.empty() || part.size() > 4) break;
      parts.push_back(std::stoll(part));
      part.clear();
    } else if (c >= '0' && c <= '9') {
      part += c;
    } else {
      parts.clear();
      break;
    }
  }
  if (parts.size() == 3 && parts[0] == 0) parts.erase(parts.begin());
  if (parts.size() != 2 || parts[0] < 1 || parts[0] > kCyclesPerYear || parts[1] < 41 ||
      parts[1] > 46) {
    throw engine::UsageError(field + ": not a cycle like 0/3/42 (cycle 1-13, year 41-46): '" +
                             text + "'");
  }
  return (parts[1] - 41) * kCyclesPerYear + (parts[0] - 1);
}

std::string cycle_label(std::int64_t index) {
  return "0/" + std::to_string(index % kCyclesPerYear + 1) + "/" +
         std::to_string(41 + index / kCyclesPerYear);
}

Campaign Campaign::create(const std::string& file, const std::string& start_cycle) {
  if (std::filesystem::exists(file)) {
    throw engine::UsageError("campaign file '" + file + "' exists; not overwritten");
  }
  Campaign campaign = fresh(start_cycle, file);
  campaign.save();
  return campaign;
}

Campaign Campaign::fresh(const std::string& start_cycle, std::string name) {
  Json books = {{"cycle", parse_cycle("--cycle", start_cycle)},
                {"sides", {{"allied", empty_side()}, {"japanese", empty_side()}}},
                {"ship_repair_log", Json::array()},
                {"refit_yard_log", Json::object()},
                {"naval_attrition_removed", Json::object()},
                {"base_log", Json::object()}};
  return Campaign(std::move(name), std::move(books), Json::array());
}

Campaign Campaign::open(const std::string& file) {
  return from_json(engine::read_user_file(file, "campaign file"), file);
}

namespace {

// Version 1 kept a full copy of the books before each change ("before"): turned into the patches
// of version 2, newest first, each from the books after the change (the next entry's "before", or
// the books for the last) back to the books before it. Every copy is checked on the way, as
// version 1 did on every read.
void upgrade_log_from_version_1(const std::string& file, const Json& books, Json& log) {
  const Json* after = &books;
  for (std::size_t i = log.size(); i-- > 0;) {
    Json& entry = log[i];
    const std::string at = "log[" + std::to_string(i) + "]";
    if (!entry.is_object() || !entry.value("change", Json()).is_string() ||
        !entry.value("summary", Json()).is_string() || !entry.contains("before")) {
      throw engine::DataError(file, at, "must hold change, summary and the books before it");
    }
    require_valid_books(file, entry["before"], at + ".before");
    if (log.size() - i <= Campaign::kUndoDepth) entry["undo"] = Json::diff(*after, entry["before"]);
    after = &entry["before"];
  }
  // The copies go only once every patch is made (each patch starts from the next copy).
  for (Json& entry : log) entry.erase("before");
}

bool is_patch(const Json& patch) {
  if (!patch.is_array()) return false;
  for (const Json& op : patch) {
    if (!op.is_object() || !op.value("op", Json()).is_string() ||
        !op.value("path", Json()).is_string()) {
      return false;
    }
  }
  return true;
}

}  // namespace

Campaign Campaign::from_json(Json document, std::string file) {
  // value() with a Json default: a field of the wrong type is a mismatch, never a json exception.
  if (!document.is_object() || document.value("format", Json()) != kFormat) {
    throw engine::DataError(file, "format", std::string("must be \"") + kFormat + "\"");
  }
  const Json version = document.value("version", Json());
  if (version != kVersion && version != 1) {
    throw engine::DataError(file, "version", "must be 1 or " + std::to_string(kVersion));
  }
  if (!document.contains("books") || !document["books"].is_object()) {
    throw engine::DataError(file, "books", "missing");
  }
  if (!document.contains("log") || !document["log"].is_array()) {
    throw engine::DataError(file, "log", "must be an array");
  }
  require_valid_books(file, document["books"]);
  const Json earlier = document.value("log_earlier", Json(0));
  if (!earlier.is_number_integer() || earlier.get<std::int64_t>() < 0) {
    throw engine::DataError(file, "log_earlier", "must be a whole number, 0 or more");
  }
  Json& log = document["log"];
  if (version == 1) {
    upgrade_log_from_version_1(file, document["books"], log);
  } else {
    for (std::size_t i = 0; i < log.size(); ++i) {
      const Json& entry = log[i];
      const std::string at = "log[" + std::to_string(i) + "]";
      if (!entry.is_object() || !entry.value("change", Json()).is_string() ||
          !entry.value("summary", Json()).is_string()) {
        throw engine::DataError(file, at, "must hold change and summary");
      }
      if (entry.contains("undo") && !is_patch(entry["undo"])) {
        throw engine::DataError(file, at + ".undo",
                                "must be a JSON Patch (an array of operations with op and path)");
      }
    }
  }
  return Campaign(std::move(file), std::move(document["books"]), std::move(log),
                  earlier.get<std::int64_t>());
}

void Campaign::trim_log() {
  if (log_.size() <= kLogDepth) return;
  const std::size_t drop = log_.size() - kLogDepth;
  Json kept = Json::array();
  for (std::size_t i = drop; i < log_.size(); ++i) kept.push_back(std::move(log_[i]));
  log_ = std::move(kept);
  log_earlier_ += static_cast<std::int64_t>(drop);
}

void Campaign::log_change(const std::string& description, const std::string& summary,
                          const Json& edited) {
  log_.push_back(
      {{"change", description}, {"summary", summary}, {"undo", Json::diff(edited, books_)}});
  if (log_.size() > kUndoDepth) log_[log_.size() - 1 - kUndoDepth].erase("undo");
  if (log_.size() > kLogDepth) {
    log_.erase(0);
    ++log_earlier_;
  }
}

std::int64_t Campaign::cycle() const { return books_["cycle"].get<std::int64_t>(); }

Json Campaign::to_json() const {
  Json document = {{"format", kFormat}, {"version", kVersion}, {"books", books_}, {"log", log_}};
  if (log_earlier_ > 0) document["log_earlier"] = log_earlier_;
  return document;
}

void Campaign::require_valid_change(const Json& edited) const {
  const std::vector<SchemaProblem> problems = check_books(edited);
  if (!problems.empty()) {
    throw engine::UsageError("refused: the change would leave " + problems.front().path + " " +
                             problems.front().problem + "; nothing changed");
  }
}

void Campaign::save() const {
  // Never written from an invalid state.
  require_valid_books(file_, books_);
  const std::string temporary = file_ + ".tmp";
  {
    std::ofstream stream(temporary);
    if (!stream) throw engine::UsageError("cannot write campaign file '" + file_ + "'");
    stream << to_json().dump(1) << "\n";
    if (!stream) throw engine::UsageError("cannot write campaign file '" + file_ + "'");
  }
  std::filesystem::rename(temporary, file_);
}

std::string Campaign::undo() {
  if (log_.empty()) throw engine::UsageError("nothing to undo in '" + file_ + "'");
  const Json& last = log_.back();
  const std::string change = last["change"].get<std::string>();
  if (!last.contains("undo")) {
    throw engine::UsageError("'" + change + "' is too old to undo: only the last " +
                             std::to_string(kUndoDepth) + " changes can be undone");
  }
  Json restored;
  try {
    restored = books_.patch(last["undo"]);
  } catch (const Json::exception&) {
    throw engine::DataError(file_, "log[" + std::to_string(log_.size() - 1) + "].undo",
                            "does not apply to the books; nothing changed");
  }
  // The books it gives back are checked as every change's are; nothing changes if they fail.
  require_valid_books(file_, restored, "log[" + std::to_string(log_.size() - 1) + "].undo");
  books_ = std::move(restored);
  log_.erase(log_.size() - 1);
  return change;
}

}  // namespace pacwar::witp
