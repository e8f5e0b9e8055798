#include "server/ops/metrics.h"

#include <prometheus/text_serializer.h>

#include <exception>
#include <iostream>
#include <sstream>

#include "server/db/db.h"
#include "server/db/play_status.h"

namespace pacwar::server {
namespace {

using prometheus::Histogram;

const Histogram::BucketBoundaries& request_buckets() {
  // Never destroyed: threads still running when the process exits may read it.
  static const Histogram::BucketBoundaries& buckets = *new const Histogram::BucketBoundaries{
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
  return buckets;
}

double seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

Metrics::Metrics(std::chrono::milliseconds refresh_every)
    : requests_(prometheus::BuildHistogram()
                    .Name("pacwar_http_request_duration_seconds")
                    .Help("Time from a parsed request to its answer, by route pattern")
                    .Register(*registry_)),
      responses_(prometheus::BuildCounter()
                     .Name("pacwar_http_responses_total")
                     .Help("Answers sent, by status class")
                     .Register(*registry_)),
      db_errors_(prometheus::BuildCounter()
                     .Name("pacwar_db_errors_total")
                     .Help("Database errors that failed a request or an AI worker's step")
                     .Register(*registry_)),
      ai_decisions_(prometheus::BuildHistogram()
                        .Name("pacwar_ai_decision_seconds")
                        .Help("Thinking time of this process's computer players per move")
                        .Register(*registry_)
                        .Add({}, Histogram::BucketBoundaries{0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1,
                                                             2, 5, 10, 30, 60})),
      games_(prometheus::BuildGauge()
                 .Name("pacwar_games")
                 .Help("Games stored, by status")
                 .Register(*registry_)),
      games_loaded_(prometheus::BuildGauge()
                        .Name("pacwar_games_loaded")
                        .Help("Games held in this process's memory")
                        .Register(*registry_)
                        .Add({})),
      streams_open_(prometheus::BuildGauge()
                        .Name("pacwar_event_streams_open")
                        .Help("Live game pages (server-sent event streams) open on this process")
                        .Register(*registry_)
                        .Add({})),
      ai_jobs_queued_(prometheus::BuildGauge()
                          .Name("pacwar_ai_jobs_queued")
                          .Help("Computer players' turns stored as jobs (every worker's)")
                          .Register(*registry_)
                          .Add({})),
      ai_jobs_waiting_(prometheus::BuildGauge()
                           .Name("pacwar_ai_jobs_waiting")
                           .Help("Computer players' jobs that no worker holds")
                           .Register(*registry_)
                           .Add({})),
      ai_job_oldest_wait_(prometheus::BuildGauge()
                              .Name("pacwar_ai_job_oldest_wait_seconds")
                              .Help("How long the oldest job no worker holds has waited")
                              .Register(*registry_)
                              .Add({})),
      notices_pending_(prometheus::BuildGauge()
                           .Name("pacwar_notices")
                           .Help("Notices (e-mail, webhook) by state")
                           .Register(*registry_)
                           .Add({{"state", "pending"}})),
      notices_failed_(prometheus::BuildGauge()
                          .Name("pacwar_notices")
                          .Help("Notices (e-mail, webhook) by state")
                          .Register(*registry_)
                          .Add({{"state", "failed"}})),
      refresh_every_(refresh_every) {
  for (std::size_t i = 0; i < by_class_.size(); ++i) {
    by_class_[i] = &responses_.Add({{"code", std::to_string(i + 1) + "xx"}});
  }
  db_errors_.Add({{"where", "request"}});
  db_errors_.Add({{"where", "ai_worker"}});
  db_errors_.Add({{"where", "notice_worker"}});
  for (PlayStatus status : kPlayStatuses) {
    const std::string name(to_string(status));
    statuses_[name] = &games_.Add({{"status", name}});
  }
}

prometheus::Histogram& Metrics::request_histogram(const std::string& method,
                                                  std::string_view route) {
  std::string key = method;
  key += ' ';
  key += route;
  {
    std::shared_lock lock(histograms_mutex_);
    if (auto it = histograms_.find(key); it != histograms_.end()) return *it->second;
  }
  std::unique_lock lock(histograms_mutex_);
  auto& slot = histograms_[key];
  if (slot == nullptr) {
    slot = &requests_.Add({{"method", method}, {"route", std::string(route)}}, request_buckets());
  }
  return *slot;
}

void Metrics::observe_request(const http::Served& served) {
  // A client may send any token as its method: the label keeps the known ones only, so that no
  // client can grow the series without bound (the routes are the server's own patterns).
  static constexpr std::string_view kMethods[] = {"GET",    "HEAD",    "POST", "PUT",
                                                  "DELETE", "OPTIONS", "PATCH"};
  bool known = false;
  for (const std::string_view m : kMethods) known = known || served.method == m;
  // Never destroyed: threads still running when the process exits may read it.
  static const std::string& kOther = *new const std::string("OTHER");
  request_histogram(known ? served.method : kOther, served.route).Observe(seconds(served.elapsed));
  const int kind = served.status / 100;
  if (kind >= 1 && kind <= 5) by_class_[static_cast<std::size_t>(kind - 1)]->Increment();
  if (served.failure == "database") count_db_error("request");
}

void Metrics::observe_ai_decision(std::chrono::steady_clock::duration took) {
  ai_decisions_.Observe(seconds(took));
}

void Metrics::count_db_error(std::string_view where) {
  db_errors_.Add({{"where", std::string(where)}}).Increment();
}

void Metrics::set_sampler(std::function<MetricsSample()> sampler) {
  std::lock_guard lock(refresh_mutex_);
  sampler_ = std::move(sampler);
}

void Metrics::refresh() {
  std::lock_guard lock(refresh_mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (!sampler_ || (sampled_ && now - refreshed_ < refresh_every_)) return;
  refreshed_ = now;
  sampled_ = true;
  MetricsSample sample;
  try {
    sample = sampler_();
  } catch (const DbError& e) {
    count_db_error("metrics");
    std::cerr << "pacwar serve: /metrics: " << e.what() << "\n";
    return;
  } catch (const std::exception& e) {
    std::cerr << "pacwar serve: /metrics: " << e.what() << "\n";
    return;
  }
  for (auto& [status, gauge] : statuses_) gauge->Set(0);
  for (const auto& [status, count] : sample.games_by_status) {
    auto& gauge = statuses_[status];
    if (gauge == nullptr) gauge = &games_.Add({{"status", status}});
    gauge->Set(static_cast<double>(count));
  }
  games_loaded_.Set(static_cast<double>(sample.games_loaded));
  streams_open_.Set(static_cast<double>(sample.streams_open));
  ai_jobs_queued_.Set(static_cast<double>(sample.ai_jobs_queued));
  ai_jobs_waiting_.Set(static_cast<double>(sample.ai_jobs_waiting));
  ai_job_oldest_wait_.Set(sample.ai_job_oldest_wait_seconds);
  notices_pending_.Set(static_cast<double>(sample.notices_pending));
  notices_failed_.Set(static_cast<double>(sample.notices_failed));
}

void Metrics::set_commit_source(std::function<std::pair<std::uint64_t, std::uint64_t>()> source) {
  commit_source_ = std::move(source);
}

std::string Metrics::render() {
  refresh();
  std::ostringstream out;
  prometheus::TextSerializer().Serialize(out, registry_->Collect());
  if (commit_source_) {
    const auto [commits, syncs] = commit_source_();
    out << "# HELP pacwar_db_commits_total SQLite commits written to the WAL (group commit)\n"
        << "# TYPE pacwar_db_commits_total counter\npacwar_db_commits_total " << commits << "\n"
        << "# HELP pacwar_db_syncs_total SQLite WAL syncs that made those commits durable\n"
        << "# TYPE pacwar_db_syncs_total counter\npacwar_db_syncs_total " << syncs << "\n";
  }
  return out.str();
}

}  // namespace pacwar::server
