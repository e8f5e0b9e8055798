// Load test of `pacwar serve` on 127.0.0.1: starts the server binary on a fresh database, plays
// N concurrent games against the `random` computer player (so the server, not the AI, is
// measured), each client acting as fast as it is allowed, for a bounded time and number of
// actions, then prints the action latencies (p50/p99) and the server's memory per game as JSON.
//
//   pacwar_server_load [--games 100] [--seconds 20] [--max-actions 2000] [--db URL]
//                      [--full-log 1]  (ask for the whole log each time, as before log_since)
//                      [--wait events|poll]  (events: like the web UI, wait for the game's
//                                             live update, then read the state; poll: read it
//                                             every 2 ms while the computer player moves)
//                      [--event-state 1]  (events: open the stream with ?log_since so that it
//                                          carries the state of my turns (states=turn), and
//                                          GET only when it did not;
//                                          0: every update is followed by a GET, as before)
//                      [--port P --pid PID]  (a server already running on 127.0.0.1:P, e.g.
//                                             under valgrind; PID for its CPU and memory)
//                      [--client-threads 1]  (event loops of the clients)
//                      [--versus-human N]  (N of the games are person against person: two
//                                           clients, one per seat, each on its own account)
//                      [--opponent random]  (the computer player of the other games)
//                      [--pause-ms 0]  (a pause before each action, 0.5 to 1.5 times this)
//                      [--max-p99-ms 100]  (--cluster: the bound on the cross-process p99)
//                      [--warmup-seconds 0]  (--cluster: cross-process samples of the first
//                                             seconds, when every client starts at once, are
//                                             reported apart)
//                      [--check-lost 1]  (at the end, read every game back and count the
//                                         acknowledged actions it lacks: "lost_actions")
//                      [--cluster 1]  (through nginx to several servers, see
//                                      scripts/test-cluster.sh: errors of killed processes are
//                                      expected; prints the `cluster:` line and fails unless
//                                      lost 0 and the cross-process p99 <= 100 ms; with --db,
//                                      also the computer players' moves by worker)
//
// The clients are light, like wrk's: non-blocking sockets in one epoll event loop per client
// thread (game g in loop g % T), so that they take little of the cores the server shares with
// them. Each game's client keeps two HTTP/1.1 connections: its requests, and its game's event
// stream. The setup (accounts, games) uses the blocking test client: it is not measured.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/db/store.h"
#include "server/test_support.h"
#include "tools/http_response.h"
#include "tools/state_brief.h"

namespace {

using pacwar::engine::Json;
using pacwar::server::testing::ApiClient;
using pacwar::server::testing::Reply;
using pacwar::server::testing::ServerProcess;
using pacwar::server::testing::TempDir;
using pacwar::tools::Brief;
using pacwar::tools::HttpResponseParser;
using pacwar::tools::SseEvent;
using pacwar::tools::SseParser;
using Clock = std::chrono::steady_clock;

// CPU time the process has used, in milliseconds: user and system (the kernel's work for it).
struct CpuTime {
  double user = 0;
  double system = 0;
};
CpuTime cpu_ms(int pid) {
  if (pid <= 0) return {};
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  long ticks[2] = {0, 0};
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks[i - 14] = std::stol(field);
  }
  const auto ms = [](long t) {
    return 1000.0 * static_cast<double>(t) / static_cast<double>(sysconf(_SC_CLK_TCK));
  };
  return {ms(ticks[0]), ms(ticks[1])};
}

// The server's group-commit counters from /metrics: {SQLite commits, WAL syncs}; {-1, -1}
// where it has none (PostgreSQL, synchronous=normal).
std::pair<double, double> commit_counters(int port) {
  pacwar::server::testing::ApiClient c(port);
  const Reply r = c.get("/metrics");
  const auto value = [&r](const std::string& name) {
    const std::size_t at = r.text.find("\n" + name + " ");
    if (r.status != 200 || at == std::string::npos) return -1.0;
    return std::stod(r.text.substr(at + name.size() + 2));
  };
  return {value("pacwar_db_commits_total"), value("pacwar_db_syncs_total")};
}

