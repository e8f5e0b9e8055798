// Turn notifications and clocks through the API: settings validation, what a real local webhook
// receiver (an HTTP server in this process) and a real local SMTP server (aiosmtpd, Debian
// python3-aiosmtpd) receive, that a dead or hanging endpoint neither loses nor delays a move,
// that a notice never carries a card of a hand, and clocks with an injected time source (no
// test sleeps for the clock). SQLite, or the PostgreSQL of $PACWAR_TEST_POSTGRES.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <set>

#include "server/play/games.h"
#include "server/notify/notice_queue.h"
#include "server/db/store.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

// A webhook receiver: keeps every POST body by path; /hang answers after 1.5 s, /gone 404.
class WebhookReceiver {
 public:
  WebhookReceiver() {
    server_.Post(R"(/hook/(\w+))", [this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard lock(mutex_);
      posts_.push_back({req.matches[1], req.get_header_value("Content-Type"), req.body});
      res.status = 204;
    });
    // Slow enough that several senders polling one queue all get some of it.
    server_.Post(R"(/slow/(\w+))", [this](const httplib::Request& req, httplib::Response& res) {
      std::this_thread::sleep_for(std::chrono::milliseconds(15));
      std::lock_guard lock(mutex_);
      posts_.push_back({req.matches[1], req.get_header_value("Content-Type"), req.body});
      res.status = 204;
    });
    server_.Post("/hang", [](const httplib::Request&, httplib::Response& res) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      res.status = 204;
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~WebhookReceiver() {
    server_.stop();
    thread_.join();
  }
  std::string url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }
  int port() const { return port_; }
  struct Post {
    std::string who, content_type, body;
  };
  std::vector<Post> posts() {
    std::lock_guard lock(mutex_);
    return posts_;
  }

 private:
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  std::mutex mutex_;
  std::vector<Post> posts_;
};

// aiosmtpd on a free port of 127.0.0.1, writing each message it accepts to a file of `dir`.
class SmtpSink {
 public:
  explicit SmtpSink(std::filesystem::path dir) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
    static const char* kScript = R"PY(
import os, socket, sys, time
from aiosmtpd.controller import Controller
out = sys.argv[1]
class Handler:
    count = 0
    async def handle_DATA(self, server, session, envelope):
        Handler.count += 1
        path = os.path.join(out, "%04d.eml" % Handler.count)
        head = "X-Envelope-From: %s\r\nX-Envelope-To: %s\r\n" % (envelope.mail_from, ",".join(envelope.rcpt_tos))
        with open(path + ".tmp", "wb") as f:
            f.write(head.encode() + envelope.content)
        os.rename(path + ".tmp", path)
        return "250 OK"
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
c = Controller(Handler(), hostname="127.0.0.1", port=port)
c.start()
print(port, flush=True)
sys.stdin.read()
c.stop()
)PY";
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], STDIN_FILENO);
      dup2(out[1], STDOUT_FILENO);
      close(in[1]);
      close(out[0]);
      execl("/usr/bin/python3", "python3", "-c", kScript, dir_.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    stdin_ = in[1];
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    port_ = line.empty() ? 0 : std::stoi(line);
  }
  ~SmtpSink() {
    close(stdin_);  // the script stops its server and ends
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  int port() const { return port_; }
  std::vector<std::string> messages() const {
    std::vector<std::string> list;
    std::set<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) {
      if (e.path().extension() == ".eml") files.insert(e.path());
    }
    for (const auto& f : files) {
      std::ifstream in(f);
      list.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return list;
  }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  int port_ = 0;
};

