// What a bad Paddle 3 model gets: a clear error naming what is wrong (the file, the byte, the
// op, the value, the parameter), through the API users call; the process goes on and the
// next model loads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

// x [-1, 2] -> matmul with w [2, 2] -> add b [2] -> fetch "y": three parameters.
PirProgramWriter SmallModel() {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue w = p.Param("fc.w_0", {2, 2}, {1, 2, 3, 4});
  const PirValue b = p.Param("fc.b_0", {2}, {0.5f, -0.5f});
  const PirValue s = p.Param("fc.scale", {1}, {2.f});
  const PirValue m = p.Op1("pd_op.matmul", {x, w}, F32Tensor({-1, 2}),
                           {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(false)}});
  const PirValue a = p.Op1("pd_op.add", {m, b}, F32Tensor({-1, 2}));
  p.Fetch(p.Op1("pd_op.multiply", {a, s}, F32Tensor({-1, 2})), "y");
  return p;
}

std::shared_ptr<lite_api::PaddlePredictor> LoadFiles(const std::string& json,
                                                     const std::string& params,
                                                     const TempDir& dir) {
  WriteBytes(dir / "inference.json", json);
  WriteBytes(dir / "inference.pdiparams", params);
  lite_api::CxxConfig config;
  config.set_model_file(dir / "inference.json");
  config.set_param_file(dir / "inference.pdiparams");
  config.set_valid_places({lite_api::Place{TARGET(kHost)}});
  return lite_api::CreatePaddlePredictor(config);
}

// The good model still loads and computes after a failure: (x W + b) * 2.
void ExpectGoodModelRuns(const TempDir& dir) {
  const PirProgramWriter p = SmallModel();
  auto predictor = LoadFiles(p.Json(), p.Params(), dir);
  SetPirInput(predictor.get(), 0, {1, 2}, {1, 1});
  predictor->Run();
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{(4 + 0.5) * 2, (6 - 0.5) * 2}));
}

TEST(PirErrors, MalformedJsonNamesTheFileAndByte) {
  TempDir dir;
  const PirProgramWriter p = SmallModel();
  const std::string json = p.Json();
  const size_t cut = json.find("fc.b_0");
  ExpectError([&] { LoadFiles(json.substr(0, cut), p.Params(), dir); },
              {"PIR program " + dir / "inference.json", "malformed JSON at byte " + std::to_string(cut)});
  ExpectGoodModelRuns(dir);
}

TEST(PirErrors, ParamsThatDoNotFitTheProgram) {
  TempDir dir;
  const PirProgramWriter p = SmallModel();
  const std::string params = p.Params();
  // Sorted names: fc.b_0, fc.scale, fc.w_0. The last record missing: fc.w_0 finds no bytes.
  const std::string w_record = TensorRecord(5, {2, 2}, DataBytes(std::vector<float>{1, 2, 3, 4}));
  ASSERT_EQ(params.substr(params.size() - w_record.size()), w_record);
  ExpectError([&] { LoadFiles(p.Json(), params.substr(0, params.size() - w_record.size()), dir); },
              {"var 'fc.w_0'", "but only 0 are left", "3 persistable parameters", "sorted by name"});
  // An extra parameter after the last: bytes left over.
  const std::string extra = TensorRecord(5, {1}, DataBytes(std::vector<float>{9}));
  ExpectError([&] { LoadFiles(p.Json(), params + extra, dir); },
              {std::to_string(extra.size()) + " bytes left over after the last var 'fc.w_0'"});
  // A file cut inside a record, and one a byte too long.
  ExpectError([&] { LoadFiles(p.Json(), params.substr(0, params.size() - 3), dir); },
              {"var 'fc.w_0'", "tensor [2, 2] needs 4 x 4 bytes but only 13 are left"});
  ExpectError([&] { LoadFiles(p.Json(), params + "x", dir); }, {"1 bytes left over"});
  // A record of other dims or another type than the JSON declares.
  const std::string b_record = TensorRecord(5, {2}, DataBytes(std::vector<float>{0.5f, -0.5f}));
  ASSERT_EQ(params.substr(0, b_record.size()), b_record);
  const std::string rest = params.substr(b_record.size());
  ExpectError(
      [&] {
        LoadFiles(p.Json(), TensorRecord(5, {1, 2}, DataBytes(std::vector<float>{1, 2})) + rest, dir);
      },
      {"var 'fc.b_0'", "dims [1, 2] in the params do not match [2] declared in the program"});
  ExpectError(
      [&] {
        LoadFiles(p.Json(), TensorRecord(3, {2}, DataBytes(std::vector<int64_t>{1, 2})) + rest, dir);
      },
      {"var 'fc.b_0'", "data type INT64 in the params does not match float"});
  ExpectGoodModelRuns(dir);
}