long rss_kib(int pid) {
  if (pid <= 0) return -1;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// CPU time (user + system) this process (the load clients) has used, in milliseconds.
double own_cpu_ms() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto ms = [](const timeval& t) {
    return 1000.0 * static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1000.0;
  };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

double load_average() {
  std::ifstream file("/proc/loadavg");
  double load = 0;
  file >> load;
  return load;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

struct Worker {
  std::vector<double> act_ms;
  // From an action sent to the next the client may send (the opponent's reply, the answer or
  // the live update, and any state read in between; a pause before acting not counted).
  std::vector<double> turn_ms;
  std::vector<double> get_ms;
  std::int64_t requests = 0;         // HTTP requests sent (event streams opened included)
  std::int64_t bytes_received = 0;   // answers and event streams, headers included
  std::int64_t states_by_event = 0;  // states taken from the event stream
  int errors = 0;
  int finished = 0;
  std::string first_error;  // what went wrong first, if anything
  Clock::time_point end;    // when the client stopped acting
  void error(const std::string& what) {
    ++errors;
    if (first_error.empty()) first_error = what.substr(0, 300);
  }
};

std::runtime_error system_error(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

// An HTTP/1.1 request with the session cookie (and a JSON body when `body` is not empty).
std::string http_request(const std::string& method, const std::string& path, int port,
                         const std::string& cookie, const std::string& body = "") {
  std::string text = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                     "\r\nCookie: pacwar_session=" + cookie + "\r\n";
  if (method == "POST") {
    text +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  }
  return text + "\r\n" + body;
}

// A keep-alive HTTP/1.1 connection to 127.0.0.1, non-blocking, watched by an epoll set under
// `tag`. One request at a time; failures throw std::runtime_error.
class Connection {
 public:
  enum class Outcome { kPending, kBody, kResponse };

  Connection(int epoll, int port, std::uint64_t tag) : epoll_(epoll), port_(port), tag_(tag) {}
  ~Connection() { close(); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends a request, connecting first when the connection is closed.
  void send(std::string request) {
    request_ = std::move(request);
    busy_ = true;
    retried_ = false;
    transmit();
  }
  // Does the reads and writes the socket is ready for: kBody when body bytes are at hand (a
  // stream's reader takes them), kResponse when the whole response is.
  Outcome on_ready(std::uint32_t events) {
    if (fd_ < 0) return Outcome::kPending;  // closed since epoll_wait reported it
    if (connecting_ && (events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) connected();
    if (!connecting_ && (events & EPOLLOUT)) flush();
    if (fd_ >= 0 && (events & (EPOLLIN | EPOLLHUP | EPOLLERR | EPOLLRDHUP))) return receive();
    return Outcome::kPending;
  }
  HttpResponseParser& response() { return parser_; }
  std::int64_t bytes_received() const { return bytes_received_; }
  // After a complete response: ready for the next request (closed when the server said so).
  void finish_response() {
    busy_ = false;
    ++served_;
    if (!parser_.keep_alive()) close();
    if (fd_ >= 0) parser_.next();
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);  // also leaves the epoll set
    fd_ = -1;
    connecting_ = false;
    watching_output_ = false;
  }

 private:
  void transmit() {
    if (fd_ < 0) open();
    parser_ = HttpResponseParser();
    output_ = request_;
    written_ = 0;
    flush();
  }
  void open() {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw system_error("socket");
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    served_ = 0;
    connecting_ = false;
    if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
      if (errno != EINPROGRESS) {
        const auto error = system_error("connect");
        close();
        throw error;
      }
      connecting_ = true;
    }
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP | EPOLLOUT;
    event.data.u64 = tag_;
    if (epoll_ctl(epoll_, EPOLL_CTL_ADD, fd_, &event) != 0) {
      const auto error = system_error("epoll_ctl");
      close();
      throw error;
    }
    watching_output_ = true;
  }
  void connected() {
    int error = 0;
    socklen_t size = sizeof error;
    getsockopt(fd_, SOL_SOCKET, SO_ERROR, &error, &size);
    if (error != 0) {
      close();
      throw std::runtime_error(std::string("connect: ") + std::strerror(error));
    }
    connecting_ = false;
  }
  // Writes what the socket takes of the request; watches for room when it takes not all.
  void flush() {
    while (!connecting_ && written_ < output_.size()) {
      const ssize_t n =
          ::send(fd_, output_.data() + written_, output_.size() - written_, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0) return;  // the connection broke: the read that follows reports it
      written_ += static_cast<std::size_t>(n);
    }
    watch_output(connecting_ || written_ < output_.size());
  }
  void watch_output(bool watch) {
    if (watch == watching_output_) return;
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP | (watch ? EPOLLOUT : 0u);
    event.data.u64 = tag_;
    if (epoll_ctl(epoll_, EPOLL_CTL_MOD, fd_, &event) != 0) throw system_error("epoll_ctl");
    watching_output_ = watch;
  }
  Outcome receive() {
    char buffer[64 * 1024];
    for (;;) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n <= 0) return peer_closed();
      bytes_received_ += n;
      const auto result = parser_.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
      if (result == HttpResponseParser::Result::kError) {
        close();
        throw std::runtime_error("bad response: " + parser_.error());
      }
      if (result == HttpResponseParser::Result::kComplete) return Outcome::kResponse;
    }
    return parser_.headers_done() && !parser_.body().empty() ? Outcome::kBody : Outcome::kPending;
  }
  // The server closed the connection (or reset it).
  Outcome peer_closed() {
    const bool started = parser_.started();
    const bool ended = parser_.close() == HttpResponseParser::Result::kComplete;
    close();
    if (!busy_) return Outcome::kPending;  // an idle keep-alive connection timed out
    if (ended) return Outcome::kResponse;
    // A reused connection the server closed as the request went out: send it again, once.
    if (!started && served_ > 0 && !retried_) {
      retried_ = true;
      transmit();
      return Outcome::kPending;
    }
    throw std::runtime_error(started ? "connection closed in the middle of the response"
                                     : "connection closed before the response");
  }

  int epoll_;
  int port_;
  std::uint64_t tag_;
  int fd_ = -1;
  bool connecting_ = false;
  bool watching_output_ = false;
  bool busy_ = false;     // a request is under way
  bool retried_ = false;  // it was sent again on a new connection
  int served_ = 0;        // responses received on this connection
  std::string request_;
  std::string output_;
  std::size_t written_ = 0;
  HttpResponseParser parser_;

  std::int64_t bytes_received_ = 0;
};

// Across the clients of a run: the actions acknowledged per game (to find lost ones at the
// end), and the time from a person's action being sent to the other player's page (whose event
// stream is held by another server process, per nginx's X-Pacwar-Upstream) seeing it.
class CrossProcess {
 public:
  // Samples of actions answered before `measured_from` (all clients starting at once) are kept
  // apart.
  void set_measured_from(Clock::time_point when) { measured_from_ = when; }
  void acknowledged(const std::string& game, std::int64_t version, const std::string& cookie) {
    std::lock_guard lock(mutex_);
    Ack& ack = acks_[game];
    ack.version = std::max(ack.version, version);
    ack.cookie = cookie;
  }
  // `sent`: when the action was sent; `answered`: when its answer (the change committed) came.
  void action(const std::string& game, std::int64_t version, Clock::time_point sent,
              Clock::time_point answered, const std::string& upstream, const void* client) {
    std::lock_guard lock(mutex_);
    Entry& entry = entries_[{game, version}];
    entry.action = {true, answered, upstream, client, sent};
    for (const Side& event : entry.events) sample(entry.action, event);
    entry.events.clear();
  }
  // An update event of `game` at `version` seen by a page (`client`). A page sees a version
  // again when its stream is opened again (its server was killed): that is counted apart
  // (repeated()), not as a delivery.
  void event(const std::string& game, std::int64_t version, Clock::time_point seen,
             const std::string& upstream, const void* client) {
    std::lock_guard lock(mutex_);
    Entry& entry = entries_[{game, version}];
    if (std::find(entry.seen_by.begin(), entry.seen_by.end(), client) != entry.seen_by.end()) {
      ++repeated_;
      return;
    }
    entry.seen_by.push_back(client);
    const Side side{true, seen, upstream, client, seen};
    if (entry.action.seen) {
      sample(entry.action, side);
    } else {
      entry.events.push_back(side);
    }
  }
  // From the action's answer to the other page's event (0 when the event came first).
  std::vector<double> samples() {
    std::lock_guard lock(mutex_);
    return samples_;
  }
  // The first samples over 100 ms: [seconds after `start`, ms, the process that answered the
  // action, the one whose event stream brought it].
  Json slow(Clock::time_point start) {
    std::lock_guard lock(mutex_);
    Json list = Json::array();
    for (const Slow& s : slow_) {
      list.push_back({std::chrono::duration<double>(s.when - start).count(), s.ms,
                      s.action_upstream, s.event_upstream});
    }
    return list;
  }
  std::vector<double> warmup_samples() {
    std::lock_guard lock(mutex_);
    return warmup_;
  }
  // From the action being sent to the other page's event (includes the action's own handling).
  std::vector<double> samples_from_send() {
    std::lock_guard lock(mutex_);
    return from_send_;
  }
  int same_process() {
    std::lock_guard lock(mutex_);
    return same_process_;
  }
  // Update events of a version the page had seen already (after its stream was opened again).
  int repeated() {
    std::lock_guard lock(mutex_);
    return repeated_;
  }
  struct Ack {
    std::int64_t version = 0;
    std::string cookie;
  };
  std::map<std::string, Ack> acks() {
    std::lock_guard lock(mutex_);
    return acks_;
  }

 private:
  struct Side {
    bool seen = false;
    Clock::time_point time;
    std::string upstream;
    const void* client = nullptr;
    Clock::time_point sent;  // an action's: when it was sent
  };
  struct Entry {
    Side action;
    std::vector<Side> events;
    std::vector<const void*> seen_by;  // the pages that saw an update of this version
  };
  void sample(const Side& action, const Side& event) {
    if (action.client == event.client) return;  // the actor's own page
    if (action.upstream.empty() || event.upstream.empty() || action.upstream == event.upstream) {
      ++same_process_;
      return;
    }
    const auto ms = [](Clock::duration d) {
      return std::chrono::duration<double, std::milli>(d).count();
    };
    if (action.time < measured_from_) {
      warmup_.push_back(std::max(0.0, ms(event.time - action.time)));
      return;
    }
    samples_.push_back(std::max(0.0, ms(event.time - action.time)));
    if (samples_.back() > 100 && slow_.size() < 40)
      slow_.push_back({action.time, samples_.back(), action.upstream, event.upstream});
    from_send_.push_back(ms(event.time - action.sent));
  }
  std::mutex mutex_;
  std::map<std::pair<std::string, std::int64_t>, Entry> entries_;
  std::map<std::string, Ack> acks_;
  std::vector<double> samples_;
  std::vector<double> from_send_;
  std::vector<double> warmup_;
  Clock::time_point measured_from_;
  struct Slow {
    Clock::time_point when;
    double ms = 0;
    std::string action_upstream;
    std::string event_upstream;
  };
  std::vector<Slow> slow_;  // the first samples over 100 ms
  int same_process_ = 0;
  int repeated_ = 0;
};

// What every game client of a run shares.
struct Setting {
  int port = 0;
  bool poll = false;
  bool event_state = true;  // the event stream carries the state (?log_since)
  bool full_log = false;
  int max_actions = 0;
  Clock::time_point deadline;
  std::string opponent = "random";
  CrossProcess* cross = nullptr;
  // A pause before each action (0.5 to 1.5 times this), like a person's; 0: none.
  std::chrono::milliseconds pause{0};
};

// One game client: its game, its account, and whether the other seat is a person (then the
// client stops when the game ends instead of starting a new one).
struct ClientSpec {
  std::string id;
  std::string cookie;
  bool versus_human = false;
};

// The last live update of a game's event stream.
struct LiveUpdate {
  bool seen = false;
  std::int64_t version = 0;
  bool your_turn = false;
  bool finished = false;
};

// One game's client as a state machine driven by an event loop: its requests on one keep-alive
// connection, its game's event stream on another. The flow is that of a person in the web UI
// acting as fast as allowed: act with a random legal action; while the computer player moves,
// wait for the live update saying it is my turn (or poll the state every 2 ms), then read the
// state; when the game ends, start a new one.
class GameClient {
 public:
  GameClient(const Setting& setting, int epoll, std::uint64_t index, const ClientSpec& spec,
             unsigned seed)
      : setting_(setting),
        requests_(epoll, setting.port, index * 2),
        events_(epoll, setting.port, index * 2 + 1),
        id_(spec.id),
        cookie_(spec.cookie),
        versus_human_(spec.versus_human),
        rng_(seed) {}

  void start() {
    if (!setting_.poll) try_open_events();
    guarded([&] { next(); });
  }
  // A socket of this client is ready (`stream`: the event stream's): reads and writes only, and
  // notes the time a response is complete; true when there is something to process().
  bool on_ready(bool stream, std::uint32_t events) {
    if (step_ == Step::kDone) return false;
    if (stream) return stream_io(events);
    try {
      if (requests_.on_ready(events) == Connection::Outcome::kResponse) {
        received_ = Clock::now();
        response_ready_ = true;
      }
    } catch (const std::exception& e) {
      request_failure_ = e.what();
    }
    return response_ready_ || !request_failure_.empty();
  }
  // Acts on what on_ready() received: a loop reads all the sockets that are ready first, so that
  // a response's time does not include the processing of the others.
  void process() {
    if (step_ == Step::kDone) return;
    process_stream();
    if (!request_failure_.empty()) recover(std::exchange(request_failure_, ""));
    if (std::exchange(response_ready_, false)) guarded([&] { on_response(); });
  }
  Clock::time_point timer() const { return timer_; }
  void on_timer() {
    timer_ = Clock::time_point::max();
    guarded([&] {
      if (step_ == Step::kSleep || step_ == Step::kWaitUpdate) return get_state();
      if (step_ == Step::kPause) return act();
      if (step_ != Step::kDone) throw std::runtime_error("no answer within 30 s");
    });
  }
  bool done() const { return step_ == Step::kDone; }
  Worker& stats() { return stats_; }

 private:
  enum class Step { kGet, kAct, kCreate, kSleep, kWaitUpdate, kPause, kDone };

  // Runs `work`; a failure is counted, and the client goes on from a fresh state.
  template <class Work>
  void guarded(Work work) {
    try {
      work();
    } catch (const std::exception& e) {
      recover(e.what());
    }
  }
  void recover(std::string what) {
    for (;;) {
      stats_.error(doing_ + ": " + what);
      requests_.close();
      forget_state();
      try {
        return next();
      } catch (const std::exception& e) {
        what = e.what();
      }
    }
  }

  // The top of the client's loop: what to do with the state at hand.
  void next() {
    if (Clock::now() >= setting_.deadline || actions_ >= setting_.max_actions) return finish();
    if (have_state_ && state_.your_turn) return after_state();
    if (!have_state_) return get_state();
    if (setting_.poll) return wait(Step::kSleep, std::chrono::milliseconds(2));
    if (update_says_go()) return get_state();
    wait(Step::kWaitUpdate, std::chrono::seconds(2));
  }
  void after_state() {
    if (state_.status == "finished") return create_game();
    if (state_.your_turn && state_.legal.empty()) {
      forget_state();  // nothing to do with it: read it again
      return next();
    }
    // Not my turn: wait for the live update that says it is (as the web page does), rather
    // than read the state again at once.
    if (!state_.your_turn) return next();
    act();
  }
  void wait(Step step, Clock::duration how_long) {
    step_ = step;
    timer_ = Clock::now() + how_long;
  }
  // The last live update is a newer version that is my turn or the game's end (an update of
  // an older version, e.g. of my own last action, says nothing new: versions only grow here).
  bool update_says_go() const {
    return update_.seen && update_.version > state_.version &&
           (update_.your_turn || update_.finished);
  }

  void get_state() {
    request(Step::kGet, "GET state",
            http_request("GET", "/api/games/" + id_ + "?log_since=" + std::to_string(lines_),
                         setting_.port, cookie_));
  }
  void act() {
    if (setting_.pause.count() > 0 && step_ != Step::kPause) {
      const auto pause = std::uniform_int_distribution<std::int64_t>(
          setting_.pause.count() / 2, setting_.pause.count() * 3 / 2)(rng_);
      paused_ += std::chrono::milliseconds(pause);
      return wait(Step::kPause, std::chrono::milliseconds(pause));
    }
    if (acted_ != Clock::time_point{}) {
      stats_.turn_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - acted_ - paused_).count());
    }
    paused_ = {};
    const std::size_t pick =
        std::uniform_int_distribution<std::size_t>(0, state_.legal.size() - 1)(rng_);
    const std::string body = "{\"action\":" + Json(state_.legal[pick]).dump() +
                             ",\"log_since\":" + std::to_string(lines_) +
                             ",\"version\":" + std::to_string(state_.version) + "}";
    request(Step::kAct, "POST action",
            http_request("POST", "/api/games/" + id_ + "/actions", setting_.port, cookie_, body));
    acted_ = sent_;
  }
  void create_game() {
    ++stats_.finished;
    acted_ = {};                         // a new game's first turn is not a reply
    if (versus_human_) return finish();  // the other person's client stops too
    const Json body = {
        {"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", setting_.opponent}};
    request(Step::kCreate, "POST /api/games",
            http_request("POST", "/api/games", setting_.port, cookie_, body.dump()));
  }
  void request(Step step, const char* doing, std::string text) {
    step_ = step;
    doing_ = doing;
    sent_ = Clock::now();
    timer_ = sent_ + std::chrono::seconds(30);
    ++stats_.requests;
    requests_.send(std::move(text));
  }

  void on_response() {
    const double ms = std::chrono::duration<double, std::milli>(received_ - sent_).count();
    timer_ = Clock::time_point::max();
    HttpResponseParser& response = requests_.response();
    const int status = response.status();
    const std::string body = std::move(response.body());
    upstream_ = response.header("x-pacwar-upstream");
    requests_.finish_response();
    if (step_ == Step::kGet) return on_state(status, body, ms);
    if (step_ == Step::kAct) return on_action(status, body, ms);
    if (step_ == Step::kCreate) return on_created(status, body);
  }
  void on_state(int status, const std::string& body, double ms) {
    stats_.get_ms.push_back(ms);
    if (status != 200) return failed("GET " + std::to_string(status) + ": " + body);
    keep(body);
    if (!have_state_) return next();
    after_state();
  }
  void on_action(int status, const std::string& body, double ms) {
    stats_.act_ms.push_back(ms);
    ++actions_;
    if (status != 200) return failed("action " + std::to_string(status) + ": " + body);
    keep(body);
    if (have_state_ && setting_.cross != nullptr) {
      setting_.cross->acknowledged(id_, state_.version, cookie_);
      if (versus_human_)
        setting_.cross->action(id_, state_.version, sent_, received_, upstream_, this);
    }
    next();
  }
  void on_created(int status, const std::string& body) {
    const Json answer = Json::parse(body, nullptr, false);
    if (status != 201 || !answer.is_object() || !answer.contains("id")) {
      stats_.error("POST /api/games " + std::to_string(status) + ": " + body);
      return finish();
    }
    id_ = answer["id"].get<std::string>();
    forget_state();
    if (!setting_.poll) try_open_events();
    next();
  }
  // An answer that is not the expected one: counted, and the state read again.
  void failed(const std::string& what) {
    stats_.error(what);
    forget_state();
    next();
  }
  void keep(const std::string& body) {
    Brief brief;
    if (!pacwar::tools::read_brief(body, brief)) {
      have_state_ = false;
      lines_ = 0;
      stats_.error("unreadable answer: " + body.substr(0, 100));
      return;
    }
    // The stream may have brought a newer state while the request was under way (the answer
    // to an action waits for its sync; the computer's reply may be announced before it).
    if (have_state_ && state_.version > brief.version) return;
    state_ = std::move(brief);
    have_state_ = true;
    lines_ = setting_.full_log ? 0 : state_.log_from + state_.log_lines;
  }
  // A state from the event stream: its log continues the lines held (from `log_from` on).
  void take_state(const std::string& data) {
    Brief brief;
    if (!pacwar::tools::read_brief(data, brief))
      throw std::runtime_error("unreadable state event: " + data.substr(0, 100));
    if (have_state_ && brief.version <= state_.version) return;
    if (brief.log_from > (have_state_ ? lines_ : 0)) return;  // a gap: the next GET reads it
    ++stats_.states_by_event;
    state_ = std::move(brief);
    have_state_ = true;
    lines_ = state_.log_from + state_.log_lines;
  }
  void forget_state() {
    have_state_ = false;
    lines_ = 0;
  }
  void finish() {
    step_ = Step::kDone;
    timer_ = Clock::time_point::max();
    stats_.end = Clock::now();
    stats_.bytes_received += requests_.bytes_received() + events_.bytes_received();
    requests_.close();
    events_.close();
  }

  // The game's live updates (server-sent events).
  void open_events() {
    events_.close();
    sse_ = SseParser();
    update_ = LiveUpdate();
    ++stats_.requests;
    // With the state: the log lines held now; the stream sends only the newer ones.
    const std::string query =
        setting_.event_state ? "?states=turn&log_since=" + std::to_string(have_state_ ? lines_ : 0)
                             : "";
    events_.send(
        http_request("GET", "/api/games/" + id_ + "/events" + query, setting_.port, cookie_));
  }
  bool stream_io(std::uint32_t events) {
    try {
      const auto outcome = events_.on_ready(events);
      const HttpResponseParser& response = events_.response();
      if (response.headers_done() && response.status() != 200) {
        throw std::runtime_error("status " + std::to_string(response.status()));
      }
      if (response.headers_done()) stream_upstream_ = response.header("x-pacwar-upstream");
      if (outcome == Connection::Outcome::kResponse) throw std::runtime_error("the stream ended");
      if (outcome == Connection::Outcome::kBody) stream_ready_ = true;
    } catch (const std::exception& e) {
      stream_failure_ = e.what();
    }
    return stream_ready_ || !stream_failure_.empty();
  }
  void process_stream() {
    if (!stream_failure_.empty()) {
      stats_.error("event stream: " + std::exchange(stream_failure_, ""));
      stream_ready_ = false;
      return try_open_events();
    }
    if (!std::exchange(stream_ready_, false)) return;
    try {
      read_updates(events_.response().body());
    } catch (const std::exception& e) {
      stats_.error(std::string("event stream: ") + e.what());
      try_open_events();
    }
  }
  // Opens the game's stream; a failure is counted (without a stream, a wait for an update ends at
  // its time limit).
  void try_open_events() {
    try {
      open_events();
    } catch (const std::exception& e) {
      events_.close();
      stats_.error(std::string("event stream: ") + e.what());
    }
  }
  void read_updates(std::string& text) {
    for (const SseEvent& event : sse_.feed(text)) {
      if (event.type == "state") {
        take_state(event.data);
        continue;
      }
      if (event.type != "update") continue;
      const Json data = Json::parse(event.data, nullptr, false);
      if (!data.is_object()) throw std::runtime_error("unreadable update: " + event.data);
      update_ = {true, data.value("version", std::int64_t{-1}), data.value("your_turn", false),
                 data.value("status", std::string()) == "finished"};
      if (versus_human_ && setting_.cross != nullptr) {
        setting_.cross->event(id_, update_.version, Clock::now(), stream_upstream_, this);
      }
    }
    text.clear();
    if (step_ == Step::kWaitUpdate && have_state_ &&
        (state_.your_turn || state_.status == "finished")) {
      timer_ = Clock::time_point::max();  // the stream brought the state: no GET
      guarded([&] { after_state(); });
      return;
    }
    if (step_ == Step::kWaitUpdate && update_says_go()) {
      timer_ = Clock::time_point::max();
      guarded([&] { get_state(); });
    }
  }

  const Setting& setting_;
  Connection requests_;
  Connection events_;
  std::string id_;
  std::string cookie_;
  bool versus_human_ = false;
  std::string upstream_;         // the process that answered the last request (behind nginx)
  std::string stream_upstream_;  // the process that holds the event stream
  std::mt19937 rng_;
  Step step_ = Step::kGet;
  std::string doing_;  // the request under way, for the error message
  Clock::time_point sent_;
  Clock::time_point received_;  // when the whole response was read
  bool response_ready_ = false;
  std::string request_failure_;  // of the request under way, from on_ready()
  bool stream_ready_ = false;    // updates to read
  std::string stream_failure_;
  Clock::time_point timer_ = Clock::time_point::max();
  Brief state_;  // the last state seen: an action's answer is the next state
  bool have_state_ = false;
  // Log lines already held: like the web UI, ask only for the newer ones (?log_since=N).
  std::int64_t lines_ = 0;
  int actions_ = 0;
  SseParser sse_;
  LiveUpdate update_;
  Worker stats_;
  Clock::time_point acted_;   // when the last action was sent (turn_ms)
  Clock::duration paused_{};  // the pause before the coming action
};

