#include "server/witp/witp_api.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "server/accounts/crypto.h"
#include "server/db/migrations.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/games.h"
#include "witp/book_changes.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"
#include "witp/catalog.h"
#include "witp/postings.h"
#include "witp/strategic_turn_50.h"
#include "witp/table_forms.h"
#include "witp/tables.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr const char* kCampaignPath = R"(/api/witp/campaigns/([0-9a-f]{1,64}))";
constexpr const char* kTablesLabel = "this campaign's chartbook tables (the Tables page)";
constexpr std::int64_t kMaxCampaigns = 100;  // per owner

}  // namespace

// Additive: new tables only, created if missing, beside the games' schema (store.cc).
// Schema version 1 (migrations.cc): never changed; a change to these tables is a new migration.
const std::vector<std::string>& witp_schema_v1() {
  static const std::vector<std::string> statements = {
      "CREATE TABLE IF NOT EXISTS witp_campaigns (id TEXT PRIMARY KEY, "
      "owner TEXT NOT NULL REFERENCES users(username), name TEXT NOT NULL, "
      "cycle TEXT NOT NULL, document TEXT NOT NULL, chartbook TEXT, share_token TEXT UNIQUE, "
      "revision BIGINT NOT NULL, created BIGINT NOT NULL, updated BIGINT NOT NULL)",
      "CREATE INDEX IF NOT EXISTS witp_campaigns_by_owner ON witp_campaigns (owner)",
      "CREATE TABLE IF NOT EXISTS witp_readers ("
      "campaign_id TEXT NOT NULL REFERENCES witp_campaigns(id), "
      "username TEXT NOT NULL REFERENCES users(username), PRIMARY KEY (campaign_id, username))",
      "CREATE INDEX IF NOT EXISTS witp_readers_by_user ON witp_readers (username)",
      // The share link of a campaign (issue 41): a hash of its token (token_hash, as for
      // invitations and sessions), never the token; witp_campaigns.share_token is no longer
      // written (migrate_clear_share_tokens moves the clear tokens of older servers here).
      "CREATE TABLE IF NOT EXISTS witp_share_links ("
      "campaign_id TEXT PRIMARY KEY REFERENCES witp_campaigns(id), "
      "token_hash TEXT NOT NULL UNIQUE)",
  };
  return statements;
}

namespace {

// The "revision" of a write: the campaign's revision the page loaded (absent or null: no check).
std::optional<std::int64_t> revision_of(const Json& body) {
  return optional_integer_field(body, "revision", " (the campaign's revision you loaded)");
}

// The chartbook tables document of a body: an object, or (where `optional`) absent or null.
std::optional<Json> tables_of_body(const Json& body, bool optional) {
  const Json& tables = member(body, "tables");
  if (optional && tables.is_null()) return std::nullopt;
  if (!tables.is_object()) {
    throw field_error("tables", std::string("must be an object: the chartbook tables document "
                                            "(data/witp/tables.schema.md)") +
                                    (optional ? ", or null" : ""));
  }
  return tables;
}

// The bodies of the routes with several fields, read and type-checked before anything else.
struct BookRequest {
  std::string change;
  Json fields;
  std::optional<std::int64_t> revision;
};

BookRequest book_request(const Json& body) {
  return {string_field(body, "change", " (a book change)"),
          object_field(body, "fields", " of the change's fields, {\"msp\": 300}"),
          revision_of(body)};
}

struct CalculateRequest {
  std::string calculator;
  Json args;
  bool post = false;
  Json post_args;
  std::optional<std::int64_t> revision;
};

CalculateRequest calculate_request(const Json& body) {
  return {string_field(body, "calculator", " (a calculator's name)"),
          object_field(body, "args", " of the calculator's arguments, {\"aps\": 2}"),
          bool_field(body, "post"),
          object_field(body, "post_args", " of the book fields of the result"), revision_of(body)};
}

// A form value as the command line would have typed it: numbers and words as text (trimmed), true
// for a flag given; a list (`list`) as an array or as numbers separated by spaces. "" and false
// leave the field out. A refusal names the field by its form label (`label`: "APs") and, in
// "field", by its argument name (`name`: "aps"); "path" says where it is in the body.
std::vector<std::string> words_of(const std::string& name, const std::string& path,
                                  const Json& value, bool list) {
  const std::string label = witp::label_of(name);
  const Json where = {{"field", name}, {"path", path}};
  if (value.is_boolean()) {
    if (value.get<bool>()) return {"true"};
    return {};
  }
  if (value.is_number_integer()) return {std::to_string(value.get<std::int64_t>())};
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    if (list) {
      std::vector<std::string> words;
      std::istringstream stream(text);
      for (std::string word; stream >> word;) words.push_back(word);
      return words;
    }
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return {text.substr(first, text.find_last_not_of(" \t") - first + 1)};
  }
  if (value.is_array() && list) {
    std::vector<std::string> words;
    for (const Json& item : value) {
      if (!item.is_number_integer()) {
        throw ApiError(400, label + " must be a list of whole numbers.", where);
      }
      words.push_back(std::to_string(item.get<std::int64_t>()));
    }
    return words;
  }
  if (value.is_null()) return {};
  throw ApiError(400,
                 label + (list ? " must be whole numbers separated by spaces."
                               : " must be a whole number, a word or a tick box."),
                 where);
}

