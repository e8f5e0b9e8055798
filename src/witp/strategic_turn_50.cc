#include "witp/strategic_turn_50.h"

#include <cctype>
#include <iostream>
#include <sstream>

#include "engine/errors.h"
#include "engine/rng.h"
#include "witp/campaign_schema.h"
#include "witp/command_points_28.h"
#include "witp/cp_books.h"
#include "witp/ledgers.h"
#include "witp/naval_attrition_log.h"
#include "witp/naval_repair_36.h"
#include "witp/refit_yard_log.h"
#include "witp/ship_repair_log.h"
#include "witp/tables.h"

namespace pacwar::witp {
namespace {

const char* kWitp = "pacwar witp ";

// Reads one answer line; false at end of input or on "q".
bool ask(std::istream& in, std::ostream& out, const std::string& prompt, std::string& answer) {
  out << prompt << std::flush;
  if (!std::getline(in, answer)) {
    out << "\n";
    return false;
  }
  while (!answer.empty() && (answer.back() == ' ' || answer.back() == '\r')) answer.pop_back();
  while (!answer.empty() && answer.front() == ' ') answer.erase(answer.begin());
  std::string lower;
  for (char c : answer) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower != "q" && lower != "quit";
}

std::string lowercase(const std::string& text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// Asks until the answer is one of the words (case-insensitive; `synonyms` maps other spellings
// to a word); an unknown answer is asked again with the choices, never taken as a default.
// False at end of input or on "q".
bool ask_word(std::istream& in, std::ostream& out, const std::string& prompt,
              const std::vector<std::pair<std::string, std::string>>& synonyms,
              const std::string& choices, std::string& word) {
  for (;;) {
    std::string answer;
    if (!ask(in, out, prompt, answer)) return false;
    const std::string lower = lowercase(answer);
    for (const auto& [spelling, meaning] : synonyms) {
      if (lower == spelling) {
        word = meaning;
        return true;
      }
    }
    out << "    '" << answer << "' is not an answer here: " << choices << "\n";
  }
}

// Asks until the answer is a whole number from low to high (or empty, when `empty_ok`, giving
// an empty string). False at end of input or on "q".
bool ask_number(std::istream& in, std::ostream& out, const std::string& prompt, std::int64_t low,
                std::int64_t high, bool empty_ok, std::string& number) {
  for (;;) {
    if (!ask(in, out, prompt, number)) return false;
    if (number.empty() && empty_ok) return true;
    bool digits = !number.empty() && number.size() < 10;
    for (char c : number) digits = digits && c >= '0' && c <= '9';
    if (digits && std::stoll(number) >= low && std::stoll(number) <= high) return true;
    out << "    '" << number << "' is not an answer here: a whole number from " << low << " to "
        << high << (empty_ok ? ", or Enter" : "") << "\n";
  }
}

std::int64_t roll_2d6(engine::Rng& rng) { return 2 + rng.below(6) + rng.below(6); }

void show_repairs_due(const Campaign& campaign, std::ostream& out) {
  const std::int64_t next = campaign.cycle() + 1;
  const ShipRepairLog log = read_ship_repair_log(campaign.books());
  bool any = false;
  for (const RepairedShip& ship : log.repaired) {
    out << "    repaired " << ship.completed << ", to redeploy: " << ship.ship << " (" << ship.side
        << ")\n";
    any = true;
  }
  for (const RepairEntry& entry : log.ships) {
    if (entry.gts_left) {
      out << "    in repair: " << entry.ship << " (" << entry.side << "), " << *entry.gts_left
          << " G/Ts left" << (entry.damage ? ", D" + std::to_string(*entry.damage) : "")
          << (entry.release_gt ? ", done " + *entry.release_gt
                               : ", out " + cycle_label(entry.release))
          << "\n";
      any = true;
    } else if (entry.release <= next) {
      out << "    repaired, to redeploy: " << entry.ship << " (" << entry.side << ")\n";
      any = true;
    }
  }
  if (!any) out << "    no ship in the Ship Repair Log is due.\n";
  const std::int64_t gts = campaign.books().value("gt", std::int64_t{0});
  if (gts > 0 && gts < 4) {
    out << "    only " << gts << " of this cycle's 4 G/Ts were advanced: book FILE "
        << "repair-advance for each G/T played.\n";
  }
}

void show_cp_books(const Campaign& campaign, std::ostream& out) {
  const std::int64_t now = campaign.cycle();
  for (const std::string side : {"allied", "japanese"}) {
    const SideBooks data = read_side(campaign.books(), side);
    out << "    " << side << ": reserve " << data.reserve_available << " available, "
        << data.reserve_incoming << " arriving next cycle";
    if (data.future_ops) {
      out << "; future operations pool " << data.future_ops->cps << " CPs for "
          << cycle_label(data.future_ops->target_cycle);
    }
    if (data.special_future_ops && *data.special_future_ops) {
      const SpecialFutureOpsPool& special = **data.special_future_ops;
      out << "; special (42.7) future operations pool " << special.cps << " CPs for "
          << cycle_label(special.target_cycle);
    }
    out << "\n";
    for (const auto& [hq, record] : data.hqs) {
      const CpEntry* last = data.find(hq, now - 1);
      const CpEntry* current = data.find(hq, now);
      GearingInput gearing;
      if (last != nullptr) {
        gearing.previous_cycle_cps = last->assigned;
      } else if (current != nullptr && current->declared_previous) {
        gearing.previous_cycle_cps = *current->declared_previous;
      }
      const GearingResult limit = gearing_limit(gearing);
      out << "      " << hq << ": assigned " << (current ? current->assigned : 0) << " of at most "
          << limit.limit << " (" << limit.basis << ")";
      if (current != nullptr) {
        out << "; carried over " << current->carried_over << ", future ops " << current->future_ops
            << ", received " << current->received << ", lent " << current->lent_out << ", spent "
            << current->spent;
        if (current->lost) out << ", lost " << *current->lost;
        out << ": " << current->balance() << " left";
      }
      out << "\n";
    }
  }
}

// B.1: the US player draws both sides' SI level chits (the chit cup mixes are the chartbook's);
// the books apply SI +1 chits (42.5.3), Doolittle (42.6) and JN-25 (42.8) and give the effects.
bool record_si_levels(Campaign& campaign, const Tables& tables, std::istream& in,
                      std::ostream& out) {
  const std::int64_t pending = read_side(campaign.books(), "japanese").si_plus_chits;
  if (pending > 0) {
    out << "    Japan adds " << pending << " SI +1 chits to its SI cup (42.5.2).\n";
  }
  for (const std::string side : {"allied", "japanese"}) {
    const std::int64_t top = side == "allied" ? 4 : 3;
    const std::int64_t level = read_side(campaign.books(), side).si_level;
    const bool can_keep = level >= 1 && level <= top;
    std::string answer;
    if (!ask_number(in, out,
                    "    " + side + " SI level chit drawn (1-" + std::to_string(top) + ")" +
                        (can_keep ? " [keep " + std::to_string(level) + "]" : "") + ": ",
                    1, top, can_keep, answer)) {
      return false;
    }
    if (answer.empty()) continue;
    std::vector<std::string> words = {"si", "side=" + side, "drawn=" + answer};
    if (side == "japanese" && pending > 0) {
      std::string plus;
      if (!ask_number(in, out,
                      "    SI +1 chits picked before it (0-" + std::to_string(pending) + "): ", 0,
                      pending, false, plus)) {
        return false;
      }
      if (plus != "0") words.push_back("plus-drawn=" + plus);
    }
    if (side == "allied") {
      std::string extra;
      if (!ask_word(in, out,
                    "    Doolittle +1 counter (42.6) or JN-25 change (42.8) this cycle? "
                    "(doolittle/jn25/both/none): ",
                    {{"doolittle", "doolittle"},
                     {"d", "doolittle"},
                     {"jn25", "jn25"},
                     {"jn-25", "jn25"},
                     {"jn 25", "jn25"},
                     {"j", "jn25"},
                     {"both", "both"},
                     {"b", "both"},
                     {"doolittle+jn25", "both"},
                     {"none", "none"},
                     {"no", "none"},
                     {"n", "none"},
                     {"neither", "none"}},
                    "doolittle, jn25, both or none", extra)) {
        return false;
      }
      if (extra == "doolittle" || extra == "both") words.push_back("doolittle");
      if (extra == "jn25" || extra == "both") words.push_back("jn25");
    }
    try {
      out << "    " << apply_book_command(campaign, words, tables) << "\n";
      campaign.save();
    } catch (const engine::UsageError& e) {
      out << "    not recorded: " << e.what() << "\n";
    }
  }
  return true;
}

// A.3: MSPs lost to submarines, read by the players from the chartbook's Merchant Shipping
// Attrition Table (57.3), go into the merchant shipping ledger.
bool record_ms_attrition(Campaign& campaign, const Tables& tables, std::istream& in,
                         std::ostream& out) {
  out << "    " << merchant_shipping_status(campaign.books()) << "\n";
  std::string lost;
  if (!ask_number(in, out,
                  "    MSPs Japan lost to submarines (57.3; 0 if none, Enter to record later): ", 0,
                  kMostPoints, true, lost)) {
    return false;
  }
  if (lost.empty() || lost == "0") return true;
  try {
    out << "    "
        << apply_book_command(campaign, {"msp-loss", "msp=" + lost, "cause=submarines"}, tables)
        << "\n";
    campaign.save();
  } catch (const engine::UsageError& e) {
    out << "    not recorded: " << e.what() << "\n";
  }
  return true;
}

// A.4: MSPs converted one cycle ago join the total (57.5.1).
void ms_pool_arrivals(Campaign& campaign, const Tables& tables, std::ostream& out) {
  if (msp_arrivals_due(campaign)) {
    try {
      out << "    " << apply_book_command(campaign, {"msp-arrivals"}, tables) << "\n";
      campaign.save();
    } catch (const engine::UsageError& e) {
      out << "    not recorded: " << e.what() << "\n";
    }
  }
  out << "    " << merchant_shipping_status(campaign.books()) << "\n";
}

// C.2: the hexes mined this Strategic G/T (56.4.4).
void show_mining(const Campaign& campaign, std::ostream& out) {
  const MiningAttacks mined = read_mining_attacks(campaign.books());
  if (mined.cycle != cycle_label(campaign.cycle()) || mined.hexes.empty()) {
    out << "    no hex mined yet this Strategic G/T (56.4.4: each hex once).\n";
    return;
  }
  out << "    mined this Strategic G/T (not again, 56.4.4):";
  for (const std::string& hex : mined.hexes) out << " " << hex << ";";
  out << "\n";
}

void show_ground_ledgers(const Campaign& campaign, std::ostream& out) {
  out << "    " << china_garrison_status(campaign.books()) << "\n";
  const RailcapDemolitions demolitions = read_railcap_demolitions(campaign.books());
  if (!demolitions.empty()) {
    out << "    Railcap demolition attempt made (none again, 35.7.1):";
    for (const auto& [country, entry] : demolitions)
      out << " " << country << " " << entry.cycle << ";";
    out << "\n";
  }
}

// E.3: when naval attrition is resolved in the coming cycle (37.2.3), rolled with the seed.
void naval_attrition_timing(const Campaign& campaign, engine::Rng* rng, std::ostream& out) {
  const std::int64_t year = 41 + (campaign.cycle() + 1) / 13;
  const NavalAttritionRemoved removed = read_naval_attrition_removed(campaign.books());
  for (const char* cup : {"allied", "japanese"}) {
    out << "    " << cup << " cup: " << chits_out(removed, cup, year).size()
        << " unmarked chits out this year"
        << " (book FILE attrition-chit cup= chit= records a draw)\n";
  }
  if (rng == nullptr) {
    out << "    roll 1D6 (1-4: the G/T; 5-6 roll again), then 1D6 at that G/T for the Naval "
           "Phase: pacwar witp attrition-timing\n";
    return;
  }
  std::int64_t gt_die = 0;
  do {
    gt_die = 1 + rng->below(6);
  } while (gt_die >= 5);
  const std::int64_t phase_die = 1 + rng->below(6);
  out << "    dice: G/T die " << gt_die << ", Naval Phase die " << phase_die
      << ": naval attrition in G/T " << gt_die << " of " << cycle_label(campaign.cycle() + 1)
      << ", Naval Phase " << (phase_die + 1) / 2 << " (37.2.3)\n";
}

void show_refit_yard_log(const Campaign& campaign, std::ostream& out) {
  const RefitYardLog log = read_refit_yard_log(campaign.books());
  if (log.empty()) {
    out << "    the Refit/Yard Period Log is empty (book FILE ship ship= side= type=).\n";
    return;
  }
  const std::string now = cycle_label(campaign.cycle());
  for (const auto& [ship, entry] : log) {
    out << "    " << ship << " (" << entry.type << "): ";
    if (needs_refit(entry.type)) {
      out << "refit " << now << " "
          << (entry.refit_in(campaign.cycle()) ? "checked" : "NOT checked");
    } else {
      out << "no refits (36.6.1)";
    }
    out << ", " << entry.yard_periods.size() << " yard period(s) logged"
        << (entry.unsupplied ? ", UNSUPPLIED" : "") << "\n";
  }
}

}  // namespace

const std::vector<Segment>& strategic_turn_segments() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<Segment>& segments = *new const std::vector<Segment>{
      {"A.1", "Japanese Escort Segment",
       "Japan assigns DD/DE/CD (and, from 0/11/43, G4M/H8K) "
       "to MS escort (57.1)."},
      {"A.2", "Allied Submarine Priority Segment",
       "Allied sub points to or from the anti-MS "
       "role; primary target MS or escorts."},
      {"A.3", "Merchant Shipping Attrition Segment",
       "Japanese MS and Allied sub losses from the chartbook's Merchant Shipping Attrition and "
       "Escort tables (not in the text); the MSPs lost go into the merchant shipping ledger "
       "(57.3)."},
      {"A.4", "MS Pool Segment",
       std::string("MSUs to MS pools; Japanese MSU->MSP conversions: ") + kWitp +
           "msp-conversion --load N --campaign FILE (57.5.1: they arrive next cycle); MSPs to "
           "MSUs: "
           "book FILE msp-to-msu msp= (57.5.2)."},
      {"A.5", "Allied Strategic Air MS Interdiction Segment", "Only with Optional Rule 57.8."},
      {"A.6", "AO Tanker Assignment Segment", "AO pairs as fleet tankers (28.7)."},
      {"B.1", "Strategic Intelligence Segment",
       "The US player draws both sides' SI level chits (42.1); the books record them with SI +1 "
       "chits, Doolittle and JN-25, and give Sigint and Magic (42.2; magic-draw, si-effects)."},
      {"C.1", "Plot Segment",
       "Japanese Strategic CAP; Allied strategic bombing and mining strikes "
       "(announce mining openly first)."},
      {"C.2", "Strike Execution Segment",
       std::string("Resolve strikes; mining: ") + kWitp +
           "mining --aps N --resource-value V --die D --campaign FILE --hex HEX "
           "(56.4.2, 56.4.3; each hex once, 56.4.4)."},
      {"C.3", "Strategic Strike Allocation Segment",
       "APs to the strategic role for the next "
       "Strategic G/T."},
      {"D.1", "Residual Command Point Segment",
       "Leftover CPs are eliminated except carry-over "
       "(28.9) and future operations; applied at J."},
      {"D.2", "Command Point Determination Segment",
       "Roll 2D6 on your side's CP Table "
       "(chartbook); China CP Table (28.3)."},
      {"D.3", "Command Point Allocation Segment",
       "Allocate CPs: book FILE assign side= hq= cps= (gearing 28.4), reserve (28.6), "
       "future-ops (28.5), China."},
      {"D.4", "Emergency Command Link Segment",
       std::string("Establish or maintain emergency links (31): ") + kWitp +
           "tokyo-express --e-rating E | --maintain --dice 2D6 --campaign FILE --hq HQ (31.1); "
           "cargo-aps (31.3.1); emergency-link --campaign FILE --side S --hq HQ (31.5)."},
      {"E.1", "Ground Unit Isolation & Attrition Segment",
       "Units without a command link suffer "
       "attrition."},
      {"E.2", "Air Attrition Segment",
       std::string("Per air block: ") + kWitp +
           "air-attrition --nationality us --aps N --doubled D; "
           "air-attrition-ratio, elite-attrition (37.1)."},
      {"E.3", "Naval Attrition Determination Segment",
       "When naval attrition is resolved in the coming cycle (37.2.3); the chit drawn then: "
       "pacwar witp attrition-draw --cup allied|japanese --removed ...; sub attrition: "
       "sub-attrition (37.2.5)."},
      {"F.1", "Deployment Segment", "Sub points to and from Subrons and pools; Sub Bases."},
      {"F.2", "ASW Air Allocation Segment", "APs to the strategic ASW role."},
      {"F.3", "US MTB Deployment Segment",
       "MTB points to MTBRons; CPs to deploy or maintain "
       "(60.5)."},
      {"G.1", "Deactivation Segment",
       "Deactivate on-map ground units (not embarked at sea). After a Chinese surrender: "
       "china-garrison --campaign FILE counts the garrison (47.17); Railcap demolitions made "
       "(35.7.1) are listed."},
      {"G.2", "Reinforcement Segment",
       "Reinforcements arrive; repaired ships (released by book FILE repair-advance at the end "
       "of each G/T) and disbanded HQs redeploy; aces (6.4.2)."},
      {"G.3", "Production Arrival Segment", "Newly completed units are placed."},
      {"G.4", "Replacement Segment", "Ground steps and AP replacements."},
      {"G.5", "Port Activation Limits Segment", "Only with Optional Rule 38.4."},
      {"H.1", "Production Segment", "PPs received and spent (needs the production tables)."},
      {"H.2", "Strategic Bombing Repair Segment",
       "Japan rolls for repair of bomb damage, each attempt with its number: pacwar witp "
       "bomb-repair --damage D --die N --attempt K [--fire-bombed] (55.4, 55.5); from 0/9/45 "
       "abomb-available (55.6.3)."},
      {"I.1", "Weather Phase", "Squalls and storms (Optional Rule 59.3); wind direction per map."},
      {"J.1", "End of the Strategic Turn",
       "CP carry-over (28.9), refits missed (36.6.3), yard periods owed at the year's end "
       "(36.5.4), and the cycle marker advances."},
  };
  return segments;
}

bool msp_arrivals_due(const Campaign& campaign) {
  bool due = false;
  for (const MspConversion& item : read_merchant_shipping(campaign.books()).pending) {
    due = due || parse_cycle("arrives", item.arrives) <= campaign.cycle();
  }
  return due;
}

std::vector<std::string> segment_notes(const Campaign& campaign, const std::string& code) {
  std::ostringstream out;
  if (code == "A.3" || code == "A.4") {
    out << "    " << merchant_shipping_status(campaign.books()) << "\n";
    if (code == "A.4" && msp_arrivals_due(campaign)) {
      out << "    converted MSPs are due to join the total (57.5.1): msp-arrivals\n";
    }
  }
  if (code == "B.1") {
    for (const std::string side : {"allied", "japanese"}) {
      out << "    " << side << " SI level " << read_side(campaign.books(), side).si_level << "\n";
    }
    const std::int64_t pending = read_side(campaign.books(), "japanese").si_plus_chits;
    if (pending > 0)
      out << "    Japan adds " << pending << " SI +1 chits to its SI cup (42.5.2).\n";
  }
  if (code == "C.2") show_mining(campaign, out);
  if (code == "D.3") show_cp_books(campaign, out);
  if (code == "E.3") naval_attrition_timing(campaign, nullptr, out);
  if (code == "G.1") show_ground_ledgers(campaign, out);
  if (code == "G.2") {
    show_repairs_due(campaign, out);
    show_refit_yard_log(campaign, out);
  }
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);) {
    const auto start = line.find_first_not_of(' ');
    if (start != std::string::npos) lines.push_back(line.substr(start));
  }
  return lines;
}

