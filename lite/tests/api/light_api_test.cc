// The light predictor (MobileConfig) on the sample model optimized by the full predictor:
// its outputs must be bit-identical to the full (CxxConfig) predictor's, from a file and from
// a buffer, in clones too; and every bad config, file or call is a clear error.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/program.h"
#include "lite/model_parser/flatbuffers/model_generated.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Shapes and input scales every comparison runs through (batch and size change between runs).
struct RunCase {
  lite_api::shape_t shape;
  float scale;
};
const std::vector<RunCase> kCases = {
    {{1, 3, 32, 32}, 1.f}, {{2, 3, 32, 32}, -0.5f}, {{3, 3, 40, 24}, 2.f}, {{1, 3, 32, 32}, 0.25f}};

class LightApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_light_api_test_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
    auto full = lite_api::CreatePaddlePredictor(FullConfig());
    full->SaveOptimizedModel(dir_ + "/sample_opt", lite_api::LiteModelType::kNaiveBuffer);
    nb_ = dir_ + "/sample_opt.nb";
    for (const auto& c : kCases) expected_.push_back(RunOnce(full.get(), c.shape, c.scale));
    full_inputs_ = full->GetInputNames();
    full_outputs_ = full->GetOutputNames();
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static CxxConfig FullConfig() {
    CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    return config;
  }
  static MobileConfig FileConfig(const std::string& path) {
    MobileConfig config;
    config.set_model_from_file(path);
    return config;
  }
  static MobileConfig BufferConfig(const std::string& bytes) {
    MobileConfig config;
    config.set_model_from_buffer(bytes);
    return config;
  }
  static void ExpectSameAsFull(PaddlePredictor* p, const std::string& what) {
    for (size_t i = 0; i < kCases.size(); ++i) {
      EXPECT_EQ(RunOnce(p, kCases[i].shape, kCases[i].scale), expected_[i])
          << what << ", case " << i;
    }
  }

  static std::string dir_;
  static std::string nb_;
  static ModelFiles files_;
  static std::vector<std::vector<float>> expected_;
  static std::vector<std::string> full_inputs_, full_outputs_;
};

std::string LightApiTest::dir_;
std::string LightApiTest::nb_;
ModelFiles LightApiTest::files_;
std::vector<std::vector<float>> LightApiTest::expected_;
std::vector<std::string> LightApiTest::full_inputs_, LightApiTest::full_outputs_;

}  // namespace

TEST_F(LightApiTest, FromFileMatchesTheFullPredictorBitForBit) {
  auto p = lite_api::CreatePaddlePredictor(FileConfig(nb_));
  EXPECT_EQ(p->GetInputNames(), full_inputs_);
  EXPECT_EQ(p->GetOutputNames(), full_outputs_);
  EXPECT_EQ(p->GetInputNames(), std::vector<std::string>{kSampleModelInput});
  EXPECT_FALSE(p->GetVersion().empty());
  ExpectSameAsFull(p.get(), "from file");
  EXPECT_EQ(p->GetOutput(0)->shape(), (lite_api::shape_t{1, kSampleModelClasses}));
}

TEST_F(LightApiTest, FromBufferMatchesTheFullPredictorBitForBit) {
  std::shared_ptr<PaddlePredictor> p;
  {
    // The predictor keeps its own copy: the caller's bytes and config may go away.
    std::string bytes = ReadFile(nb_);
    MobileConfig config = BufferConfig(bytes);
    EXPECT_TRUE(config.is_model_from_memory());
    p = lite_api::CreatePaddlePredictor(config);
    bytes.assign(bytes.size(), '\0');
  }
  EXPECT_EQ(p->GetOutputNames(), full_outputs_);
  ExpectSameAsFull(p.get(), "from buffer");
}

TEST_F(LightApiTest, RunsAfterTheFileIsRemoved) {
  const std::string copy = dir_ + "/to_remove.nb";
  WriteFile(copy, ReadFile(nb_));
  MobileConfig config = FileConfig(copy);
  config.set_power_mode(lite_api::PowerMode::LITE_POWER_HIGH);  // accepted (no core binding)
  auto p = lite_api::CreatePaddlePredictor(config);
  ASSERT_EQ(std::remove(copy.c_str()), 0);
  ExpectSameAsFull(p.get(), "file removed after load");
}