// A refusal in the form's words (a sentence naming the field by its label), with "field" the
// argument's name for the page to mark and "path" where it is in the body ("args.aps").
// `extra` keeps what the original refusal carried (its "problems", say).
ApiError form_error(const witp::FormProblem& problem, const std::string& body_key,
                    Json extra = Json::object()) {
  extra.erase("error");
  extra["message"] = problem.message;
  if (!problem.arg.empty()) {
    extra["field"] = problem.arg;
    extra["path"] = body_key + "." + problem.arg;
  }
  return ApiError(400, problem.message, extra);
}

const char* arg_kind_name(witp::ArgKind kind) {
  switch (kind) {
    case witp::ArgKind::kInteger:
      return "integer";
    case witp::ArgKind::kFlag:
      return "flag";
    case witp::ArgKind::kText:
      return "text";
    case witp::ArgKind::kIntegerList:
      return "integers";
    case witp::ArgKind::kDie:
      return "die";
    case witp::ArgKind::kCycle:
      return "cycle";
  }
  return "text";
}

// A choice list as a form shows it: each word with its label.
Json choices_json(const std::vector<std::string>& words) {
  Json out = Json::array();
  for (const std::string& w : words)
    out.push_back({{"value", w}, {"label", witp::choice_label(w)}});
  return out;
}

// One argument as a form shows it: its label, type, choices, bounds and rule section.
Json arg_json(const witp::ArgSpec& raw, const std::string& section) {
  const witp::ArgSpec spec = witp::describe_arg(raw);
  Json arg = {{"name", spec.name},
              {"label", spec.label},
              {"kind", arg_kind_name(spec.kind)},
              {"help", spec.help},
              {"required", spec.required},
              {"default", spec.default_value},
              {"section", spec.section.empty() ? section : spec.section}};
  if (spec.kind == witp::ArgKind::kDie) {
    arg["dice"] = spec.dice;
    arg["sides"] = spec.sides;
  }
  if (!spec.choices.empty()) {
    arg["choices"] = choices_json(spec.choices);
    arg["open"] = spec.open_choices;
  }
  if (spec.min) arg["min"] = *spec.min;
  if (spec.max) arg["max"] = *spec.max;
  return arg;
}

// What the browser needs to build its forms, all from src/witp's own descriptions.
Json catalog_json() {
  Json calculators = Json::array();
  for (const witp::Calculator& c : witp::calculators()) {
    Json entry = {{"name", c.name},           {"section", c.section},
                  {"summary", c.summary},     {"uses_tables", c.uses_tables},
                  {"uses_seed", c.uses_seed}, {"args", Json::array()}};
    for (const witp::ArgSpec& spec : c.args) entry["args"].push_back(arg_json(spec, c.section));
    if (const witp::Posting* posting = witp::find_posting(c.name)) {
      entry["posting"] = {{"what", posting->what}, {"args", Json::array()}};
      for (const witp::ArgSpec& spec : posting->args) {
        entry["posting"]["args"].push_back(arg_json(spec, c.section));
      }
    }
    calculators.push_back(std::move(entry));
  }
  // The book changes' fields in the calculators' words (book_changes.h: one table).
  Json changes = Json::array();
  for (const witp::BookChange& c : witp::book_changes()) {
    Json entry = {{"change", c.change},
                  {"section", c.section},
                  {"title", c.title},
                  {"fields", Json::array()}};
    for (const witp::ArgSpec& f : c.fields) {
      Json field = arg_json(f, c.section);
      // A field's choices are the entry's own (a ship's name is not one of the ship types).
      if (f.choices.empty()) {
        field.erase("choices");
        field.erase("open");
      }
      entry["fields"].push_back(std::move(field));
    }
    changes.push_back(std::move(entry));
  }
  Json segments = Json::array();
  for (const witp::Segment& s : witp::strategic_turn_segments()) {
    segments.push_back({{"code", s.code}, {"title", s.title}, {"what", s.what}});
  }
  // The chartbook tables as forms show them (one table at a time), and the document a new
  // campaign's tables start from.
  Json tables = Json::array();
  for (const witp::TableDescription& t : witp::table_descriptions()) {
    Json columns = Json::array();
    for (const witp::TableColumn& col : t.columns) {
      Json column = {{"name", col.name},
                     {"label", witp::label_of(col.name)},
                     {"kind", col.text ? "text" : "integer"}};
      if (!col.text && !col.may_be_negative) column["min"] = 0;
      columns.push_back(std::move(column));
    }
    tables.push_back({{"name", t.name}, {"title", t.title}, {"columns", columns}});
  }
  return {{"calculators", calculators},
          {"book_changes", changes},
          {"segments", segments},
          {"tables", tables},
          {"tables_template", witp::tables_template()}};
}

