#include "server/db/play_status.h"

#include "server/db/db.h"

namespace pacwar::server {

std::string_view to_string(PlayStatus status) {
  switch (status) {
    case PlayStatus::kWaiting:
      return "waiting";
    case PlayStatus::kActive:
      return "active";
    case PlayStatus::kFinished:
      return "finished";
  }
  return "finished";  // not reached: every enumerator is above
}

std::optional<PlayStatus> play_status_named(std::string_view name) {
  for (PlayStatus status : kPlayStatuses) {
    if (to_string(status) == name) return status;
  }
  return std::nullopt;
}

PlayStatus stored_play_status(std::string_view name) {
  if (auto status = play_status_named(name)) return *status;
  throw DbError("games.status holds '" + std::string(name) + "', not waiting, active or finished");
}

std::ostream& operator<<(std::ostream& out, PlayStatus status) {
  return out << to_string(status);
}

void to_json(engine::Json& json, PlayStatus status) { json = std::string(to_string(status)); }

}  // namespace pacwar::server
