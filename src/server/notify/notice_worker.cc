#include "server/notify/notice_worker.h"

#include <curl/curl.h>
#include <sys/socket.h>

#include <algorithm>
#include <iostream>
#include <limits>
#include <memory>

#include "server/accounts/crypto.h"
#include "server/accounts/user_settings.h"
#include "server/http/api_error.h"
#include "server/notify/notices.h"
#include "server/play/clocks.h"
#include "server/thread_name.h"

namespace pacwar::server {
namespace {

using engine::Json;

using Easy = std::unique_ptr<CURL, decltype(&curl_easy_cleanup)>;

std::size_t discard(char*, std::size_t size, std::size_t count, void*) { return size * count; }

// The last line of defence against a webhook reaching an address it may not (issue 41): curl
// asks this for every socket it is about to connect; a refused address gets no socket, so the
// request fails without a packet sent, whatever name resolution or a redirect did.
struct SocketGuard {
  const WebhookPolicy* policy = nullptr;
  std::string host;
  std::string refused;  // the address refused, if any
};

curl_socket_t open_checked_socket(void* data, curlsocktype purpose, curl_sockaddr* address) {
  auto* guard = static_cast<SocketGuard*>(data);
  if (purpose == CURLSOCKTYPE_IPCXN && !guard->policy->allows(guard->host)) {
    const std::string numeric = numeric_address(&address->addr);
    if (numeric.empty() || !forbidden_address(numeric).empty()) {
      guard->refused = numeric.empty() ? "an address that is not IPv4 or IPv6" : numeric;
      return CURL_SOCKET_BAD;
    }
  }
  return socket(address->family, address->socktype, address->protocol);
}

struct Upload {
  std::string data;
  std::size_t at = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->data.size() - upload->at);
  upload->data.copy(buffer, n, upload->at);
  upload->at += n;
  return n;
}

std::string rfc5322_date(std::int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[64];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return text;
}

// Waits that double from `first`, capped at an hour.
std::int64_t backoff_ms(std::int64_t first, int attempts) {
  std::int64_t wait = std::max<std::int64_t>(1, first);
  for (int i = 1; i < attempts && wait < 3600 * 1000; ++i) wait *= 2;
  return std::min<std::int64_t>(wait, 3600 * 1000);
}

}  // namespace

NoticeWorker::NoticeWorker(GameService& games, Store& store, NoticeOptions options)
    : games_(games), store_(store), options_(std::move(options)) {
  curl_global_init(CURL_GLOBAL_DEFAULT);
  for (int i = 0; i < std::max(1, options_.senders); ++i)
    senders_.emplace_back([this] {
      name_this_thread("notice-send");
      send_loop();
    });
  clocks_ = std::thread([this] {
    name_this_thread("clocks");
    clock_loop();
  });
}

NoticeWorker::~NoticeWorker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& sender : senders_) sender.join();
  clocks_.join();
  curl_global_cleanup();
}

std::int64_t NoticeWorker::now() const { return options_.clock ? options_.clock() : now_ms(); }

void NoticeWorker::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_all();
}

void NoticeWorker::send_loop() {
  while (!stop_) {
    bool busy = false;
    try {
      if (auto notice =
              claim_notice(store_.database(), options_.name, now(), options_.lease.count())) {
        busy = true;
        const std::string key = destination(*notice);
        if (const std::int64_t later = key.empty() ? 0 : take_destination(key, now()); later > 0) {
          notice_postpone(store_.database(), notice->id, later);
          continue;  // another thread is sending there, or it backs off
        }
        bool permanent = false;
        const std::string error = deliver(*notice, permanent);
        if (!key.empty()) release_destination(key, error.empty(), permanent, now());
        if (error.empty()) {
          notice_sent(store_.database(), notice->id, now());
          ++sent_;
        } else {
          ++failures_;
          const bool give_up = permanent || notice->attempts >= options_.max_attempts;
          std::optional<std::int64_t> retry;
          if (!give_up) retry = now() + backoff_ms(options_.retry.count(), notice->attempts);
          notice_failed(store_.database(), notice->id, error, retry);
        }
      }
    } catch (const std::exception& e) {
      if (options_.on_db_error && dynamic_cast<const DbError*>(&e) != nullptr) {
        options_.on_db_error();
      }
      std::cerr << "pacwar notices: " << e.what() << "\n";
    }
    if (busy) continue;
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, options_.poll, [this] { return stop_ || woken_; });
    woken_ = false;
  }
}