// Where a problem of a tables document is, in words: "tables.ms_load_required.rows[0].load" reads
// "MS Load Capacity Required table (32.4.1), row 1, Load".
std::string where_words(const std::string& where) {
  std::string rest = where.rfind("tables.", 0) == 0 ? where.substr(7) : where;
  const std::size_t dot = rest.find('.');
  const std::string name = rest.substr(0, dot);
  std::string words;
  for (const witp::TableDescription& t : witp::table_descriptions()) {
    if (t.name == name) words = t.title;
  }
  if (words.empty()) return "The table " + witp::label_of(name);
  if (dot == std::string::npos) return words;
  rest = rest.substr(dot + 1);
  if (rest.rfind("rows[", 0) == 0) {
    const std::size_t close = rest.find(']');
    if (close != std::string::npos) {
      std::int64_t index = 0;
      try {
        index = std::stoll(rest.substr(5, close - 5));
      } catch (const std::exception&) {
        index = 0;
      }
      words += ", row " + std::to_string(index + 1);
      rest = close + 2 <= rest.size() ? rest.substr(close + 2) : "";
    }
  } else if (rest == "rows") {
    rest = "";
    words += ", its rows";
  }
  if (!rest.empty()) words += ", " + witp::label_of(rest);
  return words;
}

// data/witp/tables.schema.md, the explanation of the chartbook tables, for the page to show.
Json tables_schema() {
  const std::string file = game_data_dir("witp") + "/tables.schema.md";
  std::ifstream in(file);
  if (!in) throw ApiError(404, "The explanation of the chartbook tables is not installed.");
  std::ostringstream text;
  text << in.rdbuf();
  return {{"markdown", text.str()}};
}

// A refusal for want of a chartbook table, in the page's words, with the table to enter.
ApiError table_needed(const witp::TableNeeded& e) {
  std::string why = e.why();
  if (why.rfind("it is not in", 0) == 0) why = "not entered yet";
  if (why.rfind("incomplete: ", 0) == 0) why = why.substr(12);
  const std::string message = "This calculation needs the " + e.title() + " from your chartbook (" +
                              why + "). Enter its rows below or on the Chartbook tables page.";
  return ApiError(400, message,
                  {{"message", message}, {"table", e.table()}, {"table_title", e.title()}});
}

struct StoredCampaign {
  std::string id;
  std::string owner;
  std::string name;
  Json document;
  std::optional<Json> chartbook;
  bool share_link = false;  // a link is out (its token is not kept)
  std::int64_t revision = 0;
  std::int64_t updated = 0;
  bool owned = false;
};

class WitpService {
 public:
  WitpService(Database& db, std::size_t max_campaign_bytes)
      : db_(db), max_campaign_bytes_(max_campaign_bytes), catalog_(catalog_json()) {
    migrate(db_);
    migrate_clear_share_tokens();
  }

  // Tokens stored in clear by servers before issue 41 (witp_campaigns.share_token): hashed into
  // witp_share_links and cleared, so that the links already sent keep working.
  void migrate_clear_share_tokens() {
    auto c = db_.acquire();
    Transaction t(*c);
    for (const SqlRow& row :
         c->query("SELECT id, share_token FROM witp_campaigns WHERE share_token IS NOT NULL")) {
      const std::string id = row[0].value_or("");
      c->execute(
          "INSERT INTO witp_share_links (campaign_id, token_hash) VALUES (?, ?) "
          "ON CONFLICT (campaign_id) DO NOTHING",
          {id, token_hash(row[1].value_or(""))});
      c->execute("UPDATE witp_campaigns SET share_token = NULL WHERE id = ?", {id});
    }
    t.commit();
  }

  const Json& catalog() const { return catalog_; }

