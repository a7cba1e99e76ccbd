// A corpus of broken models built from the saved sample model (and a few hand-encoded
// ones): each must fail with a PaddleLiteException naming the problem, never crash.
#include <gtest/gtest.h>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace {

namespace fs = std::filesystem;
using testing::DataBytes;
using testing::ExpectError;
using testing::Pod;
using testing::ReadBytes;
using testing::TempDir;
using testing::TensorRecord;
using testing::Wire;
using testing::WriteBytes;

constexpr int kFP32 = 5, kFP64 = 6, kBF16 = 22;

void Load(const std::string& dir, const std::string& model = "", const std::string& params = "") {
  Scope scope;
  cpp::ProgramDesc program;
  LoadModel(dir, model, params, &scope, &program);
}

class MalformedModelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WriteSampleModel(combined_.path(), true);
    WriteSampleModel(separate_.path(), false);
    model_ = combined_ / "model.pdmodel";
    params_ = combined_ / "model.pdiparams";
    Load(combined_.path());  // the unbroken models load
    Load(separate_.path());
  }
  // A separate-params file holding `record` instead of the real tensor.
  void ReplaceParamFile(const std::string& var, const std::string& record) {
    WriteBytes(separate_ / var, record);
  }

  TempDir combined_, separate_;
  std::string model_, params_;
};

TEST_F(MalformedModelTest, TruncatedProgram) {
  const std::string bytes = ReadBytes(model_);
  WriteBytes(model_, bytes.substr(0, bytes.size() / 2));
  ExpectError([&] { Load(combined_.path()); }, {"failed to parse program", model_});
}

TEST_F(MalformedModelTest, EveryTruncationOfTheProgramFails) {
  const std::string bytes = ReadBytes(model_);
  for (size_t cut = 0; cut < bytes.size(); cut += 97) {
    SCOPED_TRACE(cut);
    ExpectError([&] { pb::ParseProgramDesc(bytes.substr(0, cut), "cut"); },
                {"failed to parse program cut"});
  }
}

TEST_F(MalformedModelTest, RandomBytesAsProgram) {
  uint64_t state = 12345;
  for (int trial = 0; trial < 50; ++trial) {
    std::string bytes(64 + trial * 40, '\0');
    for (char& c : bytes) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      c = static_cast<char>(state >> 56);
    }
    WriteBytes(model_, bytes);
    SCOPED_TRACE(trial);
    ExpectError([&] { Load(combined_.path()); }, {"failed to parse program", model_});
  }
}

TEST_F(MalformedModelTest, EmptyProgramHasNoBlock) {
  WriteBytes(model_, "");
  ExpectError([&] { Load(combined_.path()); }, {"failed to parse program", "no blocks"});
}

TEST_F(MalformedModelTest, TruncatedParams) {
  const std::string bytes = ReadBytes(params_);
  WriteBytes(params_, bytes.substr(0, bytes.size() - 10));
  // The last var in sorted order is linear_0.w_0.
  ExpectError([&] { Load(combined_.path()); },
              {"params file " + params_, "var 'linear_0.w_0'", "needs", "truncated"});
}

TEST_F(MalformedModelTest, EveryTruncationOfTheParamsFails) {
  const std::string bytes = ReadBytes(params_);
  const cpp::ProgramDesc program = pb::ParseProgramDesc(ReadBytes(model_));
  for (size_t cut = 0; cut < bytes.size(); cut += 13) {
    SCOPED_TRACE(cut);
    Scope scope;
    cpp::ProgramDesc p;
    ExpectError([&] { LoadModelFromMemory(ReadBytes(model_), bytes.substr(0, cut), &scope, &p); },
                {"params file <params buffer>, var '"});
  }
}

// Paddle starts each tensor record with a uint32 version (0, the only one it writes): any
// other value is named with the var it belongs to. The first record in a combined file is
// the var first in name order, batch_norm_0.b_0.
TEST_F(MalformedModelTest, UnknownRecordVersionIsNamed) {
  std::string bytes = ReadBytes(params_);
  ASSERT_EQ(bytes.substr(0, 4), std::string(4, '\0'));
  bytes[0] = 7;
  WriteBytes(params_, bytes);
  ExpectError([&] { Load(combined_.path()); },
              {"params file " + params_, "var 'batch_norm_0.b_0'",
               "unsupported LoDTensor version 7 (only 0 is known)"});
}

