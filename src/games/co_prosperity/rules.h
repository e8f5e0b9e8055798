// Greater East Asia Co-Prosperity Sphere: entry points of the rules files, by section.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/game.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {

using Out = std::vector<engine::ActionCode>;
using Log = engine::LogSink*;

// ---- board.cc: control (3.4, 3.5), war status (7.4) and shared helpers
bool at_war(const CpsState& s, int nation);  // with Japan; Japan itself: true
Control compute_control(const CpsState& s);
// The control of `s` for one legal-action list or one rule: a reference to the state's kept
// control when it is that of `s` (no copy), else worked out here. Still right after a test moves
// units by hand; refreshed only by apply(), so it stays the control from before while an
// apply() moves units.
class ControlOf {
 public:
  explicit ControlOf(const CpsState& s);
  ControlOf(const ControlOf&) = delete;
  ControlOf& operator=(const ControlOf&) = delete;
  const Control& operator*() const { return *control_; }

 private:
  std::optional<Control> own_;
  const Control* control_;
};
// The spaces `side` would control (3.4, 3.5) with the units of `removed` (bit per unit) off the
// map: a "what if" for the AI, without the rest of Control.
NodeMask controlled_spaces(const CpsState& s, int side, std::uint64_t removed);
// Whether taking the units of `group` (bit per unit) off the map would cost `side` control of a
// space it holds now (3.4: units first, then air range, 3.5, then the original owner): the last
// units of a space the enemy would take back, or an air unit whose range held a space.
bool costs_control(const CpsState& s, int side, std::uint64_t group);
int controlling_nation(const CpsState& s, const Control& c, int space);
inline bool on_map(int loc) { return loc < kNumNodes; }  // a space or a Retreat Box
inline bool in_space(int loc) { return loc < kNumSpaces; }
bool has_units(const CpsState& s, int side, int space, bool air_counts = true);
bool air_projects(const CpsState& s, int air_unit, int space);  // 3.5 / 7.4.2
bool air_in_range(const CpsState& s, int side, int space);      // 8.6.6 second case
int max_steps(const CpsState& s, int u);
int stack_limit(int side);
// 7.4: may units of `nation` enter (pass) / end in `space`?
bool may_enter(const CpsState& s, const Control& c, int nation, int space);
bool may_stop(const CpsState& s, const Control& c, int nation, int space);
bool may_move_at_all(const CpsState& s, int nation);        // 7.4.1: Commonwealth not at war
int group_nations(const CpsState& s, std::uint64_t group);  // bit per nation
bool nations_may(const CpsState& s, const Control& c, int nations, int space, bool stop);
// The nodes every nation of `nations` (bit per nation) may enter, or end a move in (7.4).
NodeMask nations_mask(const Control& c, int nations, bool stop);
// Nodes reachable from `from` (itself included) by routes (sea routes only if `sea_only`),
// entering and passing only nodes in `allowed`.
NodeMask reach_mask(const Content& c, int from, NodeMask allowed, bool sea_only);
// Strategic reach (8.1) for a group of units from `from`: the nodes it may trace to, `from`
// included.
NodeMask strategic_reach(const CpsState& s, const Control& c, std::uint64_t group, int from);
NodeMask strategic_destination_mask(const CpsState& s, const Control& c, std::uint64_t group,
                                    int from);
std::vector<int> strategic_destinations(const CpsState& s, const Control& c, std::uint64_t group,
                                        int from);
bool traces_home(const CpsState& s, const Control& c, int unit);  // 8.4.1 / 8.5.2
// Strategic reach (8.1) of one unit at a time, for one legal-action list or rule. A unit traces
// through the nodes its side controls (every nation of a side may enter them, 7.4), so from a
// node the side controls it reaches the connected part of those nodes around it: the same part
// for every unit of the side in it that moves by the same routes. Each part is searched once.
class UnitReach {
 public:
  UnitReach(const CpsState& s, const Control& ctl) : s_(s), ctl_(ctl) {}
  // strategic_reach(s, ctl, bit of u, from)
  NodeMask reach(int u, int from);
  // strategic_destination_mask(s, ctl, bit of u, from)
  NodeMask destinations(int u, int from);

 private:
  const CpsState& s_;
  const Control& ctl_;
  std::array<NodeMask, 4> known_{};  // per side and naval: nodes whose part is in part_
  std::array<std::array<NodeMask, kNumNodes>, 4> part_;
};
NodeMask home_mask(const CpsState& s, const Control& c, int nation);            // controlled
std::vector<int> home_spaces(const CpsState& s, const Control& c, int nation);  // controlled
void put_unit(CpsState& s, int u, int loc);
void eliminate(CpsState& s, int u, Log log);
std::string unit_name(const CpsState& s, int u);
std::string space_name(const CpsState& s, int node);
std::string year(const CpsState& s);
using engine::log_line;  // engine/step_table.h
int hand_size(const CpsState& s, int side);
// Units a card may operate: Japanese cards any Japanese unit; Allied non-CBI cards (nation -1)
// US units only; CBI cards the chosen nation (8.0, 8.5).
inline bool card_usable(const CpsState& s, int u, int side, int nation) {
  const Content& c = s.content();
  if (c.side(u) != side) return false;
  if (nation >= 0) return c.unit_nation[u] == nation;
  return side == kJapanese || c.unit_nation[u] == kUS;
}
// Text of a card's action icon (6.3), e.g. "bombing-china", and "Name: icon / icon".
std::string icon_text(const CardIcon& icon);
std::string card_text(const Content& c, int card);

