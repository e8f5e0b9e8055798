// The holes of the outside review (docs/security.md), each against a real server: cross-site
// writes (every write route of the router), log-in throttling that cannot lock the owner out,
// sign-up and game caps, the security headers, the client address behind a trusted proxy, the
// public origin, and control bytes in action ids.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <future>
#include <map>
#include <regex>
#include <thread>
#include <tuple>

#include "server/accounts/csrf.h"
#include "server/db/db.h"
#include "server/db/group_commit.h"
#include "server/http/security_headers.h"
#include "server/test_support.h"
#include "server/accounts/throttle.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

// A raw request with the headers a browser (or an attacker's page) would send.
struct Raw {
  int status = 0;
  std::string body;
  httplib::Headers headers;
  Json json() const { return Json::parse(body, nullptr, false); }
  std::string error() const {
    const Json j = json();
    return j.is_object() ? j.value("error", "") : "";
  }
};

Raw send(int port, const std::string& method, const std::string& path, httplib::Headers headers,
         const std::string& body = "", const std::string& type = "") {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(std::chrono::seconds(30));
  auto r = [&] {
    if (method == "GET") return c.Get(path, headers);
    httplib::Request req;
    req.method = method;
    req.path = path;
    req.headers = std::move(headers);
    req.body = body;
    if (!type.empty()) req.set_header("Content-Type", type);
    return c.send(req);
  }();
  if (!r) throw std::runtime_error("request failed: " + httplib::to_string(r.error()));
  return {r->status, r->body, r->headers};
}

class Security : public ::testing::Test {
 protected:
  ServerConfig config() { return testing::test_config(dir_, 8); }
  void start(ServerConfig c) { server_ = std::make_unique<InProcessServer>(std::move(c)); }
  void start() { start(config()); }
  int port() const { return server_->port(); }
  std::string own_origin() const { return "http://127.0.0.1:" + std::to_string(port()); }
  ApiClient user(const std::string& prefix) { return testing::signed_up(port(), prefix); }
  static std::string create(ApiClient& c, const std::string& opponent) {
    return testing::create_game(c, {{"game", "pacific-war"},
                                    {"seat", "japanese"},
                                    {"options", Json::array()},
                                    {"opponent", opponent}});
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
};

// Hole 1, as the review found it: a page of another port of the same host posts a text/plain
// form to resign the logged-in user's game.
TEST_F(Security, CrossSiteFormCannotResign) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const httplib::Headers browser = {{"Cookie", "pacwar_session=" + alice.cookie()},
                                    {"Origin", "http://127.0.0.1:18612"},
                                    {"Sec-Fetch-Site", "same-site"}};
  const Raw r =
      send(port(), "POST", "/api/games/" + id + "/resign", browser, R"({"a":"="}")", "text/plain");
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_NE(r.error().find("cross-site request refused"), std::string::npos) << r.body;
  // The same form without the fetch metadata (older browsers): refused by Origin.
  const Raw r2 =
      send(port(), "POST", "/api/games/" + id + "/resign",
           {{"Cookie", "pacwar_session=" + alice.cookie()}, {"Origin", "http://127.0.0.1:18612"}},
           R"({"a":"="}")", "text/plain");
  EXPECT_EQ(r2.status, 403) << r2.body;
  EXPECT_NE(r2.error().find("Origin 'http://127.0.0.1:18612'"), std::string::npos) << r2.body;
  EXPECT_EQ(alice.get("/api/games/" + id).body["status"], "active");
}