class EpollSet {
 public:
  EpollSet() : fd_(epoll_create1(EPOLL_CLOEXEC)) {
    if (fd_ < 0) throw system_error("epoll_create1");
  }
  ~EpollSet() { close(fd_); }
  EpollSet(const EpollSet&) = delete;
  EpollSet& operator=(const EpollSet&) = delete;
  int fd() const { return fd_; }

  // Waits for ready sockets until `wake` (none: no limit); how many are in `ready`.
  int wait(epoll_event* ready, int size, Clock::time_point wake) {
    const bool timed = wake != Clock::time_point::max();
    const auto left =
        timed ? std::max(Clock::duration::zero(), wake - Clock::now()) : Clock::duration::zero();
    int n;
    if (precise_) {
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
      const timespec timeout{static_cast<time_t>(ns / 1000000000),
                             static_cast<long>(ns % 1000000000)};
      n = epoll_pwait2(fd_, ready, size, timed ? &timeout : nullptr, nullptr);
      if (n >= 0 || errno != ENOSYS) return checked(n);
      precise_ = false;  // Linux before 5.11, or valgrind: whole milliseconds
    }
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
    n = epoll_wait(fd_, ready, size,
                   timed ? static_cast<int>(std::min<std::int64_t>(ms, 60000)) : -1);
    return checked(n);
  }

