#include "server/http/server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <iostream>
#include <latch>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/http/static_files.h"
#include "server/thread_name.h"

namespace pacwar::server::http {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kListenId = 0;
constexpr std::uint64_t kWakeId = 1;
constexpr std::uint64_t kFirstConnectionId = 2;
constexpr auto kTick = std::chrono::milliseconds(100);  // idle sweep and stream timer

// Work for a worker: a request to answer, or the next part of a stream.
struct Job {
  std::uint64_t connection = 0;
  Request request;                 // a request (when `stream` is empty)
  std::shared_ptr<Stream> stream;  // a stream's next()
  std::chrono::steady_clock::time_point queued = std::chrono::steady_clock::now();
};

// What a worker or a stream's wake function hands back to the loop.
struct Message {
  enum class Kind { kAnswer, kStreamPart, kWake };
  Kind kind = Kind::kAnswer;
  std::uint64_t connection = 0;
  std::string bytes;
  bool close = false;                  // close after `bytes` (an answer, or a stream's end)
  std::shared_ptr<Stream> new_stream;  // kAnswer: the answer opens this stream
};

// Jobs for a set of worker threads.
class WorkQueue {
 public:
  void push(Job job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }
  // The next job; false once closed.
  bool pop(Job& job) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
    if (closed_) return false;
    job = std::move(jobs_.front());
    jobs_.pop_front();
    return true;
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Job> jobs_;
  bool closed_ = false;
};

// Messages to the loop, and the eventfd that wakes it. Shared with the streams' wake functions,
// which may outlive the server.
class Inbox {
 public:
  Inbox() : fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    if (fd_ < 0) throw std::runtime_error(std::string("eventfd: ") + std::strerror(errno));
  }
  ~Inbox() { ::close(fd_); }
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  int fd() const { return fd_; }
  void post(Message message) {
    bool was_empty;
    {
      std::lock_guard lock(mutex_);
      was_empty = messages_.empty();
      messages_.push_back(std::move(message));
    }
    if (was_empty) signal();
  }
  void signal() const {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(fd_, &one, sizeof one);
  }
  std::vector<Message> take() {
    std::uint64_t count;
    [[maybe_unused]] const auto read = ::read(fd_, &count, sizeof count);
    std::lock_guard lock(mutex_);
    std::vector<Message> out;
    out.swap(messages_);
    return out;
  }

 private:
  int fd_;
  std::mutex mutex_;
  std::vector<Message> messages_;
};

struct Route {
  std::string method;
  std::string source;   // the pattern as given
  std::string label;    // route_label(source): the metrics' name of the route
  std::string literal;  // the pattern when it has no regex syntax: compared as text
  std::string prefix;   // else the text every match starts with (tried before the regex)
  std::regex pattern;
  Handler handler;
  Server::Pool pool;
};

struct Connection {
  enum class State { kReading, kBusy, kStreaming, kClosing };
  int fd = -1;
  std::string remote_addr;
  std::string in;
  std::string out;
  std::size_t out_sent = 0;
  State state = State::kReading;
  bool close_after_write = false;
  bool continue_sent = false;  // "100 Continue" sent for the request being received
  bool watching_out = false;   // EPOLLOUT registered
  Clock::time_point last_active = Clock::now();
  bool request_pending = false;  // bytes of a request that is not complete yet
  Clock::time_point request_started;
  std::shared_ptr<Stream> stream;
  bool stream_pending = false;  // a next() is queued or running
  bool stream_woken = false;    // woken while it was
  Clock::time_point stream_last_call = Clock::now();
};