// Every state-changing route of the router (so a new endpoint is covered without a new test):
// a foreign Origin, a cross-site Sec-Fetch-Site and a body that is not application/json are each
// refused with 403 and a message saying why; the same request from the server's own page passes
// the check (whatever the handler then answers).
TEST_F(Security, EveryWriteRouteRefusesCrossSiteRequests) {
  start();
  ApiClient alice = user("alice");
  const std::string cookie = "pacwar_session=" + alice.cookie();
  int writes = 0;
  for (const auto& [method, pattern] : server_->server().routes()) {
    if (!is_state_changing(method)) continue;
    ++writes;
    // A path the pattern matches: each capture group becomes a short hex/letter value.
    const std::string path = std::regex_replace(pattern, std::regex(R"(\([^)]*\))"), "abc1");
    ASSERT_TRUE(std::regex_match(path, std::regex(pattern))) << pattern;
    SCOPED_TRACE(method + " " + path);

    Raw r = send(port(), method, path, {{"Cookie", cookie}, {"Origin", "http://evil.example"}},
                 "{}", "application/json");
    EXPECT_EQ(r.status, 403);
    EXPECT_NE(r.error().find("cross-origin request refused"), std::string::npos) << r.body;

    r = send(port(), method, path, {{"Cookie", cookie}, {"Sec-Fetch-Site", "cross-site"}}, "{}",
             "application/json");
    EXPECT_EQ(r.status, 403);
    EXPECT_NE(r.error().find("Sec-Fetch-Site"), std::string::npos) << r.body;

    r = send(port(), method, path, {{"Cookie", cookie}, {"Origin", own_origin()}}, "{}",
             "text/plain");
    EXPECT_EQ(r.status, 403);
    EXPECT_NE(r.error().find("Content-Type: application/json"), std::string::npos) << r.body;

    r = send(port(), method, path, {{"Cookie", cookie}}, "", "");
    EXPECT_EQ(r.status, 403);
    EXPECT_NE(r.error().find("it had none"), std::string::npos) << r.body;

    // From the server's own page (and from a client that is not a browser): past the check.
    for (const httplib::Headers& ok :
         {httplib::Headers{{"Origin", own_origin()}, {"Sec-Fetch-Site", "same-origin"}},
          httplib::Headers{}}) {
      httplib::Headers h = ok;
      h.emplace("Cookie", "pacwar_session=none");  // not alice: nothing of hers changes
      r = send(port(), method, path, h, "{}", "application/json; charset=utf-8");
      EXPECT_EQ(r.error().find("refused"), std::string::npos) << r.body;
      EXPECT_EQ(r.error().find("Content-Type"), std::string::npos) << r.body;
    }
  }
  EXPECT_GE(writes, 8);  // signup, login, logout, games, invites, actions, undo, resign
  EXPECT_EQ(alice.get("/api/me").status, 200);
}

TEST_F(Security, PublicOriginIsTheOnlyOriginAndMarksTheCookieSecure) {
  ServerConfig c = config();
  c.public_origin = "https://pacwar.example.org";
  start(c);
  const Json body = {{"username", unique("alice")}, {"password", "password123"}};
  Raw r = send(port(), "POST", "/api/signup", {{"Origin", own_origin()}}, body.dump(),
               "application/json");
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_NE(r.error().find("https://pacwar.example.org"), std::string::npos) << r.body;
  r = send(port(), "POST", "/api/signup", {{"Origin", "https://pacwar.example.org"}}, body.dump(),
           "application/json");
  ASSERT_EQ(r.status, 201) << r.body;
  const auto cookie = r.headers.find("Set-Cookie");
  ASSERT_NE(cookie, r.headers.end());
  EXPECT_NE(cookie->second.find("; Secure"), std::string::npos) << cookie->second;
  EXPECT_THROW(InProcessServer([&] {
                 ServerConfig bad = config();
                 bad.public_origin = "https://pacwar.example.org/";
                 return bad;
               }()),
               std::runtime_error);
}

// Hole 2: failures from one address delay that address only; the owner, elsewhere, logs in.
TEST_F(Security, FailedLoginsCannotLockTheOwnerOut) {
  ServerConfig c = config();
  c.trusted_proxies = {"127.0.0.1"};  // so the test can speak from several addresses
  c.login_throttle.free_failures_per_user_address = 3;
  start(c);
  ApiClient alice = user("alice");
  const std::string name = alice.get("/api/me").body["username"];
  auto login = [&](const std::string& address, const std::string& password) {
    const Json body = {{"username", name}, {"password", password}};
    return send(port(), "POST", "/api/login", {{"X-Forwarded-For", address}}, body.dump(),
                "application/json");
  };
  for (int i = 0; i < 3; ++i) EXPECT_EQ(login("203.0.113.9", "wrong guess").status, 401);
  EXPECT_EQ(login("203.0.113.9", "wrong guess").status, 401);  // the 4th failure: 1 s wait
  const Raw limited = login("203.0.113.9", "password123");
  EXPECT_EQ(limited.status, 429) << limited.body;
  EXPECT_NE(limited.error().find("try again in"), std::string::npos);
  EXPECT_EQ(limited.headers.count("Retry-After"), 1U);  // once, though two places know it
  // The owner, from another address, logs in at once.
  EXPECT_EQ(login("198.51.100.7", "password123").status, 200);
  // After the wait, the right password from the attacker's address works too (growing waits,
  // not a lock).
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(login("203.0.113.9", "password123").status, 200);
}