template <class F>
bool eventually(F done, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

class Notices : public ::testing::Test {
 protected:
  ServerConfig config() {
    ServerConfig c = testing::test_config(dir_, 8);
    c.agent_threads = 1;
    c.notice_poll = std::chrono::milliseconds(20);
    c.clock_poll = std::chrono::milliseconds(20);
    c.notice_retry = std::chrono::milliseconds(50);
    // The test's webhook receiver listens on this machine: only a host the operator allows may
    // be a loopback address (issue 41; WebhookAddress.* and the tests below without it).
    c.webhook_allow_hosts = {"127.0.0.1"};
    // The test's time: real time plus `offset_`, or, once `frozen_`, the start plus `offset_`.
    c.clock = [this] { return (frozen_ ? start_ms_ : now_ms()) + offset_.load(); };
    return c;
  }
  void start(ServerConfig c) {
    server_ = std::make_unique<InProcessServer>(std::move(c));
    store_ = std::make_unique<Store>(open_database(testing::test_db(dir_)));
  }
  ApiClient user(std::string& name, const std::string& prefix) {
    return testing::signed_up(server_->port(), prefix, &name);
  }
  // Alice (japanese) invites Bob; returns the game id.
  std::string human_game(ApiClient& alice, ApiClient& bob, const Json& clock = nullptr,
                         const std::string& game = "pacific-war") {
    Json body = {{"game", game}, {"seat", "japanese"}, {"opponent", "human"}};
    if (!clock.is_null()) body["clock"] = clock;
    const Reply created = alice.post("/api/games", body);
    EXPECT_EQ(created.status, 201) << created.text;
    EXPECT_EQ(bob.post("/api/invites/" + created.body.value("invite", "")).status, 200);
    return created.body.value("id", "");
  }
  // The seat to move acts (its first legal action) until the turn passes to the other seat.
  // Returns the number of actions; every state seen is added to `states`.
  static int pass_turn(ApiClient* clients[2], const std::string& id, std::vector<Json>& states) {
    int acted = 0;
    int first = -1;
    for (int i = 0; i < 400; ++i) {
      Json state;
      int to_act = -1;
      for (int seat = 0; seat < 2; ++seat) {
        Json s = clients[seat]->get("/api/games/" + id).body;
        states.push_back(s);
        if (s["your_turn"].get<bool>()) {
          to_act = seat;
          state = s;
        }
      }
      if (to_act < 0) return acted;
      if (first < 0) first = to_act;
      if (to_act != first) return acted;
      const Reply acted_reply = clients[to_act]->post(
          "/api/games/" + id + "/actions",
          {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
      EXPECT_EQ(acted_reply.status, 200) << acted_reply.text;
      ++acted;
    }
    return acted;
  }

  TempDir dir_;
  std::atomic<std::int64_t> offset_{0};
  std::atomic<bool> frozen_{false};
  const std::int64_t start_ms_ = now_ms();
  std::unique_ptr<InProcessServer> server_;
  std::unique_ptr<Store> store_;
};

TEST_F(Notices, SettingsAreValidatedAndStored) {
  start(config());
  std::string name;
  ApiClient alice = user(name, "set");
  Reply r = alice.get("/api/me/settings");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["webhook_url"].is_null());
  EXPECT_TRUE(r.body["email"].is_null());
  EXPECT_TRUE(r.body["notify"]["turn"].get<bool>());
  EXPECT_FALSE(r.body["notify"]["browser"].get<bool>());
  EXPECT_FALSE(r.body["server"]["email"].get<bool>());  // no --smtp-url here

  const std::vector<std::pair<Json, std::string>> bad = {
      {{{"webhook_url", "ftp://example.org/x"}}, "webhook_url"},
      {{{"webhook_url", "javascript:alert(1)"}}, "webhook_url"},
      {{{"webhook_url", "example.org/hook"}}, "webhook_url"},
      {{{"webhook_url", "https://exa mple.org/"}}, "webhook_url"},
      {{{"webhook_url", 12}}, "webhook_url"},
      {{{"email", "alice"}}, "email"},
      {{{"email", "alice@example"}}, "email"},
      {{{"email", "al ice@example.org"}}, "email"},
      {{{"email", "alice@example.org\r\nBcc: x@y.org"}}, "email"},
      {{{"email", "a@@example.org"}}, "email"},
      {{{"notify", {{"turn", "yes"}}}}, "notify.turn"},
      {{{"notify", {{"everything", true}}}}, "notify.everything"},
      {{{"notify", true}}, "notify"},
      {{{"colour", "red"}}, "colour"},
  };
  for (const auto& [body, field] : bad) {
    r = alice.put("/api/me/settings", body);
    EXPECT_EQ(r.status, 400) << body.dump();
    EXPECT_EQ(r.body.value("field", ""), field) << r.text;
    EXPECT_NE(r.body.value("error", "").find(field.substr(0, field.find('.'))), std::string::npos)
        << r.text;
  }
  r = alice.get("/api/me/settings");
  EXPECT_TRUE(r.body["webhook_url"].is_null()) << "a refused PUT changed nothing";

  r = alice.put("/api/me/settings", {{"webhook_url", "https://discord.com/api/webhooks/1/abc"},
                                     {"email", "alice.smith+pw@example.org"},
                                     {"notify", {{"browser", true}, {"game_end", false}}}});
  ASSERT_EQ(r.status, 200) << r.text;
  r = alice.get("/api/me/settings");
  EXPECT_EQ(r.body["webhook_url"], "https://discord.com/api/webhooks/1/abc");
  EXPECT_EQ(r.body["email"], "alice.smith+pw@example.org");
  EXPECT_TRUE(r.body["notify"]["browser"].get<bool>());
  EXPECT_FALSE(r.body["notify"]["game_end"].get<bool>());
  EXPECT_TRUE(r.body["notify"]["turn"].get<bool>());
  // A field left out stays; null or "" removes.
  r = alice.put("/api/me/settings", {{"email", ""}, {"webhook_url", nullptr}});
  EXPECT_TRUE(r.body["email"].is_null());
  EXPECT_TRUE(r.body["webhook_url"].is_null());
  EXPECT_TRUE(r.body["notify"]["browser"].get<bool>());

  ApiClient anonymous(server_->port());
  EXPECT_EQ(anonymous.get("/api/me/settings").status, 401);
}

// Issue 41, hole 1: without the operator's leave, a webhook to this machine is refused when it
// is saved, in every spelling.
TEST_F(Notices, AWebhookToThisMachineIsRefusedWhenSaved) {
  ServerConfig c = config();
  c.webhook_allow_hosts.clear();
  start(c);
  std::string alice_name;
  ApiClient alice = user(alice_name, "ssrf");
  for (const char* url : {"http://127.0.0.1:9/hook", "http://localhost/hook", "http://[::1]/hook",
                          "http://0x7f000001/hook", "http://2130706433/hook", "http://127.1/hook",
                          "http://0.0.0.0/hook", "http://user@127.0.0.1/hook",
                          "http://169.254.169.254/latest", "http://10.0.0.1/hook"}) {
    const Reply r = alice.put("/api/me/settings", {{"webhook_url", url}});
    EXPECT_EQ(r.status, 400) << url;
    EXPECT_EQ(r.body.value("field", ""), "webhook_url") << url;
    EXPECT_NE(r.body.value("error", "").find("public addresses"), std::string::npos) << r.text;
  }
  EXPECT_TRUE(alice.get("/api/me/settings").body["webhook_url"].is_null());
}

// A name that resolves to this machine passes when saved (names are not looked up then) but
// is refused when the notice is sent: the receiver on 127.0.0.1 gets nothing and the notice
// fails for good. The test's resolver answers for hooks.test; nothing is looked up elsewhere.
TEST_F(Notices, AWebhookNameThatResolvesHereIsRefusedWhenSent) {
  WebhookReceiver hooks;
  ServerConfig c = config();
  c.webhook_allow_hosts.clear();
  c.webhook_resolve = [](const std::string& host) -> std::vector<std::string> {
    if (host == "hooks.test") return {"127.0.0.1"};
    throw std::runtime_error("unknown name");
  };
  start(c);
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "rbnd");
  ApiClient bob = user(bob_name, "rbne");
  const std::string url = "http://hooks.test:" + std::to_string(hooks.port()) + "/hook/alice";
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", url}}).status, 200);
  human_game(alice, bob);  // Bob's joining is a notice for Alice
  ASSERT_TRUE(eventually([&] {
    for (const Json& n : notices_of(store_->database(), alice_name))
      if (n["channel"] == "webhook" && n["state"] == "failed") return true;
    return false;
  }));
  for (const Json& n : notices_of(store_->database(), alice_name)) {
    if (n["channel"] != "webhook") continue;
    EXPECT_EQ(n["attempts"], 1) << n.dump();
    EXPECT_NE(n["last_error"].get<std::string>().find("hooks.test resolves to 127.0.0.1"),
              std::string::npos)
        << n.dump();
  }
  EXPECT_TRUE(hooks.posts().empty());
}

// With the operator's leave the same name reaches the receiver, at the address that was
// checked (CURLOPT_RESOLVE): curl itself never looks hooks.test up.
TEST_F(Notices, AnAllowedWebhookHostIsReachedAtTheCheckedAddress) {
  WebhookReceiver hooks;
  ServerConfig c = config();
  c.webhook_allow_hosts = {"hooks.test"};
  c.webhook_resolve = [](const std::string& host) -> std::vector<std::string> {
    if (host == "hooks.test") return {"127.0.0.1"};
    throw std::runtime_error("unknown name");
  };
  start(c);
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "alwd");
  ApiClient bob = user(bob_name, "alwe");
  const std::string url = "http://hooks.test:" + std::to_string(hooks.port()) + "/hook/alice";
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", url}}).status, 200);
  human_game(alice, bob);
  ASSERT_TRUE(eventually([&] { return !hooks.posts().empty(); }));
  EXPECT_EQ(hooks.posts().front().who, "alice");
}