  Json list(const std::string& me) {
    auto c = db_.acquire();
    Json out = Json::array();
    const auto rows = c->query(
        "SELECT id, name, owner, cycle, updated FROM witp_campaigns WHERE owner = ? "
        "UNION ALL SELECT w.id, w.name, w.owner, w.cycle, w.updated FROM witp_campaigns w "
        "JOIN witp_readers r ON r.campaign_id = w.id WHERE r.username = ? ORDER BY 5 DESC",
        {me, me});
    for (const SqlRow& row : rows) {
      const std::string owner = row[2].value_or("");
      out.push_back({{"id", row[0].value_or("")},
                     {"name", row[1].value_or("")},
                     {"owner", owner},
                     {"role", owner == me ? "owner" : "reader"},
                     {"cycle", row[3].value_or("")},
                     {"updated", std::stoll(row[4].value_or("0"))}});
    }
    return {{"campaigns", out}};
  }

  Json create(const std::string& me, const Json& body) {
    const std::string name = campaign_name(body);
    const std::string start =
        optional_string_field(body, "start_cycle", " such as \"0/1/42\"").value_or("0/1/42");
    std::optional<Json> chartbook = tables_of_body(body, true);
    if (chartbook) checked_tables(*chartbook);
    const witp::Campaign campaign = translate([&] {
      witp::parse_cycle("start_cycle", start);
      return witp::Campaign::fresh(start, name);
    });
    auto c = db_.acquire();
    Transaction t(*c);
    const auto count = c->query("SELECT COUNT(*) FROM witp_campaigns WHERE owner = ?", {me});
    if (!count.empty() && std::stoll(count[0][0].value_or("0")) >= kMaxCampaigns) {
      throw ApiError(429, "you keep " + std::to_string(kMaxCampaigns) +
                              " campaigns, the most allowed; delete one first");
    }
    const std::string id = random_token(8);
    const std::int64_t now = now_ms();
    c->execute(
        "INSERT INTO witp_campaigns (id, owner, name, cycle, document, chartbook, share_token, "
        "revision, created, updated) VALUES (?, ?, ?, ?, ?, ?, NULL, 1, ?, ?)",
        {id, me, name, witp::cycle_label(campaign.cycle()), campaign.to_json().dump(),
         chartbook ? SqlValue(chartbook->dump()) : SqlValue(), now, now});
    t.commit();
    return {{"id", id}, {"name", name}, {"cycle", witp::cycle_label(campaign.cycle())}};
  }

  StoredCampaign load(const std::string& id, const std::string& me) {
    auto c = db_.acquire();
    const auto rows = c->query(
        "SELECT id, owner, name, document, chartbook, (SELECT COUNT(*) FROM witp_share_links l "
        "WHERE l.campaign_id = witp_campaigns.id), revision, updated FROM witp_campaigns "
        "WHERE id = ?",
        {id});
    if (rows.empty()) throw ApiError(404, "no campaign " + id);
    StoredCampaign s;
    s.id = rows[0][0].value_or("");
    s.owner = rows[0][1].value_or("");
    s.name = rows[0][2].value_or("");
    s.document = Json::parse(rows[0][3].value_or("{}"));
    if (rows[0][4]) s.chartbook = Json::parse(*rows[0][4]);
    s.share_link = rows[0][5].value_or("0") != "0";
    s.revision = std::stoll(rows[0][6].value_or("0"));
    s.updated = std::stoll(rows[0][7].value_or("0"));
    s.owned = s.owner == me;
    if (!s.owned &&
        c->query("SELECT 1 FROM witp_readers WHERE campaign_id = ? AND username = ?", {id, me})
            .empty()) {
      throw ApiError(403, "campaign " + id + " is not yours and not shared with you");
    }
    return s;
  }

  // The campaign for a write by its owner; 409 when `revision` is given and it changed since.
  StoredCampaign load_owned(const std::string& id, const std::string& me,
                            std::optional<std::int64_t> revision = std::nullopt) {
    StoredCampaign s = load(id, me);
    if (!s.owned) {
      throw ApiError(403, "read-only: " + s.owner + " shared this campaign with you to read");
    }
    if (revision) {
      if (*revision != s.revision) {
        throw ApiError(409,
                       "the campaign changed since you loaded it (now revision " +
                           std::to_string(s.revision) + "); reload it",
                       {{"revision", s.revision}});
      }
    }
    return s;
  }