TEST(LoginThrottle, WaitsGrowAndAreForgotten) {
  using Clock = LoginThrottle::Clock;
  ThrottleConfig config;
  config.free_failures_per_user_address = 2;
  config.free_failures_per_address = 4;
  config.max_delay = std::chrono::seconds(8);
  LoginThrottle t(config);
  const Clock::time_point t0{};
  auto at = [&](int seconds) { return t0 + std::chrono::seconds(seconds); };
  t.failed("alice", "a", at(0));
  t.failed("alice", "a", at(0));
  EXPECT_EQ(t.wait("alice", "a", at(0)), 0);
  t.failed("alice", "a", at(0));  // 3rd: 1 s
  EXPECT_EQ(t.wait("alice", "a", at(0)), 1);
  EXPECT_EQ(t.wait("alice", "b", at(0)), 0);  // another address
  t.failed("alice", "a", at(1));              // 4th: 2 s (and the address's 4th: still free)
  EXPECT_EQ(t.wait("alice", "a", at(1)), 2);
  t.failed("alice", "a", at(3));  // 5th: 4 s; the address's 5th: 1 s
  EXPECT_EQ(t.wait("alice", "a", at(3)), 4);
  EXPECT_EQ(t.wait("bob", "a", at(3)), 1);  // the address as a whole
  for (int i = 0; i < 10; ++i) t.failed("alice", "a", at(10));
  EXPECT_EQ(t.wait("alice", "a", at(10)), 8);  // capped
  t.succeeded("alice", "a");
  EXPECT_EQ(t.wait("alice", "a", at(100)), 0);
  // Forgotten after a quiet hour: the next failure is a free one again.
  for (int i = 0; i < 10; ++i) t.failed("carol", "c", at(0));
  t.failed("carol", "c", at(2 * 3600));
  EXPECT_EQ(t.wait("carol", "c", at(2 * 3600)), 0);
}

// Hole 3: sign-up is limited per address.
TEST_F(Security, SignupsArePerAddressLimited) {
  ServerConfig c = config();
  c.trusted_proxies = {"127.0.0.1"};
  c.signups_per_address = 2;
  start(c);
  auto signup = [&](const std::string& address) {
    const Json body = {{"username", unique("u")}, {"password", "password123"}};
    return send(port(), "POST", "/api/signup", {{"X-Forwarded-For", address}}, body.dump(),
                "application/json");
  };
  EXPECT_EQ(signup("203.0.113.9").status, 201);
  EXPECT_EQ(signup("203.0.113.9").status, 201);
  const Raw r = signup("203.0.113.9");
  EXPECT_EQ(r.status, 429) << r.body;
  EXPECT_NE(r.error().find("too many accounts"), std::string::npos) << r.body;
  EXPECT_EQ(signup("198.51.100.7").status, 201);
}

// Without --trust-proxy, X-Forwarded-For is whatever the client says: ignored.
TEST_F(Security, ForwardedForIsIgnoredFromAnUntrustedPeer) {
  ServerConfig c = config();
  c.signups_per_address = 1;
  start(c);
  auto signup = [&](const std::string& address) {
    const Json body = {{"username", unique("u")}, {"password", "password123"}};
    return send(port(), "POST", "/api/signup", {{"X-Forwarded-For", address}}, body.dump(),
                "application/json");
  };
  EXPECT_EQ(signup("203.0.113.1").status, 201);
  const Raw limited = signup("203.0.113.2");
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.headers.count("Retry-After"), 1U);
}

// Hole 4: caps on unfinished games and on open invitations per user.
TEST_F(Security, OpenGamesAndInvitationsAreCapped) {
  ServerConfig c = config();
  c.max_open_games = 3;
  c.max_open_invitations = 1;
  start(c);
  ApiClient alice = user("alice");
  const std::string invitation = create(alice, "human");
  Reply r = alice.post("/api/games", {{"game", "pacific-war"},
                                      {"seat", "japanese"},
                                      {"options", Json::array()},
                                      {"opponent", "human"}});
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_NE(r.body.value("error", "").find("invitations"), std::string::npos) << r.text;
  EXPECT_NE(r.body.value("error", "").find("cancel one"), std::string::npos) << r.text;
  // Cancelling the invitation (issue 15) frees its place.
  EXPECT_EQ(alice.del("/api/games/" + invitation).status, 200);
  create(alice, "human");
  const std::string second = create(alice, "random");
  create(alice, "random");
  r = alice.post("/api/games", {{"game", "pacific-war"},
                                {"seat", "japanese"},
                                {"options", Json::array()},
                                {"opponent", "random"}});
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_NE(r.body.value("error", "").find("unfinished games"), std::string::npos) << r.text;
  // A finished game frees its place.
  EXPECT_EQ(alice.post("/api/games/" + second + "/resign").status, 200);
  create(alice, "random");
}