// Issue 41, hole 4: one sender delivered every notice in order, so five notices to a slow
// webhook held back everyone else's (45 s in the audit). Now a slow destination takes one
// sender at a time: Bob's four notices to an endpoint that answers in 1.5 s leave Alice's
// notice, queued after them, to arrive at once.
TEST_F(Notices, ASlowWebhookHoldsUpOnlyItsOwnNotices) {
  WebhookReceiver hooks;
  start(config());
  std::string alice_name, bob_name, dave_name, erin_name;
  ApiClient alice = user(alice_name, "fast");
  ApiClient bob = user(bob_name, "slow");
  ApiClient dave = user(dave_name, "dave");
  ApiClient erin = user(erin_name, "erin");
  ASSERT_EQ(bob.put("/api/me/settings", {{"webhook_url", hooks.url("/hang")}}).status, 200);
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", hooks.url("/hook/alice")}}).status, 200);
  for (int i = 0; i < 4; ++i) human_game(bob, dave);  // four notices for Bob: Dave joined
  const auto queued = std::chrono::steady_clock::now();
  human_game(alice, erin);
  ASSERT_TRUE(eventually([&] { return !hooks.posts().empty(); }));
  // One sender would have spent 4 x 1.5 s on Bob's notices first.
  EXPECT_LT(std::chrono::steady_clock::now() - queued, std::chrono::milliseconds(3000));
  EXPECT_EQ(hooks.posts().front().who, "alice");
  // Bob's notices all arrive in the end (one at a time at his endpoint).
  ASSERT_TRUE(eventually(
      [&] {
        int sent = 0;
        for (const Json& n : notices_of(store_->database(), bob_name))
          if (n["channel"] == "webhook" && n["state"] == "sent") ++sent;
        return sent == 4;
      },
      std::chrono::seconds(20)));
}