int run_strategic_turn(Campaign& campaign, const Tables& tables, std::istream& in,
                       std::ostream& out, std::optional<std::uint64_t> seed) {
  std::optional<engine::Rng> rng;
  if (seed) rng.emplace(*seed);
  out << "Strategic G/T (50.0) at the end of cycle " << cycle_label(campaign.cycle()) << " ("
      << campaign.file() << "). Enter: next segment, q: stop.\n";
  const std::vector<std::pair<std::string, std::string>> next_words = {
      {"", "next"},    {"done", "next"}, {"d", "next"},   {"y", "next"},
      {"yes", "next"}, {"ok", "next"},   {"next", "next"}};
  for (const Segment& segment : strategic_turn_segments()) {
    out << "\n" << segment.code << " " << segment.title << "\n    " << segment.what << "\n";
    if (segment.code == "A.3" && !record_ms_attrition(campaign, tables, in, out)) return 0;
    if (segment.code == "A.4") ms_pool_arrivals(campaign, tables, out);
    if (segment.code == "B.1" && !record_si_levels(campaign, tables, in, out)) return 0;
    if (segment.code == "C.2") show_mining(campaign, out);
    if (segment.code == "D.2" && rng) {
      const std::int64_t allied = roll_2d6(*rng);
      const std::int64_t japanese = roll_2d6(*rng);
      out << "    dice (seed " << *seed << "): Allied CP Table 2D6 = " << allied
          << ", Japanese CP Table 2D6 = " << japanese << "\n";
    }
    if (segment.code == "D.3") show_cp_books(campaign, out);
    if (segment.code == "E.3") naval_attrition_timing(campaign, rng ? &*rng : nullptr, out);
    if (segment.code == "G.1") show_ground_ledgers(campaign, out);
    if (segment.code == "G.2") {
      show_repairs_due(campaign, out);
      show_refit_yard_log(campaign, out);
    }
    std::string answer;
    if (segment.code == "J.1") {
      if (!ask_word(in, out, "    advance to " + cycle_label(campaign.cycle() + 1) + " now? [y/N] ",
                    {{"y", "y"}, {"yes", "y"}, {"n", "n"}, {"no", "n"}, {"", "n"}},
                    "y (advance) or n (not now)", answer)) {
        return 0;
      }
      if (answer == "y") {
        try {
          out << "    " << advance_cycle(campaign) << "\n";
          campaign.save();
        } catch (const engine::UsageError& e) {
          out << "    not advanced: " << e.what() << "\n";
        }
      }
      continue;
    }
    if (!ask_word(in, out, "    done? ", next_words,
                  "Enter (or done) for the next segment, q to stop", answer)) {
      return 0;
    }
  }
  out << "\nStrategic G/T complete.\n";
  return 0;
}

}  // namespace pacwar::witp
