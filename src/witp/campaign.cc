#include "witp/campaign.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/errors.h"
#include "witp/command_points_28.h"
#include "witp/supply_32.h"

namespace pacwar::witp {
namespace {

constexpr const char* kFormat = "pacwar-witp-campaign";
constexpr int kVersion = 1;
constexpr std::int64_t kCyclesPerYear = 13;

Json empty_side() {
  return {{"hqs", Json::object()},
          {"reserve_available", 0},
          {"reserve_incoming", 0},
          {"future_ops", nullptr},
          {"si_level", 0}};
}

// key=value words of a book command.
class Words {
 public:
  Words(const std::vector<std::string>& words, std::size_t from) {
    for (std::size_t i = from; i < words.size(); ++i) {
      const auto equals = words[i].find('=');
      if (equals == std::string::npos) {
        values_[words[i]] = "true";  // a bare word is a flag
      } else {
        values_[words[i].substr(0, equals)] = words[i].substr(equals + 1);
      }
    }
  }
  std::string text(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end() || it->second.empty()) throw engine::UsageError(key + ": required");
    used_.push_back(key);
    return it->second;
  }
  std::int64_t integer(const std::string& key) {
    const std::string value = text(key);
    std::size_t end = 0;
    std::int64_t result = 0;
    try {
      result = std::stoll(value, &end);
    } catch (const std::exception&) {
      end = 0;
    }
    if (end != value.size() || end == 0) {
      throw engine::UsageError(key + ": not a whole number: '" + value + "'");
    }
    require_range(key, result, -1000000000, 1000000000);
    return result;
  }
  bool flag(const std::string& key) {
    used_.push_back(key);
    auto it = values_.find(key);
    return it != values_.end() && it->second != "false";
  }
  bool has(const std::string& key) const { return values_.contains(key); }
  // Refuses words the change does not take.
  void finish(const std::string& change) const {
    for (const auto& [key, value] : values_) {
      if (std::find(used_.begin(), used_.end(), key) == used_.end()) {
        throw engine::UsageError(key + ": not a field of '" + change + "'");
      }
    }
  }

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> used_;
};

std::string side_key(Words& words) { return side_name(parse_side("side", words.text("side"))); }

Json& hq_cycle(Json& books, const std::string& side, const std::string& hq, std::int64_t cycle) {
  Json& hqs = books["sides"][side]["hqs"];
  if (!hqs.contains(hq)) hqs[hq] = {{"china", false}, {"cycles", Json::object()}};
  Json& cycles = hqs[hq]["cycles"];
  const std::string key = cycle_label(cycle);
  if (!cycles.contains(key)) {
    cycles[key] = {{"assigned", 0}, {"carried_over", 0}, {"future_ops", 0},
                   {"received", 0}, {"lent_out", 0},     {"spent", 0}};
  }
  return cycles[key];
}

std::int64_t balance(const Json& entry) {
  return entry["assigned"].get<std::int64_t>() + entry["carried_over"].get<std::int64_t>() +
         entry["future_ops"].get<std::int64_t>() + entry["received"].get<std::int64_t>() -
         entry["lent_out"].get<std::int64_t>() - entry["spent"].get<std::int64_t>();
}

std::int64_t get(const Json& object, const char* key) { return object[key].get<std::int64_t>(); }

void take_from_hq(Json& entry, const std::string& hq, const char* what, std::int64_t cps) {
  if (cps > balance(entry)) {
    throw engine::UsageError("cps: " + hq + " holds only " + std::to_string(balance(entry)) +
                             " CPs (asked " + std::to_string(cps) + ")");
  }
  entry[what] = get(entry, what) + cps;
}

std::string assign(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps", cps);
  GearingInput input;
  const Json& hqs = books["sides"][side]["hqs"];
  const std::string previous = cycle_label(cycle - 1);
  if (hqs.contains(hq) && hqs[hq]["cycles"].contains(previous)) {
    if (words.has("previous")) {
      throw engine::UsageError("previous: the books already hold " + hq + "'s " + previous +
                               " assignment");
    }
    input.previous_cycle_cps = get(hqs[hq]["cycles"][previous], "assigned");
  } else if (hqs.contains(hq) && hqs[hq]["cycles"].contains(cycle_label(cycle)) &&
             hqs[hq]["cycles"][cycle_label(cycle)].contains("declared_previous")) {
    // Declared by an earlier assignment this cycle: keep using it.
    input.previous_cycle_cps = get(hqs[hq]["cycles"][cycle_label(cycle)], "declared_previous");
  } else if (words.has("previous")) {
    // Campaigns started from a scenario: last cycle's assignment is not in the books.
    input.previous_cycle_cps = words.integer("previous");
  }
  input.newly_deployed = words.flag("newly-deployed");
  if (input.newly_deployed) input.side_allotment = words.integer("allotment");
  const bool china = words.flag("china");
  Json& entry = hq_cycle(books, side, hq, cycle);
  if (words.has("previous") && !entry.contains("declared_previous"))
    entry["declared_previous"] = input.previous_cycle_cps;
  if (china) books["sides"][side]["hqs"][hq]["china"] = true;
  input.requested_cps = get(entry, "assigned") + cps;
  const GearingResult gearing = gearing_limit(input);
  if (!gearing.allowed) {
    throw engine::UsageError("cps: " + hq + " may be assigned at most " +
                             std::to_string(gearing.limit) + " new CPs this cycle (" +
                             gearing.basis + "); " + std::to_string(input.requested_cps) +
                             " asked");
  }
  entry["assigned"] = input.requested_cps;
  return side + " " + hq + ": assigned " + std::to_string(input.requested_cps) + " of at most " +
         std::to_string(gearing.limit) + " (" + gearing.basis + ")";
}

std::string spend(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps", cps);
  Json& entry = hq_cycle(books, side, hq, cycle);
  take_from_hq(entry, hq, "spent", cps);
  return side + " " + hq + ": spent " + std::to_string(cps) + ", " +
         std::to_string(balance(entry)) + " left";
}

std::string lend(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string from = words.text("from");
  const std::string to = words.text("to");
  const std::int64_t cps = words.integer("cps");
  if (from == to) throw engine::UsageError("to: a HQ cannot lend to itself");
  Json& lender = hq_cycle(books, side, from, cycle);
  take_from_hq(lender, from, "lent_out", cps);
  const std::int64_t received = lending_received(cps);
  Json& borrower = hq_cycle(books, side, to, cycle);
  borrower["received"] = get(borrower, "received") + received;
  return side + " " + from + " lent " + std::to_string(cps) + ", " + to + " received " +
         std::to_string(received) + " (28.8)";
}

std::string reserve(Json& books, Words& words, const Tables& tables) {
  ReserveInput input;
  input.side = parse_side("side", words.text("side"));
  input.cps_placed = words.integer("cps");
  if (input.side == Side::kAllied) {
    input.cycle_total = words.integer("cycle-total");
  } else {
    input.ms_points = words.integer("ms-points");
  }
  const ReserveResult result = reserve_placement(input, tables);
  Json& side = books["sides"][side_name(input.side)];
  side["reserve_incoming"] = get(side, "reserve_incoming") + result.recorded;
  return side_name(input.side) + ": " + std::to_string(input.cps_placed) + " placed, " +
         std::to_string(result.recorded) + " recorded To Reserve (28.6.1), available next cycle";
}

std::string draw_reserve(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps", cps);
  Json& pool = books["sides"][side];
  require_at_most("cps", cps, "reserve available", get(pool, "reserve_available"));
  const std::int64_t received = reserve_received(cps, words.flag("isolated"));
  pool["reserve_available"] = get(pool, "reserve_available") - cps;
  Json& entry = hq_cycle(books, side, hq, cycle);
  entry["received"] = get(entry, "received") + received;
  return side + ": " + std::to_string(cps) + " reserve CPs drawn, " + hq + " received " +
         std::to_string(received) + " (28.6.3)";
}

std::string future_ops(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::int64_t cps = words.integer("cps");
  const std::int64_t target = parse_cycle("target", words.text("target"));
  Json& pool = books["sides"][side]["future_ops"];
  std::int64_t already = 0;
  if (!pool.is_null()) {
    if (get(pool, "target_cycle") != target) {
      throw engine::UsageError("target: a future operations pool for " +
                               cycle_label(get(pool, "target_cycle")) +
                               " exists; only one at a time (28.5)");
    }
    const std::string key = cycle_label(cycle);
    if (pool["added"].contains(key)) already = get(pool["added"], key.c_str());
  }
  FutureOpsInput input;
  input.cps_added = already + cps;
  input.cycles_ahead = target - cycle;
  input.pool_cps = pool.is_null() ? 0 : get(pool, "cps") - already;
  require_non_negative("cps", cps);
  const FutureOpsResult result = future_ops_add(input);
  if (pool.is_null()) pool = {{"target_cycle", target}, {"cps", 0}, {"added", Json::object()}};
  pool["cps"] = result.pool_cps;
  pool["added"][cycle_label(cycle)] = input.cps_added;
  return side + ": future operations pool for " + cycle_label(target) + " holds " +
         std::to_string(result.pool_cps) + " CPs (28.5)";
}

std::string release_future_ops(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps", cps);
  Json& pool = books["sides"][side]["future_ops"];
  if (pool.is_null()) throw engine::UsageError("side: no future operations pool");
  if (get(pool, "target_cycle") != cycle) {
    throw engine::UsageError("hq: the pool's CPs may not be used until cycle " +
                             cycle_label(get(pool, "target_cycle")) + " (28.5)");
  }
  require_at_most("cps", cps, "CPs in the pool", get(pool, "cps"));
  Json& entry = hq_cycle(books, side, hq, cycle);
  entry["future_ops"] = get(entry, "future_ops") + cps;
  pool["cps"] = get(pool, "cps") - cps;
  const std::int64_t left = get(pool, "cps");
  if (left == 0) pool = nullptr;
  return side + " " + hq + ": " + std::to_string(cps) +
         " future operations CPs, no gearing limit (" + std::to_string(left) + " left in the pool)";
}

std::string repair(Json& books, Words& words, std::int64_t cycle) {
  const std::string ship = words.text("ship");
  const std::string side = side_key(words);
  const std::int64_t cycles = words.integer("cycles");
  require_range("cycles", cycles, 0, 10 * kCyclesPerYear);
  for (const Json& entry : books["ship_repair_log"]) {
    if (entry["ship"] == ship) throw engine::UsageError("ship: " + ship + " is already in the log");
  }
  Json entry = {{"ship", ship},
                {"side", side},
                {"entered", cycle_label(cycle)},
                {"release", cycle_label(cycle + cycles)}};
  if (words.has("damage")) entry["damage"] = words.text("damage");
  if (words.has("note")) entry["note"] = words.text("note");
  books["ship_repair_log"].push_back(entry);
  return ship + ": in repair until " + cycle_label(cycle + cycles);
}

std::string repaired(Json& books, Words& words) {
  const std::string ship = words.text("ship");
  Json& log = books["ship_repair_log"];
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i]["ship"] == ship) {
      log.erase(i);
      return ship + ": out of the Ship Repair Log";
    }
  }
  throw engine::UsageError("ship: " + ship + " is not in the Ship Repair Log");
}