TEST_F(Notices, WebhookAndMailArriveWithoutHiddenInformation) {
  WebhookReceiver hooks;
  SmtpSink smtp(dir_.path() / "mail");
  ASSERT_GT(smtp.port(), 0) << "python3-aiosmtpd did not start";
  ServerConfig c = config();
  c.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp.port());
  c.mail_from = "pacwar@example.org";
  start(c);
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "ali");
  ApiClient bob = user(bob_name, "bob");
  ASSERT_EQ(alice
                .put("/api/me/settings", {{"webhook_url", hooks.url("/hook/alice")},
                                          {"email", "alice@example.org"},
                                          {"notify", {{"browser", true}}}})
                .status,
            200);
  ASSERT_EQ(
      bob.put("/api/me/settings", {{"webhook_url", hooks.url("/hook/bob")}, {"email", nullptr}})
          .status,
      200);
  const std::string id = human_game(alice, bob);
  ApiClient* clients[2] = {&alice, &bob};
  std::vector<Json> states;
  // Two changes of turn: each reaches the new player once, not once per action.
  int actions = pass_turn(clients, id, states);
  actions += pass_turn(clients, id, states);
  ASSERT_GE(actions, 2);

  auto count = [&](const std::string& who, const std::string& what) {
    int n = 0;
    for (const auto& p : hooks.posts()) {
      if (p.who == who && p.body.find(what) != std::string::npos) ++n;
    }
    return n;
  };
  ASSERT_TRUE(eventually([&] { return count("alice", "accepted") == 1; }));
  ASSERT_TRUE(eventually([&] {
    return count("alice", "your turn") + count("bob", "your turn") == 2;
  })) << hooks.posts().size()
      << " posts";
  for (const auto& p : hooks.posts()) {
    EXPECT_EQ(p.content_type, "application/json");
    const Json body = Json::parse(p.body);
    EXPECT_TRUE(body["content"].is_string());
    EXPECT_EQ(body["content"], body["text"]);
    EXPECT_NE(p.body.find("/#/game/" + id), std::string::npos) << p.body;
    EXPECT_NE(p.body.find("The Pacific War"), std::string::npos) << p.body;
  }
  // The opponent's name is in Alice's notices.
  EXPECT_GE(count("alice", bob_name), 1);
  // E-mail: Alice's, through the SMTP server.
  // Alice's notices of the join and of her turn may be queued in the same millisecond: either
  // can be sent first (the queue orders by time, then by a random id).
  const std::string subject = "Subject: " + bob_name + " accepted your invitation";
  std::string mail;
  ASSERT_TRUE(eventually([&] {
    for (const std::string& m : smtp.messages()) {
      if (m.find(subject) != std::string::npos) mail = m;
    }
    return !mail.empty();
  }));
  EXPECT_NE(mail.find("X-Envelope-To: alice@example.org"), std::string::npos) << mail;
  EXPECT_NE(mail.find("X-Envelope-From: pacwar@example.org"), std::string::npos) << mail;
  EXPECT_NE(mail.find("/#/game/" + id), std::string::npos) << mail;
  // Browser notices for Alice (the page shows them, then marks them seen).
  Reply r = alice.get("/api/me/notices");
  ASSERT_EQ(r.status, 200);
  ASSERT_FALSE(r.body["notices"].empty());
  std::vector<std::string> ids;
  for (const Json& n : r.body["notices"]) {
    EXPECT_EQ(n["game_id"], id);
    EXPECT_EQ(n["opponent"], bob_name);
    ids.push_back(n["id"]);
  }
  EXPECT_EQ(alice.post("/api/me/notices/seen", {{"ids", ids}}).body["seen"],
            static_cast<int>(ids.size()));
  EXPECT_TRUE(alice.get("/api/me/notices").body["notices"].empty());
  // Bob cannot mark Alice's.
  EXPECT_EQ(bob.post("/api/me/notices/seen", {{"ids", ids}}).body["seen"], 0);

  // Alice resigns: Bob is told the game ended, Alice (who resigned) is not.
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  ASSERT_TRUE(eventually([&] { return count("bob", "is over: you won") == 1; }));
  EXPECT_EQ(count("alice", "is over"), 0);

  // No card of either hand, at any moment of the game, is in anything that was sent.
  std::set<std::string> hidden;
  for (const Json& s : states) {
    for (const auto& [seat, hand] : s["view"]["hands"].items()) {
      if (!hand.contains("cards")) continue;
      for (const Json& card : hand["cards"]) {
        hidden.insert(card["name"].get<std::string>());
        hidden.insert("\"" + card["id"].get<std::string>() + "\"");
      }
    }
  }
  ASSERT_FALSE(hidden.empty()) << "the test saw no hand";
  std::vector<std::string> sent;
  for (const auto& p : hooks.posts()) sent.push_back(p.body);
  for (const std::string& m : smtp.messages()) sent.push_back(m);
  for (const Json& n : notices_of(store_->database(), alice_name)) sent.push_back(n.dump());
  for (const Json& n : notices_of(store_->database(), bob_name)) sent.push_back(n.dump());
  for (const std::string& text : sent) {
    for (const std::string& token : hidden) {
      EXPECT_EQ(text.find(token), std::string::npos) << "hidden " << token << " in " << text;
    }
    EXPECT_EQ(text.find("\"hand"), std::string::npos) << text;
    EXPECT_EQ(text.find("\"cards\""), std::string::npos) << text;
  }
}