// Hole 7 (issue 41): 40 games were created and resigned in 0.8 s. A user may start a set number
// of games an hour (--max-new-games-per-hour), told when the next one may start.
TEST_F(Security, NewGamesPerHourAreCapped) {
  std::atomic<std::int64_t> offset{0};
  constexpr std::int64_t start_ms = 1'800'000'000'000;
  ServerConfig c = config();
  c.max_new_games_per_hour = 3;
  c.clock = [&offset] { return start_ms + offset.load(); };
  start(c);
  ApiClient alice = user("rate");
  for (int i = 0; i < 3; ++i) {
    const std::string id = create(alice, "random");
    ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
    offset += 60'000;  // a minute apart
  }
  const Json body = {{"game", "pacific-war"},
                     {"seat", "japanese"},
                     {"options", Json::array()},
                     {"opponent", "random"}};
  Reply r = alice.post("/api/games", body);
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_NE(r.body.value("error", "").find("3 games in the last hour"), std::string::npos)
      << r.text;
  // The first of the three is an hour old 57 minutes from now.
  EXPECT_EQ(r.body.value("retry_after", 0), 57 * 60) << r.text;
  EXPECT_EQ(r.header("Retry-After"), std::to_string(57 * 60));
  // Nothing was created: the lobby holds the three finished games only.
  EXPECT_EQ(alice.get("/api/games").body["games"].size(), 3u);
  // Another user is not held up.
  ApiClient bob = user("rateb");
  create(bob, "random");
  offset += 57 * 60'000;
  create(alice, "random");
}