std::string base(Json& books, Words& words, const Tables& tables) {
  const std::string name = words.text("name");
  const std::string side = side_key(words);
  SupplyDistanceInput input;
  input.ucs_distance = words.integer("ucs-distance");
  input.supply_base_distance = words.integer("supply-base-distance");
  SupplyDistanceResult result = supply_distance(input);
  std::string category_note;
  if (!result.category) {
    try {
      result = supply_distance(input, tables);
    } catch (const engine::UsageError& e) {
      category_note = e.what();
    }
  }
  Json entry = {{"side", side},
                {"ucs_distance", input.ucs_distance},
                {"supply_base_distance", input.supply_base_distance},
                {"total_supply_distance", result.total},
                {"category", result.category ? Json(*result.category) : Json(nullptr)}};
  if (!category_note.empty()) entry["category_note"] = category_note;
  books["base_log"][name] = entry;
  return name + ": Total Supply Distance " + std::to_string(result.total) + ", category " +
         (result.category ? *result.category : "unknown (" + category_note + ")");
}

std::string intelligence(Json& books, Words& words) {
  const std::string side = side_key(words);
  const std::int64_t level = words.integer("level");
  require_non_negative("level", level);
  books["sides"][side]["si_level"] = level;
  return side + ": Strategic Intelligence level " + std::to_string(level);
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
  Json books = {{"cycle", parse_cycle("--cycle", start_cycle)},
                {"sides", {{"allied", empty_side()}, {"japanese", empty_side()}}},
                {"ship_repair_log", Json::array()},
                {"base_log", Json::object()}};
  Campaign campaign(file, std::move(books), Json::array());
  campaign.save();
  return campaign;
}