TEST_F(Notices, NoTurnNoticeForComputerMoves) {
  WebhookReceiver hooks;
  start(config());
  std::string name;
  ApiClient alice = user(name, "cpu");
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", hooks.url("/hook/alice")}}).status, 200);
  const Reply created = alice.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  for (int i = 0; i < 30; ++i) {
    Json s;
    ASSERT_TRUE(eventually([&] {
      s = alice.get("/api/games/" + id).body;
      return s["your_turn"].get<bool>() || s["status"] == "finished";
    }));
    if (s["status"] == "finished") break;
    ASSERT_EQ(alice
                  .post("/api/games/" + id + "/actions",
                        {{"action", s["legal"][0]["id"]}, {"version", s["version"]}})
                  .status,
              200);
  }
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (const Json& n : notices_of(store_->database(), name)) {
    EXPECT_NE(n["kind"], "turn") << n.dump();
  }
  // A clock is for games between people.
  const Reply clocked =
      alice.post("/api/games", {{"game", "pacific-war"},
                                {"seat", "japanese"},
                                {"opponent", "random"},
                                {"clock", {{"kind", "per_move"}, {"per_move_s", 3600}}}});
  EXPECT_EQ(clocked.status, 400) << clocked.text;
}

TEST_F(Notices, DeadAndHangingEndpointsNeitherLoseNorDelayMoves) {
  WebhookReceiver hooks;
  start(config());
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "dead");
  ApiClient bob = user(bob_name, "hang");
  // Port 9 (discard) on loopback: nothing listens, the connection is refused.
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", "http://127.0.0.1:9/hook"}}).status,
            200);
  ASSERT_EQ(bob.put("/api/me/settings", {{"webhook_url", hooks.url("/hang")}}).status, 200);
  const std::string id = human_game(alice, bob);
  ApiClient* clients[2] = {&alice, &bob};
  std::vector<Json> states;
  for (int turn = 0; turn < 4; ++turn) {
    const auto start = std::chrono::steady_clock::now();
    const int acted = pass_turn(clients, id, states);
    ASSERT_GT(acted, 0);
    // Far under the 1.5 s the hanging endpoint takes to answer each notice.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1400) * acted);
  }
  EXPECT_EQ(store_->load_game(id)->state.version, states.back()["version"].get<std::int64_t>());
  // The dead endpoint's notices are retried with growing waits. On a
  // slow machine (ASan, two cores) the first notice may already have used its 8 attempts and
  // been given up ("failed") by now, and the endpoint's own wait may keep the next one from its
  // second try for seconds: either shows a retry, and none is ever "sent".
  ASSERT_TRUE(eventually(
      [&] {
        for (const Json& n : notices_of(store_->database(), alice_name)) {
          if (n["attempts"].get<int>() >= 2 && n["last_error"].is_string() &&
              (n["state"] == "pending" || n["state"] == "failed"))
            return true;
        }
        return false;
      },
      std::chrono::seconds(30)));
  for (const Json& n : notices_of(store_->database(), alice_name)) EXPECT_NE(n["state"], "sent");
}

