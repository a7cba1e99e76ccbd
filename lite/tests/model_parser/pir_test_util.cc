#include "lite/tests/model_parser/pir_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "lite/core/program_desc.h"
#include "lite/model_parser/model_parser.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace testing {

std::shared_ptr<lite_api::PaddlePredictor> LoadPir(const PirProgramWriter& program,
                                                    const std::vector<lite_api::Place>& places) {
  lite_api::CxxConfig config;
  const std::string json = program.Json(), params = program.Params();
  config.set_model_buffer(json.data(), json.size(), params.data(), params.size());
  config.set_valid_places(places.empty()
                              ? std::vector<lite_api::Place>{lite_api::Place{TARGET(kHost)}}
                              : places);
  return lite_api::CreatePaddlePredictor(config);
}

void SetPirInput(lite_api::PaddlePredictor* predictor, int i, const std::vector<int64_t>& dims,
                 const std::vector<float>& values) {
  auto input = predictor->GetInput(i);
  input->Resize(dims);
  float* data = input->mutable_data<float>();
  std::copy(values.begin(), values.end(), data);
}

void SetPirInt64Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int64_t>& values) {
  auto input = predictor->GetInput(i);
  input->Resize(dims);
  int64_t* data = input->mutable_data<int64_t>();
  std::copy(values.begin(), values.end(), data);
}

void SetPirInt32Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int32_t>& values) {
  auto input = predictor->GetInput(i);
  input->Resize(dims);
  int32_t* data = input->mutable_data<int32_t>();
  std::copy(values.begin(), values.end(), data);
}

std::vector<double> PirOutput(const lite_api::PaddlePredictor& predictor, int i,
                              std::vector<int64_t>* dims) {
  auto out = predictor.GetOutput(i);
  if (dims) *dims = out->shape();
  int64_t n = 1;
  for (int64_t d : out->shape()) n *= d;
  std::vector<double> values;
  switch (out->precision()) {
    case PRECISION(kFloat):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<float>()[j]);
      break;
    case PRECISION(kInt64):
      for (int64_t j = 0; j < n; ++j) values.push_back(static_cast<double>(out->data<int64_t>()[j]));
      break;
    case PRECISION(kInt32):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<int32_t>()[j]);
      break;
    case PRECISION(kBool):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<bool>()[j]);
      break;
    default:
      ADD_FAILURE() << "output " << i << " has an unexpected precision";
  }
  return values;
}

std::vector<double> RunPir(const PirProgramWriter& program, const std::vector<int64_t>& dims,
                           const std::vector<float>& input, std::vector<int64_t>* out_dims) {
  auto predictor = LoadPir(program);
  SetPirInput(predictor.get(), 0, dims, input);
  predictor->Run();
  return PirOutput(*predictor, 0, out_dims);
}

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i], want[i], tol * std::max(1.0, std::fabs(want[i]))) << "element " << i;
  }
}

std::vector<std::string> TranslatedOpTypes(const PirProgramWriter& program) {
  const cpp::ProgramDesc desc = ParseProgram(program.Json(), "test");
  std::vector<std::string> types;
  for (const cpp::OpDesc& op : desc.blocks.at(0).ops) types.push_back(op.Type());
  return types;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