Campaign Campaign::open(const std::string& file) {
  std::ifstream stream(file);
  if (!stream) throw engine::UsageError("cannot read campaign file '" + file + "'");
  Json document = Json::parse(stream, nullptr, false);
  if (document.is_discarded()) throw engine::DataError(file, "(document)", "not valid JSON");
  return from_json(std::move(document), file);
}

Campaign Campaign::from_json(Json document, std::string file) {
  if (!document.is_object() || document.value("format", "") != kFormat) {
    throw engine::DataError(file, "format", std::string("must be \"") + kFormat + "\"");
  }
  if (document.value("version", 0) != kVersion) {
    throw engine::DataError(file, "version", "must be " + std::to_string(kVersion));
  }
  if (!document.contains("books") || !document["books"].is_object() ||
      !document["books"].contains("cycle") || !document["books"]["cycle"].is_number_integer()) {
    throw engine::DataError(file, "books", "missing or without a cycle");
  }
  if (!document.contains("log") || !document["log"].is_array()) {
    throw engine::DataError(file, "log", "must be an array");
  }
  return Campaign(std::move(file), std::move(document["books"]), std::move(document["log"]));
}

std::int64_t Campaign::cycle() const { return books_["cycle"].get<std::int64_t>(); }

Json Campaign::to_json() const {
  return {{"format", kFormat}, {"version", kVersion}, {"books", books_}, {"log", log_}};
}

