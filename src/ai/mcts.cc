#include "ai/mcts.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "ai/mast.h"
#include "ai/prior.h"
#include "ai/rave.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "engine/state_reuse.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::Rng;
using engine::State;
using Clock = std::chrono::steady_clock;

constexpr std::int32_t kNone = -1;
constexpr std::int64_t kNoChoice = -1;  // the doctrine prior: no action favoured at a node
constexpr std::int64_t kUnasked = -2;   // the doctrine not asked yet at a node
constexpr int kMaxTreeDepth = 10000;    // guards against a game that never ends
constexpr std::uint64_t kThreadStream = 0x6D637473ULL;  // "mcts"

struct Node {
  ActionCode action = 0;  // the action leading here from the parent
  std::int32_t first_child = kNone;
  std::int32_t next_sibling = kNone;
  std::int32_t seat = kNone;  // who chose `action` (kNone: chance or the root)
  std::uint32_t visits = 0;
  std::uint32_t available = 0;  // iterations in which `action` was legal at the parent
  double total = 0.0;           // sum of rewards for `seat`
  // Set when the node's children were exactly the actions legal in a world (legal_set_key of
  // them); reset when a child is added. A world with the same key has them all legal, so
  // selection needs no sort of its legal actions to match them with the children.
  std::uint64_t full_key = 0;
  AmafStats amaf;  // RAVE (`,rave=K`): all-moves-as-first samples
};

// An order-independent 64-bit key of a set of actions (never 0): the sum of a mix of each
// action, and the count. Two different sets share a key with a chance of about 2^-63.
std::uint64_t legal_set_key(const std::vector<ActionCode>& actions) {
  std::uint64_t key = actions.size();
  for (const ActionCode action : actions) key += engine::splitmix64(action);
  return key | 1u;
}

}  // namespace

bool mcts_level(const std::string& name, MctsConfig& config) {
  if (name == "easy" || name == "normal") {
    config.iterations = name == "easy" ? 200 : 1000;
    config.time_ms = 0.0;
    config.threads = 1;
    config.time_manage = false;
    return true;
  }
  if (name != "hard" && name != "expert") return false;
  // What a person waits for (issue 42): a time budget on two threads, managed (the mean per
  // searched decision, decided moves end early, close calls get the time saved) up to a cap.
  const bool hard = name == "hard";
  config.iterations = 0;
  config.time_ms = hard ? kHardMs : kExpertMs;
  config.threads = 2;
  config.time_manage = kLevelsManageTime;
  config.tm_max_factor = hard ? kHardMaxFactor : kExpertMaxFactor;
  return true;
}

// One per thread, each on cache lines of its own (alignas: the vectors a thread writes on every
// iteration, path_ and nodes_, never share a line with the next searcher's).
class alignas(64) Mcts::Searcher {
 public:
  Searcher(const MctsConfig& config, const GamePolicies& policies)
      : config_(config),
        policies_(policies),
        prior_{config.exploration, config.prior_bias, config.puct, config.fpu} {}

  // Empties the tree (the root alone).
  void reset() {
    nodes_.clear();
    nodes_.push_back(Node{});
    doctrine_of_.clear();
    mast_.decay(config_.mast_keep);
    nst_.decay(config_.mast_keep);
  }

  // Makes the root's child reached by `action` the new root, keeping its subtree (tree reuse);
  // the tree is emptied when there is no such child.
  void reroot(ActionCode action) {
    const std::int32_t child = find_child(0, action);
    if (child == kNone) {
      reset();
      return;
    }
    std::vector<Node> kept;
    kept.reserve(nodes_.size());
    kept.push_back(nodes_[static_cast<std::size_t>(child)]);
    kept[0].action = 0;
    kept[0].seat = kNone;
    kept[0].next_sibling = kNone;
    // Breadth-first copy: every copied node's children are appended and relinked.
    for (std::size_t i = 0; i < kept.size(); ++i) {
      std::int32_t previous = kNone;
      const std::int32_t first = kept[i].first_child;
      kept[i].first_child = kNone;
      for (std::int32_t c = first; c != kNone;
           c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
        const auto index = static_cast<std::int32_t>(kept.size());
        kept.push_back(nodes_[static_cast<std::size_t>(c)]);
        kept.back().next_sibling = kNone;
        if (previous == kNone) {
          kept[i].first_child = index;
        } else {
          kept[static_cast<std::size_t>(previous)].next_sibling = index;
        }
        previous = index;
      }
    }
    nodes_.swap(kept);
    doctrine_of_.clear();  // the doctrine is asked again at the kept nodes
  }