 private:
  static int checked(int n) {
    if (n < 0 && errno != EINTR) throw system_error("epoll_wait");
    return std::max(n, 0);
  }
  int fd_;
  bool precise_ = true;  // epoll_pwait2 (nanosecond timeouts) works
};

// Waits for the sockets of the clients, up to their nearest timer, and serves the ready ones.
void wait_for_sockets(EpollSet& epoll, std::vector<std::unique_ptr<GameClient>>& clients) {
  Clock::time_point wake = Clock::time_point::max();
  for (const auto& client : clients) wake = std::min(wake, client->timer());
  epoll_event ready[256];
  const int n = epoll.wait(ready, 256, wake);
  std::vector<GameClient*> to_process;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t tag = ready[i].data.u64;
    GameClient* client = clients[tag / 2].get();
    if (client->on_ready(tag % 2 == 1, ready[i].events)) to_process.push_back(client);
  }
  for (GameClient* client : to_process) client->process();
}

// One event loop: plays the games g with g % threads == thread until they are all done, and
// leaves their figures in workers[g].
void run_loop(const Setting& setting, const std::vector<ClientSpec>& specs, int thread, int threads,
              std::vector<Worker>& workers) {
  EpollSet epoll;
  std::vector<std::unique_ptr<GameClient>> clients;
  for (std::size_t g = static_cast<std::size_t>(thread); g < specs.size();
       g += static_cast<std::size_t>(threads)) {
    clients.push_back(std::make_unique<GameClient>(setting, epoll.fd(), clients.size(), specs[g],
                                                   static_cast<unsigned>(g)));
  }
  for (const auto& client : clients) client->start();
  for (;;) {
    const bool all_done = std::all_of(clients.begin(), clients.end(),
                                      [](const auto& client) { return client->done(); });
    if (all_done) break;
    wait_for_sockets(epoll, clients);
    const auto now = Clock::now();
    for (const auto& client : clients) {
      if (client->timer() <= now) client->on_timer();
    }
  }
  for (std::size_t i = 0; i < clients.size(); ++i) {
    workers[static_cast<std::size_t>(thread) + i * static_cast<std::size_t>(threads)] =
        std::move(clients[i]->stats());
  }
}