std::string address_text(const sockaddr_storage& address) {
  char text[INET6_ADDRSTRLEN] = "";
  if (address.ss_family == AF_INET) {
    const auto* in4 = reinterpret_cast<const sockaddr_in*>(&address);
    ::inet_ntop(AF_INET, &in4->sin_addr, text, sizeof text);
  } else if (address.ss_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&address);
    ::inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
  }
  return text;
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServerOptions o) : options(std::move(o)) {}

  ServerOptions options;
  std::vector<Route> routes;
  std::filesystem::path static_dir;
  std::function<void(const Request&, Response&)> error_handler;
  std::function<bool(Request&, Response&)> request_filter;
  std::function<void(const Request&, Response&)> response_filter;
  std::function<void(const Served&)> observer;
  std::function<void(Response&, const std::function<void()>&)> around;
  int listen_fd = -1;
  int epoll_fd = -1;
  std::shared_ptr<Inbox> inbox = std::make_shared<Inbox>();
  std::atomic<bool> stopping{false};
  WorkQueue normal_jobs;
  WorkQueue slow_jobs;
  std::vector<std::jthread> workers;
  // Loop thread only:
  std::unordered_map<std::uint64_t, Connection> connections;
  std::unordered_map<std::string, std::size_t> per_address;  // open connections per address
  std::uint64_t next_id = kFirstConnectionId;
  // Out of file descriptors: a descriptor kept in reserve, closed to accept and shed one
  // connection, and accepting paused for a moment when even that fails (never a busy loop).
  int reserve_fd = -1;
  bool accept_paused = false;
  Clock::time_point accept_resumes;
  Clock::time_point last_shed_report;

  ~Impl() {
    if (listen_fd >= 0) ::close(listen_fd);
    if (epoll_fd >= 0) ::close(epoll_fd);
    if (reserve_fd >= 0) ::close(reserve_fd);
  }

  // ---- worker side ----

  void finish(const Request& request, Response& response) const {
    if (response.status >= 400 && response.body.empty() && !response.stream && error_handler) {
      error_handler(request, response);
    }
  }

  static bool matches(const Route& route, const std::string& path, std::smatch& match) {
    if (!route.literal.empty()) return path == route.literal;
    if (path.compare(0, route.prefix.size(), route.prefix) != 0) return false;
    return std::regex_match(path, match, route.pattern);
  }

  // `route` becomes the label of the route that answered ("refused", "static", "none").
  Response dispatch(Request& request, std::string_view& route_name) const {
    Response response;
    route_name = "refused";
    if (request_filter && !request_filter(request, response)) return response;
    route_name = "none";
    bool other_method = false;
    for (const Route& route : routes) {
      std::smatch match;
      if (!matches(route, request.path, match)) continue;
      if (route.method != request.method) {
        other_method = true;
        continue;
      }
      if (route.literal.empty()) {
        request.matches.assign(match.begin(), match.end());
      } else {
        request.matches.assign(1, request.path);
      }
      route_name = route.label;
      route.handler(request, response);
      return response;
    }
    if ((request.method == "GET" || request.method == "HEAD") && !static_dir.empty()) {
      const std::string tag = request.header("if-none-match");
      if (auto file = static_file(static_dir, request.path, tag)) {
        route_name = "static";
        return std::move(*file);
      }
    }
    response.status = other_method ? 405 : 404;
    return response;
  }

  void answer(Job& job) const {
    Request& request = job.request;
    Response response;
    std::string_view route_name = "none";
    try {
      if (around) {
        around(response, [&] { response = dispatch(request, route_name); });
      } else {
        response = dispatch(request, route_name);
      }
    } catch (const std::exception&) {
      response = Response{};
      response.status = 500;
    }
    try {
      finish(request, response);
    } catch (const std::exception&) {  // the error handler itself failed: a bare 500
      response = Response{};
      response.status = 500;
      response.set_content("internal error", "text/plain; charset=utf-8");
    }
    if (response_filter) {
      try {
        response_filter(request, response);
      } catch (const std::exception&) {
        response = Response{};
        response.status = 500;
      }
    }
    Message message;
    message.connection = job.connection;
    message.close = !request.keep_alive || response.stream != nullptr;
    message.bytes =
        serialize(response, request.keep_alive && !response.stream, request.method == "HEAD");
    if (response.stream) {
      message.close = false;
      message.new_stream = std::move(response.stream);
    }
    // The observer counts an answer before it is posted, so that a client that has its answer
    // finds it in the metrics it reads next.
    Observation seen{request.method, std::string(route_name), response.status,
                     std::string(response.failure), job.queued};
    if (response.when_ready) {
      hold(std::move(message), response.when_ready, request.method == "HEAD", std::move(seen));
    } else {
      report(observer, seen);
      inbox->post(std::move(message));
    }
  }

  // What the observer is told of one answer, kept while the answer waits for its sync.
  struct Observation {
    std::string method;
    std::string route;
    int status = 0;
    std::string failure;
    Clock::time_point queued;
  };

  static void report(const std::function<void(const Served&)>& to, const Observation& seen) {
    if (!to) return;
    try {
      to({seen.method, seen.route, seen.status, seen.failure, Clock::now() - seen.queued});
    } catch (const std::exception&) {  // metrics never fail an answer
    }
  }

  // The answer goes to the loop when `when_ready` says so (a bare 500 that closes the connection
  // when it says false); the worker goes on meanwhile. Its time in the metrics includes the wait.
  void hold(Message message, const std::function<void(std::function<void(bool)>)>& when_ready,
            bool head_only, Observation seen) const {
    auto held = std::make_shared<Message>(std::move(message));
    std::weak_ptr<Inbox> weak = inbox;
    when_ready([weak, held, head_only, to = observer, seen = std::move(seen)](bool ok) mutable {
      const auto box = weak.lock();
      if (!box) return;
      if (!ok) {
        Response failed;
        failed.status = 500;
        failed.set_content("the database could not store the change", "text/plain; charset=utf-8");
        held->bytes = serialize(failed, false, head_only);
        held->close = true;
        if (held->new_stream) held->new_stream->stop();
        held->new_stream.reset();
        seen.status = 500;
        seen.failure = "database";
      }
      report(to, seen);
      box->post(std::move(*held));
    });
  }

  void stream_part(Job& job) const {
    std::optional<std::string> text;
    try {
      text = job.stream->next();
    } catch (const std::exception&) {
      text.reset();
    }
    Message message;
    message.kind = Message::Kind::kStreamPart;
    message.connection = job.connection;
    if (!text) {
      message.bytes = chunk("");
      message.close = true;
    } else if (!text->empty()) {
      message.bytes = chunk(*text);
    }
    inbox->post(std::move(message));
  }

  void work(WorkQueue& queue) const {
    Job job;
    while (queue.pop(job)) {
      if (job.stream) {
        stream_part(job);
      } else {
        answer(job);
      }
      job = Job{};
    }
  }

  // ---- loop side ----

  void watch(int fd, std::uint64_t id, std::uint32_t events, int op) const {
    epoll_event event{};
    event.events = events;
    event.data.u64 = id;
    if (::epoll_ctl(epoll_fd, op, fd, &event) != 0 && op != EPOLL_CTL_DEL) {
      throw std::runtime_error(std::string("epoll_ctl: ") + std::strerror(errno));
    }
  }

  void close_connection(std::uint64_t id) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    ::close(it->second.fd);  // also leaves the epoll set
    if (it->second.stream) it->second.stream->stop();
    if (auto count = per_address.find(it->second.remote_addr);
        count != per_address.end() && --count->second == 0)
      per_address.erase(count);
    connections.erase(it);
  }

  bool over_address_cap(const std::string& address) const {
    if (options.max_connections_per_address == 0) return false;
    const auto count = per_address.find(address);
    if (count == per_address.end() || count->second < options.max_connections_per_address)
      return false;
    return std::find(options.unlimited_addresses.begin(), options.unlimited_addresses.end(),
                     address) == options.unlimited_addresses.end();
  }

  // A connection refused before it is read: a short answer (if the socket takes it) and close.
  static void turn_away(int fd, const char* why) {
    const std::string answer =
        std::string("HTTP/1.1 503 Service Unavailable\r\nConnection: close") +
        "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " +
        std::to_string(std::strlen(why)) + "\r\n\r\n" + why;
    [[maybe_unused]] const ssize_t sent =
        ::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::close(fd);
  }

  void accept_all() {
    while (true) {
      sockaddr_storage address{};
      socklen_t length = sizeof address;
      const int fd = ::accept4(listen_fd, reinterpret_cast<sockaddr*>(&address), &length,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
          out_of_descriptors();
        return;  // EAGAIN, or an error of that one connection
      }
      if (connections.size() >= options.max_connections) {
        turn_away(fd, "the server has too many connections; try again soon");
        continue;
      }
      std::string remote = address_text(address);
      if (over_address_cap(remote)) {
        turn_away(fd, "too many connections from your address");
        continue;
      }
      const int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      const std::uint64_t id = next_id++;
      Connection& c = connections[id];
      c.fd = fd;
      ++per_address[remote];
      c.remote_addr = std::move(remote);
      watch(fd, id, EPOLLIN | EPOLLRDHUP, EPOLL_CTL_ADD);
    }
  }

  // accept4 failed for want of descriptors. The listening socket stays readable, so returning
  // would spin the loop: shed the connections that wait idle longest (no request in progress,
  // nothing to write), else accept one with the reserve descriptor and close it, else pause
  // accepting until the next tick.
  void out_of_descriptors() {
    const auto now = Clock::now();
    std::vector<std::pair<Clock::time_point, std::uint64_t>> idle;
    for (const auto& [id, c] : connections)
      if (c.state == Connection::State::kReading && c.in.empty() && c.out.empty())
        idle.emplace_back(c.last_active, id);
    const std::size_t shed = std::min<std::size_t>(idle.size(), 16);
    std::partial_sort(idle.begin(), idle.begin() + static_cast<long>(shed), idle.end());
    for (std::size_t i = 0; i < shed; ++i) close_connection(idle[i].second);
    if (now - last_shed_report >= std::chrono::seconds(10)) {
      last_shed_report = now;
      std::cerr << "pacwar: out of file descriptors with " << connections.size()
                << " connections open: " << shed
                << " idle ones closed (raise `ulimit -n` or lower the caps)\n";
    }
    if (shed > 0) return;
    if (reserve_fd >= 0) {
      ::close(reserve_fd);
      reserve_fd = -1;
      const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd >= 0) turn_away(fd, "the server is out of connections; try again soon");
      reserve_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
      if (fd >= 0) return;
    }
    pause_accepting(now);
  }

  void pause_accepting(Clock::time_point now) {
    if (accept_paused) return;
    accept_paused = true;
    accept_resumes = now + kTick;
    watch(listen_fd, kListenId, 0, EPOLL_CTL_DEL);
  }

  void resume_accepting(Clock::time_point now) {
    if (!accept_paused || now < accept_resumes) return;
    accept_paused = false;
    watch(listen_fd, kListenId, EPOLLIN, EPOLL_CTL_ADD);
  }

  // Writes what it can; false when the connection was closed.
  bool flush(std::uint64_t id, Connection& c) {
    while (c.out_sent < c.out.size()) {
      const ssize_t n = ::send(c.fd, c.out.data() + c.out_sent, c.out.size() - c.out_sent,
                               MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        c.out_sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (!c.watching_out) {
          c.watching_out = true;
          watch(c.fd, id, EPOLLIN | EPOLLRDHUP | EPOLLOUT, EPOLL_CTL_MOD);
        }
        return true;
      }
      if (n < 0 && errno == EINTR) continue;
      close_connection(id);
      return false;
    }
    c.out.clear();
    c.out_sent = 0;
    c.last_active = Clock::now();
    if (c.watching_out) {
      c.watching_out = false;
      watch(c.fd, id, EPOLLIN | EPOLLRDHUP, EPOLL_CTL_MOD);
    }
    if (c.close_after_write) {
      close_connection(id);
      return false;
    }
    return true;
  }

  void refuse(Connection& c, const ParseResult& result) const {
    Request request;
    Response response;
    response.status = result.error_status;
    finish(request, response);
    if (response.body.empty()) response.set_content(result.error, "text/plain; charset=utf-8");
    if (response_filter) response_filter(request, response);
    const bool keep = result.keep_open;
    c.out += serialize(response, keep);
    if (!keep) {
      c.close_after_write = true;
      c.state = Connection::State::kClosing;
    }
  }

  // Parses the next request in the connection's buffer and hands it to a worker.
  void parse(std::uint64_t id, Connection& c) {
    while (c.state == Connection::State::kReading && !c.in.empty()) {
      Request request;
      const ParseResult result = parse_request(c.in, options.limits, request);
      if (result.status == ParseResult::Status::kIncomplete) {
        if (result.expect_continue && !c.continue_sent) {
          c.continue_sent = true;
          c.out += "HTTP/1.1 100 Continue\r\n\r\n";
        }
        break;
      }
      c.continue_sent = false;
      if (result.status == ParseResult::Status::kError) {
        refuse(c, result);
        if (c.state == Connection::State::kClosing) break;
        c.in.erase(0, result.consumed);
        continue;
      }
      c.in.erase(0, result.consumed);
      c.request_pending = false;
      c.state = Connection::State::kBusy;
      request.remote_addr = c.remote_addr;
      const bool slow = is_slow(request);
      Job job;
      job.connection = id;
      job.request = std::move(request);
      (slow ? slow_jobs : normal_jobs).push(std::move(job));
    }
    if (c.state == Connection::State::kReading && !c.in.empty() && !c.request_pending) {
      c.request_pending = true;  // a pipelined request: its clock starts now
      c.request_started = Clock::now();
    }
    flush(id, c);
  }

  bool is_slow(const Request& request) const {
    for (const Route& route : routes) {
      std::smatch match;
      if (route.pool == Pool::kSlow && route.method == request.method &&
          matches(route, request.path, match)) {
        return true;
      }
    }
    return false;
  }

  void readable(std::uint64_t id, Connection& c) {
    char buffer[65536];
    while (true) {
      const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, MSG_DONTWAIT);
      if (n > 0) {
        if (c.state != Connection::State::kStreaming)
          c.in.append(buffer, static_cast<std::size_t>(n));
        c.last_active = Clock::now();
        if (c.state == Connection::State::kReading && !c.request_pending) {
          c.request_pending = true;  // the clock of header_timeout and request_timeout
          c.request_started = c.last_active;
        }
        const std::size_t most = options.limits.max_head + options.limits.max_discard + 65536;
        if (c.in.size() > most) {
          close_connection(id);
          return;
        }
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      close_connection(id);  // the peer closed (0) or the connection failed
      return;
    }
    if (c.state == Connection::State::kReading) parse(id, c);
  }

  static void append(Connection& c, std::string& bytes) {
    if (c.out.empty()) {
      c.out.swap(bytes);  // no copy of a large answer
      c.out_sent = 0;
    } else {
      c.out += bytes;
    }
  }

  void schedule_stream(std::uint64_t id, Connection& c) {
    if (c.stream_pending) {
      c.stream_woken = true;
      return;
    }
    c.stream_pending = true;
    c.stream_woken = false;
    c.stream_last_call = Clock::now();
    Job job;
    job.connection = id;
    job.stream = c.stream;
    normal_jobs.push(std::move(job));
  }

  void receive(Message& message) {
    auto it = connections.find(message.connection);
    if (it == connections.end()) {
      if (message.new_stream) message.new_stream->stop();
      return;
    }
    const std::uint64_t id = it->first;
    Connection& c = it->second;
    switch (message.kind) {
      case Message::Kind::kWake:
        if (c.state == Connection::State::kStreaming) schedule_stream(id, c);
        return;
      case Message::Kind::kStreamPart:
        c.stream_pending = false;
        append(c, message.bytes);
        if (message.close) {
          c.close_after_write = true;
        } else if (c.stream_woken) {
          schedule_stream(id, c);
        }
        flush(id, c);
        return;
      case Message::Kind::kAnswer:
        append(c, message.bytes);
        if (message.new_stream) {
          c.state = Connection::State::kStreaming;
          c.in.clear();
          c.stream = std::move(message.new_stream);
          std::weak_ptr<Inbox> weak = inbox;
          c.stream->start([weak, id] {
            if (auto box = weak.lock()) box->post({Message::Kind::kWake, id, {}, false, {}});
          });
          schedule_stream(id, c);
          flush(id, c);
          return;
        }
        if (message.close) c.close_after_write = true;
        c.state = Connection::State::kReading;
        if (flush(id, c) && !c.close_after_write) parse(id, c);
        return;
    }
  }

  void tick() {
    const auto now = Clock::now();
    resume_accepting(now);
    std::vector<std::uint64_t> idle;
    std::vector<std::uint64_t> late;
    for (auto& [id, c] : connections) {
      if (c.state == Connection::State::kStreaming) {
        if (!c.stream_pending && now - c.stream_last_call >= options.stream_interval) {
          schedule_stream(id, c);
        }
      } else if (c.state == Connection::State::kReading && c.request_pending) {
        const auto age = now - c.request_started;
        if (age >= options.request_timeout ||
            (age >= options.header_timeout && c.in.find("\r\n\r\n") == std::string::npos))
          late.push_back(id);
      } else if (c.state != Connection::State::kBusy &&
                 now - c.last_active >= options.idle_timeout) {
        idle.push_back(id);
      }
    }
    for (const std::uint64_t id : idle) close_connection(id);
    for (const std::uint64_t id : late) {
      Connection& c = connections.at(id);
      ParseResult result;
      result.status = ParseResult::Status::kError;
      result.error_status = 408;
      result.error = "the request did not arrive in time";
      c.in.clear();
      refuse(c, result);
      flush(id, c);
    }
  }

  void loop() {
    std::vector<epoll_event> events(256);
    auto next_tick = Clock::now() + kTick;
    while (!stopping.load()) {
      const auto wait =
          std::chrono::duration_cast<std::chrono::milliseconds>(next_tick - Clock::now());
      const int n = ::epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()),
                                 static_cast<int>(std::max<long long>(0, wait.count())));
      if (n < 0 && errno != EINTR)
        throw std::runtime_error(std::string("epoll_wait: ") + std::strerror(errno));
      for (int i = 0; i < n; ++i) {
        const std::uint64_t id = events[static_cast<std::size_t>(i)].data.u64;
        const std::uint32_t what = events[static_cast<std::size_t>(i)].events;
        if (id == kListenId) {
          accept_all();
        } else if (id == kWakeId) {
          for (Message& message : inbox->take()) receive(message);
        } else if (auto it = connections.find(id); it != connections.end()) {
          if (what & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
            readable(id, it->second);
            it = connections.find(id);
            if (it == connections.end()) continue;
          }
          if (what & EPOLLOUT) flush(id, it->second);
        }
      }
      if (Clock::now() >= next_tick) {
        tick();
        next_tick = Clock::now() + kTick;
      }
    }
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() { stop(); }