TEST_F(LightApiTest, ClonesShareWeightsAndRunOnTheirOwnThreads) {
  auto p = lite_api::CreatePaddlePredictor(FileConfig(nb_));
  auto clone = p->Clone();
  ASSERT_NE(clone, nullptr);
  EXPECT_EQ(clone->GetInputNames(), full_inputs_);
  EXPECT_EQ(clone->GetOutputNames(), full_outputs_);
  std::vector<float> got_a, got_b;
  std::thread ta([&] {
    for (int i = 0; i < 10; ++i) got_a = RunOnce(p.get(), kCases[1].shape, kCases[1].scale);
  });
  std::thread tb([&] {
    for (int i = 0; i < 10; ++i) got_b = RunOnce(clone.get(), kCases[2].shape, kCases[2].scale);
  });
  ta.join();
  tb.join();
  EXPECT_EQ(got_a, expected_[1]);
  EXPECT_EQ(got_b, expected_[2]);
  // A clone outlives its source and clones itself.
  p.reset();
  auto grandchild = clone->Clone();
  clone.reset();
  ExpectSameAsFull(grandchild.get(), "clone of a clone");
}

TEST_F(LightApiTest, ConfigErrorsAreClear) {
  ExpectErrorContaining([] { lite_api::CreatePaddlePredictor(MobileConfig()); },
                        "no model set");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(FileConfig(dir_ + "/missing.nb")); },
                        "missing.nb");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(FileConfig(dir_)); }, dir_);
  ExpectErrorContaining([] { lite_api::CreatePaddlePredictor(BufferConfig("")); }, "empty");
  MobileConfig no_threads = FileConfig(nb_);
  no_threads.set_threads(0);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(no_threads); }, "set_threads");
}

TEST_F(LightApiTest, MalformedModelsAreClearErrors) {
  const std::string good = ReadFile(nb_);
  std::mt19937 gen(11);
  std::string random(4096, '\0');
  for (auto& ch : random) ch = static_cast<char>(gen());
  std::string flipped = good;
  for (size_t i = 64; i < flipped.size(); i += 97) flipped[i] = static_cast<char>(~flipped[i]);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"truncated_header", good.substr(0, 7)},
      {"truncated_half", good.substr(0, good.size() / 2)},
      {"truncated_last_byte", good.substr(0, good.size() - 1)},
      {"random", random},
      {"flipped_bytes", flipped},
      {"zeros", std::string(good.size(), '\0')},
  };
  for (const auto& c : cases) {
    const std::string path = dir_ + "/" + c.first + ".nb";
    WriteFile(path, c.second);
    for (bool from_buffer : {false, true}) {
      try {
        auto p = lite_api::CreatePaddlePredictor(from_buffer ? BufferConfig(c.second)
                                                             : FileConfig(path));
        // Damage that survives every check must still not crash a run.
        RunOnce(p.get(), kCases[0].shape, 1.f);
        EXPECT_EQ(c.first, "flipped_bytes") << "loaded and ran";
      } catch (const lite_api::PaddleLiteException& e) {
        EXPECT_GT(std::string(e.what()).size(), 10u) << c.first;
        if (!from_buffer) {
          std::printf("[malformed .nb] %-20s -> %s\n", c.first.c_str(), e.what());
        }
      }
    }
  }
}

TEST_F(LightApiTest, CallErrorsAreClearAndThePredictorStaysUsable) {
  auto p = lite_api::CreatePaddlePredictor(FileConfig(nb_));
  ExpectErrorContaining([&] { p->Run(); }, "was not set");
  ExpectErrorContaining([&] { p->GetInput(1); }, "has 1 inputs");
  ExpectErrorContaining([&] { p->GetInput(-1); }, "GetInput(-1)");
  ExpectErrorContaining([&] { p->GetOutput(3); }, "has 1 outputs");
  ExpectErrorContaining([&] { RunOnce(p.get(), {1, 4, 32, 32}, 1.f); }, "conv2d");
  ExpectErrorContaining(
      [&] { p->SaveOptimizedModel(dir_ + "/again", lite_api::LiteModelType::kNaiveBuffer); },
      "needs the full predictor");
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/again.nb"));
  ExpectSameAsFull(p.get(), "after errors");
}

