#include "server/http/server.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>

namespace pacwar::server::http {
namespace {

using namespace std::chrono_literals;

// A server on an ephemeral port of 127.0.0.1, running in a thread for the test's lifetime.
class Running {
 public:
  explicit Running(Server& server) : server_(server), port_(server.bind("127.0.0.1", 0)) {
    thread_ = std::thread([this] { server_.run(); });
  }
  ~Running() {
    server_.stop();
    thread_.join();
  }
  int port() const { return port_; }

 private:
  Server& server_;
  int port_;
  std::thread thread_;
};

// A raw TCP client: what it sends is exactly what the test wrote.
class RawClient {
 public:
  explicit RawClient(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      throw std::runtime_error("connect failed");
    }
  }
  ~RawClient() { close(); }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void send(const std::string& text) const {
    std::size_t sent = 0;
    while (sent < text.size()) {
      const ssize_t n = ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send failed");
      sent += static_cast<std::size_t>(n);
    }
  }
  // Reads until `done(received)` or the peer closes or 5 s pass; returns what was received.
  template <class Done>
  std::string read_until(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!done(received_) && std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      char buffer[65536];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        closed_ = true;
        break;
      }
      received_.append(buffer, static_cast<std::size_t>(n));
    }
    return received_;
  }
  std::string read_all() {
    return read_until([](const std::string&) { return false; });
  }
  bool closed() const { return closed_; }
  void clear() { received_.clear(); }

 private:
  int fd_;
  std::string received_;
  bool closed_ = false;
};

auto contains(const std::string& needle) {
  return [needle](const std::string& text) { return text.find(needle) != std::string::npos; };
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + 1)) {
    ++n;
  }
  return n;
}

void echo_routes(Server& server) {
  server.route("GET", R"(/echo/([a-z0-9]+))", [](Request& req, Response& res) {
    res.set_content("echo " + req.matches[1] + " q=" + req.param("q"), "text/plain");
  });
  server.route("POST", "/body", [](Request& req, Response& res) {
    res.status = 201;
    res.set_content("got " + req.body, "text/plain");
    res.set_header("X-Remote", req.remote_addr);
  });
  server.route("GET", "/throws",
               [](Request&, Response&) -> void { throw std::runtime_error("boom"); });
  server.set_error_handler([](const Request& req, Response& res) {
    res.set_content("error " + std::to_string(res.status) + " at " + req.path, "text/plain");
  });
}

TEST(HttpServer, AnswersPipelinedRequestsOnOneConnectionInOrder) {
  Server server({});
  echo_routes(server);
  Running running(server);
  RawClient client(running.port());
  client.send(
      "GET /echo/one?q=1 HTTP/1.1\r\n\r\nGET /echo/two HTTP/1.1\r\n\r\n"
      "POST /body HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc");
  const std::string text = client.read_until(contains("got abc"));
  const auto one = text.find("echo one q=1");
  const auto two = text.find("echo two q=");
  const auto three = text.find("got abc");
  ASSERT_NE(one, std::string::npos) << text;
  ASSERT_NE(two, std::string::npos) << text;
  ASSERT_NE(three, std::string::npos) << text;
  EXPECT_LT(one, two);
  EXPECT_LT(two, three);
  EXPECT_EQ(count(text, "Connection: keep-alive"), 3u);
  EXPECT_NE(text.find("HTTP/1.1 201 Created"), std::string::npos);
  EXPECT_NE(text.find("X-Remote: 127.0.0.1"), std::string::npos);
  EXPECT_FALSE(client.closed());
}

// Issue 41, hole 2: a client that trickles its request head (a byte now and then, which kept
// the idle timeout from ever firing) is answered 408 and cut off at the head's deadline.
TEST(HttpServer, ATrickledHeadIsCutOffAtItsDeadline) {
  ServerOptions options;
  options.header_timeout = 300ms;
  Server server(options);
  echo_routes(server);
  Running running(server);
  RawClient slow(running.port());
  slow.send("GET /echo/slow HTTP/1.1\r\n");
  const auto start = std::chrono::steady_clock::now();
  std::atomic<bool> done{false};
  std::thread trickle([&] {
    for (int i = 0; i < 40 && !done; ++i) {
      std::this_thread::sleep_for(100ms);
      try {
        slow.send("X");
      } catch (const std::exception&) {
        return;  // the server closed the connection
      }
    }
  });
  const std::string text = slow.read_until(contains("408"));
  done = true;
  trickle.join();
  EXPECT_NE(text.find("HTTP/1.1 408 Request Timeout"), std::string::npos) << text;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
  slow.read_all();
  EXPECT_TRUE(slow.closed());
}

