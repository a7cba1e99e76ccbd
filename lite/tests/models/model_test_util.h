// Finding and reading the shared real models and generated twins for model tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"

namespace paddle {
namespace lite {
namespace test {

// $PLITE_MODELS_DIR, else ../shared/models beside the source tree; empty when absent.
std::string SharedModelsDir();
// The directory of shared model `name`: <shared>/name, else <shared>/next/name (models whose
// ops are being added wait there), else <shared>/incoming/name (the models of open issues);
// empty when none exists.
std::string SharedModelDir(const std::string& name);
// The skip message of a test whose shared model `name` is absent.
std::string MissingModelMessage(const std::string& name);
// $PLITE_TWINS_DIR when it names an existing directory; empty otherwise.
std::string TwinsDir();

// The .nb the build machine's opt wrote for shared model `model` (write_arm_nb.sh) in
// $PLITE_ARM_NB_DIR, named <model><suffix> (".nb", ".fp16.nb"); empty, with the reason in
// `why_absent`, when that directory is not given.
std::string ArmNbFile(const std::string& model, const std::string& suffix, std::string* why_absent);

// The five models of ../shared/models with a single reference run: their files, the
// reference inputs (files in reference/, in feed order, with shapes) and output 0's file.
struct SharedModel {
  std::string name;           // directory under the shared models
  std::string model, params;  // file names; empty: the separate-files format
  std::vector<std::pair<std::string, lite_api::shape_t>> inputs;
  std::string output;
  // Output 0's float32 tolerance, relative to its range: the PP-OCRv3 recognizer's
  // synthetic weights amplify rounding (docs/ppocr_rec_accuracy.md).
  float fp32_tolerance{1e-4f};
};
const std::vector<SharedModel>& SharedModels();
// The PP-OCRv3 detector and recognizer (in next/ until every backend runs them), read the
// same way.
const std::vector<SharedModel>& PpOcrV3Models();
// A CxxConfig loading `m` from `dir` (its directory, SharedModelDir).
lite_api::CxxConfig SharedModelConfig(const SharedModel& m, const std::string& dir);
// Pointers to SharedModels() (and PpOcrV3Models() with `ocr`), for ::testing::ValuesIn, and
// a test name per model.
std::vector<const SharedModel*> SharedModelParams(bool ocr = false);
std::string SharedModelTestName(const ::testing::TestParamInfo<const SharedModel*>& info);

bool FileExists(const std::string& path);
// The whole file's bytes ("" when it cannot be read).
std::string ReadFile(const std::string& path);
std::vector<float> ReadFloats(const std::string& path);
std::vector<int32_t> ReadInts(const std::string& path);

// The reference input pattern: x[i] = sin(0.01 i) * 0.5 + ((i * 7919) % 1000) / 2000 - 0.25.
std::vector<float> PatternInput(int64_t n);

std::vector<float> OutputFloats(const lite_api::PaddlePredictor& predictor, int i);
void SetInput(lite_api::PaddlePredictor* predictor, int i, const lite_api::shape_t& shape,
              const std::vector<float>& values);
// Sets input 0 to PatternInput of `shape` times `scale`, runs, and returns output 0.
std::vector<float> RunOnce(lite_api::PaddlePredictor* predictor, const lite_api::shape_t& shape,
                           float scale = 1.f);
float MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b);
// A probability map's agreement: the share of values on different sides of `threshold`
// (DB's 0.3 for text maps), and the mean |a - b|.
float FlippedShare(const std::vector<float>& a, const std::vector<float>& b, float threshold);
float MeanAbsDiff(const std::vector<float>& a, const std::vector<float>& b);

// Expects `fn` to throw PaddleLiteException whose message holds every one of `parts`
// (a test failure naming the missing part otherwise).
void ExpectErrorHolding(const std::function<void()>& fn, const std::vector<std::string>& parts);

}  // namespace test
}  // namespace lite
}  // namespace paddle