// Hole 7: the operator's retention (--keep-finished-days): a finished game goes, with its rows,
// once nothing happened in it for that long; a game still played and a recent one stay.
TEST_F(Security, FinishedGamesGoAfterTheOperatorsRetention) {
  std::atomic<std::int64_t> offset{0};
  constexpr std::int64_t start_ms = 1'800'000'000'000;
  ServerConfig c = config();
  c.keep_finished_games = std::chrono::hours(24);
  c.clock_poll = std::chrono::milliseconds(20);
  c.clock = [&offset] { return start_ms + offset.load(); };
  start(c);
  ApiClient alice = user("keep");
  const std::string old_game = create(alice, "random");
  ASSERT_EQ(alice.post("/api/games/" + old_game + "/resign").status, 200);
  const std::string playing = create(alice, "random");
  offset += 2 * 24 * 3600 * 1000LL;  // two days later
  const std::string recent = create(alice, "random");
  ASSERT_EQ(alice.post("/api/games/" + recent + "/resign").status, 200);
  bool gone = false;
  for (int i = 0; i < 500 && !gone; ++i) {
    gone = alice.get("/api/games/" + old_game).status == 404;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(gone) << "the finished game of two days ago is still there";
  EXPECT_EQ(alice.get("/api/games/" + old_game + "/replay").status, 404);
  EXPECT_EQ(alice.get("/api/games/" + playing).status, 200);
  EXPECT_EQ(alice.get("/api/games/" + recent).status, 200);
  std::size_t listed = 0;
  const Json lobby = alice.get("/api/games").body;
  for (const Json& g : lobby["games"]) {
    EXPECT_NE(g["id"], old_game);
    ++listed;
  }
  EXPECT_EQ(listed, 2u);
}

// Hole 5: the headers of every answer.
TEST_F(Security, EveryAnswerCarriesTheSecurityHeaders) {
  ServerConfig c = config();
  c.web_dir = (dir_.path() / "web").string();
  std::filesystem::create_directories(c.web_dir);
  std::ofstream(dir_.path() / "web" / "index.html") << "<!doctype html><title>x</title>";
  start(c);
  auto check = [](const Raw& r, const std::string& cache) {
    auto header = [&](const std::string& name) {
      auto it = r.headers.find(name);
      return it == r.headers.end() ? std::string("(none)") : it->second;
    };
    EXPECT_EQ(header("Content-Security-Policy"), std::string(kContentSecurityPolicy));
    EXPECT_NE(header("Content-Security-Policy").find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_EQ(header("X-Frame-Options"), "DENY");
    EXPECT_EQ(header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(header("Referrer-Policy"), "same-origin");
    EXPECT_EQ(header("Cache-Control"), cache);
  };
  const Raw me = send(port(), "GET", "/api/me", {});
  EXPECT_EQ(me.status, 401);
  check(me, "no-store");
  check(send(port(), "GET", "/api/catalog", {}), "no-store");
  check(send(port(), "GET", "/api/nothing", {}), "no-store");
  check(send(port(), "POST", "/api/login", {{"Origin", "http://evil.example"}}, "{}",
             "application/json"),
        "no-store");
  const Raw page = send(port(), "GET", "/", {});
  EXPECT_EQ(page.status, 200);
  check(page, "no-cache");
  const auto etag = page.headers.find("ETag");
  ASSERT_NE(etag, page.headers.end());
  const Raw again = send(port(), "GET", "/", {{"If-None-Match", etag->second}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  check(again, "no-cache");
  EXPECT_EQ(send(port(), "GET", "/", {{"If-None-Match", "\"other\""}}).status, 200);
}

// Hole 8: a NUL byte (or any control byte) in an action id gets the whole message.
TEST_F(Security, ControlBytesInAnActionIdAreNamedInFull) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  Json state;
  for (int i = 0; i < 2000; ++i) {
    state = alice.get("/api/games/" + id).body;
    if (state["your_turn"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(state["your_turn"].get<bool>());
  const std::string legal = state["legal"][0]["id"];
  const Reply r = alice.post(
      "/api/games/" + id + "/actions",
      {{"action", legal + std::string(1, '\0') + "tail"}, {"version", state["version"]}});
  EXPECT_EQ(r.status, 400) << r.text;
  const std::string error = r.body.value("error", "");
  EXPECT_NE(error.find("control character 0x00 at position " + std::to_string(legal.size())),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("the legal ones are in 'legal'"), std::string::npos) << error;
  EXPECT_TRUE(r.body["legal"].is_array());
  EXPECT_EQ(alice.get("/api/games/" + id).body["version"], state["version"]);
}

// Found by fuzz/api_request: an answer quoting bytes that are not UTF-8 (a 404 for a path with
// byte 0xFF, an action id with one) threw while writing the JSON and ended the server.
TEST_F(Security, BytesThatAreNotUtf8AreQuotedNotFatal) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const Raw missing = send(port(), "GET", "/api/nothing%FF%82", {});
  EXPECT_EQ(missing.status, 404);
  EXPECT_NE(missing.error().find("nothing at /api/nothing"), std::string::npos) << missing.body;
  const Reply bad =
      alice.post_text("/api/games/" + id + "/actions", "{\"action\":\"x\\udcff\",\"version\":0}");
  EXPECT_EQ(bad.status == 400 || bad.status == 409, true) << bad.text;
  EXPECT_EQ(alice.get("/api/me").status, 200);  // still serving
}

// Issue 41, hole 5: a body field of another JSON type than the route takes answered 500 with the
// JSON library's exception text ({"revoke": "yes"} to share-link, {"post": "yes"} to calculate,
// {"tables": {"format": 5}} to tables). Every write route of the router (so a new one must be
// added to the table below) gets, for each of its body fields in turn, a valid body with that
// field replaced by a value of each JSON type it does not take: 400 naming the field, always.
TEST_F(Security, EveryBodyFieldOfAnotherTypeIsRefusedByName) {
  start();
  std::string alice_name;
  std::string bob_name;
  ApiClient alice = testing::signed_up(port(), "alice", &alice_name);
  ApiClient bob = testing::signed_up(port(), "bob", &bob_name);
  // A started game between them and a War in the Pacific campaign: the routes' real resources.
  Reply r = alice.post("/api/games",
                       {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string game = r.body["id"];
  ASSERT_EQ(bob.post("/api/invites/" + r.body["invite"].get<std::string>()).status, 200);
  r = alice.post("/api/witp/campaigns", {{"name", "Guadalcanal"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string campaign = r.body["id"];
  const Json before = alice.get("/api/witp/campaigns/" + campaign).body;
  const Json revision = before["revision"];
  const Json tables = {
      {"format", "pacwar-witp-tables"}, {"version", 1}, {"tables", Json::object()}};

  // Each route's body: valid values, and the JSON types each field takes (s string, i integer,
  // b true/false, o object, a array, n null: absent).
  struct Field {
    std::string name;
    std::string takes;
  };
  struct Body {
    Json valid;
    std::vector<Field> fields;
  };
  const Json game_body = {{"game", "pacific-war"}, {"seat", "japanese"}, {"options", Json::array()},
                          {"opponent", "human"},   {"hints", false},     {"clock", nullptr},
                          {"rated", false},        {"public", false},    {"spectator_chat", "none"},
                          {"open", false}};
  const std::map<std::string, Body> routes = {
      {"POST /api/signup",
       {{{"username", unique("carol")}, {"password", "password123"}},
        {{"username", "s"}, {"password", "s"}}}},
      {"POST /api/login",
       {{{"username", alice_name}, {"password", "password123"}},
        {{"username", "s"}, {"password", "s"}}}},
      {"POST /api/logout", {}},
      {"POST /api/games",
       {game_body,
        {{"game", "s"},
         {"seat", "s"},
         {"options", "aon"},
         {"opponent", "s"},
         {"hints", "bn"},
         {"clock", "on"},
         {"rated", "bn"},
         {"public", "bn"},
         {"spectator_chat", "sn"},
         {"open", "bn"}}}},
      {"PUT /api/me/settings",
       {{{"webhook_url", nullptr}, {"email", nullptr}, {"notify", Json::object()}},
        {{"webhook_url", "sn"}, {"email", "sn"}, {"notify", "o"}}}},
      {"POST /api/me/notices/seen", {{{"ids", Json::array()}}, {{"ids", "a"}}}},
      {"POST /api/invites/{id}", {}},
      {"POST /api/games/{id}/actions",
       {{{"action", "x"}, {"version", 0}, {"log_since", 0}},
        {{"action", "s"}, {"version", "i"}, {"log_since", "in"}}}},
      {"POST /api/games/{id}/undo", {{{"version", 0}}, {{"version", "i"}}}},
      {"POST /api/games/{id}/resign", {}},
      {"POST /api/games/{id}/hint", {}},
      {"POST /api/games/{id}/analysis", {}},
      {"POST /api/games/{id}/claim-timeout", {}},
      {"POST /api/games/{id}/invite", {}},
      {"DELETE /api/games/{id}", {}},
      {"POST /api/games/{id}/rematch", {}},
      {"POST /api/games/{id}/chat", {{{"text", "hello"}}, {{"text", "s"}}}},
      {"POST /api/challenges/{id}/accept", {}},
      {"POST /api/me/password",
       {{{"old_password", "password123"}, {"new_password", "password456"}},
        {{"old_password", "s"}, {"new_password", "s"}}}},
      {"POST /api/me/logout-all", {}},
      {"DELETE /api/me", {{{"password", "password123"}}, {{"password", "s"}}}},
      {"POST /api/witp/campaigns",
       {{{"name", "Midway"}, {"start_cycle", "0/1/42"}, {"tables", nullptr}},
        {{"name", "s"}, {"start_cycle", "sn"}, {"tables", "on"}}}},
      {"POST /api/witp/campaigns/{id}/calculate",
       {{{"calculator", "cp-lend"},
         {"args", {{"cps-sent", 8}}},
         {"post", false},
         {"post_args", Json::object()},
         {"revision", revision}},
        {{"calculator", "s"},
         {"args", "on"},
         {"post", "bn"},
         {"post_args", "on"},
         {"revision", "in"}}}},
      {"POST /api/witp/campaigns/{id}/book",
       {{{"change", "msp-total"}, {"fields", {{"msp", 300}}}, {"revision", revision}},
        {{"change", "s"}, {"fields", "on"}, {"revision", "in"}}}},
      {"POST /api/witp/campaigns/{id}/undo", {{{"revision", revision}}, {{"revision", "in"}}}},
      {"POST /api/witp/campaigns/{id}/tables",
       {{{"tables", tables}, {"revision", revision}}, {{"tables", "o"}, {"revision", "in"}}}},
      {"POST /api/witp/campaigns/{id}/readers", {{{"username", bob_name}}, {{"username", "s"}}}},
      {"POST /api/witp/campaigns/{id}/readers/remove",
       {{{"username", bob_name}}, {{"username", "s"}}}},
      {"POST /api/witp/campaigns/{id}/share-link", {{{"revoke", false}}, {{"revoke", "bn"}}}},
      {"POST /api/witp/campaigns/{id}/delete", {{{"revision", revision}}, {{"revision", "in"}}}},
      {"POST /api/witp/shared/{id}", {}},
  };
  // A value of each JSON type ('f': a number that is not an integer, taken by no field).
  const std::vector<std::pair<char, Json>> values = {
      {'s', "yes"},      {'i', 5},      {'f', 1.5},    {'b', true},
      {'o', {{"a", 1}}}, {'a', {1, 2}}, {'n', nullptr}};

  int checked = 0;
  for (const auto& [method, pattern] : server_->server().routes()) {
    if (!is_state_changing(method)) continue;
    const std::string key =
        method + " " + std::regex_replace(pattern, std::regex(R"(\([^)]*\))"), "{id}");
    const auto route = routes.find(key);
    ASSERT_NE(route, routes.end()) << key << ": a write route missing from this test's table";
    // The path of the game or campaign above (any other id: no field is read from it).
    const std::string id = pattern.rfind("/api/games/(", 0) == 0            ? game
                           : pattern.rfind("/api/witp/campaigns/(", 0) == 0 ? campaign
                                                                            : "abc1";
    const std::string path = std::regex_replace(pattern, std::regex(R"(\([^)]*\))"), id);
    for (const Field& field : route->second.fields) {
      for (const auto& [type, value] : values) {
        if (field.takes.find(type) != std::string::npos) continue;
        Json body = route->second.valid;
        body[field.name] = value;
        SCOPED_TRACE(key + " " + body.dump());
        const Raw answer =
            send(port(), method, path, {{"Cookie", "pacwar_session=" + alice.cookie()}},
                 body.dump(), "application/json");
        ++checked;
        EXPECT_EQ(answer.status, 400) << answer.body;
        const Json error = answer.json();
        EXPECT_EQ(error.is_object() ? error.value("field", "") : "", field.name) << answer.body;
        EXPECT_NE(answer.error().find("'" + field.name + "'"), std::string::npos) << answer.body;
      }
    }
  }
  EXPECT_GE(checked, 150);

  // The requests of the issue, as sent: 400 with the field, never the library's text.
  for (const auto& [route, body, field] : std::vector<std::tuple<std::string, Json, std::string>>{
           {"/share-link", {{"revoke", "yes"}}, "revoke"},
           {"/calculate", {{"calculator", "cp-lend"}, {"post", "yes"}}, "post"},
           {"/tables", {{"tables", {{"format", 5}}}}, "tables.format"}}) {
    r = alice.post("/api/witp/campaigns/" + campaign + route, body);
    EXPECT_EQ(r.status, 400) << route << ": " << r.text;
    EXPECT_EQ(r.body.value("field", ""), field) << r.text;
    EXPECT_EQ(r.text.find("json.exception"), std::string::npos) << r.text;
  }
  // Nothing changed: the game, the campaign, both accounts.
  EXPECT_EQ(alice.get("/api/games/" + game).body["version"],
            bob.get("/api/games/" + game).body["version"]);
  EXPECT_EQ(alice.get("/api/games/" + game).body["status"], "active");
  EXPECT_EQ(alice.get("/api/witp/campaigns/" + campaign).body["revision"], revision);
  EXPECT_EQ(alice.get("/api/me").status, 200);
  EXPECT_EQ(bob.get("/api/me").status, 200);
}

}  // namespace
}  // namespace pacwar::server

namespace pacwar::server {
namespace {

// SQLite durability: by default a commit is answered only after an fsync of the WAL that covers
// it (group commit over synchronous=NORMAL); "?synchronous=normal" gives that up.
TEST(SqliteDurability, GroupCommitByDefaultNormalOnRequest) {
  TempDir dir;
  const std::string file = (dir.path() / "d.db").string();
  auto synchronous = [](Database& db) {
    auto c = db.acquire();
    return c->query("PRAGMA synchronous", {}).at(0).at(0).value_or("");
  };
  const auto durable = open_database("sqlite:" + file);
  EXPECT_EQ(synchronous(*durable), "1");
  EXPECT_TRUE(durable->commit_stats().durable);
  EXPECT_TRUE(durable->commit_stats().group_commit);
  const auto fast = open_database("sqlite:" + file + "?synchronous=normal");
  EXPECT_EQ(synchronous(*fast), "1");
  EXPECT_FALSE(fast->commit_stats().durable);
}

// One sync covers every commit written before it began: two commits, one sync; a commit
// written after it needs another.
TEST(SqliteDurability, OneSyncCoversEveryCommitWrittenBeforeIt) {
  TempDir dir;
  const std::string wal = (dir.path() / "x.db-wal").string();
  std::ofstream(wal) << "frames";
  GroupCommit group(wal);
  const std::uint64_t first = group.written();
  const std::uint64_t second = group.written();
  group.wait_durable(second);
  EXPECT_EQ(group.syncs(), 1u);
  group.wait_durable(first);
  EXPECT_EQ(group.syncs(), 1u) << "already covered";
  group.wait_durable(group.written());
  EXPECT_EQ(group.syncs(), 2u);
  EXPECT_EQ(group.commits(), 3u);
}

TEST(SqliteDurability, AWalThatCannotBeSyncedIsAnError) {
  GroupCommit group("/nonexistent-dir/x.db-wal");
  EXPECT_THROW(group.wait_durable(group.written()), DbError);
}

// A request worker does not wait for its sync (issue 43): inside a DeferScope a SQLite commit
// returns at once and is noted; the function taken from the scope is called by the syncer once
// a sync covers the commit (true), or with false when the WAL cannot be synced.
TEST(SqliteDurability, DeferredCommitsAreHandedOverOnceSynced) {
  TempDir dir;
  const std::string file = (dir.path() / "d.db").string();
  const auto db = open_database("sqlite:" + file);
  {
    auto c = db->acquire();
    c->execute("CREATE TABLE t (x INTEGER)", {});
  }
  const std::uint64_t syncs_before = db->commit_stats().syncs;
  std::function<void(std::function<void(bool)>)> when_ready;
  {
    DeferScope scope;
    auto c = db->acquire();
    Transaction tx(*c);
    c->execute("INSERT INTO t VALUES (1)", {});
    tx.commit();
    ASSERT_TRUE(scope.pending());
    when_ready = scope.take();
    EXPECT_FALSE(scope.pending());
  }
  std::promise<bool> result;
  when_ready([&result](bool ok) { result.set_value(ok); });
  auto future = result.get_future();
  ASSERT_EQ(future.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_TRUE(future.get());
  EXPECT_GT(db->commit_stats().syncs, syncs_before);

  GroupCommit broken("/nonexistent-dir/x.db-wal");
  std::promise<bool> failed;
  broken.when_durable(broken.written(), [&failed](bool ok) { failed.set_value(ok); });
  auto failed_future = failed.get_future();
  ASSERT_EQ(failed_future.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_FALSE(failed_future.get());
}

// A commit that need not wait for the disk (a computer player's lease on its job, issue 43) asks
// for no sync of its own: it is counted, no sync runs for it, the next waited-for commit's sync
// covers it, and its row is there for every connection.
TEST(SqliteDurability, AnUnsyncedCommitAsksForNoSyncAndTheNextSyncCoversIt) {
  TempDir dir;
  const std::string file = (dir.path() / "u.db").string();
  const auto db = open_database("sqlite:" + file);
  {
    auto c = db->acquire();
    c->execute("CREATE TABLE t (x INTEGER)");
  }
  const auto insert = [&db](std::int64_t x, bool synced) {
    auto c = db->acquire();
    Transaction transaction(*c);
    c->execute("INSERT INTO t VALUES (?)", {x});
    if (synced) {
      transaction.commit();
    } else {
      transaction.commit_unsynced();
    }
  };
  const auto before = db->commit_stats();
  insert(1, false);
  const auto unsynced = db->commit_stats();
  EXPECT_EQ(unsynced.commits, before.commits + 1);
  EXPECT_EQ(unsynced.syncs, before.syncs) << "no sync for a commit no one waits for";
  insert(2, true);
  const auto after = db->commit_stats();
  EXPECT_EQ(after.commits, before.commits + 2);
  EXPECT_EQ(after.syncs, before.syncs + 1) << "one sync covers both";
  const auto reopened = open_database("sqlite:" + file);
  auto c = reopened->acquire();
  EXPECT_EQ(c->query("SELECT COUNT(*) FROM t").at(0).at(0).value_or(""), "2");
}

// Every commit is covered by a WAL sync before it returns, and commits made at the same time
// share syncs: 8 threads x 40 commits need fewer syncs than commits, and every row is there.
TEST(SqliteDurability, ConcurrentCommitsShareAWalSync) {
  TempDir dir;
  const std::string file = (dir.path() / "g.db").string();
  const auto db = open_database("sqlite:" + file);
  {
    auto c = db->acquire();
    c->execute("CREATE TABLE t (thread INTEGER, n INTEGER)");  // a write outside a transaction
  }
  const auto before = db->commit_stats();
  EXPECT_GE(before.commits, 1u);
  EXPECT_EQ(before.syncs, before.commits) << "one commit at a time: a sync each";
  constexpr int kThreads = 8;
  constexpr int kCommits = 40;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&db, t] {
      for (int n = 0; n < kCommits; ++n) {
        auto c = db->acquire();
        Transaction transaction(*c);
        c->execute("INSERT INTO t VALUES (?, ?)", {std::int64_t{t}, std::int64_t{n}});
        transaction.commit();
        // Returned: a sync that began after this commit has ended.
        const auto stats = db->commit_stats();
        EXPECT_GE(stats.syncs, 1u);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  const auto after = db->commit_stats();
  EXPECT_EQ(after.commits - before.commits, static_cast<std::uint64_t>(kThreads * kCommits));
  EXPECT_LE(after.syncs - before.syncs, after.commits - before.commits);
  auto c = db->acquire();
  EXPECT_EQ(c->query("SELECT COUNT(*) FROM t").at(0).at(0).value_or(""),
            std::to_string(kThreads * kCommits));
}

}  // namespace
}  // namespace pacwar::server