void Campaign::save() const {
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
  Json last = log_.back();
  log_.erase(log_.size() - 1);
  books_ = std::move(last["before"]);
  return last["change"].get<std::string>();
}

std::string advance_cycle(Campaign& campaign) {
  return campaign.change("next-cycle", [](Json& books) {
    const std::int64_t cycle = books["cycle"].get<std::int64_t>();
    const std::string now = cycle_label(cycle);
    std::string summary = "to cycle " + cycle_label(cycle + 1) + ":";
    for (auto& [side, data] : books["sides"].items()) {
      const Json& pool = data["future_ops"];
      if (!pool.is_null() && get(pool, "target_cycle") <= cycle && get(pool, "cps") > 0) {
        throw engine::UsageError(side + ": the future operations pool's " +
                                 std::to_string(get(pool, "cps")) +
                                 " CPs must all be allocated to HQs this cycle (28.5)");
      }
      for (auto& [hq, record] : data["hqs"].items()) {
        if (!record["cycles"].contains(now)) continue;
        const std::int64_t left = balance(record["cycles"][now]);
        // 28.9.2: 2:1 per HQ; 28.9.3: CEF HQ and China CPs keep theirs.
        const std::int64_t carried = record["china"].get<bool>() ? left : div_floor(left, 2);
        if (carried > 0) {
          Json& next = hq_cycle(books, side, hq, cycle + 1);
          next["carried_over"] = carried;
        }
        summary += " " + side + " " + hq + " carries " + std::to_string(carried) + ";";
      }
      // 28.9.1: reserve 4:3; CPs placed into reserve this cycle become available.
      const std::int64_t reserve =
          div_floor(get(data, "reserve_available") * 3, 4) + get(data, "reserve_incoming");
      data["reserve_available"] = reserve;
      data["reserve_incoming"] = 0;
      summary += " " + side + " reserve " + std::to_string(reserve) + ";";
    }
    books["cycle"] = cycle + 1;
    return summary;
  });
}

std::string book_command_help() {
  return "book changes (key=value):\n"
         "  assign side= hq= cps= [previous=] [newly-deployed allotment=] [china]   28.4 gearing\n"
         "  spend side= hq= cps=\n"
         "  lend side= from= to= cps=                                  28.8 (4:3)\n"
         "  reserve side= cps= cycle-total= (allied) | ms-points= (japanese)   28.6.1\n"
         "  draw-reserve side= hq= cps= [isolated]                      28.6.3\n"
         "  future-ops side= cps= target=0/C/YY                         28.5\n"
         "  release-future-ops side= hq= cps=                           28.5\n"
         "  si side= level=                                             42\n"
         "  repair ship= side= cycles= [damage=] [note=]                Ship Repair Log\n"
         "  repaired ship=\n"
         "  base name= side= ucs-distance= supply-base-distance=        Base Log, 32.1.1\n"
         "  next-cycle                                                  28.9 carry-over\n";
}

std::string apply_book_command(Campaign& campaign, const std::vector<std::string>& words_in,
                               const Tables& tables) {
  if (words_in.empty() || words_in[0] == "help") return book_command_help();
  const std::string change = words_in[0];
  if (change == "next-cycle") {
    if (words_in.size() > 1) throw engine::UsageError("next-cycle: takes no fields");
    return advance_cycle(campaign);
  }
  std::string description;
  for (const std::string& word : words_in) description += (description.empty() ? "" : " ") + word;
  const std::int64_t cycle = campaign.cycle();
  Words words(words_in, 1);
  return campaign.change(description, [&](Json& books) {
    std::string summary;
    if (change == "assign") {
      summary = assign(books, words, cycle);
    } else if (change == "spend") {
      summary = spend(books, words, cycle);
    } else if (change == "lend") {
      summary = lend(books, words, cycle);
    } else if (change == "reserve") {
      summary = reserve(books, words, tables);
    } else if (change == "draw-reserve") {
      summary = draw_reserve(books, words, cycle);
    } else if (change == "future-ops") {
      summary = future_ops(books, words, cycle);
    } else if (change == "release-future-ops") {
      summary = release_future_ops(books, words, cycle);
    } else if (change == "si") {
      summary = intelligence(books, words);
    } else if (change == "repair") {
      summary = repair(books, words, cycle);
    } else if (change == "repaired") {
      summary = repaired(books, words);
    } else if (change == "base") {
      summary = base(books, words, tables);
    } else {
      throw engine::UsageError("unknown book change '" + change + "'\n" + book_command_help());
    }
    words.finish(change);
    return summary;
  });
}

}  // namespace pacwar::witp