  // The campaign as the page shows it: the books, the log without the patches kept for undo
  // (whether each entry can still be undone), and how many earlier changes are no longer kept.
  Json view(const StoredCampaign& s) {
    const witp::Campaign campaign = open(s);
    Json log = Json::array();
    for (std::size_t i = 0; i < campaign.log().size(); ++i) {
      log.push_back({{"index", i},
                     {"change", campaign.log()[i]["change"]},
                     {"summary", campaign.log()[i]["summary"]},
                     {"undoable", campaign.log()[i].contains("undo")}});
    }
    Json view = {{"id", s.id},
                 {"name", s.name},
                 {"owner", s.owner},
                 {"role", s.owned ? "owner" : "reader"},
                 {"revision", s.revision},
                 {"updated", s.updated},
                 {"cycle", witp::cycle_label(campaign.cycle())},
                 {"books", campaign.books()},
                 {"log", log},
                 {"log_earlier", campaign.log_earlier()},
                 {"tables", tables_status(s)}};
    if (s.owned) {
      view["readers"] = readers(s.id);
      view["share_link"] = s.share_link;  // the token itself was shown once, when made
    }
    return view;
  }

  Json checklist(const StoredCampaign& s) {
    const witp::Campaign campaign = open(s);
    Json segments = Json::array();
    for (const witp::Segment& segment : witp::strategic_turn_segments()) {
      segments.push_back({{"code", segment.code},
                          {"title", segment.title},
                          {"what", segment.what},
                          {"notes", witp::segment_notes(campaign, segment.code)}});
    }
    return {{"cycle", witp::cycle_label(campaign.cycle())},
            {"next_cycle", witp::cycle_label(campaign.cycle() + 1)},
            {"revision", s.revision},
            {"role", s.owned ? "owner" : "reader"},
            {"msp_arrivals_due", witp::msp_arrivals_due(campaign)},
            {"segments", segments}};
  }

  // A book change from the form's fields, read by the change's declared fields (book_changes.h)
  // and applied as the command line's `book FILE CHANGE` is; refusals in the form's words.
  Json book(StoredCampaign s, const BookRequest& request) {
    const std::string& change = request.change;
    const witp::BookChange* spec = witp::find_book_change(change);
    if (spec == nullptr) throw ApiError(400, "change: unknown book change '" + change + "'");
    std::map<std::string, std::vector<std::string>> values;
    for (const auto& item : request.fields.items()) {
      // A named copy, not a structured binding: clang 14 cannot capture a binding in a lambda.
      const std::string key = item.key();
      const auto& value = item.value();
      const bool known = std::any_of(spec->fields.begin(), spec->fields.end(),
                                     [&](const witp::ArgSpec& f) { return f.name == key; });
      if (!known) {
        throw ApiError(400, "This change has no field called " + witp::label_of(key) + ".",
                       {{"field", key}, {"path", "fields." + key}});
      }
      values[key] = words_of(key, "fields." + key, value, false);
    }
    if (auto problem = witp::form_problem(spec->fields, values)) {
      throw form_error(*problem, "fields");
    }
    // The log names the change with its fields, as the command line would have typed them.
    std::string description = change;
    witp::BookFields fields(*spec, witp::BookSurface::kForm);
    try {
      for (const auto& [key, given] : values) {
        if (given.empty()) continue;
        description += " " + key + "=" + given[0];
        fields.set(key, given[0], witp::label_of(key));
      }
      return change_campaign(s, [&](witp::Campaign& campaign, const witp::Tables& tables) {
        return Json{
            {"summary", witp::apply_book_change(campaign, *spec, fields, description, tables)}};
      });
    } catch (const ApiError& e) {
      if (e.status() != 400 || e.body().contains("table")) throw;
      throw form_error(witp::in_form_words(spec->fields, e.what()), "fields", e.body());
    } catch (const engine::UsageError& e) {
      throw form_error(witp::in_form_words(spec->fields, e.what()), "fields");
    }
  }

