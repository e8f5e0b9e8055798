#include "server/http/json_http.h"

#include <limits>

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

ApiError field_error(const std::string& name, const std::string& problem) {
  return ApiError(400, "field '" + name + "' " + problem, {{"field", name}});
}

const Json& member(const Json& body, const char* name) {
  // Never destroyed: threads still running when the process exits may read it.
  static const Json& absent = *new const Json();
  if (!body.is_object()) return absent;
  auto it = body.find(name);
  return it == body.end() ? absent : *it;
}

std::string string_field(const Json& body, const char* name, const std::string& hint) {
  const Json& value = member(body, name);
  if (!value.is_string()) throw field_error(name, "must be a string" + hint);
  return value.get<std::string>();
}

std::optional<std::string> optional_string_field(const Json& body, const char* name,
                                                 const std::string& hint) {
  if (member(body, name).is_null()) return std::nullopt;
  return string_field(body, name, hint);
}

std::int64_t integer_field(const Json& body, const char* name, const std::string& hint) {
  const Json& value = member(body, name);
  // An unsigned number past the int64 range is no integer the server takes either.
  if (!value.is_number_integer() ||
      (value.is_number_unsigned() &&
       value.get<std::uint64_t>() >
           static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))) {
    throw field_error(name, "must be an integer" + hint);
  }
  return value.get<std::int64_t>();
}

std::optional<std::int64_t> optional_integer_field(const Json& body, const char* name,
                                                   const std::string& hint) {
  if (member(body, name).is_null()) return std::nullopt;
  return integer_field(body, name, hint);
}

bool bool_field(const Json& body, const char* name, bool fallback) {
  const Json& value = member(body, name);
  if (value.is_null()) return fallback;
  if (!value.is_boolean()) throw field_error(name, "must be true or false");
  return value.get<bool>();
}

const Json& object_field(const Json& body, const char* name, const std::string& hint) {
  // Never destroyed: threads still running when the process exits may read it.
  static const Json& empty = *new const Json(Json::object());
  const Json& value = member(body, name);
  if (value.is_null()) return empty;
  if (!value.is_object()) throw field_error(name, "must be an object" + hint);
  return value;
}

}  // namespace pacwar::server