void NoticeWorker::clock_loop() {
  std::int64_t purged = 0;
  while (!stop_) {
    try {
      check_clocks();
      if (now() - purged > 3600 * 1000) {
        purge_notices(store_.database(), now());
        if (options_.keep_finished.count() > 0) {
          // A few hundred at a time, so that one sweep never holds the database long.
          while (store_.delete_finished_games(now() - options_.keep_finished.count()) > 0 &&
                 !stop_) {
          }
        }
        purged = now();
      }
    } catch (const std::exception& e) {
      if (options_.on_db_error && dynamic_cast<const DbError*>(&e) != nullptr) {
        options_.on_db_error();
      }
      std::cerr << "pacwar clocks: " << e.what() << "\n";
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, options_.clock_poll, [this] { return stop_.load(); });
  }
}

void NoticeWorker::check_clocks() {
  const std::int64_t t = now();
  for (const ClockRow& row : due_clocks(store_.database(), t)) {
    auto record = store_.load_game_from(row.game_id, std::numeric_limits<std::int64_t>::max());
    if (!record) continue;
    auto game = games_.game(record->game);
    if (!game || record->state.status != PlayStatus::kActive) continue;
    if (row.expired >= 0) {
      // Ran out with on_timeout "lose", but the game was not ended yet.
      try {
        games_.end_on_time(row.game_id, row.expired, "");
      } catch (const ApiError&) {
      }
      continue;
    }
    const auto seat = static_cast<std::size_t>(row.turn_seat);
    if (seat >= record->seats.size()) continue;
    if (row.deadline <= t) {
      std::vector<QueuedNotice> notices;
      for (std::size_t s = 0; s < record->seats.size(); ++s) {
        if (record->seats[s].username.empty()) continue;
        Json body = notice_body(*record, *game, static_cast<int>(s), record->state);
        body["expired"] = game->seat_name(row.turn_seat);
        body["may_claim"] = !row.auto_end && s != seat;
        notices.push_back({record->seats[s].username, "clock_out", row.game_id, body});
      }
      if (mark_clock_expired(store_.database(), row, notices, t) && row.auto_end) {
        try {
          games_.end_on_time(row.game_id, row.turn_seat, "");
        } catch (const ApiError&) {
          // The late player moved meanwhile: the revision guard kept their move.
        }
      }
      wake();
    } else if (!row.warned && !record->seats[seat].username.empty()) {
      Json body = notice_body(*record, *game, row.turn_seat, record->state);
      body["left_ms"] = row.deadline - t;
      body["deadline"] = iso_time(row.deadline);
      mark_clock_warned(store_.database(), row,
                        {{record->seats[seat].username, "clock_low", row.game_id, body}}, t);
      wake();
    }
  }
}

std::string NoticeWorker::destination(const ClaimedNotice& notice) {
  Json settings;
  {
    auto c = store_.database().acquire();
    settings = effective_settings(read_settings(*c, notice.username));
  }
  const char* field = notice.channel == "webhook" ? "webhook_url"
                      : notice.channel == "email" ? "email"
                                                  : nullptr;
  if (field == nullptr || !settings[field].is_string()) return "";
  return notice.channel + " " + settings[field].get<std::string>();
}

std::int64_t NoticeWorker::take_destination(const std::string& key, std::int64_t now_ms) {
  std::lock_guard lock(destinations_mutex_);
  Destination& d = destinations_[key];
  if (d.busy) return now_ms + std::max<std::int64_t>(1, options_.poll.count());
  if (d.not_before > now_ms) return d.not_before;
  d.busy = true;
  return 0;
}

void NoticeWorker::release_destination(const std::string& key, bool delivered, bool permanent,
                                       std::int64_t now_ms) {
  std::lock_guard lock(destinations_mutex_);
  Destination& d = destinations_[key];
  d.busy = false;
  if (delivered || permanent) {  // a refusal of this notice says nothing of the endpoint
    destinations_.erase(key);
    return;
  }
  ++d.failures;
  d.not_before = now_ms + backoff_ms(options_.retry.count(), d.failures);
}

std::string NoticeWorker::deliver(const ClaimedNotice& notice, bool& permanent) {
  Json settings;
  {
    auto c = store_.database().acquire();
    settings = effective_settings(read_settings(*c, notice.username));
  }
  const std::string game = notice.body.value("game", "");
  const auto title_it = options_.titles.find(game);
  const std::string title = title_it != options_.titles.end() ? title_it->second : game;
  const std::string link = options_.base_url + notice.body.value("path", "/");
  const std::string text = notice_text(notice.kind, notice.body, title, link);
  if (notice.channel == "webhook") {
    if (!settings["webhook_url"].is_string()) {
      permanent = true;
      return "the user removed the webhook URL";
    }
    return post_webhook(settings["webhook_url"].get<std::string>(), text, permanent);
  }
  if (notice.channel == "email") {
    if (!settings["email"].is_string()) {
      permanent = true;
      return "the user removed the e-mail address";
    }
    return send_mail(settings["email"].get<std::string>(),
                     notice_subject(notice.kind, notice.body, title), text, permanent);
  }
  permanent = true;
  return "unknown channel '" + notice.channel + "'";
}