  std::size_t size() const { return nodes_.size(); }

  // Runs `quota` iterations (0 = unlimited) or until `deadline`; returns how many ran. The
  // tree is kept as it is (reset() or reroot() first).
  // With `stop_when_decided` (time management on an iteration budget, one thread) it also
  // stops, setting `early`, once the runner-up cannot catch up the best root action in the
  // iterations left: the decision is the full search's, reached sooner.
  long long run(const State& root, int seat, Rng rng, long long quota, bool timed,
                Clock::time_point deadline, bool stop_when_decided, bool& early) {
    long long done = 0;
    while (quota == 0 || done < quota) {
      if (timed && (done & 7) == 0 && Clock::now() >= deadline) break;
      if (stop_when_decided && (done & 7) == 0 &&
          decided(root_top_two(), static_cast<double>(quota - done))) {
        early = true;
        break;
      }
      iterate(root, seat, rng);
      ++done;
    }
    return done;
  }

  // Runs iterations while `budget` (shared by every thread of the search) has some left, or
  // until `deadline`; returns how many ran. No thread waits for another's fixed share: the
  // search ends within one iteration of the budget on every thread.
  long long run_shared(const State& root, int seat, Rng rng, std::atomic<long long>& budget,
                       bool timed, Clock::time_point deadline) {
    // Iterations are claimed a few at a time: one atomic write per claim, not per iteration,
    // so the threads pass the budget's cache line between them less often. The claims still
    // add up to the budget exactly (the last one takes only what is left).
    constexpr long long kClaim = 4;
    long long done = 0;
    while (true) {
      const long long left = budget.fetch_sub(kClaim, std::memory_order_relaxed);
      if (left <= 0) break;
      for (long long i = std::min(kClaim, left); i > 0; --i) {
        if (timed && (done & 7) == 0 && Clock::now() >= deadline) return done;
        iterate(root, seat, rng);
        ++done;
      }
    }
    return done;
  }

  // Time management (ai/time_manager.h), on the thread that decides when the search ends: runs
  // until `soft_ms` after `start`, or on to `hard_ms` while the two most visited root actions
  // are a close call; stops as soon as the best root action is decided (the runner-up cannot
  // catch it up in the iterations the time left allows at the rate so far). Sets `stop` for
  // the other threads and `early` when it stopped because the action was decided.
  long long run_managed(const State& root, int seat, Rng rng, Clock::time_point start,
                        double soft_ms, double hard_ms, double close_ratio, std::atomic<bool>& stop,
                        bool& early) {
    long long done = 0;
    early = false;
    while (true) {
      if ((done & 7) == 0) {
        const double elapsed =
            std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (elapsed >= hard_ms) break;
        const TopTwo top = root_top_two();
        const bool extending = elapsed >= soft_ms;
        if (extending && !close_call(top, close_ratio)) break;
        if (done > 0) {
          const double rate = static_cast<double>(done) / std::max(elapsed, 1e-3);
          const double horizon = extending ? hard_ms : soft_ms;
          if (decided(top, rate * (horizon - elapsed))) {
            early = true;
            break;
          }
        }
      }
      iterate(root, seat, rng);
      ++done;
    }
    stop.store(true, std::memory_order_relaxed);
    return done;
  }

  // The other threads of a managed search: until `stop` or `hard_deadline`.
  long long run_until(const State& root, int seat, Rng rng, const std::atomic<bool>& stop,
                      Clock::time_point hard_deadline) {
    long long done = 0;
    while (!stop.load(std::memory_order_relaxed)) {
      if ((done & 7) == 0 && Clock::now() >= hard_deadline) break;
      iterate(root, seat, rng);
      ++done;
    }
    return done;
  }