  // Runs a calculator with the campaign's tables; with "post": applies the result to the books
  // as one logged change (owner only).
  Json calculate(const StoredCampaign& s, const CalculateRequest& request) {
    const std::string& name = request.calculator;
    const witp::Calculator* calculator = witp::find_calculator(name);
    if (calculator == nullptr) throw ApiError(400, "calculator: unknown calculator '" + name + "'");
    std::map<std::string, std::vector<std::string>> values;
    bool rolls = calculator->uses_seed;
    for (const auto& [key, value] : request.args.items()) {
      bool list = false;
      for (const witp::ArgSpec& spec : calculator->args) {
        list = list || (spec.name == key && spec.kind == witp::ArgKind::kIntegerList);
      }
      values[key] = words_of(key, "args." + key, value, list);
      for (const std::string& word : values[key]) rolls = rolls || word == "roll";
    }
    const bool post = request.post;
    std::map<std::string, std::vector<std::string>> post_values;
    const witp::Posting* posting = witp::find_posting(name);
    for (const auto& [key, value] : request.post_args.items()) {
      bool known = false;
      if (posting != nullptr) {
        for (const witp::ArgSpec& spec : posting->args) known = known || spec.name == key;
      }
      if (!known) {
        throw ApiError(400, "Posting this result has no field called " + witp::label_of(key) + ".",
                       {{"field", key}, {"path", "post_args." + key}});
      }
      post_values[key] = words_of(key, "post_args." + key, value, false);
    }
    if (post && posting == nullptr) {
      throw ApiError(400, "This calculator's result changes no book (" + calculator->section +
                              "), so it cannot be posted.");
    }
    if (auto problem = witp::form_problem(calculator->args, values)) {
      throw form_error(*problem, "args");
    }
    if (post) {
      if (auto problem = witp::form_problem(posting->args, post_values,
                                            " when the result is posted to a campaign")) {
        throw form_error(*problem, "post_args");
      }
    }
    // The engine's dice for "roll" and chit draws: a fresh seed, reported with the result.
    std::optional<std::uint64_t> seed;
    if (rolls) seed = random_u64() >> 11;
    // The calculator's own refusals ("--cps-added: must be ...") in the form's words.
    std::vector<witp::ArgSpec> specs = calculator->args;
    if (posting != nullptr) specs.insert(specs.end(), posting->args.begin(), posting->args.end());
    try {
      if (!post) {
        const witp::Tables tables = tables_of(s);
        Json run =
            translate([&] { return witp::run_calculator(*calculator, values, tables, seed); });
        if (seed) run["seed"] = *seed;
        return {{"run", run}};
      }
      if (!s.owned) {
        throw ApiError(403, "read-only: " + s.owner + " shared this campaign with you to read");
      }
      return change_campaign(s, [&](witp::Campaign& campaign, const witp::Tables& tables) {
        Json run = witp::run_calculator(*calculator, values, tables, seed);
        if (seed) run["seed"] = *seed;
        const std::string summary = witp::post_result(campaign, run, post_values);
        return Json{{"run", run}, {"summary", summary}};
      });
    } catch (const ApiError& e) {
      if (e.status() != 400 || e.body().contains("table")) throw;
      throw form_error(witp::in_form_words(specs, e.what()), "args", e.body());
    }
  }

  Json undo(const StoredCampaign& s) {
    return change_campaign(s, [](witp::Campaign& campaign, const witp::Tables&) {
      return Json{{"undone", campaign.undo()}};
    });
  }

  Json set_tables(const StoredCampaign& s, const Json& tables) {
    const Json chartbook = checked_tables(tables);
    auto c = db_.acquire();
    if (c->execute(
            "UPDATE witp_campaigns SET chartbook = ?, revision = revision + 1, updated = ? WHERE "
            "id = ? AND revision = ?",
            {chartbook.dump(), now_ms(), s.id, s.revision}) != 1) {
      throw ApiError(409, "the campaign changed meanwhile; reload it");
    }
    StoredCampaign changed = s;
    changed.chartbook = chartbook;
    return {{"revision", s.revision + 1}, {"tables", tables_status(changed)}};
  }

  Json add_reader(const StoredCampaign& s, const std::string& name) {
    if (name == s.owner) throw ApiError(400, "username: you own this campaign");
    auto c = db_.acquire();
    if (c->query("SELECT 1 FROM users WHERE username = ?", {name}).empty()) {
      throw ApiError(404, "username: no user '" + name + "'");
    }
    c->execute(
        "INSERT INTO witp_readers (campaign_id, username) VALUES (?, ?) "
        "ON CONFLICT (campaign_id, username) DO NOTHING",
        {s.id, name});
    return {{"readers", readers(s.id)}};
  }

  Json remove_reader(const StoredCampaign& s, const std::string& name) {
    auto c = db_.acquire();
    c->execute("DELETE FROM witp_readers WHERE campaign_id = ? AND username = ?", {s.id, name});
    return {{"readers", readers(s.id)}};
  }

  // A new share link (the previous one stops working), its token shown in this answer only; or
  // none (`revoke`).
  Json share_link(const StoredCampaign& s, bool revoke) {
    auto c = db_.acquire();
    Transaction t(*c);
    c->execute("DELETE FROM witp_share_links WHERE campaign_id = ?", {s.id});
    const std::optional<std::string> token =
        revoke ? std::nullopt : std::optional(random_token(16));
    if (token) {
      c->execute("INSERT INTO witp_share_links (campaign_id, token_hash) VALUES (?, ?)",
                 {s.id, token_hash(*token)});
    }
    t.commit();
    return {{"share_token", token ? Json(*token) : Json()}};
  }