std::string NoticeWorker::post_webhook(const std::string& url, const std::string& text,
                                       bool& permanent) {
  // The address was checked when it was saved; checked again (a settings row from elsewhere,
  // a policy changed since), then the host is looked up and pinned (webhook_address.h).
  if (const std::string problem = webhook_url_problem(url, options_.webhook_policy);
      !problem.empty()) {
    permanent = true;
    return problem;
  }
  std::string problem;
  const auto target = webhook_target(url, problem);
  if (!target) {
    permanent = true;
    return problem;
  }
  const PinnedAddress pin = pin_webhook_address(*target, options_.webhook_policy,
                                                options_.resolve ? options_.resolve : resolve_host);
  if (!pin.problem.empty()) {
    permanent = pin.permanent;
    return "webhook: " + pin.problem;
  }
  Easy curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return "curl_easy_init failed";
  // Discord reads "content", Slack "text".
  const std::string body = Json{{"content", text}, {"text", text}}.dump();
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_list(headers,
                                                                          curl_slist_free_all);
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> resolve_list(
      target->numeric
          ? nullptr
          : curl_slist_append(nullptr, curl_resolve_entry(*target, pin.address).c_str()),
      curl_slist_free_all);
  SocketGuard guard{&options_.webhook_policy, target->host, ""};
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  if (resolve_list) curl_easy_setopt(curl.get(), CURLOPT_RESOLVE, resolve_list.get());
  curl_easy_setopt(curl.get(), CURLOPT_OPENSOCKETFUNCTION, open_checked_socket);
  curl_easy_setopt(curl.get(), CURLOPT_OPENSOCKETDATA, &guard);
  curl_easy_setopt(curl.get(), CURLOPT_PROXY, "");           // no proxy from the environment
  curl_easy_setopt(curl.get(), CURLOPT_FOLLOWLOCATION, 0L);  // a redirect is not followed
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl.get(), CURLOPT_USERAGENT, "pacwar-notices");
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(std::min<std::int64_t>(options_.timeout.count(), 5000)));
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, discard);
  const CURLcode code = curl_easy_perform(curl.get());
  if (!guard.refused.empty()) {
    permanent = true;
    return "webhook: " + target->host + " was about to connect to " + guard.refused +
           ", which is not a public address: refused";
  }
  if (code != CURLE_OK) return std::string("webhook: ") + curl_easy_strerror(code);
  long status = 0;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300) return "";
  // A client error other than a timeout or a rate limit will not pass by retrying.
  permanent = status >= 400 && status < 500 && status != 408 && status != 429;
  return "webhook: HTTP " + std::to_string(status);
}

std::string NoticeWorker::send_mail(const std::string& to, const std::string& subject,
                                    const std::string& text, bool& permanent) {
  if (options_.smtp_url.empty()) {
    permanent = true;
    return "this server sends no e-mail (no --smtp-url)";
  }
  if (!email_problem(to).empty()) {
    permanent = true;
    return "not an e-mail address: " + to;
  }
  Easy curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return "curl_easy_init failed";
  Upload upload;
  upload.data = "Date: " + rfc5322_date(now()) + "\r\nTo: <" + to + ">\r\nFrom: pacwar <" +
                options_.mail_from + ">\r\nSubject: " + subject + "\r\nMessage-ID: <" +
                random_token(12) + "@pacwar>\r\nMIME-Version: 1.0\r\n" +
                "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n" +
                "\r\n" + text + "\r\n";
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> rcpt_list(rcpt, curl_slist_free_all);
  curl_easy_setopt(curl.get(), CURLOPT_URL, options_.smtp_url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(curl.get(), CURLOPT_MAIL_FROM, ("<" + options_.mail_from + ">").c_str());
  curl_easy_setopt(curl.get(), CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl.get(), CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl.get(), CURLOPT_READDATA, &upload);
  curl_easy_setopt(curl.get(), CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  const CURLcode code = curl_easy_perform(curl.get());
  if (code == CURLE_OK) return "";
  long status = 0;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
  // 5xx replies of SMTP are permanent (a refused recipient); 4xx and no answer are retried.
  permanent = status >= 500;
  return std::string("smtp: ") + curl_easy_strerror(code) +
         (status ? " (" + std::to_string(status) + ")" : "");
}

}  // namespace pacwar::server