  // The visits of the root's two most visited children (an untried action has none).
  TopTwo root_top_two() const {
    TopTwo top;
    for (std::int32_t c = nodes_[0].first_child; c != kNone; c = nodes_[c].next_sibling) {
      top.add(nodes_[c].visits);
    }
    return top;
  }

  // Adds the root children's visits and reward sums to `visits` and `totals` (parallel to
  // `actions`).
  void add_root_stats(const std::vector<ActionCode>& actions, std::vector<long long>& visits,
                      std::vector<double>& totals) const {
    for (std::int32_t c = nodes_[0].first_child; c != kNone; c = nodes_[c].next_sibling) {
      const auto it = std::find(actions.begin(), actions.end(), nodes_[c].action);
      if (it == actions.end()) continue;
      const auto i = static_cast<std::size_t>(it - actions.begin());
      visits[i] += nodes_[c].visits;
      totals[i] += nodes_[c].total;
    }
  }

 private:
  std::int32_t find_child(std::int32_t node, ActionCode action) const {
    for (std::int32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
      if (nodes_[c].action == action) return c;
    }
    return kNone;
  }

  std::int32_t add_child(std::int32_t node, ActionCode action, int seat) {
    Node child;
    child.action = action;
    child.seat = seat;
    child.next_sibling = nodes_[node].first_child;
    const auto index = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back(child);
    nodes_[node].first_child = index;
    nodes_[node].full_key = 0;
    return index;
  }

