// The JSON side of every API route: writing an answer, reading a request's JSON object body and
// its fields, and the guard that turns a refusal (ApiError) or an unexpected exception into a
// JSON error answer. One copy for the route files (accounts, platform, notices, WitP, the core
// API), so that every endpoint answers bad input the same way.
#pragma once

#include <exception>
#include <iostream>
#include <string>

#include "engine/game.h"
#include "server/api_error.h"
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

// The string field `name` of a body; ApiError 400 "field 'name' must be a string" otherwise.
std::string string_field(const engine::Json& body, const char* name);

// A route handler that answers an ApiError with its status and body, and any other exception with
// 500 (logged on stderr with the method and path).
template <class F>
http::Handler guarded(F f) {
  return [f](http::Request& req, http::Response& res) {
    try {
      f(req, res);
    } catch (const ApiError& e) {
      send_json(res, e.status(), e.body());
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: " << req.method << " " << req.path << ": " << e.what() << "\n";
      send_json(res, 500, {{"error", std::string("internal error: ") + e.what()}});
    }
  };
}

}  // namespace pacwar::server