TEST_F(Notices, ClockPerMoveRemindsThenTheOpponentClaims) {
  frozen_ = true;
  start(config());
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "clka");
  ApiClient bob = user(bob_name, "clkb");
  for (ApiClient* c : {&alice, &bob}) {
    ASSERT_EQ(c->put("/api/me/settings", {{"notify", {{"browser", true}}}}).status, 200);
  }
  EXPECT_EQ(alice
                .post("/api/games", {{"game", "pacific-war"},
                                     {"seat", "japanese"},
                                     {"opponent", "human"},
                                     {"clock", {{"kind", "per_move"}, {"per_move_s", 5}}}})
                .status,
            400);
  const std::string id =
      human_game(alice, bob, {{"kind", "per_move"}, {"per_move_s", 3600}, {"on_timeout", "claim"}});
  Reply r = alice.get("/api/games/" + id + "/clock");
  ASSERT_EQ(r.status, 200) << r.text;
  const Json clock = r.body["clock"];
  ASSERT_TRUE(clock.is_object()) << r.text;
  const std::string running = clock["running"];
  EXPECT_EQ(clock["control"]["per_move_s"], 3600);
  EXPECT_EQ(clock["seats"][running]["left_ms"].get<std::int64_t>(), 3600 * 1000);
  // The lobby shows it too.
  bool in_lobby = false;
  const Json lobby = alice.get("/api/games").body;
  for (const Json& g : lobby["games"]) {
    if (g["id"] == id) in_lobby = g["clock"]["running"] == running;
  }
  EXPECT_TRUE(in_lobby) << lobby.dump();
  ApiClient& late = running == "japanese" ? alice : bob;
  ApiClient& other = running == "japanese" ? bob : alice;
  EXPECT_EQ(other.post("/api/games/" + id + "/claim-timeout").status, 409);

  // 50 minutes on: a reminder to the player to move (a quarter of the hour is left).
  offset_ = 50 * 60 * 1000;
  ASSERT_TRUE(eventually([&] {
    const Json notices = late.get("/api/me/notices").body["notices"];
    for (const Json& n : notices) {
      if (n["kind"] == "clock_low") return true;
    }
    return false;
  })) << notices_of(store_->database(), alice_name).dump()
      << notices_of(store_->database(), bob_name).dump();
  // 61 minutes on: the time ran out; the opponent is told they may claim the win.
  offset_ = 61 * 60 * 1000;
  ASSERT_TRUE(eventually([&] {
    const Json notices = other.get("/api/me/notices").body["notices"];
    for (const Json& n : notices) {
      if (n["kind"] == "clock_out" && n["may_claim"] == true) return true;
    }
    return false;
  }));
  EXPECT_EQ(alice.get("/api/games/" + id + "/clock").body["clock"]["expired"], running);
  EXPECT_EQ(late.post("/api/games/" + id + "/claim-timeout").status, 403);
  r = other.post("/api/games/" + id + "/claim-timeout");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "finished");
  EXPECT_NE(r.body["result"]["winner"], running);
  EXPECT_EQ(other.post("/api/games/" + id + "/claim-timeout").status, 409);
}