  Json join(const std::string& me, const std::string& token) {
    auto c = db_.acquire();
    const auto rows = c->query(
        "SELECT w.id, w.owner FROM witp_campaigns w JOIN witp_share_links l ON "
        "l.campaign_id = w.id WHERE l.token_hash = ?",
        {token_hash(token)});
    if (rows.empty()) throw ApiError(404, "no campaign is shared with this link (revoked?)");
    const std::string id = rows[0][0].value_or("");
    if (rows[0][1].value_or("") != me) {
      c->execute(
          "INSERT INTO witp_readers (campaign_id, username) VALUES (?, ?) "
          "ON CONFLICT (campaign_id, username) DO NOTHING",
          {id, me});
    }
    return {{"id", id}};
  }

  void remove(const StoredCampaign& s) {
    auto c = db_.acquire();
    Transaction t(*c);
    c->execute("DELETE FROM witp_readers WHERE campaign_id = ?", {s.id});
    c->execute("DELETE FROM witp_share_links WHERE campaign_id = ?", {s.id});
    c->execute("DELETE FROM witp_campaigns WHERE id = ?", {s.id});
    t.commit();
  }

 private:
  // src/witp's refusals (a rule, a field, a table) are the client's: 400 with their message.
  template <class F>
  static auto translate(F f) -> decltype(f()) {
    try {
      return f();
    } catch (const witp::TableNeeded& e) {
      throw table_needed(e);
    } catch (const engine::UsageError& e) {
      throw ApiError(400, e.what());
    } catch (const engine::DataError& e) {
      throw ApiError(400, e.what());
    }
  }

  static std::string campaign_name(const Json& body) {
    const std::string name = string_field(body, "name", " (the campaign's name)");
    if (name.empty() || name.size() > 80) throw ApiError(400, "name: 1 to 80 characters");
    for (unsigned char ch : name) {
      if (ch < 0x20 || ch == 0x7f) throw ApiError(400, "name: no control characters");
    }
    return name;
  }

  static witp::Campaign open(const StoredCampaign& s) {
    return translate([&] { return witp::Campaign::from_json(s.document, s.name); });
  }

  static witp::Tables tables_of(const StoredCampaign& s) {
    if (!s.chartbook) return witp::Tables(kTablesLabel);
    return translate([&] { return witp::Tables::from_json(*s.chartbook, kTablesLabel); });
  }

  // The player's chartbook document, checked against data/witp/tables.schema.md: every problem
  // but incompleteness refuses it, all of them listed.
  static Json checked_tables(const Json& document) {
    Json problems = Json::array();
    for (const witp::TableProblem& p : witp::validate_tables(document)) {
      if (p.problem.rfind("incomplete", 0) == 0) continue;
      problems.push_back(
          {{"where", p.where}, {"words", where_words(p.where)}, {"problem", p.problem}});
    }
    if (!problems.empty()) {
      const std::string field = "tables." + problems[0]["where"].get<std::string>();
      throw ApiError(
          400,
          problems[0]["words"].get<std::string>() + ": " +
              problems[0]["problem"].get<std::string>() +
              (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more)"
                                   : "") +
              ". Nothing changed.",
          {{"problems", problems}, {"field", field}});
    }
    return document;
  }

  static Json tables_status(const StoredCampaign& s) {
    Json status = {{"entered", s.chartbook.has_value()}, {"incomplete", Json::array()}};
    if (s.chartbook) {
      status["document"] = *s.chartbook;
      for (const witp::TableProblem& p : witp::validate_tables(*s.chartbook)) {
        status["incomplete"].push_back(
            {{"where", p.where}, {"words", where_words(p.where)}, {"problem", p.problem}});
      }
    }
    return status;
  }

  Json readers(const std::string& id) {
    auto c = db_.acquire();
    Json names = Json::array();
    for (const SqlRow& row : c->query(
             "SELECT username FROM witp_readers WHERE campaign_id = ? ORDER BY username", {id})) {
      names.push_back(row[0].value_or(""));
    }
    return names;
  }

  // Applies `edit` to the stored campaign and writes it back if nobody changed it meanwhile;
  // a refusal (src/witp's UsageError) changes nothing.
  template <class Edit>
  Json change_campaign(const StoredCampaign& s, Edit edit) {
    witp::Campaign campaign = open(s);
    const witp::Tables tables = tables_of(s);
    Json answer = translate([&] { return edit(campaign, tables); });
    // The books are checked by every change (campaign_schema); checked once more before the
    // write, like Campaign::save, so that the database never holds an invalid campaign. (The log
    // was checked when the campaign was read; its new entry is the change's own.)
    const Json document = campaign.to_json();
    translate([&] {
      witp::require_valid_books(s.name, document["books"]);
      return 0;
    });
    const std::string text = document.dump();
    if (max_campaign_bytes_ > 0 && text.size() > max_campaign_bytes_) {
      throw ApiError(409, "the campaign is full: " + std::to_string(text.size()) +
                              " bytes with this change, over the " +
                              std::to_string(max_campaign_bytes_) +
                              " a campaign may take; nothing changed. Start a new campaign "
                              "for the next phase of the war (its books carry over by hand)");
    }
    auto c = db_.acquire();
    if (c->execute("UPDATE witp_campaigns SET document = ?, cycle = ?, revision = revision + 1, "
                   "updated = ? WHERE id = ? AND revision = ?",
                   {text, witp::cycle_label(campaign.cycle()), now_ms(), s.id, s.revision}) != 1) {
      throw ApiError(409, "the campaign changed meanwhile; reload it and try again");
    }
    answer["revision"] = s.revision + 1;
    answer["cycle"] = witp::cycle_label(campaign.cycle());
    return answer;
  }

  Database& db_;
  std::size_t max_campaign_bytes_;  // ServerConfig::max_campaign_bytes
  Json catalog_;
};

}  // namespace

