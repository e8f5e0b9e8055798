// A refused request: the HTTP status and a message for people (plus, for an illegal action,
// the legal action ids). Nothing was changed.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/game.h"

namespace pacwar::server {

class ApiError : public std::runtime_error {
 public:
  ApiError(int status, const std::string& message, engine::Json extra = engine::Json::object())
      : std::runtime_error(message), status_(status), extra_(std::move(extra)) {}
  int status() const { return status_; }
  // {"error": message, ...extra}
  engine::Json body() const {
    engine::Json body = extra_;
    body["error"] = what();
    return body;
  }

 private:
  int status_;
  engine::Json extra_;
};

// 409: another request or process changed the game between its load and this change (the
// revision guard); nothing was written. A change that does not depend on what it saw (a
// resignation) may simply be tried again.
class ChangedMeanwhile : public ApiError {
 public:
  using ApiError::ApiError;
};

}  // namespace pacwar::server
