// The JSON side of every API route: writing an answer, reading a request's JSON object body and
// its fields, and the guard that turns a refusal (ApiError) or an unexpected exception into a
// JSON error answer. One copy for the route files (accounts, platform, notices, WitP, the core
// API), so that every endpoint answers bad input the same way.
#pragma once

#include <cstdint>
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include "engine/game.h"
#include "server/http/api_error.h"
#include "server/db/db.h"
#include "server/http/server.h"

namespace pacwar::server {

// The path of one game's routes; a route adds "/actions", "/invite", ... to it.
inline constexpr const char* kGamePath = R"(/api/games/([0-9a-f]{1,64}))";

// Writes `body` as the JSON answer with `status`. Error messages quote what the client sent (a
// path, an action id): bytes that are not UTF-8 become U+FFFD instead of throwing (found by
// fuzz/api_request: a 404 for a path with byte 0xFF ended the server).
void send_json(http::Response& res, int status, const engine::Json& body);

// The request's body as a JSON object ({} when empty); ApiError 400 when it is not JSON or not an
// object.
engine::Json json_body(const http::Request& req);

// The checked readers of a body's fields, one copy for every route: a field of another JSON type
// than the route takes is refused with field_error, 400 {"error": "field 'name' must be ...",
// "field": "name"}, before anything is changed (never the JSON library's exception, which would
// answer 500). `hint` ends the message: " (an action id)", ", e.g. \"pacific-war\"".

// ApiError 400 {"error": "field 'name' <problem>", "field": name}.
ApiError field_error(const std::string& name, const std::string& problem);

// The field `name` of a body, null when absent.
const engine::Json& member(const engine::Json& body, const char* name);

// A string field that must be there.
std::string string_field(const engine::Json& body, const char* name, const std::string& hint = "");
// A string field that may be absent or null (nullopt then).
std::optional<std::string> optional_string_field(const engine::Json& body, const char* name,
                                                 const std::string& hint = "");
// An integer field that must be there.
std::int64_t integer_field(const engine::Json& body, const char* name,
                           const std::string& hint = "");
// An integer field that may be absent or null (nullopt then).
std::optional<std::int64_t> optional_integer_field(const engine::Json& body, const char* name,
                                                   const std::string& hint = "");
// A true/false field; `fallback` when absent or null.
bool bool_field(const engine::Json& body, const char* name, bool fallback = false);
// An object field; {} when absent or null.
const engine::Json& object_field(const engine::Json& body, const char* name,
                                 const std::string& hint = "");

// A route handler that answers an ApiError with its status and body, and any other exception with
// 500 (logged on stderr with the method and path; a DbError marks Response::failure).
template <class F>
http::Handler guarded(F f) {
  return [f](http::Request& req, http::Response& res) {
    try {
      f(req, res);
    } catch (const ApiError& e) {
      const engine::Json body = e.body();
      // A refusal for a rate says when to try again (RFC 9110, 10.2.3), once: some handlers
      // set the header themselves.
      const auto has_retry_after = [&res] {
        for (const auto& header : res.headers)
          if (header.name == "Retry-After") return true;
        return false;
      };
      if (e.status() == 429 && body.contains("retry_after") &&
          body["retry_after"].is_number_integer() && !has_retry_after()) {
        res.set_header("Retry-After", std::to_string(body["retry_after"].get<std::int64_t>()));
      }
      send_json(res, e.status(), body);
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: " << req.method << " " << req.path << ": " << e.what() << "\n";
      send_json(res, 500, {{"error", std::string("internal error: ") + e.what()}});
      // Counted by the metrics (pacwar_db_errors_total): the one place requests' errors end.
      if (dynamic_cast<const DbError*>(&e) != nullptr) res.failure = "database";
    }
  };
}

}  // namespace pacwar::server
