#include "server/ai/agent_runner.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "server/db/group_commit.h"
#include "server/thread_name.h"

namespace pacwar::server {

AgentRunner::AgentRunner(GameService& games, Store& store, Options options)
    : games_(games), store_(store), options_(std::move(options)) {
  // One thinker checks the store now and then, and so does the quick lane; the others wait to
  // be woken.
  for (int i = 0; i < options_.threads; ++i)
    threads_.emplace_back([this, i] {
      name_this_thread("ai-think");
      think(i == 0, false);
    });
  if (options_.threads > 0) {
    for (int i = 0; i < options_.quick_threads; ++i)
      threads_.emplace_back([this] {
        name_this_thread("ai-quick");
        think(true, true);
      });
  }
  for (int i = 0; i < std::max(1, options_.committers); ++i)
    threads_.emplace_back([this] {
      name_this_thread("ai-commit");
      commit();
    });
  threads_.emplace_back([this] {
    name_this_thread("ai-renew");
    renew();
  });
  wake();
}

AgentRunner::~AgentRunner() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  quick_ready_.notify_all();
  committed_.notify_all();
  stopped_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void AgentRunner::wake() {
  bool general = true;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    // An idle thinker takes the job; the quick lane only when every other thinker is busy (so
    // that it adds no contention while they keep up).
    general = idle_ > 0 || options_.quick_threads <= 0;
    if (general) {
      wakes_ = std::min(wakes_ + 1, options_.threads);
    } else {
      quick_wakes_ = std::min(quick_wakes_ + 1, options_.quick_threads);
    }
  }
  (general ? ready_ : quick_ready_).notify_one();
}

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::optional<AgentQueue::Lease> AgentRunner::lease(const std::string& agent) {
  if (options_.threads <= 0 || !listed(quick_agents(), agent)) return std::nullopt;
  return Lease{options_.name, now_ms() + options_.lease.count()};
}

const std::vector<std::string>& AgentRunner::instant_agents() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& instant = *new const std::vector<std::string>([] {
    std::vector<std::string> names;
    for (const std::string& name : agent_levels()) {
      const auto spec = ai::parse_agent_spec(name);
      if (spec && (spec->kind == ai::AgentSpec::Kind::kRandom ||
                   (spec->kind == ai::AgentSpec::Kind::kHeuristic && !spec->model_eval &&
                    !spec->blend_eval))) {
        names.push_back(name);
      }
    }
    return names;
  }());
  return instant;
}

std::optional<std::string> AgentRunner::plays_at_once(const std::string& agent) {
  if (options_.threads <= 0 || !listed(instant_agents(), agent)) return std::nullopt;
  return options_.name;
}

void AgentRunner::take(AiJob job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;  // its lease runs out
    taken_.push_back(std::move(job));
  }
  wake();
}

std::chrono::milliseconds AgentRunner::heartbeat_every() const {
  return std::clamp(options_.lease / 3, std::chrono::milliseconds(50),
                    std::chrono::milliseconds(10'000));
}

void AgentRunner::report(const std::exception& error) {
  if (options_.on_db_error && dynamic_cast<const DbError*>(&error) != nullptr) {
    options_.on_db_error();
  }
}

std::uint64_t AgentRunner::moves() { return committed_moves_->load(); }

const std::vector<std::string>& AgentRunner::quick_agents() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& quick = *new const std::vector<std::string>([] {
    std::vector<std::string> names;
    for (const std::string& name : agent_levels()) {
      const auto spec = ai::parse_agent_spec(name);
      if (spec && spec->mcts.time_ms <= 0.0) names.push_back(name);
    }
    return names;
  }());
  return quick;
}

void AgentRunner::think(bool polls, bool quick) {
  // Linux: the nice value of this thread only. If lowering the priority fails, nothing else
  // changes.
  if (options_.nice > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), options_.nice);
  while (true) {
    {
      std::unique_lock lock(mutex_);
      int& wakes = quick ? quick_wakes_ : wakes_;
      std::condition_variable& ready = quick ? quick_ready_ : ready_;
      const auto woken = [this, &wakes] { return stopping_ || wakes > 0; };
      if (!quick) ++idle_;
      if (polls) {
        ready.wait_for(lock, options_.poll, woken);
      } else {
        ready.wait(lock, woken);
      }
      if (!quick) --idle_;
      if (stopping_) return;
      if (wakes > 0) --wakes;
    }
    try {
      work(quick);
    } catch (const std::exception& e) {
      report(e);
      std::cerr << "pacwar " << options_.name << ": " << e.what() << "\n";
    }
  }
}

