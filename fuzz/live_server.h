// A live `pacwar serve` in the fuzzing process (SQLite in a temporary directory, one user logged
// in, one game against the `random` computer player) and raw HTTP requests to it over loopback.
// An answer 500 (an exception the API did not turn into a clear error) aborts: a finding.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "engine/game.h"
#include "server/api_server.h"

namespace pacwar::fuzz {

using engine::Json;

struct HttpAnswer {
  int status = 0;
  std::string body;
};

// A connection to 127.0.0.1:port. Closed with SO_LINGER 0 (a reset, no TIME_WAIT), so that
// hundreds of thousands of requests do not run out of local ports.
inline int connect_loopback(int port) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    const linger no_wait{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &no_wait, sizeof no_wait);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    ::close(fd);
    ::usleep(10000);
  }
  std::cerr << "fuzz: cannot connect to the server\n";
  std::abort();
}

// Sends `text` on a fresh connection and reads until the server closes it: the raw answer. A
// call interrupted by libFuzzer's timer signal (SIGALRM of -timeout, EINTR) is made again.
inline std::string send_and_read(int port, const std::string& text) {
  const int fd = connect_loopback(port);
  std::size_t sent = 0;
  while (sent < text.size()) {
    const auto n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string in;
  char buffer[65536];
  while (true) {
    const auto n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    in.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return in;
}

// One request on a fresh connection (Connection: close); the whole answer.
inline HttpAnswer raw_request(int port, const std::string& method, const std::string& target,
                              const std::string& cookie, const std::string& body) {
  std::string text =
      method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  if (!cookie.empty()) text += "Cookie: pacwar_session=" + cookie + "\r\n";
  if (method != "GET") {
    text +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  }
  text += "\r\n" + body;
  const std::string in = send_and_read(port, text);
  HttpAnswer answer;
  if (in.size() > 12) answer.status = std::atoi(in.c_str() + 9);
  const auto head_end = in.find("\r\n\r\n");
  if (head_end != std::string::npos) answer.body = in.substr(head_end + 4);
  return answer;
}

class LiveServer {
 public:
  LiveServer() {
    std::string pattern = (std::filesystem::temp_directory_path() / "pacwar-fuzz-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    dir_ = pattern;
    server::ServerConfig config;
    config.db = "sqlite:" + (dir_ / "fuzz.db").string();
    config.port = 0;  // any free port
    config.threads = 2;
    config.agent_threads = 1;
    config.max_open_games = 20;
    server_ = std::make_unique<server::ApiServer>(config);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
    const HttpAnswer signup = raw_request(port_, "POST", "/api/signup", "",
                                          R"({"username":"fuzzer","password":"password123"})");
    // The cookie is in the head, which raw_request drops: log in by a second request and read
    // the Set-Cookie from the raw bytes.
    cookie_ = login_cookie();
    if (signup.status != 201 || cookie_.empty()) {
      std::cerr << "fuzz: cannot sign up: " << signup.status << " " << signup.body << "\n";
      std::abort();
    }
    new_game();
  }
  ~LiveServer() {
    server_->stop();
    thread_.join();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  int port() const { return port_; }
  const std::string& cookie() const { return cookie_; }
  const std::string& game() const { return game_; }

  void new_game() {
    const HttpAnswer created =
        request("POST", "/api/games",
                R"({"game":"pacific-war","seat":"japanese","options":[],"opponent":"random"})");
    const Json body = Json::parse(created.body, nullptr, false);
    if (created.status == 429) return;  // capped: keep playing the current one
    if (created.status != 201 || !body.is_object()) std::abort();
    game_ = body.value("id", "");
  }

  // The request with the user's cookie; aborts on a 500.
  HttpAnswer request(const std::string& method, const std::string& target,
                     const std::string& body) {
    HttpAnswer answer = raw_request(port_, method, target, cookie_, body);
    // An empty read (seen now and then under heavy load, never reproduced with the same input)
    // is tried again; a server that crashed takes this process with it anyway.
    for (int retry = 0; retry < 3 && answer.status == 0; ++retry) {
      ::usleep(50000);
      answer = raw_request(port_, method, target, cookie_, body);
    }
    if (answer.status >= 500 || answer.status == 0) {
      std::cerr << "fuzz: " << method << " " << target << " answered " << answer.status << ": "
                << answer.body << "\n";
      std::abort();
    }
    return answer;
  }

 private:
  std::string login_cookie() const {
    const std::string body = R"({"username":"fuzzer","password":"password123"})";
    const std::string text =
        "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        "Content-Type: application/json\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body;
    const std::string in = send_and_read(port_, text);
    const std::string key = "pacwar_session=";
    const auto at = in.find(key);
    if (at == std::string::npos) return "";
    const auto end = in.find(';', at);
    return in.substr(at + key.size(), end - at - key.size());
  }

  std::filesystem::path dir_;
  std::unique_ptr<server::ApiServer> server_;
  int port_ = 0;
  std::thread thread_;
  std::string cookie_;
  std::string game_;
};

}  // namespace pacwar::fuzz
