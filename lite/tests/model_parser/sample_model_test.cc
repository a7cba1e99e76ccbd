// The sample-model builder writes a loadable, deterministic Paddle model of the promised shape.
#include <gtest/gtest.h>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace {

using testing::ReadBytes;
using testing::TempDir;

TEST(SampleModel, LoadsWithTheDocumentedOps) {
  TempDir dir;
  WriteSampleModel(dir.path(), true);
  Scope scope;
  cpp::ProgramDesc program;
  const ModelFiles files = LoadModel(dir.path(), "", "", &scope, &program);
  EXPECT_TRUE(files.combined());
  ASSERT_EQ(program.blocks.size(), 1u);
  std::vector<std::string> types;
  for (const auto& op : program.blocks[0].ops) {
    types.push_back(op.Type());
    EXPECT_EQ(op.GetAttr<int32_t>("op_role"), 0) << op.Type();
    EXPECT_TRUE(op.HasAttr("op_callstack")) << op.Type();
  }
  EXPECT_EQ(types, (std::vector<std::string>{
                       "feed", "conv2d", "batch_norm", "relu", "depthwise_conv2d", "batch_norm",
                       "relu6", "conv2d", "elementwise_add", "hard_swish", "pool2d",
                       "flatten_contiguous_range", "matmul_v2", "elementwise_add", "softmax",
                       "scale", "fetch"}));
  const auto& ops = program.blocks[0].ops;
  EXPECT_EQ(ops[0].Output("Out"), std::vector<std::string>{kSampleModelInput});
  EXPECT_EQ(ops[16].Input("X"), std::vector<std::string>{kSampleModelOutput});
  EXPECT_EQ(ops[4].GetAttr<int32_t>("groups"), 8);
  EXPECT_EQ(ops[4].GetAttr<std::vector<int32_t>>("strides"), (std::vector<int32_t>{2, 2}));
  EXPECT_EQ(ops[8].GetAttr<int32_t>("axis"), 1);
  EXPECT_FALSE(ops[1].GetAttr<bool>("use_mkldnn"));
  EXPECT_TRUE(ops[10].GetAttr<bool>("global_pooling"));
  EXPECT_EQ(program.blocks[0].FindVar(kSampleModelInput)->shape,
            (std::vector<int64_t>{-1, 3, 32, 32}));

  int64_t weights = 0;
  for (const cpp::VarDesc* var : pb::ParamVars(program)) {
    weights += scope.FindTensor(var->name)->numel();
  }
  EXPECT_EQ(pb::ParamVars(program).size(), 14u);
  EXPECT_EQ(weights, 8 * 27 + 8 * 4 + 8 * 9 + 8 * 4 + 16 * 8 + 16 + 16 * 10 + 10);
  for (const char* variance : {"batch_norm_0.w_2", "batch_norm_1.w_2"}) {
    const Tensor* t = scope.FindTensor(variance);
    for (int64_t i = 0; i < t->numel(); ++i) EXPECT_GT(t->data<float>()[i], 0.f);
  }
}

TEST(SampleModel, AModelFileAloneFindsItsParamsBesideIt) {
  TempDir dir;
  const ModelFiles saved = WriteSampleModel(dir.path(), true);
  Scope scope;
  cpp::ProgramDesc program;
  const ModelFiles files = LoadModel("", saved.model_file, "", &scope, &program);
  EXPECT_EQ(files.params_file, saved.params_file);
  EXPECT_NE(scope.FindTensor("linear_0.w_0"), nullptr);
}

TEST(SampleModel, EveryBuildIsByteIdentical) {
  TempDir a, b;
  const ModelFiles fa = WriteSampleModel(a.path(), true);
  const ModelFiles fb = WriteSampleModel(b.path(), true);
  EXPECT_TRUE(ReadBytes(fa.model_file) == ReadBytes(fb.model_file));
  EXPECT_TRUE(ReadBytes(fa.params_file) == ReadBytes(fb.params_file));
}

TEST(SampleModel, SeparateParamsHoldTheSameTensors) {
  TempDir combined, separate;
  WriteSampleModel(combined.path(), true);
  WriteSampleModel(separate.path(), false);
  Scope a, b;
  cpp::ProgramDesc pa, pb_;
  LoadModel(combined.path(), "", "", &a, &pa);
  const ModelFiles files = LoadModel(separate.path(), "", "", &b, &pb_);
  EXPECT_FALSE(files.combined());
  testing::ExpectSameProgram(pa, pb_);
  testing::ExpectSameParams(pa, a, b);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
