#include "server/accounts/sessions.h"

#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

constexpr const char* kCookie = "pacwar_session";

// The value of cookie `name` in the request's Cookie header, or "".
std::string cookie(const http::Request& req, const std::string& name) {
  const std::string header = req.header("cookie");
  std::size_t pos = 0;
  while (pos < header.size()) {
    std::size_t end = header.find(';', pos);
    if (end == std::string::npos) end = header.size();
    std::string item = header.substr(pos, end - pos);
    const auto first = item.find_first_not_of(' ');
    if (first != std::string::npos) item.erase(0, first);
    if (item.rfind(name + "=", 0) == 0) return item.substr(name.size() + 1);
    pos = end + 1;
  }
  return "";
}

}  // namespace

std::string Sessions::user(const http::Request& req) const {
  const std::string token = cookie(req, kCookie);
  if (!token.empty()) {
    if (auto name = store_.session_user(token_hash(token), now_ms())) return *name;
  }
  throw ApiError(401, "log in first");
}

std::string Sessions::token_hash_of(const http::Request& req) const {
  const std::string token = cookie(req, kCookie);
  return token.empty() ? std::string() : token_hash(token);
}

void Sessions::start(http::Response& res, const std::string& username) const {
  const std::string token = random_token(32);
  const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(lifetime_);
  store_.create_session(token_hash(token), username, now_ms() + lifetime.count() * 1000);
  res.set_header("Set-Cookie", std::string(kCookie) + "=" + token +
                                   "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" +
                                   std::to_string(lifetime.count()) + (secure_ ? "; Secure" : ""));
}

void Sessions::end(const http::Request& req, http::Response& res) const {
  const std::string token = cookie(req, kCookie);
  if (!token.empty()) store_.delete_session(token_hash(token));
  res.set_header("Set-Cookie", clear_cookie());
}

std::string Sessions::clear_cookie() const {
  return std::string(kCookie) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" +
         (secure_ ? "; Secure" : "");
}

}  // namespace pacwar::server