void register_witp_routes(Routes& routes, Database& db, std::size_t max_campaign_bytes) {
  auto service = std::make_shared<WitpService>(db, max_campaign_bytes);
  auto route = [&](const std::string& method, const std::string& pattern,
                   std::function<Json(const std::string&, const Request&, Response&)> f) {
    routes.add(method, pattern, Access::kSignedIn,
               [f](const std::string& me, Request& req, Response& res) {
                 const Json answer = f(me, req, res);
                 if (res.status != 204) send_json(res, res.status == 201 ? 201 : 200, answer);
               });
  };
  const std::string campaign = kCampaignPath;
  route("GET", "/api/witp/catalog",
        [service](const std::string&, const Request&, Response&) { return service->catalog(); });
  route("GET", "/api/witp/tables-schema",
        [](const std::string&, const Request&, Response&) { return tables_schema(); });
  route("GET", "/api/witp/campaigns",
        [service](const std::string& me, const Request&, Response&) { return service->list(me); });
  route("POST", "/api/witp/campaigns",
        [service](const std::string& me, const Request& req, Response& res) {
          res.status = 201;
          return service->create(me, json_body(req));
        });
  route("GET", campaign, [service](const std::string& me, const Request& req, Response&) {
    return service->view(service->load(req.matches[1], me));
  });
  route("GET", campaign + "/checklist",
        [service](const std::string& me, const Request& req, Response&) {
          return service->checklist(service->load(req.matches[1], me));
        });
  route("POST", campaign + "/calculate",
        [service](const std::string& me, const Request& req, Response&) {
          const CalculateRequest request = calculate_request(json_body(req));
          const StoredCampaign s = request.post
                                       ? service->load_owned(req.matches[1], me, request.revision)
                                       : service->load(req.matches[1], me);
          return service->calculate(s, request);
        });
  route("POST", campaign + "/book",
        [service](const std::string& me, const Request& req, Response&) {
          const BookRequest request = book_request(json_body(req));
          return service->book(service->load_owned(req.matches[1], me, request.revision), request);
        });
  route("POST", campaign + "/undo",
        [service](const std::string& me, const Request& req, Response&) {
          const auto revision = revision_of(json_body(req));
          return service->undo(service->load_owned(req.matches[1], me, revision));
        });
  route("POST", campaign + "/tables",
        [service](const std::string& me, const Request& req, Response&) {
          const Json body = json_body(req);
          const Json tables = *tables_of_body(body, false);
          const auto revision = revision_of(body);
          return service->set_tables(service->load_owned(req.matches[1], me, revision), tables);
        });
  route("POST", campaign + "/readers",
        [service](const std::string& me, const Request& req, Response&) {
          const std::string name = string_field(json_body(req), "username", " (a user name)");
          return service->add_reader(service->load_owned(req.matches[1], me), name);
        });
  route("POST", campaign + "/readers/remove",
        [service](const std::string& me, const Request& req, Response&) {
          const std::string name = string_field(json_body(req), "username", " (a user name)");
          return service->remove_reader(service->load_owned(req.matches[1], me), name);
        });
  route("POST", campaign + "/share-link",
        [service](const std::string& me, const Request& req, Response&) {
          const bool revoke = bool_field(json_body(req), "revoke");
          return service->share_link(service->load_owned(req.matches[1], me), revoke);
        });
  route("POST", campaign + "/delete",
        [service](const std::string& me, const Request& req, Response&) {
          const auto revision = revision_of(json_body(req));
          service->remove(service->load_owned(req.matches[1], me, revision));
          return Json{{"deleted", req.matches[1]}};
        });
  route("POST", R"(/api/witp/shared/([0-9a-f]{1,64}))",
        [service](const std::string& me, const Request& req, Response&) {
          return service->join(me, req.matches[1]);
        });
}

}  // namespace pacwar::server