void Server::route(const std::string& method, const std::string& pattern, Handler handler,
                   Pool pool) {
  const std::size_t syntax = pattern.find_first_of(R"(\^$.|?*+()[]{})");
  const bool literal = syntax == std::string::npos;
  // The plain text before the first regex syntax, which every match starts with: less its last
  // character when a quantifier that allows none follows it (`?`, `*`, `{`), and none at all
  // when the pattern has an alternative anywhere.
  std::string prefix = literal ? std::string() : pattern.substr(0, syntax);
  if (!literal) {
    const char next = pattern[syntax];
    if (pattern.find('|') != std::string::npos) {
      prefix.clear();
    } else if (!prefix.empty() && (next == '?' || next == '*' || next == '{')) {
      prefix.pop_back();
    }
  }
  impl_->routes.push_back({method, pattern, route_label(pattern), literal ? pattern : std::string(),
                           std::move(prefix), std::regex(pattern), std::move(handler), pool});
}

void Server::set_around(std::function<void(Response&, const std::function<void()>& run)> around) {
  impl_->around = std::move(around);
}

void Server::set_observer(std::function<void(const Served&)> observer) {
  impl_->observer = std::move(observer);
}

std::string route_label(std::string_view pattern) {
  std::string label;
  int depth = 0;
  for (const char c : pattern) {
    if (c == '(') {
      if (depth++ == 0) label += ":param";
    } else if (c == ')') {
      if (depth > 0) --depth;
    } else if (depth == 0 && c != '\\') {
      label += c;
    }
  }
  return label;
}

