// The book changes of strategic intelligence (42): SI levels drawn, Magic chits played, the
// Yamamoto Mission. Each entry beside its function.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"
#include "witp/cp_books.h"
#include "witp/strategic_intelligence_42.h"

namespace pacwar::witp::book_entries {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text + separator) {
    if (c == separator) {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  return parts;
}

// A count of chits in si-spread= (cycle:chits).
std::int64_t spread_chits(const std::string& text) {
  std::size_t end = 0;
  std::int64_t result = 0;
  try {
    result = std::stoll(text, &end);
  } catch (const std::exception&) {
    end = 0;
  }
  if (end != text.size() || end == 0) {
    throw engine::UsageError("n=: not a whole number: '" + text + "'");
  }
  require_range("n=", result, -1000000000, 1000000000);
  return result;
}

// 42.7 the Yamamoto Mission, played by the Allies during a regular G/T of 1943 or later.
std::string yamamoto(Json& books, BookFields& fields, std::int64_t cycle, const Tables& tables) {
  if (books.contains("yamamoto_mission")) {
    throw engine::UsageError("the Yamamoto Mission was played in " +
                             books["yamamoto_mission"]["cycle"].get<std::string>() +
                             " (Adm. Yamamoto is eliminated)");
  }
  if (cycle < parse_cycle("cycle", "0/1/43")) {
    throw engine::UsageError(
        "the Yamamoto Mission may be played only in 1943 or later (42.7); "
        "the books are at " +
        cycle_label(cycle));
  }
  const std::string hq = fields.text("hq");
  std::vector<std::string> others;
  if (fields.has("others")) {
    for (const std::string& other : split(fields.text("others"), ',')) {
      if (other.empty() || other == hq ||
          std::find(others.begin(), others.end(), other) != others.end()) {
        throw engine::UsageError("others=: each a different non-army HQ, not " + hq +
                                 ", separated by commas");
      }
      others.push_back(other);
    }
  }
  SideBooks japan = read_side(books, "japanese");
  YamamotoInput input;
  CpEntry& entry = japan.entry(hq, cycle);
  input.hq = {entry.allocated(), entry.balance()};
  for (const std::string& other : others) {
    const CpEntry& other_entry = japan.entry(other, cycle);
    input.others.push_back({other_entry.allocated(), other_entry.balance()});
  }
  input.reserve_cps = japan.reserve_available;
  if (input.reserve_cps > 0) {
    input.reserve_dice = fields.integer("reserve-dice");
  } else if (fields.has("reserve-dice")) {
    throw engine::UsageError("reserve-dice=: the Japanese reserve is empty; nothing to roll for");
  }
  input.koga = parse_koga_paid_from("koga=", fields.text("koga"));
  input.si_dice = fields.integer("si-dice");
  const YamamotoResult result = yamamoto_mission(input, tables);

  // 42.7 SI +1 chits: into next cycle's cup, or spread along the cycle track.
  std::map<std::int64_t, std::int64_t> spread;
  if (fields.has("si-spread")) {
    std::int64_t total = 0;
    for (const std::string& item : split(fields.text("si-spread"), ',')) {
      const auto colon = item.find(':');
      if (colon == std::string::npos) {
        throw engine::UsageError("si-spread=: cycle:chits pairs like 0/5/43:3,0/6/43:2");
      }
      const std::int64_t target = parse_cycle("si-spread", item.substr(0, colon));
      if (target <= cycle) {
        throw engine::UsageError("si-spread=: " + cycle_label(target) +
                                 " is not a cycle to come (42.7)");
      }
      const std::int64_t chits = spread_chits(item.substr(colon + 1));
      require_range("si-spread chits", chits, 1, 12);
      spread[target] += chits;
      total += chits;
    }
    if (total != result.si_plus_chits) {
      throw engine::UsageError("si-spread=: the chits spread (" + std::to_string(total) +
                               ") must be all " + std::to_string(result.si_plus_chits) +
                               " SI +1 chits (42.7)");
    }
  } else {
    spread[cycle + 1] = result.si_plus_chits;
  }

  entry.lost = entry.lost.value_or(0) + result.hq_lost;
  for (std::size_t i = 0; i < others.size(); ++i) {
    CpEntry& other_entry = japan.entry(others[i], cycle);
    other_entry.lost = other_entry.lost.value_or(0) + result.others_lost[i];
  }
  if (input.koga == KogaPaidFrom::kHq) entry.spent += result.koga_cps;
  japan.reserve_available = result.reserve_left;
  if (result.reserve_lost > 0) {
    japan.special_future_ops = std::optional<SpecialFutureOpsPool>(
        SpecialFutureOpsPool{cycle + 1, result.reserve_lost, "42.7 Yamamoto Mission"});
  }
  if (!japan.si_plus_track) japan.si_plus_track.emplace();
  for (const auto& [target, chits] : spread) {
    if (target == cycle + 1) {
      japan.si_plus_chits += chits;
    } else {
      (*japan.si_plus_track)[cycle_label(target)] += chits;
    }
  }
  write_side(books, "japanese", japan);
  books["yamamoto_mission"] = {
      {"cycle", cycle_label(cycle)}, {"hq", hq}, {"result", to_json(result)}};

  std::string summary = "Yamamoto Mission (42.7): Adm. Yamamoto eliminated; " + hq + " loses " +
                        std::to_string(result.hq_lost);
  for (std::size_t i = 0; i < others.size(); ++i) {
    summary += ", " + others[i] + " " + std::to_string(result.others_lost[i]);
  }
  summary += "; reserve loses " + std::to_string(result.reserve_lost);
  if (input.reserve_cps > 0) {
    summary += " (" + std::to_string(result.reserve_percent) + "% on the " +
               std::to_string(result.reserve_column) + "+ column at DR " +
               std::to_string(input.reserve_dice) + ")";
  }
  if (result.reserve_lost > 0) {
    summary += " into a special future operations pool for " + cycle_label(cycle + 1);
  }
  if (input.koga == KogaPaidFrom::kNone) {
    summary += "; Adm. Koga not unassigned, no change of command paid";
  } else {
    summary += "; Adm. Koga takes command for " + std::to_string(result.koga_cps) + " CPs from " +
               (input.koga == KogaPaidFrom::kHq ? hq : std::string("the reserve"));
  }
  summary += "; Japan gets " + std::to_string(result.si_plus_chits) + " SI +1 chits (";
  bool first = true;
  for (const auto& [target, chits] : spread) {
    summary += (first ? "" : ", ") + std::to_string(chits) + " for " + cycle_label(target);
    first = false;
  }
  return summary + ")";
}

std::string intelligence(Json& books, BookFields& fields) {
  const std::string side = side_key(fields);
  SideBooks data = read_side(books, side);
  std::int64_t level = 0;
  std::string how;
  if (fields.has("level")) {
    level = fields.integer("level");
    require_range("level=", level, 1, side == "allied" ? 4 : 3);
  } else if (side == "japanese") {
    // 42.5.3: SI +1 chits picked before the level chit raise it; then all are removed.
    const std::int64_t drawn = fields.integer("drawn");
    const std::int64_t plus = fields.has("plus-drawn") ? fields.integer("plus-drawn") : 0;
    require_non_negative("plus-drawn=", plus);
    require_at_most("plus-drawn=", plus, "the SI +1 chits in Japan's cup (42.5.2)",
                    data.si_plus_chits);
    level = japanese_si_level(drawn, plus);
    if (plus > 0) {
      data.si_plus_chits = 0;
      how = " (drawn " + std::to_string(drawn) + ", +" + std::to_string(plus) +
            " SI +1 chits; the rest leave the cup)";
    }
  } else {
    const std::int64_t drawn = fields.integer("drawn");
    const bool doolittle = fields.flag("doolittle");
    const bool jn25 = fields.flag("jn25");
    level = allied_si_level(drawn, doolittle, jn25);
    if (doolittle || jn25) how = " (drawn " + std::to_string(drawn) + ")";
  }
  data.si_level = level;
  write_side(books, side, data);
  std::string summary = side + ": Strategic Intelligence level " + std::to_string(level) + how;
  const std::int64_t allied = read_side(books, "allied").si_level;
  const std::int64_t japanese = read_side(books, "japanese").si_level;
  if (allied >= 1 && japanese >= 1) {
    const SiEffects effects = si_effects(allied, japanese);
    summary += "; differential " + std::to_string(effects.differential) + ": Sigint " +
               std::to_string(effects.sigint) + ", Magic " + std::to_string(effects.magic) +
               " (42.2.2)";
  }
  return summary;
}

std::string magic_played(Json& books, BookFields& fields) {
  const std::int64_t count = fields.integer("count");
  require_range("count=", count, 1, 62);
  SideBooks japan = read_side(books, "japanese");
  japan.si_plus_chits += count;
  const std::int64_t chits = japan.si_plus_chits;
  write_side(books, "japanese", japan);
  return "Japan may put " + std::to_string(chits) + " SI +1 chits in its next SI cup (42.5.2)";
}

}  // namespace