// ---- setup_3.cc
void start_game(CpsState& s);
void legal_setup(const CpsState& s, Out& out);
void apply_setup(CpsState& s, Act a, Log log);

// ---- production_6.cc (6.0-6.2) and the Production Track (6.3.1, 6.3.2, 8.4, 8.5.1, 8.5.2)
void begin_turn(CpsState& s, Log log);
int japanese_pp(const CpsState& s);
int allied_pp(const CpsState& s);
void legal_choose(const CpsState& s, Out& out);
void apply_choose(CpsState& s, Act a, Log log);
void legal_develop(const CpsState& s, Out& out);
void apply_develop(CpsState& s, Act a, Log log);
void legal_home(const CpsState& s, Out& out);
void apply_home(CpsState& s, Act a, Log log);
void legal_replenish(const CpsState& s, Out& out);
void apply_replenish(CpsState& s, Act a, Log log);
bool can_develop(const CpsState& s, const Control& c, int side, int nation);
bool can_replenish(const CpsState& s, const Control& c, int side, int nation, Icon icon);

// ---- war_7.cc
void begin_declaration(CpsState& s, Log log);
void legal_declare(const CpsState& s, Out& out);
void apply_declare(CpsState& s, Act a, Log log);
void legal_discard(const CpsState& s, Out& out);
void apply_discard(CpsState& s, Act a, Log log);
void legal_special(const CpsState& s, Out& out);
void apply_special(CpsState& s, Act a, Log log);
int war_cost(const CpsState& s);
void special_done(CpsState& s, Log log);  // a Special Operation is over

// ---- operations_8.cc (8.0, 8.5, 8.8 start, 8.9, 5.1)
void begin_operations(CpsState& s, Log log);
void legal_operations(const CpsState& s, Out& out);
void apply_operations(CpsState& s, Act a, Log log);
void legal_cbi(const CpsState& s, Out& out);
void apply_cbi(CpsState& s, Act a, Log log);
void legal_bomb(const CpsState& s, Out& out);
void apply_bomb(CpsState& s, Act a, Log log);
void legal_atlantic(const CpsState& s, Out& out);
void apply_atlantic(CpsState& s, Act a, Log log);
void operation_done(CpsState& s, Log log);  // back to the alternation (8.0)
void finish_op(CpsState& s, Log log);       // dispatch by op.resume

// ---- movement_8.cc (8.1-8.3)
void start_move(CpsState& s, Op op, int side, int nation, bool special, Resume resume);
bool can_move(const CpsState& s, const Control& c, Op op, int side, int nation, bool special);
void legal_from(const CpsState& s, Out& out);
void apply_from(CpsState& s, Act a, Log log);
void legal_pick(const CpsState& s, Out& out);
void apply_pick(CpsState& s, Act a, Log log);
void legal_destination(const CpsState& s, Out& out);
void apply_destination(CpsState& s, Act a, Log log);
std::vector<int> move_destinations(const CpsState& s, const Control& c, std::uint64_t group);

// ---- combat_8_6.cc
void start_combat(CpsState& s, int space, int attacker, int origin, bool naval, bool surprise,
                  Log log);
void start_bombing(CpsState& s, int bomber, int space, Log log);
void legal_reaction(const CpsState& s, Out& out);
void apply_reaction(CpsState& s, Act a, Log log);
void legal_diversion(const CpsState& s, Out& out);
void apply_diversion(CpsState& s, Act a, Log log);
void apply_combat_die(CpsState& s, Act a, Log log);
void legal_allocate(const CpsState& s, Out& out);
void apply_allocate(CpsState& s, Act a, Log log);
int current_priority(const CpsState& s, int u);
bool current_naval(const CpsState& s, int u);
int fire_factor(const CpsState& s, int u);
// Units that may take the next hit of `firing` side's priority `prio` fire, and who chooses;
// `rung` (if given) says which restriction of 8.6.5 picked them: 1 (same priority), 2 (same
// type) or 3 (any unit, to be reduced only).
std::vector<int> hit_candidates(const CpsState& s, int firing, int prio, int* chooser,
                                int* rung = nullptr);

// ---- end_turn_9.cc (9.0, 5.1 upkeep, 4.0 victory)
void begin_end_of_turn(CpsState& s, Log log);
void legal_end_turn(const CpsState& s, Out& out);
void apply_end_turn(CpsState& s, Act a, Log log);
void end_of_operations(CpsState& s, Log log);
int japanese_space_count(const CpsState& s, const Control& c);
int sudden_victory(const CpsState& s, const Control& c);  // side or -1
void end_game(CpsState& s, int winner, const std::string& why, Log log);

}  // namespace pacwar::co_prosperity
