#include "server/json_http.h"

namespace pacwar::server {

using engine::Json;

void send_json(http::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

Json json_body(const http::Request& req) {
  if (req.body.empty()) return Json::object();
  Json body = Json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "the body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  return body;
}

std::string string_field(const Json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end() || !it->is_string()) {
    throw ApiError(400, std::string("field '") + name + "' must be a string");
  }
  return it->get<std::string>();
}

}  // namespace pacwar::server
