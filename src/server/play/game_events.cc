#include "server/play/game_events.h"

#include <utility>

namespace pacwar::server {
namespace {

std::string event_text(const engine::Json& data) {
  return "event: update\ndata: " + data.dump() + "\n\n";
}

}  // namespace

std::shared_ptr<void> StreamSlots::take(const std::string& user) {
  std::lock_guard lock(counts_->mutex);
  int& open = counts_->open[user];
  if (most_ > 0 && open >= most_) return nullptr;
  ++open;
  // Not null (a null token would test false): it points at the counts, which it keeps alive.
  return std::shared_ptr<void>(counts_.get(), [counts = counts_, user](void*) {
    std::lock_guard release(counts->mutex);
    if (--counts->open[user] <= 0) counts->open.erase(user);
  });
}

std::int64_t StreamSlots::open() const {
  std::lock_guard lock(counts_->mutex);
  std::int64_t total = 0;
  for (const auto& [user, open] : counts_->open) total += open;
  return total;
}

GameEvents::GameEvents(Sources sources, std::string user, std::string id,
                       std::shared_ptr<void> slot, std::optional<std::int64_t> log_since,
                       bool turns_only)
    : sources_(std::move(sources)),
      user_(std::move(user)),
      id_(std::move(id)),
      channel_(sources_.notifier.channel(id_)),
      slot_(std::move(slot)) {
  if (log_since) {
    log_.emplace();
    log_->lines = *log_since;
    log_->turns_only = turns_only;
  }
}

void GameEvents::start(std::function<void()> wake) {
  subscription_ = channel_->subscribe(std::move(wake));
}

std::optional<std::string> GameEvents::next() {
  if (sources_.notifier.stopped()) return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  // At a heartbeat the store is asked, in case a change's notice never came.
  const bool beat = now - last_write_ >= sources_.heartbeat;
  GameService::Summary summary;
  try {
    summary = sources_.games.summary(user_, id_, log_ ? &*log_ : nullptr, beat);
  } catch (const std::exception&) {
    return std::nullopt;  // the game or the access went away: end the stream
  }
  const std::int64_t chat = sources_.chat_count(id_);
  summary.event["chat"] = chat;
  if (summary.revision != sent_revision_ || chat != sent_chat_) {
    sent_revision_ = summary.revision;
    sent_chat_ = chat;
    last_write_ = now;
    if (summary.state.empty()) return event_text(summary.event);
    // The state first: a page that reads it needs no GET when the update comes.
    return "event: state\ndata: " + summary.state + "\n\n" + event_text(summary.event);
  }
  if (beat) {
    last_write_ = now;
    return std::string(": heartbeat\n\n");
  }
  return std::string();
}

void GameEvents::stop() {
  subscription_.reset();
  slot_.reset();  // the user's slot (StreamSlots::take) is free again
}

}  // namespace pacwar::server