struct Options {
  int games = 100;
  double seconds = 20;
  int max_actions = 2000;
  std::string db;
  bool full_log = false;
  bool poll = false;
  bool event_state = true;
  int attach_port = 0;
  int attach_pid = 0;
  int client_threads = 1;
  int versus_human = 0;
  int pause_ms = 0;
  double max_p99_ms = 100;
  double warmup_seconds = 0;
  std::string opponent = "random";
  bool cluster = false;
  bool check_lost = false;
};

std::optional<Options> parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    const std::string value = argv[i + 1];
    if (option == "--games")
      o.games = std::clamp(std::stoi(value), 1, 1000);
    else if (option == "--seconds")
      o.seconds = std::clamp(std::stod(value), 1.0, 600.0);
    else if (option == "--max-actions")
      o.max_actions = std::clamp(std::stoi(value), 1, 100000);
    else if (option == "--db")
      o.db = value;
    else if (option == "--wait")
      o.poll = value == "poll";
    else if (option == "--event-state")
      o.event_state = value != "0";
    else if (option == "--port")
      o.attach_port = std::stoi(value);
    else if (option == "--pid")
      o.attach_pid = std::stoi(value);
    else if (option == "--full-log")
      o.full_log = value != "0";
    else if (option == "--client-threads")
      o.client_threads = std::clamp(std::stoi(value), 1, 64);
    else if (option == "--versus-human")
      o.versus_human = std::max(0, std::stoi(value));
    else if (option == "--warmup-seconds")
      o.warmup_seconds = std::clamp(std::stod(value), 0.0, 600.0);
    else if (option == "--max-p99-ms")
      o.max_p99_ms = std::stod(value);
    else if (option == "--pause-ms")
      o.pause_ms = std::clamp(std::stoi(value), 0, 60000);
    else if (option == "--opponent")
      o.opponent = value;
    else if (option == "--cluster")
      o.cluster = value != "0";
    else if (option == "--check-lost")
      o.check_lost = value != "0";
    else {
      std::cerr << "unknown option " << option << "\n";
      return std::nullopt;
    }
  }
  return o;
}