void Server::set_static_dir(std::filesystem::path dir) { impl_->static_dir = std::move(dir); }

void Server::set_error_handler(std::function<void(const Request&, Response&)> handler) {
  impl_->error_handler = std::move(handler);
}

void Server::set_request_filter(std::function<bool(Request&, Response&)> filter) {
  impl_->request_filter = std::move(filter);
}

void Server::set_response_filter(std::function<void(const Request&, Response&)> filter) {
  impl_->response_filter = std::move(filter);
}

std::vector<std::pair<std::string, std::string>> Server::routes() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Route& route : impl_->routes) out.emplace_back(route.method, route.source);
  return out;
}

int Server::bind(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0) {
    throw std::runtime_error("cannot resolve " + host + ": " + ::gai_strerror(rc));
  }
  std::string why = "no address";
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    const int fd =
        ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
      impl_->listen_fd = fd;
      break;
    }
    why = std::strerror(errno);
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (impl_->listen_fd < 0) {
    throw std::runtime_error("cannot listen on " + host + ":" + service + " (" + why + ")");
  }
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  ::getsockname(impl_->listen_fd, reinterpret_cast<sockaddr*>(&address), &length);
  if (address.ss_family == AF_INET6) {
    return ntohs(reinterpret_cast<sockaddr_in6*>(&address)->sin6_port);
  }
  return ntohs(reinterpret_cast<sockaddr_in*>(&address)->sin_port);
}