TEST(PirErrors, UnknownAndCustomOps) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1});
  p.Fetch(p.Op1("pd_op.frobnicate", {x}, F32Tensor({-1})), "y");
  ExpectError([&] { LoadPir(p); },
              {"op 1 (pd_op.frobnicate)", "has no translation in plite", "docs/pir.md",
               "paddle_custom_op.h"});
  PirProgramWriter c;
  const PirValue cx = c.Data("x", {-1});
  c.Fetch(c.Op1("custom_op.my_relu_", {cx}, F32Tensor({-1})), "y");
  ExpectError([&] { LoadPir(c); },
              {"op 1 (custom_op.my_relu_)", "custom op 'my_relu' is not registered",
               "REGISTER_CUSTOM_OP (paddle_custom_op.h)", "PLITE_OP_PLUGIN_PATH"});
}

TEST(PirErrors, ControlFlowIsNotSupportedYet) {
  for (const std::string name : {"1.if", "1.while"}) {
    PirProgramWriter p;
    p.Data("x", {-1});  // value 1, the branch's operand
    p.RawOp("{\"#\":\"" + name + "\",\"A\":[],\"I\":[{\"%\":1}],\"O\":[{\"%\":2,\"TT\":" +
            F32Tensor({-1}) + "}],\"regions\":[{\"#\":\"region_1\",\"blocks\":[]}]}");
    ExpectError([&] { LoadPir(p); },
                {"control flow (pd_op." + name.substr(2) + ") is not supported yet"});
  }
}

TEST(PirErrors, NewerVersionIsNamed) {
  const PirProgramWriter p = SmallModel();
  lite_api::CxxConfig config;
  const std::string json = p.Json(7), params = p.Params();
  config.set_model_buffer(json.data(), json.size(), params.data(), params.size());
  ExpectError([&] { lite_api::CreatePaddlePredictor(config); },
              {"base_code.version 7 is newer than this plite reads"});
}

TEST(PirErrors, ValuesTheTranslationCannotGive) {
  // batch_norm's mean_out is not produced at inference.
  {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {-1, 1, 1, 1});
    const PirValue one = p.Param("one", {1}, {1});
    const std::string c = F32Tensor({1});
    const auto bn = p.Op("pd_op.batch_norm", {x, one, one, one, one},
                         {F32Tensor({-1, 1, 1, 1}), c, c, c, c, c},
                         {{"epsilon", pirj::F32(1e-5)}, {"data_format", pirj::Str("NCHW")}});
    p.Fetch(p.Op1("pd_op.relu", {bn[1]}, c), "y");
    ExpectError([&] { LoadPir(p); },
                {"op 3 (pd_op.relu)", "result 1 of op 2, pd_op.batch_norm",
                 "translation of that op does not produce"});
  }
  // pool2d's kernel size computed at run time.
  {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {-1, 1, 4, 4});
    const PirValue k = p.Data("k", {2}, "int64");
    p.Fetch(p.Op1("pd_op.pool2d", {x, k}, F32Tensor({-1, 1, 2, 2}),
                  {{"pooling_type", pirj::Str("max")}, {"strides", pirj::I32s({2, 2})},
                   {"paddings", pirj::I32s({0, 0})}}),
            "y");
    ExpectError([&] { LoadPir(p); },
                {"op 2 (pd_op.pool2d)", "operand 1 ('kernel_size') must be known when the model "
                                        "is read"});
  }
  // An operand no op defines, and a program without outputs.
  {
    PirProgramWriter p;
    p.Data("x", {-1});
    p.RawOp("{\"#\":\"1.relu\",\"A\":[],\"I\":[{\"%\":99}],\"O\":[{\"%\":2,\"TT\":" +
            F32Tensor({-1}) + "}]}");
    ExpectError([&] { LoadPir(p); }, {"op 1 (pd_op.relu)", "uses value %99, which no earlier op defines"});
    PirProgramWriter q;
    q.Data("x", {-1});
    ExpectError([&] { LoadPir(q); }, {"the program has no output (pd_op.fetch)"});
    // A block argument: the top block of an inference program takes none.
    PirProgramWriter r;
    r.Data("x", {-1});
    r.RawOp("{\"#\":\"1.relu\",\"A\":[],\"I\":[{\"%\":-1}],\"O\":[{\"%\":2,\"TT\":" +
            F32Tensor({-1}) + "}]}");
    std::string json = r.Json();
    json.replace(json.find("\"args\":[]"), 9,
                 "\"args\":[{\"#\":-1,\"TT\":" + F32Tensor({-1}) + "}]");
    lite_api::CxxConfig config;
    const std::string no_params;
    config.set_model_buffer(json.data(), json.size(), no_params.data(), 0);
    ExpectError([&] { lite_api::CreatePaddlePredictor(config); },
                {"op 1 (pd_op.relu)", "uses block argument %-1"});
  }
  // A type plite does not hold.
  {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {-1}, "float32");
    p.Fetch(p.Op1("pd_op.cast", {x}, pirj::Tensor("bf16", {-1}), {{"dtype", pirj::Dtype("bfloat16")}}),
            "y");
    ExpectError([&] { LoadPir(p); }, {"op 1 (pd_op.cast)", "element type bfloat16"});
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