TEST_F(Notices, ClockBankChargesAddsIncrementAndEndsTheGame) {
  frozen_ = true;  // exact times: only the test moves the clock
  start(config());
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "bnka");
  ApiClient bob = user(bob_name, "bnkb");
  const std::string id = human_game(
      alice, bob, {{"kind", "bank"}, {"bank_s", 600}, {"increment_s", 60}, {"on_timeout", "lose"}},
      "co-prosperity");
  const std::string first = alice.get("/api/games/" + id + "/clock").body["clock"]["running"];
  // The first player thinks 5 minutes, then passes the turn: 600 - 300 + 60 = 360 s left.
  offset_ = 5 * 60 * 1000;
  ApiClient* clients[2] = {&alice, &bob};
  std::vector<Json> states;
  ASSERT_GT(pass_turn(clients, id, states), 0);
  Json clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_NE(clock["running"], first) << clock.dump();
  EXPECT_EQ(clock["seats"][first]["left_ms"].get<std::int64_t>(), 360 * 1000);
  // The other seat's time runs from the same instant: its whole bank is left.
  const std::string second = clock["running"];
  EXPECT_EQ(clock["seats"][second]["left_ms"].get<std::int64_t>(), 600 * 1000);
  // The other player never moves: after their 600 s the game ends, the first player wins.
  offset_ = 5 * 60 * 1000 + 601 * 1000;
  Json state;
  ASSERT_TRUE(eventually([&] {
    state = alice.get("/api/games/" + id).body;
    return state["status"] == "finished";
  }));
  EXPECT_EQ(state["result"]["winner"], first);
  clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  EXPECT_TRUE(clock["running"].is_null());
  EXPECT_NE(clock["expired"], first);
}

// Every `pacwar serve` process runs a sender (docs/deploy.md): two on one database share the
// queue, each notice claimed by one of them and sent once.
TEST_F(Notices, TwoSendersNeverSendOneNoticeTwice) {
  WebhookReceiver hooks;
  start(config());
  InProcessServer second(config());
  std::string name;
  ApiClient alice = user(name, "two");
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", hooks.url("/slow/two")}}).status, 200);
  constexpr int kNotices = 60;
  {
    auto c = store_->database().acquire();
    Transaction transaction(*c);
    std::vector<QueuedNotice> list;
    for (int i = 0; i < kNotices; ++i) {
      list.push_back({name,
                      "turn",
                      "",
                      {{"game", "pacific-war"},
                       {"opponent", "bob"},
                       {"path", "/#/game/n" + std::to_string(i)}}});
    }
    write_notices(*c, list, now_ms());
    transaction.commit();
  }
  Json rows;
  ASSERT_TRUE(eventually(
      [&] {
        rows = notices_of(store_->database(), name);
        for (const Json& n : rows) {
          if (n["state"] != "sent") return false;
        }
        return rows.size() == kNotices;
      },
      std::chrono::seconds(30)))
      << rows.dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // a late duplicate would show
  const auto posts = hooks.posts();
  std::set<std::string> bodies;
  for (const auto& p : posts) bodies.insert(p.body);
  EXPECT_EQ(posts.size(), static_cast<std::size_t>(kNotices));
  EXPECT_EQ(bodies.size(), static_cast<std::size_t>(kNotices));
  std::set<std::string> workers;
  for (const Json& n : rows) {
    EXPECT_EQ(n["attempts"], 1) << n.dump();
    workers.insert(n.value("worker", ""));
  }
  // Both senders took part (each names itself by process and port).
  EXPECT_EQ(workers.size(), 2U) << rows.dump();
}