void AgentRunner::work(bool quick) {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    std::optional<AiJob> job;
    {
      std::lock_guard lock(mutex_);
      if (!taken_.empty()) {
        job = std::move(taken_.front());
        taken_.pop_front();
      }
    }
    if (!job) {
      job = store_.claim_ai_job(options_.name, now_ms(), options_.lease.count(),
                                quick ? quick_agents() : std::vector<std::string>());
    }
    if (!job) return;
    wake();  // more jobs may be waiting: another thinker looks
    {
      std::lock_guard lock(mutex_);
      thinking_[job->game_id] = job->revision;
    }
    struct Done {
      AgentRunner* runner;
      std::string id;
      ~Done() {
        std::lock_guard lock(runner->mutex_);
        runner->thinking_.erase(id);
      }
    } done{this, job->game_id};
    try {
      const auto started = std::chrono::steady_clock::now();
      auto move = games_.think_agent(job->game_id);
      if (move && options_.on_decision)
        options_.on_decision(std::chrono::steady_clock::now() - started);
      if (!move) {
        store_.drop_ai_job(job->game_id, job->revision);
        continue;
      }
      {
        std::lock_guard lock(mutex_);
        moves_.push_back({std::move(*job), *move});
      }
      committed_.notify_one();
    } catch (const std::exception& e) {
      // The lease runs out and the job is tried again (by any worker).
      report(e);
      std::cerr << "pacwar " << options_.name << ": computer player in game " << job->game_id
                << " (attempt " << job->attempts << "): " << e.what() << "\n";
    }
  }
}

void AgentRunner::renew() {
  const auto every = heartbeat_every();
  while (true) {
    heartbeat_.store(std::chrono::steady_clock::now());
    std::map<std::string, std::int64_t> jobs;
    {
      std::unique_lock lock(mutex_);
      stopped_.wait_for(lock, every, [this] { return stopping_; });
      if (stopping_) return;
      jobs = thinking_;
    }
    for (const auto& [id, revision] : jobs) {
      try {
        store_.renew_ai_job(id, revision, options_.name, now_ms() + options_.lease.count());
      } catch (const std::exception& e) {
        report(e);
        std::cerr << "pacwar " << options_.name << ": renewing the job of game " << id << ": "
                  << e.what() << "\n";
      }
    }
  }
}

void AgentRunner::commit() {
  while (true) {
    Chosen chosen;
    {
      std::unique_lock lock(mutex_);
      committed_.wait(lock, [this] { return stopping_ || !moves_.empty(); });
      if (stopping_) return;
      chosen = std::move(moves_.front());
      moves_.pop_front();
    }
    try {
      // On SQLite the commit does not wait for its sync (DeferScope): the syncer counts the move
      // once it is on disk, and this committer takes the next move meanwhile.
      DeferScope scope;
      const bool again = games_.apply_agent(chosen.job.game_id, chosen.move, options_.name);
      if (scope.pending()) {
        scope.take()(
            [moves = committed_moves_, name = options_.name, id = chosen.job.game_id](bool synced) {
              if (synced) {
                moves->fetch_add(1);
              } else {
                std::cerr << "pacwar " << name << ": the move of the computer player in game " << id
                          << " was stored but its WAL sync failed\n";
              }
            });
      } else {
        committed_moves_->fetch_add(1);
      }
      // The move was stored with the job of the next turn (or it came too late: the game's
      // current job, if any, is in the store already).
      if (again) wake();
    } catch (const std::exception& e) {
      report(e);
      std::cerr << "pacwar " << options_.name << ": computer player in game " << chosen.job.game_id
                << ": " << e.what() << "\n";
    }
  }
}

}  // namespace pacwar::server