void Server::run() {
  Impl& s = *impl_;
  if (s.listen_fd < 0) throw std::logic_error("http::Server::run before bind");
  if (s.stopping.load()) return;
  s.epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  if (s.epoll_fd < 0)
    throw std::runtime_error(std::string("epoll_create1: ") + std::strerror(errno));
  s.watch(s.listen_fd, kListenId, EPOLLIN, EPOLL_CTL_ADD);
  s.reserve_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);  // for out_of_descriptors()
  s.watch(s.inbox->fd(), kWakeId, EPOLLIN, EPOLL_CTL_ADD);
  // Every worker runs before the first request is read: once a request has been answered, no
  // thread is still starting (a sanitizer's first look at a new thread needs a descriptor, which
  // ServerProcessTest.OutOfDescriptors... uses up).
  const int normal = std::max(1, s.options.workers);
  const int slow = std::max(1, s.options.slow_workers);
  std::latch started(normal + slow);
  const auto start = [&s, &started](WorkQueue& jobs, const char* name) {
    s.workers.emplace_back([&s, &started, &jobs, name] {
      name_this_thread(name);
      started.count_down();
      s.work(jobs);
    });
  };
  for (int i = 0; i < normal; ++i) start(s.normal_jobs, "http-worker");
  for (int i = 0; i < slow; ++i) start(s.slow_jobs, "http-slow");
  started.wait();
  std::exception_ptr failure;
  try {
    s.loop();
  } catch (...) {
    failure = std::current_exception();
  }
  s.normal_jobs.close();
  s.slow_jobs.close();
  s.workers.clear();  // joins: a handler running now finishes first
  std::vector<std::uint64_t> open;
  for (const auto& [id, c] : s.connections) open.push_back(id);
  for (const std::uint64_t id : open) s.close_connection(id);
  s.inbox->take();
  if (failure) std::rethrow_exception(failure);
}

void Server::stop() {
  impl_->stopping.store(true);
  impl_->inbox->signal();
}

}  // namespace pacwar::server::http