// The seat that passed the turn takes its last action back: returns the state after the undo.
Json undo_turn(ApiClient& client, const std::string& id) {
  const Json state = client.get("/api/games/" + id).body;
  EXPECT_TRUE(state["can_undo"].get<bool>()) << state.dump();
  const Reply undone = client.post("/api/games/" + id + "/undo", {{"version", state["version"]}});
  EXPECT_EQ(undone.status, 200) << undone.text;
  return undone.body;
}

TEST_F(Notices, ClockPerMoveUndoGivesNoTimeBack) {
  frozen_ = true;
  start(config());
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "unda");
  ApiClient bob = user(bob_name, "undb");
  const std::string id =
      human_game(alice, bob, {{"kind", "per_move"}, {"per_move_s", 3600}}, "co-prosperity");
  const std::string first = alice.get("/api/games/" + id + "/clock").body["clock"]["running"];
  ApiClient* clients[2] = {&alice, &bob};
  ApiClient& mover = first == "japanese" ? alice : bob;
  // 10 minutes into the turn the first player passes it; 20 minutes in they take it back.
  offset_ = 10 * 60 * 1000;
  std::vector<Json> states;
  ASSERT_GT(pass_turn(clients, id, states), 0);
  Json clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_NE(clock["running"], first) << clock.dump();
  offset_ = 20 * 60 * 1000;
  const Json after = undo_turn(mover, id);
  ASSERT_TRUE(after["your_turn"].get<bool>()) << after.dump();
  clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  EXPECT_EQ(clock["running"], first) << clock.dump();
  // Their turn runs on from its start: 40 of the 60 minutes are left, not a fresh hour.
  EXPECT_EQ(clock["seats"][first]["left_ms"].get<std::int64_t>(), 40 * 60 * 1000) << clock.dump();
  EXPECT_EQ(clock["deadline"], iso_time(start_ms_ + 3600 * 1000));
  // They pass the turn again: the other seat gets its whole hour from then.
  offset_ = 25 * 60 * 1000;
  ASSERT_GT(pass_turn(clients, id, states), 0);
  clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_NE(clock["running"], first) << clock.dump();
  EXPECT_EQ(clock["deadline"], iso_time(start_ms_ + 25 * 60 * 1000 + 3600 * 1000));
}

TEST_F(Notices, ClockBankUndoAddsNoIncrementTwice) {
  frozen_ = true;
  start(config());
  std::string alice_name, bob_name;
  ApiClient alice = user(alice_name, "ubka");
  ApiClient bob = user(bob_name, "ubkb");
  const std::string id = human_game(
      alice, bob, {{"kind", "bank"}, {"bank_s", 600}, {"increment_s", 60}}, "co-prosperity");
  const std::string first = alice.get("/api/games/" + id + "/clock").body["clock"]["running"];
  ApiClient* clients[2] = {&alice, &bob};
  ApiClient& mover = first == "japanese" ? alice : bob;
  // 5 minutes: the turn passes (600 - 300 + 60 = 360 s); 6 minutes: taken back.
  offset_ = 5 * 60 * 1000;
  std::vector<Json> states;
  ASSERT_GT(pass_turn(clients, id, states), 0);
  Json clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_NE(clock["running"], first) << clock.dump();
  const std::string second = clock["running"];
  EXPECT_EQ(clock["seats"][first]["left_ms"].get<std::int64_t>(), 360 * 1000);
  offset_ = 6 * 60 * 1000;
  undo_turn(mover, id);
  clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  EXPECT_EQ(clock["running"], first) << clock.dump();
  // The bank runs on from the turn's start without the increment: 600 - 360 = 240 s.
  EXPECT_EQ(clock["seats"][first]["left_ms"].get<std::int64_t>(), 240 * 1000) << clock.dump();
  // The other seat was not charged for the minute the undone turn was theirs.
  EXPECT_EQ(clock["seats"][second]["left_ms"].get<std::int64_t>(), 600 * 1000);
  // Passing again at 7 minutes: 600 - 420 + 60 = 240 s, one increment only.
  offset_ = 7 * 60 * 1000;
  ASSERT_GT(pass_turn(clients, id, states), 0);
  clock = alice.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_EQ(clock["running"], second) << clock.dump();
  EXPECT_EQ(clock["seats"][first]["left_ms"].get<std::int64_t>(), 240 * 1000) << clock.dump();
  EXPECT_EQ(clock["seats"][second]["left_ms"].get<std::int64_t>(), 600 * 1000);
}

}  // namespace
}  // namespace pacwar::server