// Issue 41, hole 2: connections from one address are capped (a connection over the cap is
// answered 503 and closed); a closed one frees its place; a proxy's address has no cap.
TEST(HttpServer, ConnectionsPerAddressAreCapped) {
  ServerOptions options;
  options.max_connections_per_address = 2;
  Server server(options);
  echo_routes(server);
  Running running(server);
  RawClient one(running.port());
  RawClient two(running.port());
  one.send("GET /echo/one HTTP/1.1\r\n\r\n");
  two.send("GET /echo/two HTTP/1.1\r\n\r\n");
  ASSERT_NE(one.read_until(contains("echo one")).find("echo one"), std::string::npos);
  ASSERT_NE(two.read_until(contains("echo two")).find("echo two"), std::string::npos);
  RawClient three(running.port());
  const std::string refused = three.read_all();
  EXPECT_NE(refused.find("HTTP/1.1 503 Service Unavailable"), std::string::npos) << refused;
  EXPECT_NE(refused.find("too many connections from your address"), std::string::npos);
  EXPECT_TRUE(three.closed());
  one.close();
  bool served = false;
  for (int i = 0; i < 20 && !served; ++i) {  // the server sees the close on its next read
    RawClient four(running.port());
    four.send("GET /echo/four HTTP/1.1\r\n\r\n");
    served = four.read_until(contains("echo four")).find("echo four") != std::string::npos;
    if (!served) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(served);

  ServerOptions proxied;
  proxied.max_connections_per_address = 1;
  proxied.unlimited_addresses = {"127.0.0.1"};
  Server behind_proxy(proxied);
  echo_routes(behind_proxy);
  Running running_behind(behind_proxy);
  RawClient a(running_behind.port());
  RawClient b(running_behind.port());
  a.send("GET /echo/a HTTP/1.1\r\n\r\n");
  b.send("GET /echo/b HTTP/1.1\r\n\r\n");
  EXPECT_NE(a.read_until(contains("echo a")).find("echo a"), std::string::npos);
  EXPECT_NE(b.read_until(contains("echo b")).find("echo b"), std::string::npos);
}

TEST(HttpServer, ReadsARequestSentOneByteAtATime) {
  Server server({});
  echo_routes(server);
  Running running(server);
  RawClient client(running.port());
  const std::string request = "POST /body HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello";
  for (const char c : request) {
    client.send(std::string(1, c));
    std::this_thread::sleep_for(1ms);
  }
  EXPECT_NE(client.read_until(contains("got hello")).find("got hello"), std::string::npos);
}

TEST(HttpServer, SendsALargeAnswerWhole) {
  Server server({});
  const std::string big(6 * 1024 * 1024, 'z');
  server.route("GET", "/big", [&](Request&, Response& res) { res.set_content(big, "text/plain"); });
  Running running(server);
  RawClient client(running.port());
  client.send("GET /big HTTP/1.1\r\nConnection: close\r\n\r\n");
  const std::string text = client.read_all();
  ASSERT_TRUE(client.closed());
  const auto body = text.find("\r\n\r\n");
  ASSERT_NE(body, std::string::npos);
  EXPECT_EQ(text.size() - body - 4, big.size());
  EXPECT_NE(text.find("Content-Length: " + std::to_string(big.size())), std::string::npos);
  EXPECT_NE(text.find("Connection: close"), std::string::npos);
}

// A pattern's plain start is compared before its regex is tried (issue 43): every path the regex
// matches is still answered by it, the optional character before a quantifier included.
TEST(HttpServer, RegexRoutesAnswerEveryPathTheirPatternMatches) {
  Server server({});
  const auto named = [](std::string name) {
    return [name](Request& req, Response& res) {
      res.set_content(name + " " + (req.matches.size() > 1 ? req.matches[1] : std::string()),
                      "text/plain");
    };
  };
  server.route("POST", R"(/api/games/([0-9a-f]{1,64})/actions)", named("act"));
  server.route("GET", R"(/opt/ab?c)", named("opt"));
  server.route("GET", R"(/star/xa*b)", named("star"));
  server.route("GET", R"(/brace/xa{0,2}b)", named("brace"));
  server.route("GET", R"(/alt/(x|y))", named("alt"));
  server.route("GET", R"(/dot\.json)", named("dot"));
  Running running(server);
  const auto get = [&](const std::string& method, const std::string& path) {
    RawClient client(running.port());
    client.send(method + " " + path +
                " HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    const std::string text = client.read_all();
    const auto body = text.find("\r\n\r\n");
    const std::string status = text.substr(9, 3);
    return status == "200" ? text.substr(body + 4) : status;
  };
  EXPECT_EQ(get("POST", "/api/games/00ff/actions"), "act 00ff");
  EXPECT_EQ(get("POST", "/api/games/xyz/actions"), "404");
  EXPECT_EQ(get("GET", "/opt/ac"), "opt ");
  EXPECT_EQ(get("GET", "/opt/abc"), "opt ");
  EXPECT_EQ(get("GET", "/opt/abbc"), "404");
  EXPECT_EQ(get("GET", "/star/xb"), "star ");
  EXPECT_EQ(get("GET", "/star/xaab"), "star ");
  EXPECT_EQ(get("GET", "/brace/xb"), "brace ");
  EXPECT_EQ(get("GET", "/alt/y"), "alt y");
  EXPECT_EQ(get("GET", "/dot.json"), "dot ");
  EXPECT_EQ(get("GET", "/dotxjson"), "404");
}

TEST(HttpServer, ErrorsGetAStatusAndTheErrorHandlersBody) {
  ServerOptions options;
  options.limits.max_body = 8;
  Server server(options);
  echo_routes(server);
  Running running(server);
  {
    RawClient client(running.port());
    client.send("GET /nothing HTTP/1.1\r\n\r\n");
    EXPECT_NE(client.read_until(contains("error 404 at /nothing")).find("HTTP/1.1 404"),
              std::string::npos);
    client.clear();
    client.send("POST /echo/x HTTP/1.1\r\n\r\n");
    EXPECT_NE(client.read_until(contains("error 405")).find("HTTP/1.1 405"), std::string::npos);
    client.clear();
    client.send("GET /throws HTTP/1.1\r\n\r\n");
    EXPECT_NE(client.read_until(contains("error 500")).find("HTTP/1.1 500"), std::string::npos);
    client.clear();
    // A body over the limit is dropped and refused; the connection goes on.
    client.send("POST /body HTTP/1.1\r\nContent-Length: 12\r\n\r\n0123456789ab");
    EXPECT_NE(client.read_until(contains("error 413")).find("HTTP/1.1 413"), std::string::npos);
    client.clear();
    client.send("GET /echo/after HTTP/1.1\r\n\r\n");
    EXPECT_NE(client.read_until(contains("echo after")).find("200 OK"), std::string::npos);
  }
  {
    RawClient client(running.port());
    client.send("BAD REQUEST LINE HERE\r\n\r\n");
    const std::string text = client.read_all();
    EXPECT_NE(text.find("HTTP/1.1 400"), std::string::npos) << text;
    EXPECT_TRUE(client.closed());
  }
}

// A stream that sends "part N" each time it is woken, and ends after three parts.
class CountingStream final : public Stream {
 public:
  void start(std::function<void()> wake) override {
    std::lock_guard lock(mutex_);
    wake_ = std::move(wake);
    started_.set_value();
  }
  std::optional<std::string> next() override {
    std::lock_guard lock(mutex_);
    if (!woken_) return std::string();
    woken_ = false;
    if (++parts_ > 3) return std::nullopt;
    return "part " + std::to_string(parts_) + "\n";
  }
  void stop() override { stopped_ = true; }
  void wake() {
    std::function<void()> wake;
    {
      std::lock_guard lock(mutex_);
      woken_ = true;
      wake = wake_;
    }
    wake();
  }
  std::future<void> started() { return started_.get_future(); }
  bool stopped() const { return stopped_; }

 private:
  std::mutex mutex_;
  std::function<void()> wake_;
  std::promise<void> started_;
  bool woken_ = false;
  int parts_ = 0;
  std::atomic<bool> stopped_{false};
};

TEST(HttpServer, StreamsAreSentChunkedWhenWokenAndEnd) {
  ServerOptions options;
  options.stream_interval = 10s;  // only the wake-ups make parts here
  Server server(options);
  auto stream = std::make_shared<CountingStream>();
  auto started = stream->started();
  server.route("GET", "/events", [&](Request&, Response& res) {
    res.content_type = "text/event-stream";
    res.stream = stream;
  });
  Running running(server);
  RawClient client(running.port());
  client.send("GET /events HTTP/1.1\r\n\r\n");
  ASSERT_EQ(started.wait_for(5s), std::future_status::ready);
  EXPECT_NE(client.read_until(contains("\r\n\r\n")).find("Transfer-Encoding: chunked"),
            std::string::npos);
  for (int part = 1; part <= 3; ++part) {
    stream->wake();
    const std::string expected = "part " + std::to_string(part) + "\n";
    const std::string text = client.read_until(contains(expected));
    EXPECT_NE(text.find("7\r\n" + expected + "\r\n"), std::string::npos) << text;
  }
  stream->wake();  // the fourth: the end of the stream
  const std::string text = client.read_all();
  EXPECT_NE(text.find("\r\n0\r\n\r\n"), std::string::npos) << text;
  EXPECT_TRUE(client.closed());
  for (int i = 0; i < 100 && !stream->stopped(); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(stream->stopped());
}

TEST(HttpServer, AClientLeavingStopsItsStream) {
  Server server({});
  auto stream = std::make_shared<CountingStream>();
  auto started = stream->started();
  server.route("GET", "/events", [&](Request&, Response& res) { res.stream = stream; });
  Running running(server);
  {
    RawClient client(running.port());
    client.send("GET /events HTTP/1.1\r\n\r\n");
    ASSERT_EQ(started.wait_for(5s), std::future_status::ready);
  }
  for (int i = 0; i < 200 && !stream->stopped(); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(stream->stopped());
  stream->wake();  // after the connection is gone: harmless
}

TEST(HttpServer, SlowHandlersDoNotHoldUpTheOthers) {
  ServerOptions options;
  options.workers = 1;
  options.slow_workers = 1;
  Server server(options);
  std::promise<void> fast_ran;
  auto fast_done = fast_ran.get_future().share();
  server.route(
      "POST", "/slow",
      [fast_done](Request&, Response& res) {
        // Waits for the fast request, which must be answered meanwhile on the other workers.
        const bool ok = fast_done.wait_for(5s) == std::future_status::ready;
        res.set_content(ok ? "slow after fast" : "fast never ran", "text/plain");
      },
      Server::Pool::kSlow);
  server.route("GET", "/fast", [&fast_ran](Request&, Response& res) {
    fast_ran.set_value();
    res.set_content("fast", "text/plain");
  });
  Running running(server);
  RawClient slow(running.port());
  slow.send("POST /slow HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
  std::this_thread::sleep_for(20ms);
  RawClient fast(running.port());
  fast.send("GET /fast HTTP/1.1\r\n\r\n");
  EXPECT_NE(fast.read_until(contains("fast")).find("200 OK"), std::string::npos);
  EXPECT_NE(slow.read_until(contains("slow after fast")).find("slow after fast"),
            std::string::npos);
}

// An answer with when_ready (held until its commit is on disk, issue 43) is sent only when
// told; with one worker, another request is answered meanwhile; told "false", a bare 500 that
// closes the connection. The around hook runs around every handler.
TEST(HttpServer, HeldAnswersAreSentWhenReadyWithoutHoldingTheWorker) {
  ServerOptions options;
  options.workers = 1;
  Server server(options);
  std::mutex mutex;
  std::vector<std::function<void(bool)>> held;
  std::atomic<int> around_ran{0};
  server.set_around([&around_ran](Response&, const std::function<void()>& run) {
    ++around_ran;
    run();
  });
  server.route("POST", "/held", [&](Request&, Response& res) {
    res.set_content("stored", "text/plain");
    res.when_ready = [&](std::function<void(bool)> send) {
      std::lock_guard lock(mutex);
      held.push_back(std::move(send));
    };
  });
  server.route("GET", "/fast",
               [](Request&, Response& res) { res.set_content("fast", "text/plain"); });
  Running running(server);
  RawClient first(running.port());
  first.send("POST /held HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
  RawClient second(running.port());
  second.send("POST /held HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
  RawClient fast(running.port());
  fast.send("GET /fast HTTP/1.1\r\n\r\n");
  EXPECT_NE(fast.read_until(contains("fast")).find("200 OK"), std::string::npos);
  for (int i = 0; i < 200; ++i) {
    {
      std::lock_guard lock(mutex);
      if (held.size() == 2) break;
    }
    std::this_thread::sleep_for(10ms);
  }
  std::vector<std::function<void(bool)>> sends;
  {
    std::lock_guard lock(mutex);
    sends = held;
  }
  ASSERT_EQ(sends.size(), 2u);
  const auto until = std::chrono::steady_clock::now() + 100ms;
  EXPECT_EQ(first.read_until([until](const std::string& text) {
    return !text.empty() || std::chrono::steady_clock::now() > until;
  }),
            "")
      << "sent before it was ready";
  sends[0](true);
  EXPECT_NE(first.read_until(contains("stored")).find("200 OK"), std::string::npos);
  sends[1](false);
  const std::string failed = second.read_all();
  EXPECT_NE(failed.find("500 Internal Server Error"), std::string::npos) << failed;
  EXPECT_EQ(failed.find("stored"), std::string::npos);
  EXPECT_TRUE(second.closed());
  EXPECT_EQ(around_ran.load(), 3);
}

TEST(HttpServer, ServesStaticFilesButNothingOutsideTheirDirectory) {
  const auto root =
      std::filesystem::temp_directory_path() / ("pacwar-static-" + std::to_string(::getpid()));
  std::filesystem::create_directories(root / "web" / "js");
  std::ofstream(root / "web" / "index.html") << "<h1>pacwar</h1>";
  std::ofstream(root / "web" / "js" / "app.js") << "export {};";
  std::ofstream(root / "secret.txt") << "do not serve";
  Server server({});
  echo_routes(server);
  server.set_static_dir(root / "web");
  {
    Running running(server);
    RawClient client(running.port());
    client.send("GET / HTTP/1.1\r\n\r\n");
    std::string text = client.read_until(contains("</h1>"));
    EXPECT_NE(text.find("Content-Type: text/html"), std::string::npos) << text;
    client.clear();
    client.send("GET /js/app.js HTTP/1.1\r\n\r\n");
    text = client.read_until(contains("export"));
    EXPECT_NE(text.find("Content-Type: text/javascript"), std::string::npos) << text;
    client.clear();
    client.send("HEAD /js/app.js HTTP/1.1\r\n\r\n");
    text = client.read_until(contains("\r\n\r\n"));
    EXPECT_NE(text.find("Content-Length: 10"), std::string::npos) << text;
    EXPECT_EQ(text.find("export"), std::string::npos) << text;
    for (const char* path : {"/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt"}) {
      client.clear();
      client.send(std::string("GET ") + path + " HTTP/1.1\r\n\r\n");
      text = client.read_until(contains("error 404"));
      EXPECT_NE(text.find("HTTP/1.1 404"), std::string::npos) << path << "\n" << text;
      EXPECT_EQ(text.find("do not serve"), std::string::npos) << path;
    }
  }
  std::filesystem::remove_all(root);
}

TEST(HttpServer, StopEndsRunEvenBeforeItStarts) {
  Server server({});
  server.bind("127.0.0.1", 0);
  server.stop();
  server.run();  // returns at once
  SUCCEED();
}

}  // namespace
}  // namespace pacwar::server::http