  // Selection in the tree with the world's legal actions; returns the node reached, having
  // applied the actions on the way (and, when one was added, the expanding action).
  std::int32_t select(const State& root, int searcher, State& state, Rng& rng) {
    std::int32_t node = 0;
    path_.clear();
    path_.push_back(node);
    moves_.clear();
    has_previous_ = false;
    for (int depth = 0; depth < kMaxTreeDepth && !state.is_terminal(); ++depth) {
      // The tree does not grow past the game's horizon either.
      if (depth > 0 && policies_.playout->stop(root, state)) break;
      if (state.is_chance()) {
        outcomes_.clear();
        state.chance_outcomes(outcomes_);
        const ActionCode outcome = engine::sample_outcome(outcomes_, rng);
        std::int32_t child = find_child(node, outcome);
        if (child == kNone) child = add_child(node, outcome, kNone);
        record(-1, outcome);
        state.apply(outcome, nullptr);
        node = child;
        path_.push_back(node);
        continue;
      }
      const int seat = state.current_seat();
      legal_.clear();
      state.legal_actions(legal_);
      if (legal_.empty()) {
        throw std::logic_error("seat " + std::to_string(seat) + " has no legal action at " +
                               state.prompt());
      }
      // A node whose children were all the legal actions of a world with the same set: every
      // child is legal here and none is untried (as the general case below would find).
      const std::uint64_t key = legal_set_key(legal_);
      const std::int64_t favoured = doctrine_choice(node, state, seat, searcher, rng);
      if (nodes_[node].full_key == key && !prior_.on()) {
        for (std::int32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
          ++nodes_[c].available;
        }
        node = descend(best_child(
                           node, [](ActionCode) { return true; }, favoured),
                       seat, state);
        continue;
      }
      // Children legal in this world gain availability; the other legal actions are untried.
      sorted_.assign(legal_.begin(), legal_.end());
      std::sort(sorted_.begin(), sorted_.end());
      tried_.assign(sorted_.size(), 0);
      std::size_t child_count = 0;
      std::size_t legal_children = 0;
      for (std::int32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
        ++child_count;
        const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), nodes_[c].action);
        if (it == sorted_.end() || *it != nodes_[c].action) continue;
        tried_[static_cast<std::size_t>(it - sorted_.begin())] = 1;
        ++nodes_[c].available;
        ++legal_children;
      }
      if (child_count == legal_children && child_count == sorted_.size())
        nodes_[node].full_key = key;
      if (prior_.on()) {  // ai/prior.h: tried and untried actions compete
        bool added = false;
        const std::int32_t child = choose_with_prior(node, state, seat, added);
        record(seat, nodes_[child].action);
        state.apply(nodes_[child].action, nullptr);
        path_.push_back(child);
        if (added) return child;
        node = child;
        continue;
      }
      untried_.clear();
      for (const ActionCode action : legal_) {
        const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), action);
        if (tried_[static_cast<std::size_t>(it - sorted_.begin())] == 0) untried_.push_back(action);
      }
      // Progressive widening (`,pw=K`): a node visited n times has at most K·√n children legal
      // in this world before another is expanded (always one at least).
      bool expand = !untried_.empty();
      if (expand && config_.widening > 0.0) {
        const auto children = static_cast<double>(legal_.size() - untried_.size());
        expand = children == 0.0 ||
                 children < config_.widening *
                                std::sqrt(static_cast<double>(std::max(1u, nodes_[node].visits)));
      }
      if (expand) {
        // Expansion order follows the playout policy's taste (a cheap progressive bias) or, with
        // `,mastexp=1`, as in a playout, MAST's best untried action with probability E.
        // The doctrine's choice (`,dprior=M`) comes first.
        const ActionCode action =
            untried_.size() == 1 ? untried_.front()
            : favoured >= 0 && std::find(untried_.begin(), untried_.end(),
                                         static_cast<ActionCode>(favoured)) != untried_.end()
                ? static_cast<ActionCode>(favoured)
            : config_.mast_expand > 0 && config_.mast > 0.0 && rng.uniform() < config_.mast
                ? mast_.best(seat, untried_)
                : policies_.playout->pick(state, untried_, rng);
        const std::int32_t child = add_child(node, action, seat);
        nodes_[child].available = 1;
        record(seat, action);
        state.apply(action, nullptr);
        path_.push_back(child);
        return child;
      }
      node = descend(best_child(
                         node,
                         [&](ActionCode action) {
                           return std::binary_search(sorted_.begin(), sorted_.end(), action);
                         },
                         favoured),
                     seat, state);
    }
    return node;
  }

  // Plays the action of `child` (chosen by `seat`) in the world and returns `child`.
  std::int32_t descend(std::int32_t child, int seat, State& state) {
    record(seat, nodes_[child].action);
    state.apply(nodes_[child].action, nullptr);
    path_.push_back(child);
    return child;
  }

  // UCB of a child legal in this world: its (RAVE-blended) mean and the exploration term.
  double ucb(const Node& n) const {
    const double visits = std::max<double>(1.0, n.visits);
    return rave_value(config_.rave, n.visits, n.total, n.amaf) +
           config_.exploration *
               std::sqrt(std::log(static_cast<double>(std::max(1u, n.available))) / visits);
  }

  // The child of best UCB among the children of `node` whose action is `legal` in this world
  // (the first of equal scores); the child of the `favoured` action (the doctrine's choice, or
  // kNoChoice) gets the doctrine's bonus (ai/prior.h).
  template <class Legal>
  std::int32_t best_child(std::int32_t node, Legal legal, std::int64_t favoured) const {
    std::int32_t best = kNone;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::int32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
      if (!legal(nodes_[c].action)) continue;
      double score = ucb(nodes_[c]);
      if (favoured == static_cast<std::int64_t>(nodes_[c].action)) {
        score += doctrine_bonus(config_.doctrine_prior, nodes_[c].available, nodes_[c].visits);
      }
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // The doctrine prior (`,dprior=M`, ai/prior.h): the action the game's doctrine for `seat`
  // chose at `node`, or kNoChoice. The doctrine is asked once per node, when the node has been
  // visited `doctrine_min_visits` times, on this iteration's world (drawn from the searching
  // seat's view, never the true state) with its legal actions (legal_). With `,dpseat=own` only
  // at the nodes of the `searcher`'s seat; with `,dpsteps=sound` only where the game's doctrine
  // declares itself a sound prior (engine::Doctrine::sound_prior).
  std::int64_t doctrine_choice(std::int32_t node, const State& state, int seat, int searcher,
                               Rng& rng) {
    if (config_.doctrine_prior <= 0.0 || !policies_.doctrine) return kNoChoice;
    if (config_.doctrine_own_seat && seat != searcher) return kNoChoice;
    const auto index = static_cast<std::size_t>(node);
    if (doctrine_of_.size() <= index) doctrine_of_.resize(nodes_.size(), kUnasked);
    if (doctrine_of_[index] != kUnasked) return doctrine_of_[index];
    if (nodes_[node].visits < static_cast<std::uint32_t>(std::max(0, config_.doctrine_min_visits)))
      return kNoChoice;
    const auto slot = static_cast<std::size_t>(seat);
    if (doctrines_.size() <= slot) doctrines_.resize(slot + 1);
    if (!doctrines_[slot]) doctrines_[slot] = policies_.doctrine(seat);
    const engine::Doctrine* const doctrine = doctrines_[slot].get();
    doctrine_of_[index] =
        doctrine && (!config_.doctrine_sound_steps || doctrine->sound_prior(state))
            ? static_cast<std::int64_t>(doctrine->choose(state, legal_, rng))
            : kNoChoice;
    return doctrine_of_[index];
  }

  // The child of `node` that the prior's selection rule (ai/prior.h) picks among the actions
  // legal in this world (sorted_), added to the tree (`added`) when it was not tried yet.
  std::int32_t choose_with_prior(std::int32_t node, const State& state, int seat, bool& added) {
    policies_.playout->weights(state, sorted_, priors_);
    arms_.resize(sorted_.size());
    arm_child_.assign(sorted_.size(), kNone);
    for (std::size_t i = 0; i < sorted_.size(); ++i) arms_[i] = PriorArm{priors_[i], 0, 0, 0.0};
    for (std::int32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
      const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), nodes_[c].action);
      if (it == sorted_.end() || *it != nodes_[c].action) continue;
      const auto i = static_cast<std::size_t>(it - sorted_.begin());
      arm_child_[i] = c;
      arms_[i] = PriorArm{priors_[i], nodes_[c].visits, nodes_[c].available, nodes_[c].total};
    }
    const std::size_t i = choose_arm(arms_, nodes_[node].visits, prior_);
    added = arm_child_[i] == kNone;
    if (!added) return arm_child_[i];
    const std::int32_t child = add_child(node, sorted_[i], seat);
    nodes_[child].available = 1;
    return child;
  }

  void playout(const State& root, State& state, Rng& rng) {
    for (int depth = 0; depth < config_.playout_depth && !state.is_terminal(); ++depth) {
      if (policies_.playout->stop(root, state)) break;
      if (state.is_chance()) {
        outcomes_.clear();
        state.chance_outcomes(outcomes_);
        state.apply(engine::sample_outcome(outcomes_, rng), nullptr);
        continue;
      }
      legal_.clear();
      state.legal_actions(legal_);
      if (legal_.empty()) throw std::logic_error("no legal action at " + state.prompt());
      // MAST (`,mast=E`): with probability E the action of best mean reward so far.
      const int seat = state.current_seat();
      // A policy that knows best at this prompt (PlayoutPolicy::knows_best) is asked anyway.
      const ActionCode action =
          config_.mast > 0.0 && !policies_.playout->knows_best(state) &&
                  rng.uniform() < config_.mast
              ? config_.nst > 0.0 && has_previous_
                    ? mast_.best_after(seat, previous_, legal_, nst_, config_.nst)
                    : mast_.best(seat, legal_)
              : policies_.playout->pick(state, legal_, rng);
      record(seat, action);
      state.apply(action, nullptr);
    }
  }

  void iterate(const State& root, int seat, Rng& rng) {
    // One world per searcher, copied from the root in place when the game can (assign_from):
    // no allocation and no write to the content's shared count, which the threads of a search
    // would pass between their cores on every iteration.
    if (reusable_ == nullptr || !reusable_->assign_from(root)) {
      world_ = root.clone();
      reusable_ = dynamic_cast<engine::ReusableState*>(world_.get());
    }
    State* const world = world_.get();
    if (!config_.see_hidden) world->resample_hidden(seat, rng);
    select(root, seat, *world, rng);
    playout(root, *world, rng);
    evaluate_or_score(policies_, *world, values_);
    learn_from_moves();
    for (const std::int32_t index : path_) {
      Node& n = nodes_[index];
      ++n.visits;
      if (n.seat >= 0 && static_cast<std::size_t>(n.seat) < values_.size()) {
        n.total += values_[static_cast<std::size_t>(n.seat)];
      }
    }
  }

  // RAVE and MAST: the iteration's moves (only recorded when one of them is on).
  void record(int seat, ActionCode action) {
    if (config_.rave > 0.0 || config_.mast > 0.0) moves_.add(seat, action);
    if (seat >= 0) {
      previous_ = action;
      has_previous_ = true;
    }
  }
  void learn_from_moves() {
    if (config_.rave > 0.0) {
      moves_.index();
      update_amaf(nodes_, path_, moves_, values_);
    }
    if (config_.mast > 0.0) {
      bool first = true;
      ActionCode previous = 0;
      moves_.for_each([&](int seat, ActionCode action) {
        if (static_cast<std::size_t>(seat) < values_.size()) {
          const double reward = values_[static_cast<std::size_t>(seat)];
          mast_.add(seat, action, reward);
          if (config_.nst > 0.0 && !first) {
            nst_.add_key(MastTable::pair_key(seat, previous, action), reward);
          }
        }
        first = false;
        previous = action;
      });
    }
  }

  const MctsConfig& config_;
  const GamePolicies& policies_;
  std::unique_ptr<State> world_;               // the world of the current iteration
  engine::ReusableState* reusable_ = nullptr;  // world_, when its game can copy in place
  std::vector<Node> nodes_;
  std::vector<std::int32_t> path_;
  std::vector<ActionCode> legal_;
  std::vector<ActionCode> sorted_;
  std::vector<char> tried_;
  std::vector<ActionCode> untried_;
  std::vector<engine::ChanceOutcome> outcomes_;
  std::vector<double> values_;
  MoveRecord moves_;           // RAVE and MAST
  MastTable nst_;              // NST: mean reward per (seat, action after a decision)
  ActionCode previous_ = 0;    // the iteration's last decision so far (NST), when
  bool has_previous_ = false;  // there was one
  MastTable mast_;             // MAST: mean reward per (seat, action) in this search (and,
                               // decayed, the earlier ones: `,mastkeep=K`)
  const PriorSettings prior_;  // prior knowledge in the tree (ai/prior.h), when on()
  std::vector<double> priors_;
  std::vector<PriorArm> arms_;
  std::vector<std::int32_t> arm_child_;
  // The doctrine prior (`,dprior=M`): the game's doctrine per seat, made when first asked, and
  // its choice per node (kUnasked, kNoChoice or an action code), parallel to nodes_.
  std::vector<std::shared_ptr<const engine::Doctrine>> doctrines_;
  std::vector<std::int64_t> doctrine_of_;
};

