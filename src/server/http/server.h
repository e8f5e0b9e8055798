// An HTTP/1.1 server with one event loop (epoll) for every connection and a few worker threads
// for the handlers. A connection costs a socket and its buffers, not a thread: keep-alive
// connections and the open event streams of game pages wait in the loop, and the number of
// threads that compete for the cores stays small whatever the number of clients.
//
// The loop thread accepts, reads and parses requests (parser.h) and writes answers; a parsed
// request goes to a worker, which runs the route's handler and gives the answer's bytes back
// to the loop. A connection has one request at a time (later pipelined ones wait in its buffer).
// Slow handlers (password hashing) run on their own workers, so that they never hold up the
// others. An answer with a Stream (server-sent events) keeps its connection open and is sent
// chunked: its next() runs on a worker when woken and at least every stream interval.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/http/message.h"
#include "server/http/parser.h"

namespace pacwar::server::http {

struct ServerOptions {
  int workers = 4;       // threads for the handlers
  int slow_workers = 2;  // threads for handlers routed as slow
  ParseLimits limits;
  std::chrono::seconds idle_timeout{30};  // a connection with no request in progress
  // From a request's first byte, its head must arrive within header_timeout and the whole
  // request within request_timeout; a client that trickles bytes is answered 408 and cut off.
  std::chrono::milliseconds header_timeout{10'000};
  std::chrono::milliseconds request_timeout{60'000};
  std::chrono::milliseconds stream_interval{1000};
  std::size_t max_connections = 20000;
  // Connections open at once from one client address (0: no limit); the addresses in
  // `unlimited_addresses` (reverse proxies, whose clients all share their address) have none.
  // A connection over the cap is answered 503 and closed.
  std::size_t max_connections_per_address = 256;
  std::vector<std::string> unlimited_addresses;
};

using Handler = std::function<void(Request&, Response&)>;

// One answered request, as the observer (Server::set_observer) sees it after the answer went to
// the loop: for the server's metrics.
struct Served {
  const std::string& method;
  // The label of the route that answered (route_label of its pattern), or "static" (a file),
  // "refused" (the request filter answered), "none" (404 / 405).
  std::string_view route;
  int status;
  std::string_view failure;                     // Response::failure
  std::chrono::steady_clock::duration elapsed;  // from the request's parse to its answer's bytes
                                                // (a held answer: to its sync)
};

// A route's pattern with each top-level group "(...)" written ":param" and escapes dropped:
// "/api/games/([0-9a-f]{1,64})/actions" -> "/api/games/:param/actions". No id ever appears.
std::string route_label(std::string_view pattern);

class Server {
 public:
  enum class Pool { kNormal, kSlow };

  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Requests with `method` whose whole path matches the ECMAScript regex `pattern` go to
  // `handler` (the captures in Request::matches); the first route that matches wins. A path that
  // matches only routes of other methods is answered 405. Set up routes before run().
  void route(const std::string& method, const std::string& pattern, Handler handler,
             Pool pool = Pool::kNormal);
  // GET and HEAD requests that no route takes are served from `dir` (static_files.h).
  void set_static_dir(std::filesystem::path dir);
  // Fills in the body of an error answer (status >= 400) that has none: 404 for an unknown path,
  // the parser's refusals (400, 411, 413, 431, 505), 405, 500 for a handler that threw.
  void set_error_handler(std::function<void(const Request&, Response&)> handler);
  // Runs before routing on every request (on a worker): when it returns false, `response` (filled
  // by it) is the answer and no route runs. For what every request must pass (cross-site writes,
  // csrf.h) and to set Request::remote_addr from a trusted proxy's header.
  void set_request_filter(std::function<bool(Request&, Response&)> filter);
  // Runs on every answer just before it is sent (routes, static files, errors): headers that
  // every answer carries (security_headers.h).
  void set_response_filter(std::function<void(const Request&, Response&)> filter);
  // Runs every route's handler (and the request filter) inside it, on the worker: `run` fills
  // `response`. For what a request's handling needs around it (the deferred durability waits).
  void set_around(std::function<void(Response&, const std::function<void()>& run)> around);
  // Runs on the worker after each answer (not a stream's later parts); it must be cheap and
  // thread-safe. For the metrics (metrics.h).
  void set_observer(std::function<void(const Served&)> observer);
  // The routes as given to route(), in order: {method, pattern}.
  std::vector<std::pair<std::string, std::string>> routes() const;

  // Listens on host:port (port 0: any free one) and returns the port; throws with the reason.
  int bind(const std::string& host, int port);
  // Serves until stop(); returns at once if stop() came first.
  void run();
  // Makes run() return after closing every connection. Any thread, any number of times.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pacwar::server::http