TEST_F(MalformedModelTest, ExtraTrailingBytesInParams) {
  WriteBytes(params_, ReadBytes(params_) + "junk");
  ExpectError([&] { Load(combined_.path()); },
              {"params file " + params_, "4 bytes left over", "'linear_0.w_0'"});
  ReplaceParamFile("conv2d_1.b_0", ReadBytes(separate_ / "conv2d_1.b_0") + "x");
  ExpectError([&] { Load(separate_.path()); },
              {separate_ / "conv2d_1.b_0", "var 'conv2d_1.b_0'", "1 bytes left over"});
}

TEST_F(MalformedModelTest, TensorSizeDoesNotMatchVarDesc) {
  cpp::ProgramDesc program = pb::ParseProgramDesc(ReadBytes(model_));
  for (auto& var : program.blocks[0].vars) {
    if (var.name == "conv2d_0.w_0") var.shape = {8, 3, 5, 5};
  }
  WriteBytes(model_, pb::SerializeProgramDesc(program));
  ExpectError([&] { Load(combined_.path()); },
              {"params file " + params_, "var 'conv2d_0.w_0'",
               "dims [8, 3, 3, 3] in the params do not match [8, 3, 5, 5]"});
}

TEST_F(MalformedModelTest, UnknownOrUnsupportedDtypeInTensorDesc) {
  const std::string path = separate_ / "conv2d_1.b_0";
  ReplaceParamFile("conv2d_1.b_0", TensorRecord(99, {16}, std::string(64, '\0')));
  ExpectError([&] { Load(separate_.path()); },
              {"params file " + path, "var 'conv2d_1.b_0'", "unknown data type 99"});
  ReplaceParamFile("conv2d_1.b_0", TensorRecord(kBF16, {16}, std::string(32, '\0')));
  ExpectError([&] { Load(separate_.path()); },
              {"var 'conv2d_1.b_0'", "data type BF16 (22) is not supported"});
  ReplaceParamFile("conv2d_1.b_0", TensorRecord(kFP64, {16}, std::string(128, '\0')));
  ExpectError([&] { Load(separate_.path()); },
              {"var 'conv2d_1.b_0'", "data type FP64 in the params does not match float"});
}

TEST_F(MalformedModelTest, BadDtypeInVarDesc) {
  // Concatenated protobuf messages merge: this appends block 1 to the saved program.
  const std::string base = ReadBytes(model_);
  auto with_var = [&](int dtype) {
    return base + Wire()
                      .Msg(1, testing::BlockWire(1, 0,
                                                 {testing::LodTensorVarWire("odd", dtype, {4},
                                                                            false)},
                                                 {}))
                      .str();
  };
  WriteBytes(model_, with_var(kBF16));
  ExpectError([&] { Load(combined_.path()); },
              {"failed to parse program " + model_, "var 'odd'", "BF16"});
  WriteBytes(model_, with_var(99));
  ExpectError([&] { Load(combined_.path()); },
              {"failed to parse program " + model_, "var 'odd'", "unknown data type 99"});
  WriteBytes(model_, with_var(kFP32));
  Load(combined_.path());  // the same program with a good dtype loads
}

TEST_F(MalformedModelTest, MissingParamsFile) {
  fs::remove(separate_ / "conv2d_1.b_0");
  ExpectError([&] { Load(separate_.path()); },
              {"missing params file " + (separate_ / "conv2d_1.b_0"), "var 'conv2d_1.b_0'"});
  ExpectError([&] { Load("", model_, combined_ / "nope.pdiparams"); },
              {"missing params file " + (combined_ / "nope.pdiparams")});
  // A combined model whose params file is gone falls back to separate files, which are
  // missing as well.
  fs::remove(params_);
  ExpectError([&] { Load(combined_.path()); }, {"missing params file", "batch_norm_0.b_0"});
}