Mcts::Mcts(MctsConfig config, GamePolicies policies)
    : config_(config), policies_(std::move(policies)) {
  if (config_.threads <= 0) {
    config_.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }
  if (config_.iterations <= 0 && config_.time_ms <= 0.0) config_.iterations = 1;
  if (config_.playout_depth <= 0) config_.playout_depth = policies_.playout_depth;
  if (config_.exploration < 0.0) config_.exploration = policies_.exploration;
  if (config_.rave < 0.0) config_.rave = policies_.rave;
  if (config_.mast < 0.0) config_.mast = policies_.mast;
  if (config_.mast_expand < 0) config_.mast_expand = policies_.mast_expand ? 1 : 0;
  if (config_.reuse_tree < 0) config_.reuse_tree = policies_.reuse_tree ? 1 : 0;
  for (int t = 0; t < config_.threads; ++t) {
    searchers_.push_back(std::make_unique<Searcher>(config_, policies_));
  }
}

Mcts::~Mcts() = default;

MctsResult Mcts::search(const State& root, std::uint64_t seed) {
  const auto start = Clock::now();
  const int seat = root.current_seat();
  if (seat < 0) throw std::logic_error("mcts: nobody to decide for (chance or terminal)");
  MctsResult result;
  root.legal_actions(result.actions);
  if (result.actions.empty()) throw std::logic_error("mcts: no legal action at " + root.prompt());
  result.visits.assign(result.actions.size(), 0);
  result.values.assign(result.actions.size(), 0.0);
  result.action = result.actions.front();
  if (result.actions.size() == 1) {  // nothing to search, no time charged
    expected_seat_ = -1;
    return result;
  }

  // Tree reuse: the seat decides again where its last chosen action led, nothing else having
  // happened since (no chance, no other seat), so every searcher keeps that action's subtree.
  // The state's hash only recognises that the game went on from the searched position by that
  // action (the seat's view could be compared instead, at about 1 ms a dump of The Pacific
  // War's view); the subtree itself was grown on worlds drawn from the seat's view only.
  const bool reuse =
      config_.reuse_tree > 0 && expected_seat_ == seat && root.hash() == expected_hash_;
  for (auto& searcher : searchers_) {
    if (reuse) {
      searcher->reroot(last_action_);
    } else {
      searcher->reset();
    }
  }

  const bool timed = config_.time_ms > 0.0;
  const bool managed = timed && config_.time_manage;
  if (managed && !bank_) bank_.emplace(config_.time_ms, config_.tm_max_factor);
  const double soft_ms = managed ? bank_->soft_ms() : config_.time_ms;
  const double hard_ms = managed ? bank_->hard_ms() : config_.time_ms;
  // A managed search counts its time from the call (what the bank is charged); a plain one
  // from here, as mcts-v1 does.
  const auto deadline =
      (managed ? start : Clock::now()) + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double, std::milli>(hard_ms));
  std::atomic<bool> stop{false};
  bool early = false;
  const int threads = config_.threads;
  std::vector<long long> done(static_cast<std::size_t>(threads), 0);
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  const long long total = std::max(0, config_.iterations);
  // Several threads on an iteration budget share it (issue 12: an even split made every search
  // wait for its slower thread) unless even_split asks for the reproducible split.
  const bool shared = threads > 1 && total > 0 && !config_.even_split;
  // On a cache line of its own: both threads write it on every iteration, and nothing else of
  // this frame should travel with it.
  alignas(64) std::atomic<long long> budget{total};
  auto work = [&](int t) {
    const auto slot = static_cast<std::size_t>(t);
    Searcher& searcher = *searchers_[slot];
    try {
      const Rng rng(engine::splitmix64(seed ^ engine::splitmix64(kThreadStream + t)));
      if (managed) {
        done[slot] = t == 0 ? searcher.run_managed(root, seat, rng, start, soft_ms, hard_ms,
                                                   config_.tm_close, stop, early)
                            : searcher.run_until(root, seat, rng, stop, deadline);
        return;
      }
      if (shared) {
        done[slot] = searcher.run_shared(root, seat, rng, budget, timed, deadline);
        return;
      }
      const long long quota = total == 0 ? 0 : total / threads + (t < total % threads ? 1 : 0);
      if (total != 0 && quota == 0) return;
      bool stopped = false;
      done[slot] = searcher.run(root, seat, rng, quota, timed, deadline,
                                config_.time_manage && threads == 1 && quota > 0, stopped);
      if (t == 0) early = stopped;
    } catch (...) {
      stop.store(true, std::memory_order_relaxed);
      searcher.reset();
      errors[slot] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work, t);
    work(0);
  }  // joined here
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  for (int t = 0; t < threads; ++t) {
    result.iterations += done[static_cast<std::size_t>(t)];
    searchers_[static_cast<std::size_t>(t)]->add_root_stats(result.actions, result.visits,
                                                            result.values);
  }
  for (std::size_t i = 0; i < result.actions.size(); ++i) {
    if (result.visits[i] > 0) result.values[i] /= static_cast<double>(result.visits[i]);
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < result.actions.size(); ++i) {
    if (result.visits[i] > result.visits[best]) best = i;
  }
  result.action = result.actions[best];
  if (config_.reuse_tree > 0) {
    auto next = root.clone();
    next->apply(result.action, nullptr);
    expected_seat_ = next->current_seat() == seat ? seat : -1;
    expected_hash_ = next->hash();
    last_action_ = result.action;
  }
  result.stopped_early = early;
  result.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (managed) bank_->charge(result.ms);
  return result;
}

}  // namespace pacwar::ai