// A setup request, sent again (up to 5 times) when a server process was not there to answer it
// (through nginx: 502, or the connection failed).
// `retried` says whether it was sent more than once (the first one may have been done: a sign-up
// then answers 409, a join 404).
template <class Send>
Reply with_retries(Send send, bool* retried = nullptr) {
  for (int attempt = 0;; ++attempt) {
    if (retried != nullptr) *retried = attempt > 0;
    try {
      Reply r = send();
      if (r.status < 500 || attempt == 5) return r;
    } catch (const std::exception&) {
      if (attempt == 5) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
}

// One account per 10 games (signing up costs an argon2id hash each); empty when it failed.
std::vector<std::string> sign_up(int port, int games, int accounts_per_game = 1) {
  std::vector<std::string> cookies;
  for (int u = 0; u < (games + 9) / 10 * accounts_per_game; ++u) {
    ApiClient c(port);
    const std::string name = pacwar::server::testing::unique("load");
    bool retried = false;
    Reply r = with_retries([&] { return c.signup(name); }, &retried);
    if (retried && r.status == 409) {
      r = with_retries([&] {
        return c.post("/api/login", {{"username", name}, {"password", "password123"}});
      });
      if (r.status == 200) r.status = 201;
    }
    if (r.status != 201) {
      std::cerr << "signup failed: " << r.text << "\n";
      return {};
    }
    cookies.push_back(c.cookie());
  }
  return cookies;
}

// The games: the first `versus_human` person against person (the second account of each pair
// of cookies joins by the invitation: two clients), the others against the computer player
// `opponent`; half of them on each side.
std::vector<ClientSpec> create_games(int port, const std::vector<std::string>& cookies, int games,
                                     int versus_human, const std::string& opponent) {
  std::vector<ClientSpec> specs;
  for (int g = 0; g < games; ++g) {
    const bool human = g < versus_human;
    ApiClient c(port);
    const std::string& cookie = cookies[static_cast<std::size_t>(g / 10 * 2)];
    c.set_cookie(cookie);
    const Reply r = with_retries([&] {
      return c.post("/api/games", {{"game", "pacific-war"},
                                   {"seat", g % 2 ? "allied" : "japanese"},
                                   {"opponent", human ? "human" : opponent}});
    });
    if (r.status != 201) {
      std::cerr << "create failed: " << r.text << "\n";
      return {};
    }
    specs.push_back({r.body["id"].get<std::string>(), cookie, human});
    if (!human) continue;
    ApiClient other(port);
    const std::string& other_cookie = cookies[static_cast<std::size_t>(g / 10 * 2 + 1)];
    other.set_cookie(other_cookie);
    const std::string invite = r.body["invite"].get<std::string>();
    bool retried = false;
    const Reply joined =
        with_retries([&] { return other.post("/api/invites/" + invite); }, &retried);
    if (joined.status != 200 && !(retried && joined.status == 404)) {
      std::cerr << "join failed: " << joined.text << "\n";
      return {};
    }
    specs.push_back({r.body["id"].get<std::string>(), other_cookie, true});
  }
  return specs;
}

// Acknowledged actions missing from the stored games at the end (read through `port`).
std::int64_t lost_actions(int port, const std::map<std::string, CrossProcess::Ack>& acks) {
  std::int64_t lost = 0;
  for (const auto& [id, ack] : acks) {
    ApiClient c(port);
    c.set_cookie(ack.cookie);
    for (int attempt = 0;; ++attempt) {
      try {
        const Reply r = c.get("/api/games/" + id);
        if (r.status != 200) throw std::runtime_error("GET " + std::to_string(r.status));
        lost += std::max<std::int64_t>(0, ack.version - r.body["version"].get<std::int64_t>());
        break;
      } catch (const std::exception& e) {
        if (attempt == 5) {
          std::cerr << "game " << id << ": " << e.what() << "\n";
          lost += 1;  // cannot be read: counted as lost
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    }
  }
  return lost;
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Options> options = parse_options(argc, argv);
  if (!options) return 2;
  const Options& o = *options;
  TempDir dir;
  const std::string db = o.db.empty() ? "sqlite:" + (dir.path() / "load.db").string() : o.db;
  std::optional<ServerProcess> started;
  // The server with its default settings (connections need no server thread), except the
  // sign-up limit and the cap of connections per address: the tool signs up one user per game,
  // and opens every connection, from one address.
  if (o.attach_port == 0)
    started.emplace(db, std::vector<std::string>{"--signups-per-hour", "0",
                                                 "--max-connections-per-address", "0"});
  const int port = o.attach_port != 0 ? o.attach_port : started->port();
  const int pid = o.attach_port != 0 ? o.attach_pid : started->pid();

  const std::vector<std::string> cookies = sign_up(port, o.games, 2);
  if (cookies.empty()) return 1;
  const long rss_before = rss_kib(pid);
  const std::vector<ClientSpec> specs =
      create_games(port, cookies, o.games, std::min(o.versus_human, o.games), o.opponent);
  if (specs.empty()) return 1;
  const long rss_created = rss_kib(pid);

  const int clients = static_cast<int>(specs.size());
  const int threads = std::min(o.client_threads, clients);
  std::vector<Worker> workers(specs.size());
  CrossProcess cross;
  const auto start = Clock::now();
  const auto start_wall = std::chrono::system_clock::now();
  cross.set_measured_from(start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(o.warmup_seconds)));
  const Setting setting{
      port,
      o.poll,
      o.event_state,
      o.full_log,
      o.max_actions,
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds)),
      o.opponent,
      &cross,
      std::chrono::milliseconds(o.pause_ms)};
  const auto commits_before = commit_counters(port);
  const CpuTime cpu_before = cpu_ms(pid);
  const double own_cpu_before = own_cpu_ms();
  std::vector<std::thread> loops;
  for (int t = 1; t < threads; ++t) {
    loops.emplace_back([&, t] { run_loop(setting, specs, t, threads, workers); });
  }
  run_loop(setting, specs, 0, threads, workers);
  for (std::thread& loop : loops) loop.join();
  Clock::time_point end = start;
  for (const Worker& w : workers) end = std::max(end, w.end);
  const double elapsed = std::chrono::duration<double>(end - start).count();
  const long rss_after = rss_kib(pid);
  const CpuTime cpu_after = cpu_ms(pid);
  const double user_used = cpu_after.user - cpu_before.user;
  const double system_used = cpu_after.system - cpu_before.system;
  const double cpu_used = user_used + system_used;
  const double own_cpu_used = own_cpu_ms() - own_cpu_before;
  const auto commits_after = commit_counters(port);

  std::vector<double> act, turn, get;
  std::int64_t requests = 0, bytes = 0, by_event = 0;
  int errors = 0, finished = 0;
  Json first_errors = Json::array();
  for (const Worker& w : workers) {
    if (!w.first_error.empty() && first_errors.size() < 3) first_errors.push_back(w.first_error);
    act.insert(act.end(), w.act_ms.begin(), w.act_ms.end());
    turn.insert(turn.end(), w.turn_ms.begin(), w.turn_ms.end());
    get.insert(get.end(), w.get_ms.begin(), w.get_ms.end());
    errors += w.errors;
    finished += w.finished;
    requests += w.requests;
    bytes += w.bytes_received;
    by_event += w.states_by_event;
  }
  const Json result = {
      {"games", o.games},
      {"client_threads", threads},
      {"log", o.full_log ? "whole log in every answer" : "log_since: new lines only"},
      {"wait", o.poll          ? "poll the state every 2 ms"
               : o.event_state ? "live-update events carrying the state (GET when they do not)"
                               : "live-update events, then the state"},
      {"seconds", elapsed},
      {"db", db.rfind("sqlite:", 0) == 0 ? "sqlite" : "postgresql"},
      {"actions", act.size()},
      {"actions_per_second", static_cast<double>(act.size()) / elapsed},
      {"action_ms",
       {{"p50", percentile(act, 0.5)},
        {"p90", percentile(act, 0.9)},
        {"p99", percentile(act, 0.99)},
        {"max", percentile(act, 1.0)}}},
      // From a move sent to the next one allowed: the computer's reply included, whether the
      // answer carries it or the live update brings it.
      {"turn_ms",
       {{"p50", percentile(turn, 0.5)},
        {"p90", percentile(turn, 0.9)},
        {"p99", percentile(turn, 0.99)}}},
      {"get_state_ms", {{"p50", percentile(get, 0.5)}, {"p99", percentile(get, 0.99)}}},
      {"gets", get.size()},
      // Per human action: HTTP requests (actions, state reads, streams opened, new games),
      // bytes received (answers and event streams), and states the stream brought.
      {"event_state", !o.poll && o.event_state},
      {"requests_per_action",
       act.empty() ? 0.0 : static_cast<double>(requests) / static_cast<double>(act.size())},
      {"kib_received_per_action",
       act.empty() ? 0.0 : static_cast<double>(bytes) / 1024.0 / static_cast<double>(act.size())},
      {"states_by_event", by_event},
      {"errors", errors},
      {"first_errors", first_errors},
      // Server CPU per human action (it includes the computer player's replies and the reads).
      {"server_cpu_ms_per_action", act.empty() ? 0.0 : cpu_used / static_cast<double>(act.size())},
      {"server_system_cpu_share", cpu_used > 0 ? system_used / cpu_used : 0.0},
      {"server_user_cpu_ms_per_action",
       act.empty() ? 0.0 : user_used / static_cast<double>(act.size())},
      {"server_system_cpu_ms_per_action",
       act.empty() ? 0.0 : system_used / static_cast<double>(act.size())},
      // SQLite's group commit (-1: not reported): commits and WAL fsyncs per human action.
      {"commits_per_action",
       commits_before.first < 0 || act.empty()
           ? -1.0
           : (commits_after.first - commits_before.first) / static_cast<double>(act.size())},
      {"fsyncs_per_action",
       commits_before.second < 0 || act.empty()
           ? -1.0
           : (commits_after.second - commits_before.second) / static_cast<double>(act.size())},
      // The load clients' own CPU per action (they share the machine with the server).
      {"client_cpu_ms_per_action",
       act.empty() ? 0.0 : own_cpu_used / static_cast<double>(act.size())},
      {"machine_load_average", load_average()},
      {"games_finished", finished},
      {"server_rss_kib",
       {{"before_games", rss_before}, {"games_created", rss_created}, {"after_run", rss_after}}},
      {"rss_per_game_kib",
       {{"created", static_cast<double>(rss_created - rss_before) / o.games},
        {"after_run", static_cast<double>(rss_after - rss_before) / o.games}}}};
  if (!o.cluster) {
    Json out = result;
    std::int64_t lost = 0;
    if (o.check_lost) {
      lost = lost_actions(port, cross.acks());
      out["lost_actions"] = lost;
    }
    std::cout << out.dump(2) << "\n";
    return errors == 0 && lost == 0 ? 0 : 1;
  }
  // The cluster's figures (scripts/test-cluster.sh).
  const std::int64_t lost = lost_actions(port, cross.acks());
  const std::vector<double> crossing = cross.samples();
  const std::vector<double> from_send = cross.samples_from_send();
  Json by_worker = Json::object();
  if (!o.db.empty()) {
    pacwar::server::Store store(pacwar::server::open_database(o.db));
    for (const auto& [worker, moves] : store.ai_moves_by_worker()) by_worker[worker] = moves;
  }
  Json report = result;
  report["lost_actions"] = lost;
  // When the measured run began (seconds since the epoch): the times of `first_over_100ms` are
  // counted from it, to be set beside the logs of the processes killed meanwhile.
  report["started_unix_s"] = std::chrono::duration<double>(start_wall.time_since_epoch()).count();
  report["cross_process_update_ms"] = {{"samples", crossing.size()},
                                       {"same_process_events", cross.same_process()},
                                       {"repeated_events", cross.repeated()},
                                       {"p50", percentile(crossing, 0.5)},
                                       {"p99", percentile(crossing, 0.99)},
                                       {"max", percentile(crossing, 1.0)},
                                       {"from_send_p50", percentile(from_send, 0.5)},
                                       {"from_send_p99", percentile(from_send, 0.99)},
                                       {"first_over_100ms", cross.slow(start)},
                                       {"warmup_seconds", o.warmup_seconds},
                                       {"warmup_samples", cross.warmup_samples().size()},
                                       {"warmup_p99", percentile(cross.warmup_samples(), 0.99)}};
  report["ai_moves_by_worker"] = by_worker;
  std::cout << report.dump(2) << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "cross-process update p50 %.1f ms p99 %.1f ms",
                percentile(crossing, 0.5), percentile(crossing, 0.99));
  std::cout << "cluster: games " << o.games << ", actions " << act.size() << ", lost " << lost
            << ", " << line << ", ai moves by worker: " << by_worker.dump() << "\n";
  int workers_with_moves = 0;
  for (const auto& moves : by_worker) workers_with_moves += moves.get<std::int64_t>() > 0;
  const bool ok = lost == 0 && !crossing.empty() && percentile(crossing, 0.99) <= o.max_p99_ms &&
                  (o.db.empty() || workers_with_moves >= 2);
  return ok ? 0 : 1;
}
