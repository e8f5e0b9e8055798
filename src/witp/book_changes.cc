#include "witp/book_changes.h"

namespace pacwar::witp {
namespace {

BookField number(std::string key, std::string help, bool required = true) {
  return {std::move(key), FieldKind::kInteger, std::move(help), required, {}};
}
BookField text(std::string key, std::string help, bool required = true) {
  return {std::move(key), FieldKind::kText, std::move(help), required, {}};
}
BookField flag(std::string key, std::string help) {
  return {std::move(key), FieldKind::kFlag, std::move(help), false, {}};
}
BookField choice(std::string key, std::string help, std::vector<std::string> choices,
                 bool required = true) {
  return {std::move(key), FieldKind::kChoice, std::move(help), required, std::move(choices)};
}
BookField side() { return choice("side", "side", {"allied", "japanese"}); }

}  // namespace

const std::vector<BookChange>& book_changes() {
  static const std::vector<BookChange> changes = {
      {"assign",
       "28.4",
       "Assign CPs to a HQ (gearing limit)",
       {side(), text("hq", "HQ"), number("cps", "CPs assigned"),
        number("previous", "CPs assigned last cycle, when the books lack it", false),
        flag("newly-deployed", "a newly deployed HQ (28.4.2)"),
        number("allotment", "its allotment, for a newly deployed HQ", false),
        flag("china", "one of China's HQs (28.9.3)")}},
      {"spend", "28.2", "Spend CPs of a HQ", {side(), text("hq", "HQ"), number("cps", "CPs")}},
      {"lend",
       "28.8",
       "Lend CPs from one HQ to another (4:3)",
       {side(), text("from", "HQ lending"), text("to", "HQ receiving"), number("cps", "CPs sent")}},
      {"reserve",
       "28.6.1",
       "Place CPs into the reserve",
       {side(), number("cps", "CPs placed"),
        number("cycle-total", "Allied: the cycle's CP total", false),
        number("ms-points", "Japanese: the MS Point total", false)}},
      {"draw-reserve",
       "28.6.3",
       "Draw CPs from the reserve to a HQ",
       {side(), text("hq", "HQ"), number("cps", "CPs drawn"),
        flag("isolated", "the HQ is isolated (half)")}},
      {"future-ops",
       "28.5",
       "Put CPs into the future operations pool",
       {side(),
        number("cps", "CPs (at most 50)"),
        {"target", FieldKind::kCycle, "the cycle they are for (at most 6 ahead)", true, {}}}},
      {"release-future-ops",
       "28.5",
       "Release the future operations pool to a HQ",
       {side(), text("hq", "HQ"), number("cps", "CPs"),
        flag("special", "Japan's special pool after the Yamamoto Mission (42.7)")}},
      {"si",
       "42.5",
       "Record an SI level chit drawn",
       {side(), number("drawn", "level drawn (Allied 1-4, Japanese 1-3)", false),
        number("level", "set the level directly", false),
        number("plus-drawn", "Japanese: SI +1 chits picked before it (42.5.3)", false),
        flag("doolittle", "Allied: the Doolittle +1 counter (42.6)"),
        flag("jn25", "Allied: the JN-25 change (42.8)")}},
      {"magic-played",
       "42.5.2",
       "Magic chits played: SI +1 chits for Japan's next cup",
       {number("count", "Magic chits played")}},
      {"yamamoto",
       "42.7",
       "The Yamamoto Mission",
       {text("hq", "Yamamoto's HQ"), text("others", "other non-army HQs, HQ,HQ", false),
        number("reserve-dice", "2D6 on the Bombardment of Air Points Table", false),
        choice("koga", "Koga's 10 CPs from", {"reserve", "hq", "none"}),
        number("si-dice", "2D6: SI +1 chits"),
        text("si-spread", "chits along the cycle track, 0/C/YY:N,...", false)}},
      {"repair",
       "36.1",
       "Put a ship into the Ship Repair Log",
       {text("ship", "ship"), side(), text("type", "ship type (CV, BB, DD...)", false),
        text("damage", "damage level, D1-D9 or 1-9", false),
        number("dice", "repair 2D6 as rolled", false), text("port", "repair port", false),
        number("cycles", "a known duration in cycles, instead of the tables", false),
        flag("cw", "Commonwealth ship"),
        flag("capital-ship-under-repair", "another capital ship is under repair there"),
        flag("maximum-effort", "maximum effort repair (36.4)"), text("note", "note", false)}},
      {"repair-advance", "36.0", "End of a G/T: every repair one G/T on", {}},
      {"repaired", "36.0", "A ship leaves the Ship Repair Log", {text("ship", "ship")}},
      {"ship",
       "36.6",
       "Put a ship into the Refit/Yard Period Log",
       {text("ship", "ship"), side(), text("type", "ship type (CV, BB, CA...)"),
        flag("reinforcement", "arrived as a reinforcement this cycle")}},
      {"refit", "36.6.2", "Check off a ship's refit this cycle", {text("ship", "ship")}},
      {"yard",
       "36.5",
       "A yard period",
       {text("ship", "ship"), flag("extended", "an extended yard period (36.5.4)"),
        number("activation-cost", "activation cost, for an extended one", false)}},
      {"attrition-chit",
       "37.2.2",
       "An unmarked naval attrition chit drawn (out of the cup this year)",
       {choice("cup", "cup", {"allied", "japanese"}), text("chit", "chit class (CV, BB...)")}},
      {"base",
       "32.1.1",
       "A base's Total Supply Distance (Base Log)",
       {text("name", "base"), side(), number("ucs-distance", "hexes to the UCS"),
        number("supply-base-distance", "hexes to the supply base")}},
      {"msp-total", "57", "Set Japan's MSP total (General Record Track)", {number("msp", "MSPs")}},
      {"msp-loss",
       "57.3",
       "MSPs lost",
       {number("msp", "MSPs lost"), choice("cause", "cause", {"submarines", "mining", "other"}),
        text("where", "hex (mining: once per Strategic G/T, 56.4.4)", false)}},
      {"msp-to-msu", "57.5.2", "MSPs taken to tactical MSUs", {number("msp", "MSPs")}},
      {"msp-arrivals", "57.5.1", "Converted MSPs due join the total", {}},
      {"china-surrender", "47.17", "China surrenders: garrison of 216 points", {}},
      {"next-cycle", "28.9", "End of the Strategic G/T: carry-over, next cycle", {}},
  };
  return changes;
}

const BookChange* find_book_change(const std::string& change) {
  for (const BookChange& c : book_changes()) {
    if (c.change == change) return &c;
  }
  return nullptr;
}

const char* field_kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::kInteger:
      return "integer";
    case FieldKind::kText:
      return "text";
    case FieldKind::kChoice:
      return "choice";
    case FieldKind::kFlag:
      return "flag";
    case FieldKind::kCycle:
      return "cycle";
  }
  return "text";
}

}  // namespace pacwar::witp
