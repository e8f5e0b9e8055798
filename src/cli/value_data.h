// The learned value model's data and training (docs/ai.md, "The learned evaluator"):
// `pacwar record` plays self-play games of one player and writes, for each decision with at
// least two legal actions, the game's features of the acting seat's view (engine/features.h,
// computed on a world drawn from that seat's view: never the true hidden cards), the game's
// hand-written evaluator's win probability for seat 0 on that world, and the final result for
// seat 0. `pacwar train` fits the logistic value model (ai/value_model.h) on the games a seeded
// split keeps for training and scores it against the hand-written evaluator on the held-out
// games' positions.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ai/value_model.h"
#include "cli/calibrate.h"
#include "cli/match.h"
#include "engine/game.h"

namespace pacwar::cli {

struct RecordConfig {
  std::string player = "mcts:20";
  int games = 100;
  std::uint64_t seed = 1;
  std::string out;      // the CSV file to write
  std::string command;  // the command line, written into the file's header
  MatchConfig match;
};

struct RecordResult {
  int games = 0;
  int unfinished = 0;  // not written: no result to learn
  int positions = 0;
  double seconds = 0;
};

RecordResult run_record(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                        const RecordConfig& config, std::ostream* progress);

// A recorded data set: one row per position.
struct ValueData {
  std::vector<std::string> header;  // the "# " lines of the file (how it was made)
  std::vector<std::string> features;
  std::vector<int> game;             // index of the game in the recording
  std::vector<int> seat;             // the seat to act
  std::vector<double> evaluator_p0;  // the hand-written evaluator's probability for seat 0
  std::vector<double> result0;       // seat 0's result: 1 won, 0 lost, 0.5 drawn
  std::vector<std::vector<double>> x;
};

// Throws engine::DataError naming the file, the line and field, and the reason.
ValueData read_value_data(const std::string& file);

struct TrainConfig {
  std::string data;  // the recorded file
  std::uint64_t seed = 1;
  double held_out = 0.2;  // share of the games kept out of training
  double l2 = 1.0;        // ridge penalty on the standardised weights
  std::string command;    // written into the model's provenance
};

struct TrainResult {
  ai::ValueModel model;
  int train_games = 0, train_positions = 0;
  int held_out_games = 0, held_out_positions = 0;
  int iterations = 0;
  // On the held-out positions, as the seat to act sees it (p of that seat against its result).
  CalibrationStats model_held_out;
  CalibrationStats evaluator_held_out;
  CalibrationStats model_train;
};

// `features` are the game's feature names; the data must have the same.
TrainResult train_value_model(const std::string& game, const std::vector<std::string>& features,
                              const ValueData& data, const TrainConfig& config);

engine::Json to_json(const TrainResult& result);

}  // namespace pacwar::cli
