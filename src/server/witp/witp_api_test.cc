// The War in the Pacific assistant of the web server (witp_api.h) against a real server, on
// SQLite here and on PostgreSQL under scripts/test-postgres.sh (the fixture's name starts with
// ServerApi, which its filter runs). Each rule is src/witp's; these tests check that the API
// stores, shares, refuses and undoes as the command line does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "engine/data_dir.h"
#include "server/accounts/crypto.h"
#include "server/db/db.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

class ServerApiWitp : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerConfig c = testing::test_config(dir_, 4);
    c.agent_threads = 0;
    server_ = std::make_unique<InProcessServer>(std::move(c));
  }
  ApiClient user(const std::string& prefix, std::string* name = nullptr) {
    return testing::signed_up(server_->port(), prefix, name);
  }
  static std::string create(ApiClient& c, const std::string& start = "0/1/42") {
    const Reply r =
        c.post("/api/witp/campaigns", {{"name", "Guadalcanal"}, {"start_cycle", start}});
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body.value("id", "");
  }
  static Reply book(ApiClient& c, const std::string& id, const std::string& change,
                    const Json& fields = Json::object()) {
    return c.post("/api/witp/campaigns/" + id + "/book", {{"change", change}, {"fields", fields}});
  }
  static Json get(ApiClient& c, const std::string& id) {
    const Reply r = c.get("/api/witp/campaigns/" + id);
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
  // Every value of every table of the database, one a line (to look for a token in all of them).
  std::string everything_stored() {
    auto db = open_database(testing::test_db(dir_));
    auto c = db->acquire();
    const char* tables = db->kind() == "postgresql"
                             ? "SELECT table_name FROM information_schema.tables WHERE "
                               "table_schema = current_schema()"
                             : "SELECT name FROM sqlite_master WHERE type = 'table'";
    std::string all;
    for (const SqlRow& table : c->query(tables)) {
      for (const SqlRow& row : c->query("SELECT * FROM " + table[0].value_or(""))) {
        for (const auto& value : row) all += value.value_or("") + "\n";
      }
    }
    return all;
  }
  static Json example_tables() {
    std::ifstream in(source_dir() + "/data/witp/tables.example.json");
    return Json::parse(in);
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
};

TEST_F(ServerApiWitp, CampaignsArePerUserAndNeedALogIn) {
  ApiClient anonymous(server_->port());
  EXPECT_EQ(anonymous.get("/api/witp/campaigns").status, 401);
  EXPECT_EQ(anonymous.post("/api/witp/campaigns", {{"name", "x"}}).status, 401);
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  ASSERT_EQ(id.size(), 16u);
  const Json view = get(alice, id);
  EXPECT_EQ(view["cycle"], "0/1/42");
  EXPECT_EQ(view["role"], "owner");
  EXPECT_EQ(view["books"]["cycle"], 13);
  EXPECT_EQ(view["tables"]["entered"], false);
  const Reply list = alice.get("/api/witp/campaigns");
  ASSERT_EQ(list.body["campaigns"].size(), 1u);
  EXPECT_EQ(list.body["campaigns"][0]["cycle"], "0/1/42");
  // Another user neither sees nor reads it.
  ApiClient bob = user("bob");
  EXPECT_TRUE(bob.get("/api/witp/campaigns").body["campaigns"].empty());
  EXPECT_EQ(bob.get("/api/witp/campaigns/" + id).status, 403);
  EXPECT_EQ(book(bob, id, "msp-total", {{"msp", 300}}).status, 403);
}

TEST_F(ServerApiWitp, BadInputNamesTheFieldAndChangesNothing) {
  ApiClient alice = user("alice");
  Reply r = alice.post("/api/witp/campaigns", {{"name", "x"}, {"start_cycle", "0/14/42"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("start_cycle"), std::string::npos) << r.text;
  r = alice.post("/api/witp/campaigns", {{"name", ""}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("name"), std::string::npos) << r.text;
  const std::string id = create(alice);
  const std::int64_t revision = get(alice, id)["revision"];
  // A field the change does not take, a word for a number, an unknown change.
  r = book(alice, id, "spend", {{"side", "allied"}, {"hq", "POA"}, {"cps", 5}, {"spnet", 2}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "This change has no field called Spnet.") << r.text;
  EXPECT_EQ(r.body["field"], "spnet");
  r = book(alice, id, "msp-total", {{"msp", "ten"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "MSP must be a whole number.") << r.text;
  EXPECT_EQ(r.body["message"], r.body["error"]);
  EXPECT_EQ(r.body["field"], "msp");
  EXPECT_EQ(r.body["path"], "fields.msp");
  r = book(alice, id, "conjure", {});
  EXPECT_EQ(r.status, 400);
  // What the books forbid: spending CPs a HQ does not hold (28.2).
  ASSERT_EQ(
      book(alice, id, "assign", {{"side", "allied"}, {"hq", "POA"}, {"cps", 20}, {"previous", 20}})
          .status,
      200);
  r = book(alice, id, "spend", {{"side", "allied"}, {"hq", "POA"}, {"cps", 21}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"].get<std::string>().rfind("CPs: POA holds only", 0), 0u) << r.text;
  EXPECT_EQ(r.body["field"], "cps") << r.text;
  // A field of another form of the change (drawn with level): named by its label, no flag words.
  r = book(alice, id, "si", {{"side", "allied"}, {"level", 3}, {"drawn", 2}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "Drawn is not used with the other fields given.") << r.text;
  EXPECT_EQ(r.body["field"], "drawn");
  // The log names a change from the browser as the command line would have typed it.
  ASSERT_EQ(book(alice, id, "draw-reserve",
                 {{"side", "allied"}, {"hq", "POA"}, {"cps", 0}, {"isolated", true}})
                .status,
            200);
  const Json view = get(alice, id);
  EXPECT_EQ(view["log"].back()["change"], "draw-reserve cps=0 hq=POA isolated=true side=allied");
  EXPECT_EQ(view["revision"], revision + 2);  // only the assign and the draw
  EXPECT_EQ(view["log"].size(), 2u);
  // A stale revision is refused.
  r = alice.post("/api/witp/campaigns/" + id + "/book",
                 {{"change", "msp-total"}, {"fields", {{"msp", 300}}}, {"revision", revision}});
  EXPECT_EQ(r.status, 409) << r.text;
  r = alice.post_text("/api/witp/campaigns/" + id + "/book", "{not json");
  EXPECT_EQ(r.status, 400);
}

// 31.1 Tokyo Express from the calculator to the books in one step, then undone.
// Issue 41, hole 3: a change that would take a campaign past its size is refused with a clear
// error and changes nothing; undo still works.
TEST_F(ServerApiWitp, AFullCampaignRefusesTheChangeAndKeepsItsBooks) {
  server_.reset();
  ServerConfig c = testing::test_config(dir_, 4);
  c.agent_threads = 0;
  c.max_campaign_bytes = 6000;
  server_ = std::make_unique<InProcessServer>(std::move(c));
  ApiClient alice = user("full");
  const std::string id = create(alice);
  Reply refused;
  int accepted = 0;
  for (int i = 0; i < 200 && refused.status == 0; ++i) {
    const Reply r = book(alice, id, "msp-total", {{"msp", 100 + i}});
    if (r.status == 200) {
      ++accepted;
    } else {
      refused = r;
    }
  }
  ASSERT_EQ(refused.status, 409) << refused.text;
  EXPECT_GT(accepted, 0);
  EXPECT_NE(refused.body.value("error", "").find("the campaign is full"), std::string::npos)
      << refused.text;
  EXPECT_NE(refused.body.value("error", "").find("nothing changed"), std::string::npos);
  const Json after = get(alice, id);
  EXPECT_EQ(after["log"].size(), static_cast<std::size_t>(accepted));
  EXPECT_EQ(
      after["log"].back()["summary"],
      "Japanese MSP total " + std::to_string(100 + accepted - 1) + " (57, General Record Track)");
  EXPECT_EQ(alice.post("/api/witp/campaigns/" + id + "/undo", Json::object()).status, 200);
}

TEST_F(ServerApiWitp, CalculatorPostsToTheBooksAndUndoRestores) {
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  ASSERT_EQ(book(alice, id, "assign",
                 {{"side", "japanese"}, {"hq", "Combined"}, {"cps", 10}, {"previous", 10}})
                .status,
            200);
  const Json args = {{"e-rating", -2}, {"dice", 7}};
  Reply r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                       {{"calculator", "tokyo-express"}, {"args", args}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["run"]["section"], "31.1");
  EXPECT_EQ(r.body["run"]["result"]["cps"], 3);
  EXPECT_EQ(get(alice, id)["log"].size(), 1u);  // a run alone changes nothing
  // Posting needs the HQ that pays.
  r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                 {{"calculator", "tokyo-express"}, {"args", args}, {"post", true}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"], "HQ is required when the result is posted to a campaign.") << r.text;
  EXPECT_EQ(r.body["field"], "hq");
  r = alice.post("/api/witp/campaigns/" + id + "/calculate", {{"calculator", "tokyo-express"},
                                                              {"args", args},
                                                              {"post", true},
                                                              {"post_args", {{"hq", "Combined"}}}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["summary"].get<std::string>().find("spent 3 CPs"), std::string::npos) << r.text;
  Json view = get(alice, id);
  ASSERT_EQ(view["log"].size(), 2u);
  EXPECT_EQ(view["books"]["sides"]["japanese"]["hqs"]["Combined"]["cycles"]["0/1/42"]["spent"], 3);
  // A calculator whose result changes no book refuses to post.
  r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                 {{"calculator", "cp-lend"}, {"args", {{"cps-sent", 8}}}, {"post", true}});
  EXPECT_EQ(r.status, 400);
  // Undo takes back the posting, then the assignment, then refuses.
  r = alice.post("/api/witp/campaigns/" + id + "/undo");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["undone"].get<std::string>().find("tokyo-express"), std::string::npos);
  view = get(alice, id);
  EXPECT_EQ(view["log"].size(), 1u);
  EXPECT_EQ(view["books"]["sides"]["japanese"]["hqs"]["Combined"]["cycles"]["0/1/42"]["spent"], 0);
  EXPECT_EQ(alice.post("/api/witp/campaigns/" + id + "/undo").status, 200);
  EXPECT_EQ(alice.post("/api/witp/campaigns/" + id + "/undo").status, 400);
}

// A value for a form field that the form would accept: the least of its bounds, its first choice.
Json valid_value(const Json& arg) {
  const std::string kind = arg["kind"];
  if (kind == "flag") return false;
  if (arg.contains("choices")) return arg["choices"][0]["value"];
  if (kind == "text") return "Combined";
  if (arg.contains("min")) return arg["min"];
  return 1;
}

// No command-line words in a message for the browser: no "--option", no "FILE", no argument
// name written with '-' or '_' (the form shows labels, "Activation cost").
void expect_form_words(const std::string& message, const Json& args, const std::string& where) {
  EXPECT_EQ(message.find("--"), std::string::npos) << where << ": " << message;
  EXPECT_EQ(message.find("FILE"), std::string::npos) << where << ": " << message;
  EXPECT_EQ(message.find("=:"), std::string::npos) << where << ": " << message;
  for (const Json& arg : args) {
    const std::string name = arg["name"];
    if (name.find_first_of("-_") == std::string::npos) continue;
    EXPECT_EQ(message.find(name), std::string::npos) << where << ": " << message;
    std::string snake = name;
    std::replace(snake.begin(), snake.end(), '-', '_');
    EXPECT_EQ(message.find(snake), std::string::npos) << where << ": " << message;
  }
  ASSERT_FALSE(message.empty()) << where;
  EXPECT_TRUE(std::isupper(static_cast<unsigned char>(message[0]))) << where << ": " << message;
  EXPECT_EQ(message.back(), '.') << where << ": " << message;
}

// The catalog describes every field as a form shows it: a label in words, its type, choices
// for a side and other word lists, bounds for dice, the rule section beside it.
TEST_F(ServerApiWitp, CatalogFieldsAreTyped) {
  ApiClient alice = user("alice");
  const Reply r = alice.get("/api/witp/catalog");
  ASSERT_EQ(r.status, 200);
  for (const Json& calc : r.body["calculators"]) {
    for (const Json& arg : calc["args"]) {
      const std::string where =
          calc["name"].get<std::string>() + " " + arg["name"].get<std::string>();
      const std::string label = arg["label"];
      EXPECT_FALSE(label.empty()) << where;
      EXPECT_EQ(label.find_first_of("-_"), std::string::npos) << where << ": " << label;
      EXPECT_EQ(arg["section"], calc["section"]) << where;
      if (arg["name"] == "side") {
        ASSERT_TRUE(arg.contains("choices")) << where;
        EXPECT_EQ(arg["choices"][0]["label"], "Japanese");
        EXPECT_EQ(arg["choices"][1]["label"], "Allied");
        EXPECT_EQ(arg["open"], false);
      }
      if (arg["kind"] == "die") {
        EXPECT_TRUE(arg.contains("min") && arg.contains("max")) << where;
      }
    }
  }
  const Json& emergency = r.body["calculators"];
  bool found = false;
  for (const Json& calc : emergency) {
    if (calc["name"] != "naval-repair") continue;
    found = true;
    for (const Json& arg : calc["args"]) {
      if (arg["name"] == "ship") {
        EXPECT_EQ(arg["open"], true);  // a searchable list from data/witp/chit_cups.json
        bool cv = false;
        for (const Json& c : arg["choices"]) cv = cv || c["value"] == "CV";
        EXPECT_TRUE(cv) << arg.dump();
      }
      if (arg["name"] == "dice") {
        EXPECT_EQ(arg["min"], 2);
        EXPECT_EQ(arg["max"], 12);
      }
      if (arg["name"] == "damage") {
        EXPECT_EQ(arg["min"], 1);
        EXPECT_EQ(arg["max"], 4);
      }
      if (arg["name"] == "port") {
        EXPECT_EQ(arg["choices"][1]["label"], "US West Coast");
        EXPECT_EQ(arg["required"], false);  // a choice with a default
        EXPECT_EQ(arg["default"], "other");
      }
    }
  }
  EXPECT_TRUE(found);
}

// Every calculator's refusal of a missing or ill-typed argument is a sentence in the form's
// words naming the field by its label, with "field" the argument for the page to mark.
TEST_F(ServerApiWitp, EveryCalculatorRefusesInTheFormsWords) {
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  const Reply catalog = alice.get("/api/witp/catalog");
  ASSERT_EQ(catalog.status, 200);
  int refusals = 0;
  for (const Json& calc : catalog.body["calculators"]) {
    const std::string name = calc["name"];
    Json valid = Json::object();
    for (const Json& arg : calc["args"]) {
      if (arg["required"] == true && arg["kind"] != "flag")
        valid[arg["name"].get<std::string>()] = valid_value(arg);
    }
    for (const Json& arg : calc["args"]) {
      const std::string key = arg["name"];
      const std::string label = arg["label"];
      const std::string kind = arg["kind"];
      std::vector<std::pair<std::string, Json>> tries;
      if (arg["required"] == true && kind != "flag") {
        Json args = valid;
        args.erase(key);
        tries.push_back({"missing", args});
      }
      if (kind == "integer" || kind == "die" || kind == "integers") {
        Json args = valid;
        args[key] = "ten";
        tries.push_back({"a word", args});
      }
      if (arg.contains("max")) {
        Json args = valid;
        args[key] = arg["max"].get<std::int64_t>() + 1;
        tries.push_back({"too high", args});
      }
      if (arg.contains("choices") && arg["open"] == false) {
        Json args = valid;
        args[key] = "nowhere";
        tries.push_back({"not a choice", args});
      }
      for (const auto& [what, args] : tries) {
        const std::string where = name + " " + key + " " + what;
        const Reply r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                                   {{"calculator", name}, {"args", args}});
        ASSERT_EQ(r.status, 400) << where << ": " << r.text;
        const std::string message = r.body["error"];
        EXPECT_EQ(r.body["message"], message) << where;
        EXPECT_EQ(r.body["field"], key) << where << ": " << r.text;
        EXPECT_EQ(message.rfind(label, 0), 0u) << where << ": " << message;
        expect_form_words(message, calc["args"], where);
        if (what == "missing") {
          EXPECT_EQ(message, label + " is required.") << where;
        }
        ++refusals;
      }
    }
  }
  EXPECT_GT(refusals, 100);
  // A calculator's own rule refusal, after the form's checks, names the field by its label too.
  const Reply r =
      alice.post("/api/witp/campaigns/" + id + "/calculate",
                 {{"calculator", "cp-future-ops"},
                  {"args", {{"cps-added", 10}, {"cycles-ahead", 2}, {"pool-cps", -1}}}});
  ASSERT_EQ(r.status, 400) << r.text;
  expect_form_words(r.body["error"], Json::array({{{"name", "pool-cps"}}}), "pool-cps");
  EXPECT_EQ(r.body["field"], "pool-cps") << r.text;
}

// A new campaign starts from the template (every table, no rows); a calculator needing a table
// refuses naming it ("table") in words; the table entered alone, the calculator runs.
TEST_F(ServerApiWitp, TemplateThenOneTableWhenACalculatorNeedsIt) {
  ApiClient alice = user("alice");
  const Reply catalog = alice.get("/api/witp/catalog");
  ASSERT_EQ(catalog.status, 200);
  Json document = catalog.body["tables_template"];
  ASSERT_TRUE(document["tables"].contains("japanese_reserve_exchange")) << document.dump();
  EXPECT_EQ(document["tables"].size(), catalog.body["tables"].size());
  Reply r =
      alice.post("/api/witp/campaigns", {{"name", "From the template"}, {"tables", document}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"];
  const Json args = {{"side", "japanese"}, {"cps-placed", 10}, {"ms-points", 400}};
  r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                 {{"calculator", "cp-reserve"}, {"args", args}});
  ASSERT_EQ(r.status, 400) << r.text;
  EXPECT_EQ(r.body["table"], "japanese_reserve_exchange") << r.text;
  const std::string message = r.body["error"];
  EXPECT_EQ(message.find("japanese_reserve_exchange"), std::string::npos) << message;
  EXPECT_EQ(message.find("schema.md"), std::string::npos) << message;
  EXPECT_NE(message.find("28.6.1"), std::string::npos) << message;
  // The table's columns as the guided form shows them.
  bool described = false;
  for (const Json& t : catalog.body["tables"]) {
    if (t["name"] != "japanese_reserve_exchange") continue;
    described = true;
    ASSERT_EQ(t["columns"].size(), 3u);
    EXPECT_EQ(t["columns"][0]["name"], "min_ms_points");
    EXPECT_EQ(t["columns"][0]["label"], "Min MS points");
    EXPECT_EQ(t["columns"][0]["kind"], "integer");
  }
  EXPECT_TRUE(described);
  document["tables"]["japanese_reserve_exchange"]["rows"] =
      Json::array({{{"min_ms_points", 0}, {"give", 2}, {"get", 1}}});
  r = alice.post("/api/witp/campaigns/" + id + "/tables", {{"tables", document}});
  ASSERT_EQ(r.status, 200) << r.text;
  r = alice.post("/api/witp/campaigns/" + id + "/calculate",
                 {{"calculator", "cp-reserve"}, {"args", args}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["run"]["section"], "28.6.1");
  // The schema's explanation, for the page that shows it.
  r = alice.get("/api/witp/tables-schema");
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(r.body["markdown"].get<std::string>().find("japanese_reserve_exchange"),
            std::string::npos);
}

// The player's chartbook tables: checked against tables.schema.md, all problems listed, an
// invalid document changes nothing; calculators needing a table refuse until it is entered.
TEST_F(ServerApiWitp, ChartbookTablesAreCheckedAndUsed) {
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  const Json repair = {
      {"ship", "CV-5 Yorktown"}, {"side", "allied"}, {"type", "CV"}, {"damage", "D3"}, {"dice", 7}};
  Reply r = book(alice, id, "repair", repair);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body.value("table", "").rfind("naval_", 0), 0u) << r.text;
  Json bad = example_tables();
  bad["tables"]["maximum_effort_repair"] = {{"rows", {{{"dr", 9}, {"cps", -1}}}}};
  r = alice.post("/api/witp/campaigns/" + id + "/tables", {{"tables", bad}});
  EXPECT_EQ(r.status, 400);
  EXPECT_GE(r.body["problems"].size(), 1u) << r.text;
  EXPECT_NE(r.body["field"].get<std::string>().find("maximum_effort_repair"), std::string::npos);
  EXPECT_EQ(
      r.body["error"].get<std::string>().rfind("Maximum Effort Repair Table (36.4.2), row 1", 0),
      0u)
      << r.text;
  EXPECT_EQ(get(alice, id)["tables"]["entered"], false);
  r = alice.post("/api/witp/campaigns/" + id + "/tables", {{"tables", example_tables()}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(get(alice, id)["tables"]["entered"].get<bool>());
  // 36.1 example: the D3 USN CV repaired in 19 G/Ts.
  r = book(alice, id, "repair", repair);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["summary"].get<std::string>().find("19 G/Ts"), std::string::npos) << r.text;
  r = alice.post(
      "/api/witp/campaigns/" + id + "/calculate",
      {{"calculator", "naval-repair"}, {"args", {{"ship", "CV"}, {"damage", 3}, {"dice", 7}}}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["run"]["result"]["total_gts"], 19) << r.text;
}

TEST_F(ServerApiWitp, SharedReadOnlyByNameAndByLink) {
  std::string bob_name;
  ApiClient alice = user("alice");
  ApiClient bob = user("bob", &bob_name);
  ApiClient carol = user("carol");
  const std::string id = create(alice);
  Reply r = alice.post("/api/witp/campaigns/" + id + "/readers", {{"username", "nobody-x"}});
  EXPECT_EQ(r.status, 404);
  r = alice.post("/api/witp/campaigns/" + id + "/readers", {{"username", bob_name}});
  ASSERT_EQ(r.status, 200) << r.text;
  Json view = get(bob, id);
  EXPECT_EQ(view["role"], "reader");
  EXPECT_FALSE(view.contains("share_token"));
  EXPECT_EQ(bob.get("/api/witp/campaigns/" + id + "/checklist").status, 200);
  // A reader runs calculators but changes nothing.
  r = bob.post("/api/witp/campaigns/" + id + "/calculate",
               {{"calculator", "cp-lend"}, {"args", {{"cps-sent", 8}}}});
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(book(bob, id, "msp-total", {{"msp", 300}}).status, 403);
  EXPECT_EQ(bob.post("/api/witp/campaigns/" + id + "/undo").status, 403);
  EXPECT_EQ(bob.post("/api/witp/campaigns/" + id + "/share-link").status, 403);
  // By link.
  r = alice.post("/api/witp/campaigns/" + id + "/share-link");
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string token = r.body["share_token"];
  EXPECT_EQ(carol.get("/api/witp/campaigns/" + id).status, 403);
  r = carol.post("/api/witp/shared/" + token);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["id"], id);
  EXPECT_EQ(get(carol, id)["role"], "reader");
  EXPECT_EQ(carol.get("/api/witp/campaigns").body["campaigns"][0]["role"], "reader");
  // Revoked: the link takes nobody new; removing a reader ends their access.
  ASSERT_EQ(alice.post("/api/witp/campaigns/" + id + "/share-link", {{"revoke", true}}).status,
            200);
  EXPECT_EQ(user("dave").post("/api/witp/shared/" + token).status, 404);
  ASSERT_EQ(
      alice.post("/api/witp/campaigns/" + id + "/readers/remove", {{"username", bob_name}}).status,
      200);
  EXPECT_EQ(bob.get("/api/witp/campaigns/" + id).status, 403);
}

// Issue 41, hole 9: the share link's token was stored in clear (witp_campaigns.share_token), so
// whoever read the database (a backup) could read any shared campaign. Only its hash is kept, as
// for invitations and sessions; the token is in the answer that makes it, once.
TEST_F(ServerApiWitp, ShareTokensAreStoredHashedAndShownOnce) {
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  Reply r = alice.post("/api/witp/campaigns/" + id + "/share-link");
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string token = r.body["share_token"];
  EXPECT_EQ(token.size(), 32u);
  std::string stored = everything_stored();
  EXPECT_EQ(stored.find(token), std::string::npos) << "the token is stored in clear";
  EXPECT_NE(stored.find(token_hash(token)), std::string::npos);
  r = alice.get("/api/witp/campaigns/" + id);
  EXPECT_EQ(r.text.find(token), std::string::npos) << r.text;
  EXPECT_EQ(r.body["share_link"], true) << r.text;
  ApiClient carol = user("carol");
  ASSERT_EQ(carol.post("/api/witp/shared/" + token).status, 200);
  EXPECT_EQ(get(carol, id)["role"], "reader");
  // A new link replaces the old one, which stops working at once.
  r = alice.post("/api/witp/campaigns/" + id + "/share-link", {{"revoke", false}});
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string second = r.body["share_token"];
  EXPECT_NE(second, token);
  ApiClient dave = user("dave");
  EXPECT_EQ(dave.post("/api/witp/shared/" + token).status, 404);
  EXPECT_EQ(everything_stored().find(token_hash(token)), std::string::npos);
  ASSERT_EQ(dave.post("/api/witp/shared/" + second).status, 200);
  // Revoked: no link, no hash.
  r = alice.post("/api/witp/campaigns/" + id + "/share-link", {{"revoke", true}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["share_token"].is_null()) << r.text;
  EXPECT_EQ(get(alice, id)["share_link"], false);
  EXPECT_EQ(user("erin").post("/api/witp/shared/" + second).status, 404);
  stored = everything_stored();
  EXPECT_EQ(stored.find(token_hash(second)), std::string::npos);
  // Deleting the campaign removes its link.
  r = alice.post("/api/witp/campaigns/" + id + "/share-link");
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string third = r.body["share_token"];
  ASSERT_EQ(alice.post("/api/witp/campaigns/" + id + "/delete").status, 200);
  EXPECT_EQ(everything_stored().find(token_hash(third)), std::string::npos);
  // So does deleting the account.
  const std::string other = create(alice);
  r = alice.post("/api/witp/campaigns/" + other + "/share-link");
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string fourth = r.body["share_token"];
  ASSERT_EQ(alice.del("/api/me", {{"password", "password123"}}).status, 200);
  EXPECT_EQ(everything_stored().find(token_hash(fourth)), std::string::npos);
}

// A database of a server before the fix holds clear tokens: hashed when a server starts, and
// the links already sent keep working.
TEST_F(ServerApiWitp, ClearShareTokensOfOlderDatabasesAreHashedOnStart) {
  ApiClient alice = user("alice");
  const std::string id = create(alice);
  const std::string clear = random_token(16);
  server_.reset();
  {
    // What a server before issue 41 stored: the clear token in witp_campaigns.share_token.
    auto db = open_database(testing::test_db(dir_));
    auto c = db->acquire();
    c->execute("UPDATE witp_campaigns SET share_token = ? WHERE id = ?", {clear, id});
  }
  SetUp();
  const std::string stored = everything_stored();
  EXPECT_EQ(stored.find(clear), std::string::npos) << "the old token is still stored in clear";
  EXPECT_NE(stored.find(token_hash(clear)), std::string::npos);
  ApiClient bob = user("bob");
  const Reply r = bob.post("/api/witp/shared/" + clear);
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["id"], id);
  ApiClient owner(server_->port());
  owner.set_cookie(alice.cookie());  // sessions are kept
  EXPECT_EQ(get(owner, id)["share_link"], true);
}

// A whole Strategic G/T through the checklist's steps: A.3 losses, A.4 arrivals, B.1 SI, C.2
// mining (once per hex, 56.4.4), D.3 allocation, J.1 carry-over and the next cycle.
TEST_F(ServerApiWitp, StrategicTurnThroughTheChecklist) {
  ApiClient alice = user("alice");
  const std::string id = create(alice, "0/3/44");
  Reply r = alice.get("/api/witp/campaigns/" + id + "/checklist");
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["segments"].size(), 29u);
  EXPECT_EQ(r.body["segments"][0]["code"], "A.1");
  EXPECT_EQ(r.body["next_cycle"], "0/4/44");
  ASSERT_EQ(book(alice, id, "msp-total", {{"msp", 300}}).status, 200);
  ASSERT_EQ(book(alice, id, "msp-loss", {{"msp", 4}, {"cause", "submarines"}}).status, 200);
  ASSERT_EQ(book(alice, id, "si", {{"side", "allied"}, {"drawn", 3}, {"doolittle", true}}).status,
            200);
  ASSERT_EQ(book(alice, id, "si", {{"side", "japanese"}, {"drawn", 2}}).status, 200);
  const Json mining = {
      {"calculator", "mining"},
      {"args", {{"aps", 2}, {"resource-value", 9}, {"die", 6}, {"extended-range", true}}},
      {"post", true},
      {"post_args", {{"hex", "Brunei"}}}};
  r = alice.post("/api/witp/campaigns/" + id + "/calculate", mining);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["summary"].get<std::string>().find("287 left"), std::string::npos) << r.text;
  r = alice.post("/api/witp/campaigns/" + id + "/calculate", mining);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("56.4.4"), std::string::npos) << r.text;
  r = alice.get("/api/witp/campaigns/" + id + "/checklist");
  bool brunei = false;
  for (const Json& segment : r.body["segments"]) {
    if (segment["code"] != "C.2") continue;
    for (const Json& note : segment["notes"]) {
      brunei = brunei || note.get<std::string>().find("Brunei") != std::string::npos;
    }
  }
  EXPECT_TRUE(brunei) << r.text;
  ASSERT_EQ(
      book(alice, id, "assign", {{"side", "allied"}, {"hq", "POA"}, {"cps", 30}, {"previous", 30}})
          .status,
      200);
  r = book(alice, id, "next-cycle");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["cycle"], "0/4/44");
  const Json view = get(alice, id);
  EXPECT_EQ(view["cycle"], "0/4/44");
  EXPECT_EQ(view["books"]["sides"]["allied"]["si_level"], 4);  // 3 + Doolittle (42.6)
  EXPECT_EQ(alice.get("/api/witp/campaigns").body["campaigns"][0]["cycle"], "0/4/44");
}

}  // namespace
}  // namespace pacwar::server
