// The server's Prometheus metrics (GET /metrics, metrics_routes.h), kept in a prometheus-cpp
// registry owned by the server (ApiServer), never a static one. The hot path is one histogram
// observation and one counter increment per answered request; the gauges that need the database
// (games, AI job queue, notices) are read when scraped, at most once per `refresh_every`.
//
//   pacwar_http_request_duration_seconds{method,route}  histogram: from the parsed request to
//       its answer's bytes (the queue for a worker included); route is the pattern
//       ("/api/games/:param/actions"), "static", "refused" or "none", never a raw path.
//   pacwar_http_responses_total{code}                   counter: answers by class ("2xx", ...).
//   pacwar_db_errors_total{where}                       counter: database errors that failed a
//       request ("request"), a computer player's move ("ai_worker"), the notice sender or
//       clocks ("notice_worker"), a health probe ("health") or a scrape ("metrics").
//   pacwar_ai_decision_seconds                          histogram: this process's computer
//       players' thinking time per move.
//   pacwar_games{status}                                gauge: games stored, by status.
//   pacwar_games_loaded                                 gauge: games held in memory.
//   pacwar_event_streams_open                           gauge: live game pages (SSE) open.
//   pacwar_ai_jobs_queued, pacwar_ai_jobs_waiting        gauge: computer players' turns stored,
//       and those no worker holds (free to claim).
//   pacwar_ai_job_oldest_wait_seconds                   gauge: the longest wait of a free one.
//   pacwar_notices{state}                               gauge: notices "pending" and "failed".
#pragma once

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/http/server.h"

namespace pacwar::server {

// What the gauges show, read from the store and the server when scraped.
struct MetricsSample {
  std::map<std::string, std::int64_t> games_by_status;
  std::int64_t games_loaded = 0;
  std::int64_t streams_open = 0;
  std::int64_t ai_jobs_queued = 0;
  std::int64_t ai_jobs_waiting = 0;
  double ai_job_oldest_wait_seconds = 0;
  std::int64_t notices_pending = 0;
  std::int64_t notices_failed = 0;
};

class Metrics {
 public:
  explicit Metrics(std::chrono::milliseconds refresh_every = std::chrono::seconds(5));
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  // Hot path, any thread: one answered request (http::Server::set_observer).
  void observe_request(const http::Served& served);
  // Any thread: a computer player's decision took `took`.
  void observe_ai_decision(std::chrono::steady_clock::duration took);
  // Any thread: a database error ended a request ("request") or a worker's step ("ai_worker").
  void count_db_error(std::string_view where);

  // The gauges' source, called by render() at most once per refresh_every (set before serving).
  void set_sampler(std::function<MetricsSample()> sampler);
  // SQLite's group commit, read at every render (not sampled): {commits, WAL syncs} so far.
  void set_commit_source(std::function<std::pair<std::uint64_t, std::uint64_t>()> source);
  // The Prometheus text format (version 0.0.4) of every metric; a sampler that throws leaves the
  // gauges as they were (and is counted as a database error when it was one).
  std::string render();

 private:
  prometheus::Histogram& request_histogram(const std::string& method, std::string_view route);
  void refresh();

  std::shared_ptr<prometheus::Registry> registry_ = std::make_shared<prometheus::Registry>();
  prometheus::Family<prometheus::Histogram>& requests_;
  prometheus::Family<prometheus::Counter>& responses_;
  prometheus::Family<prometheus::Counter>& db_errors_;
  prometheus::Histogram& ai_decisions_;
  prometheus::Family<prometheus::Gauge>& games_;
  prometheus::Gauge& games_loaded_;
  prometheus::Gauge& streams_open_;
  prometheus::Gauge& ai_jobs_queued_;
  prometheus::Gauge& ai_jobs_waiting_;
  prometheus::Gauge& ai_job_oldest_wait_;
  prometheus::Gauge& notices_pending_;
  prometheus::Gauge& notices_failed_;
  std::array<prometheus::Counter*, 5> by_class_{};  // 1xx .. 5xx

  std::shared_mutex histograms_mutex_;
  std::unordered_map<std::string, prometheus::Histogram*> histograms_;  // "METHOD route"

  std::mutex refresh_mutex_;
  std::function<MetricsSample()> sampler_;
  std::function<std::pair<std::uint64_t, std::uint64_t>()> commit_source_;
  std::chrono::milliseconds refresh_every_;
  std::chrono::steady_clock::time_point refreshed_{};
  bool sampled_ = false;
  std::map<std::string, prometheus::Gauge*> statuses_;
};

}  // namespace pacwar::server
