// Where a game stands: waiting for the invited player, being played, or over. The one place
// that turns it into text and back: the database's games.status column and the API's "status"
// field hold these names.
#pragma once

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace pacwar::server {

enum class PlayStatus {
  kWaiting,   // a seat waits for the invited player (or an open challenge's taker)
  kActive,    // being played
  kFinished,  // over: won, drawn, resigned or lost on time
};

inline constexpr std::array<PlayStatus, 3> kPlayStatuses = {
    PlayStatus::kWaiting, PlayStatus::kActive, PlayStatus::kFinished};

// "waiting", "active", "finished".
std::string_view to_string(PlayStatus status);
// The status of its name; nullopt for any other text.
std::optional<PlayStatus> play_status_named(std::string_view name);
// The status stored in the database's games.status: DbError for any other text.
PlayStatus stored_play_status(std::string_view name);

// Its name on a stream (the command line's messages).
std::ostream& operator<<(std::ostream& out, PlayStatus status);

// The API's JSON: the status's name (nlohmann's to_json hook).
void to_json(engine::Json& json, PlayStatus status);

}  // namespace pacwar::server