// A model needing kernels this build lacks fails at load, listing every missing one.
TEST_F(LightApiTest, MissingKernelsAreListedTogether) {
  Scope weights;
  cpp::ProgramDesc program;
  LoadModelNb(NbModelBytes::MapFile(nb_), &weights, &program);
  std::vector<std::string> renamed;
  for (auto& op : program.blocks[0].ops) {
    if (op.Type() == "softmax" || op.Type() == "pool2d") {
      std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
      key = key.substr(0, key.rfind(',')) + ",not_built";  // another alias: not registered
      op.SetAttr<std::string>(kKernelKeyAttr, key);
      renamed.push_back(key);
    }
  }
  ASSERT_EQ(renamed.size(), 2u);
  const std::string bytes = SerializeModelNb(program, weights, "test");
  try {
    lite_api::CreatePaddlePredictor(BufferConfig(bytes));
    ADD_FAILURE() << "a model with unbuilt kernels loaded";
  } catch (const lite_api::PaddleLiteException& e) {
    std::printf("[missing kernels] %s\n", e.what());
  }
  for (const std::string& want : renamed) {
    ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(BufferConfig(bytes)); }, want);
  }
}

// Where the first param with bytes lies in a .nb file, and its name.
std::pair<size_t, std::string> FirstParamBytes(const std::string& nb) {
  uint64_t meta_offset = 0, data_offset = 0;
  std::memcpy(&meta_offset, nb.data() + 16, 8);  // header fields (docs/model_format.md)
  std::memcpy(&data_offset, nb.data() + 32, 8);
  for (const auto* p : *fbs::GetModel(nb.data() + meta_offset)->params()) {
    if (p->size() >= 4) return {data_offset + p->offset(), p->name()->str()};
  }
  ADD_FAILURE() << "no param";
  return {0, ""};
}

// A flipped weight bit goes unnoticed unless the app asks for the weight check; then
// creation fails naming the weight, and neither a predictor made before nor a good load
// after is affected.
TEST_F(LightApiTest, WeightCheckNamesTheCorruptedWeight) {
  auto before = lite_api::CreatePaddlePredictor(FileConfig(nb_));
  std::string bad = ReadFile(nb_);
  const auto param = FirstParamBytes(bad);
  bad[param.first + 2] = static_cast<char>(bad[param.first + 2] ^ 0x10);
  const std::string bad_path = dir_ + "/bad_weight.nb";
  WriteFile(bad_path, bad);

  MobileConfig unchecked = FileConfig(bad_path);
  EXPECT_FALSE(unchecked.check_weight_checksums());
  EXPECT_NO_THROW(lite_api::CreatePaddlePredictor(unchecked));
  for (bool from_buffer : {false, true}) {
    MobileConfig checked = from_buffer ? BufferConfig(bad) : FileConfig(bad_path);
    checked.set_check_weight_checksums(true);
    try {
      lite_api::CreatePaddlePredictor(checked);
      ADD_FAILURE() << "a corrupted weight passed the check";
    } catch (const lite_api::PaddleLiteException& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("param '" + param.second + "'"), std::string::npos) << what;
      EXPECT_NE(what.find("checksum mismatch"), std::string::npos) << what;
      if (!from_buffer) std::printf("[corrupted weight] %s\n", e.what());
    }
  }
  MobileConfig good = FileConfig(nb_);
  good.set_check_weight_checksums(true);
  auto after = lite_api::CreatePaddlePredictor(good);
  ExpectSameAsFull(after.get(), "checked load after a failed one");
  ExpectSameAsFull(before.get(), "predictor made before the failed load");
}

// A flipped bit in the structure (here the meta section's first byte) is always caught.
TEST_F(LightApiTest, FlippedMetaBitIsAChecksumError) {
  std::string bad = ReadFile(nb_);
  uint64_t meta_offset = 0;
  std::memcpy(&meta_offset, bad.data() + 16, 8);
  bad[meta_offset + 40] = static_cast<char>(bad[meta_offset + 40] ^ 0x01);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(BufferConfig(bad)); },
                        "meta section checksum mismatch");
  auto p = lite_api::CreatePaddlePredictor(FileConfig(nb_));
  ExpectSameAsFull(p.get(), "after a corrupted model");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