std::vector<BookChange> intelligence_changes() {
  using namespace fields;
  return {
      {"si",
       "42.5",
       "Record an SI level chit drawn",
       {side(), number("drawn", "level drawn (Allied 1-4, Japanese 1-3)", false),
        number("level", "set the level directly", false),
        number("plus-drawn", "Japanese: SI +1 chits picked before it (42.5.3)", false),
        flag("doolittle", "Allied: the Doolittle +1 counter (42.6)"),
        flag("jn25", "Allied: the JN-25 change (42.8)")},
       [](BookEdit& e) { return intelligence(e.books, e.fields); }},
      {"magic-played",
       "42.5.2",
       "Magic chits played: SI +1 chits for Japan's next cup",
       {number("count", "Magic chits played")},
       [](BookEdit& e) { return magic_played(e.books, e.fields); }},
      {"yamamoto",
       "42.7",
       "The Yamamoto Mission",
       {text("hq", "Yamamoto's HQ"), text("others", "other non-army HQs, HQ,HQ", false),
        number("reserve-dice", "2D6 on the Bombardment of Air Points Table", false),
        choice("koga", "Koga's 10 CPs from", {"reserve", "hq", "none"}),
        number("si-dice", "2D6: SI +1 chits"),
        text("si-spread", "chits along the cycle track, 0/C/YY:N,...", false)},
       [](BookEdit& e) { return yamamoto(e.books, e.fields, e.cycle, e.tables); }},
  };
}

}  // namespace pacwar::witp::book_entries
