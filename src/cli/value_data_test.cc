// pacwar record and pacwar train end to end on a few fast games, and the data file's errors.
#include "cli/value_data.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "ai/policy.h"
#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

TEST(ValueData, RecordThenTrainGivesAModelOfTheGamesFeatures) {
  const auto game = find_game("co-prosperity");
  RecordConfig record;
  record.player = "heuristic";
  record.games = 6;
  record.seed = 4;
  record.out = ::testing::TempDir() + "value_data_test.csv";
  record.command = "pacwar record co-prosperity --player heuristic --games 6";
  const RecordResult recorded = run_record(game, engine::Json::object(), record, nullptr);
  EXPECT_EQ(recorded.games, 6);
  EXPECT_GT(recorded.positions, 100);
  const ValueData data = read_value_data(record.out);
  std::remove(record.out.c_str());
  const auto names = ai::policies_for("co-prosperity", 2).features->names();
  EXPECT_EQ(data.features, names);
  EXPECT_EQ(static_cast<int>(data.x.size()), recorded.positions);
  ASSERT_EQ(data.header.size(), 2u);
  EXPECT_EQ(data.header[1], "command: " + record.command);
  for (std::size_t r = 0; r < data.x.size(); ++r) {
    ASSERT_TRUE(data.result0[r] == 0.0 || data.result0[r] == 0.5 || data.result0[r] == 1.0);
    ASSERT_GE(data.evaluator_p0[r], 0.0);
    ASSERT_LE(data.evaluator_p0[r], 1.0);
  }
  TrainConfig train;
  train.data = record.out;
  train.held_out = 0.34;
  train.seed = 3;
  const TrainResult result = train_value_model("co-prosperity", names, data, train);
  EXPECT_EQ(result.model.features, names);
  EXPECT_EQ(result.train_games + result.held_out_games, 6);
  EXPECT_EQ(result.train_positions + result.held_out_positions, recorded.positions);
  EXPECT_TRUE(result.model.provenance.contains("data"));
  // The same seed gives the same model.
  const TrainResult again = train_value_model("co-prosperity", names, data, train);
  EXPECT_EQ(again.model.weights, result.model.weights);
}

TEST(ValueData, ABadRowNamesTheFileLineAndColumn) {
  const std::string file = ::testing::TempDir() + "value_data_bad.csv";
  {
    std::ofstream out(file);
    out << "# test\ngame,seat,evaluator_p0,result0,a\n0,0,0.5,1,2\n0,1,0.5,x,2\n";
  }
  try {
    read_value_data(file);
    ADD_FAILURE() << "accepted";
  } catch (const engine::DataError& error) {
    EXPECT_EQ(std::string(error.what()), file + ": line 4, column 4: 'x' is not a finite number");
  }
  std::remove(file.c_str());
}

}  // namespace
}  // namespace pacwar::cli
