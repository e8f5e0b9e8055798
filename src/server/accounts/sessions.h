// Sessions: the pacwar_session cookie that a sign-up or log-in sets, the user it belongs to, and
// the cookie value that ends it in the browser. Sessions are kept in the store (hashed tokens).
#pragma once

#include <chrono>
#include <string>

#include "server/db/store.h"
#include "server/http/message.h"

namespace pacwar::server {

class Sessions {
 public:
  // `secure`: browsers reach the server over https (--public-origin https://...), so the cookie
  // carries "; Secure". `store` must outlive this object.
  Sessions(Store& store, std::chrono::milliseconds lifetime, bool secure)
      : store_(store), lifetime_(lifetime), secure_(secure) {}

  // The signed-in user of a request, or ApiError 401 "log in first".
  std::string user(const http::Request& req) const;
  // The hash of the request's session token ("" without one).
  std::string token_hash_of(const http::Request& req) const;
  // Starts a session of `username`: stored, and its cookie set on `res`.
  void start(http::Response& res, const std::string& username) const;
  // Ends the request's session (if any) and clears its cookie.
  void end(const http::Request& req, http::Response& res) const;
  // The Set-Cookie value that ends the session in the browser.
  std::string clear_cookie() const;

 private:
  Store& store_;
  std::chrono::milliseconds lifetime_;
  bool secure_;
};

}  // namespace pacwar::server