TEST_F(MalformedModelTest, MissingModelFile) {
  ExpectError([&] { Load("", combined_ / "nope.pdmodel"); },
              {"missing model file " + (combined_ / "nope.pdmodel")});
  TempDir empty;
  ExpectError([&] { Load(empty.path()); }, {"no model file in " + empty.path()});
  ExpectError([&] { Load(empty / "absent"); }, {"missing model dir " + (empty / "absent")});
  ExpectError([&] { Load(""); }, {"no model given"});
}

TEST_F(MalformedModelTest, SeveralCandidateFiles) {
  WriteBytes(combined_ / "other.pdmodel", ReadBytes(model_));
  ExpectError([&] { Load(combined_.path()); }, {"several model files", "other.pdmodel"});
  fs::remove(combined_ / "other.pdmodel");
  WriteBytes(combined_ / "other.pdiparams", ReadBytes(params_));
  ExpectError([&] { Load(combined_.path()); }, {"several params files", "other.pdiparams"});
}

TEST_F(MalformedModelTest, HugeOrNegativeSizeFields) {
  const std::string desc = testing::TensorDescWire(kFP32, {16}).str();
  const std::string data(64, '\0');
  const std::string tail = Pod<uint32_t>(0) + Pod<int32_t>(desc.size()) + desc + data;
  struct Case {
    std::string record;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {Pod<uint32_t>(0) + Pod<uint64_t>(uint64_t{1} << 62) + tail,
       {"lod_level 4611686018427387904 cannot fit"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(~uint64_t{0}) + tail, {"lod_level"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(1) + Pod<uint64_t>(uint64_t{1} << 60) + tail,
       {"LoD level of 1152921504606846976 bytes cannot fit"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(1) + Pod<uint64_t>(12) + tail,
       {"LoD level size 12 is not a multiple of 8"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(0) + Pod<uint32_t>(0) + Pod<int32_t>(0x7fffffff) + desc +
           data,
       {"TensorDesc size 2147483647 is invalid"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(0) + Pod<uint32_t>(0) + Pod<int32_t>(-5) + desc + data,
       {"TensorDesc size -5 is invalid"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(0) + Pod<uint32_t>(0) + Pod<int32_t>(2) + "\xff\xff" +
           data,
       {"malformed TensorDesc (2 bytes)"}},
      {Pod<uint32_t>(1) + Pod<uint64_t>(0) + tail, {"unsupported LoDTensor version 1"}},
      {Pod<uint32_t>(0) + Pod<uint64_t>(0) + Pod<uint32_t>(2) + Pod<int32_t>(desc.size()) + desc +
           data,
       {"unsupported tensor version 2"}},
      {TensorRecord(kFP32, {-16}, data), {"negative dim in [-16]"}},
      {TensorRecord(kFP32, {int64_t{1} << 40, int64_t{1} << 40}, data), {"overflow"}},
      {Pod<uint32_t>(0), {"needs 8 bytes for lod_level but only 0 are left"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expected[0]);
    ReplaceParamFile("conv2d_1.b_0", c.record);
    Scope scope;
    cpp::ProgramDesc program;
    try {
      LoadModel(separate_.path(), "", "", &scope, &program);
      ADD_FAILURE() << "no exception";
    } catch (const PaddleLiteException& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("var 'conv2d_1.b_0'"), std::string::npos) << what;
      for (const auto& part : c.expected) {
        EXPECT_NE(what.find(part), std::string::npos) << what;
      }
    }
  }
}

// A hand-encoded one-param program: var 'w' FP32 with shape `dims`.
std::string OneParamProgram(const std::vector<int64_t>& dims) {
  return testing::ProgramWire(
             {testing::BlockWire(0, -1, {testing::LodTensorVarWire("w", kFP32, dims, true)},
                                 {})})
      .str();
}

TEST(MalformedParams, HugeDimsAreNotAllocated) {
  // The program agrees on the huge size, so only the bytes left can stop the read.
  Scope scope;
  cpp::ProgramDesc program;
  ExpectError(
      [&] {
        LoadModelFromMemory(OneParamProgram({int64_t{1} << 40}),
                              TensorRecord(kFP32, {int64_t{1} << 40}, std::string(16, '\0')),
                              &scope, &program);
      },
      {"var 'w'", "needs 1099511627776 x 4 bytes but only 16 are left"});
}

// A weight's declared dims are whole: an unknown (negative) one is refused like a wrong size.
TEST(MalformedParams, WeightDimsMustBeDeclaredExactly) {
  const std::string data(2 * 4 * sizeof(float), '\0');
  for (const std::vector<int64_t>& declared :
       {std::vector<int64_t>{-1, 4}, std::vector<int64_t>{2, -4}, std::vector<int64_t>{2, 3}}) {
    Scope scope;
    cpp::ProgramDesc program;
    ExpectError(
        [&] {
          LoadModelFromMemory(OneParamProgram(declared), TensorRecord(kFP32, {2, 4}, data),
                                &scope, &program);
        },
        {"var 'w'", "dims [2, 4] in the params do not match"});
  }
  Scope scope;
  cpp::ProgramDesc program;
  LoadModelFromMemory(OneParamProgram({2, 4}), TensorRecord(kFP32, {2, 4}, data), &scope,
                        &program);
  EXPECT_EQ(scope.FindTensor("w")->dims(), DDim({2, 4}));
}

TEST(MalformedParams, BytesForAProgramWithoutParams) {
  const std::string model = testing::ProgramWire({testing::BlockWire(0, -1, {}, {})}).str();
  Scope scope;
  cpp::ProgramDesc program;
  ExpectError([&] { LoadModelFromMemory(model, "xy", &scope, &program); },
              {"2 bytes left over but the program has no params"});
  LoadModelFromMemory(model, "", &scope, &program);  // no params, no bytes: fine
}

TEST(MalformedParams, NonTensorPersistableCannotBeLoaded) {
  const std::string model =
      testing::ProgramWire({testing::BlockWire(0, -1, {testing::VarOfTypeWire("raw", 17, true)},
                                               {})})
          .str();
  Scope scope;
  cpp::ProgramDesc program;
  ExpectError([&] { LoadModelFromMemory(model, "", &scope, &program); },
              {"var 'raw'", "only LOD_TENSOR vars"});
}

TEST(MalformedProgram, StructureIsChecked) {
  using testing::AttrWire;
  using testing::BlockWire;
  using testing::OpWire;
  using testing::ProgramWire;
  const Wire w = testing::LodTensorVarWire("w", kFP32, {2}, false);
  ExpectError([&] { pb::ParseProgramDesc(ProgramWire({BlockWire(1, -1, {}, {})}).str(), "p"); },
              {"failed to parse program p", "block at position 0 has idx 1"});
  ExpectError(
      [&] {
        pb::ParseProgramDesc(
            ProgramWire({BlockWire(0, -1, {}, {}), BlockWire(1, 5, {}, {})}).str(), "p");
      },
      {"block 1 has parent_idx 5"});
  ExpectError([&] { pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, {w, w}, {})}).str()); },
              {"block 0 declares var 'w' twice"});
  ExpectError(
      [&] {
        const Wire op = OpWire("while", {AttrWire("sub_block", 8).Int(12, 3)});
        pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, {}, {op})}).str());
      },
      {"op 'while': attribute 'sub_block' refers to block 3 but the program has 1 blocks"});
  ExpectError(
      [&] {
        const Wire op = OpWire("future", {AttrWire("knob", 42)});
        pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, {}, {op})}).str());
      },
      {"op 'future': attribute 'knob' has unknown attribute type 42"});
  ExpectError(
      [&] {
        Wire untyped_op;
        untyped_op.Msg(4, AttrWire("a", 0));
        pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, {}, {untyped_op})}).str());
      },
      {"missing required fields", "type"});
  ExpectError(
      [&] {
        pb::ParseProgramDesc(
            ProgramWire({BlockWire(0, -1, {testing::VarOfTypeWire("bare", 7, false)}, {})})
                .str());
      },
      {"var 'bare' of type LOD_TENSOR has no tensor description"});
}

}  // namespace
}  // namespace lite
}  // namespace paddle
