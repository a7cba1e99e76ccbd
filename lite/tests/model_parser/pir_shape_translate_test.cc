// Translations of PIR constants, lists and the ops that move data (reshape, concat, split,
// slice, ...), each on a small program written here, against values worked out in the test;
// and the names the translation gives.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

std::vector<float> Iota(int n) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

std::vector<double> IotaD(int n) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = i;
  return v;
}

TEST(PirShape, ConstantsBecomeAttributesOrTensorsWhenUsedAsSuch) {
  // full as a tensor operand (written out as fill_constant), full_int_array as a shape
  // (folded into reshape's attribute) and as a tensor (assign_value with exact int64s).
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 4});
  const PirValue half = p.Full({1}, 0.5);
  const PirValue shape = p.FullIntArray({0, 2, -1});
  const PirValue sum = p.Op1("pd_op.add", {x, half}, F32Tensor({-1, 4}));
  const PirValue reshaped = p.Op1("pd_op.reshape", {sum, shape}, F32Tensor({-1, 2, 2}));
  const PirValue big = p.FullIntArray({9007199254740993, -3});  // 2^53 + 1: not a double
  p.Fetch(reshaped, "y");
  p.Fetch(big, "ints");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 4}, {1, 2, 3, 4});
  predictor->Run();
  std::vector<int64_t> dims;
  EXPECT_EQ(PirOutput(*predictor, 0, &dims), (std::vector<double>{1.5, 2.5, 3.5, 4.5}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 2, 2}));
  auto ints = predictor->GetOutput(1);
  ASSERT_EQ(ints->precision(), PRECISION(kInt64));
  EXPECT_EQ(ints->data<int64_t>()[0], 9007199254740993);
  EXPECT_EQ(ints->data<int64_t>()[1], -3);
  // Each constant is written out just before its first use as a tensor.
  EXPECT_EQ(TranslatedOpTypes(p),
            (std::vector<std::string>{"feed", "fill_constant", "elementwise_add", "reshape2",
                                      "fetch", "assign_value", "fetch"}));
}

TEST(PirShape, ReshapeByARuntimeShape) {
  // shape64 -> reshape to the shape of another input: a runtime value, the Shape input.
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 6});
  const PirValue like = p.Data("like", {-1, -1});
  const PirValue s = p.Op1("pd_op.shape64", {like}, pirj::Tensor("i64", {2}));
  p.Fetch(p.Op1("pd_op.reshape", {x, s}, F32Tensor({-1, -1})), "y");
  p.Fetch(s, "s");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 6}, Iota(6));
  SetPirInput(predictor.get(), 1, {3, 2}, Iota(6));
  predictor->Run();
  std::vector<int64_t> dims;
  EXPECT_EQ(PirOutput(*predictor, 0, &dims), IotaD(6));
  EXPECT_EQ(dims, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(predictor->GetOutput(1)->precision(), PRECISION(kInt64));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{3, 2}));
}

TEST(PirShape, FlattenTransposeSqueezeUnsqueeze) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2, 3});
  const PirValue t = p.Op1("pd_op.transpose", {x}, F32Tensor({-1, 3, 2}),
                           {{"perm", pirj::I32s({0, 2, 1})}});
  const PirValue axis = p.FullIntArray({1});
  const PirValue u = p.Op1("pd_op.unsqueeze", {t, axis}, F32Tensor({-1, 1, 3, 2}));
  const PirValue f = p.Op1("pd_op.flatten", {u}, F32Tensor({-1, 6}),
                           {{"start_axis", pirj::I32(1)}, {"stop_axis", pirj::I32(-1)}});
  const PirValue s = p.Op1("pd_op.squeeze", {u, axis}, F32Tensor({-1, 3, 2}));
  p.Fetch(f, "flat");
  p.Fetch(s, "squeezed");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 2, 3}, Iota(6));  // [[0 1 2] [3 4 5]]
  predictor->Run();
  std::vector<int64_t> dims;
  EXPECT_EQ(PirOutput(*predictor, 0, &dims), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 6}));
  EXPECT_EQ(PirOutput(*predictor, 1, &dims), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 3, 2}));
}

TEST(PirShape, ConcatOfACombineAndSplitIntoAList) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue w = p.Param("w", {1, 2}, {7, 8});
  const std::string t2 = F32Tensor({-1, 2});
  const PirValue list = p.Combine({x, w}, {t2, F32Tensor({1, 2})});
  const PirValue axis = p.Full({1}, 0, "int32");
  const PirValue cat = p.Op1("pd_op.concat", {list, axis}, t2);
  // split [3, 2] along 0 into sections [1, 2], then take both apart.
  const PirValue sections = p.FullIntArray({1, 2});
  const std::string vec = "{\"#\":\"0.t_vec\",\"D\":[" + F32Tensor({1, 2}) + "," +
                          F32Tensor({2, 2}) + "]}";
  const PirValue parts = p.Op1("pd_op.split", {cat, sections, axis}, vec);
  const auto pieces = p.Split(parts, {F32Tensor({1, 2}), F32Tensor({2, 2})});
  p.Fetch(pieces[1], "tail");
  p.Fetch(pieces[0], "head");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {2, 2}, {1, 2, 3, 4});
  predictor->Run();
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{3, 4, 7, 8}));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{1, 2}));
}

TEST(PirShape, SplitWithNumAndSliceOfTheList) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 6});
  const PirValue axis = p.Full({1}, 1, "int32");
  const std::string t = F32Tensor({-1, 2});
  const PirValue parts =
      p.Op1("pd_op.split_with_num", {x, axis},
            "{\"#\":\"0.t_vec\",\"D\":[" + t + "," + t + "," + t + "]}", {{"num", pirj::I32(3)}});
  const PirValue middle = p.Op1("builtin.slice", {parts}, t, {{"index", pirj::I32(1)}});
  p.Fetch(middle, "y");
  EXPECT_EQ(RunPir(p, {1, 6}, Iota(6)), (std::vector<double>{2, 3}));
}

TEST(PirShape, SliceWithDecreasedAxis) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 3, 4});
  const PirValue starts = p.FullIntArray({1, 1});
  const PirValue ends = p.FullIntArray({2, 9223372036854775807});  // to the end
  p.Fetch(p.Op1("pd_op.slice", {x, starts, ends}, F32Tensor({-1, 3}),
                {{"axes", pirj::I64s({1, 2})},
                 {"infer_flags", pirj::I64s({1, 1})},
                 {"decrease_axis", pirj::I64s({1})}}),
          "y");
  std::vector<int64_t> dims;
  EXPECT_EQ(RunPir(p, {1, 3, 4}, Iota(12), &dims), (std::vector<double>{5, 6, 7}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 3}));
}

TEST(PirShape, StackAndUnbind) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue w = p.Param("w", {1, 2}, {5, 6});
  const std::string t = F32Tensor({1, 2});
  const PirValue stacked =
      p.Op1("pd_op.stack", {p.Combine({x, w}, {t, t})}, F32Tensor({1, 2, 2}), {{"axis", pirj::I32(1)}});
  const std::string row = F32Tensor({1, 2});
  const PirValue rows = p.Op1("pd_op.unbind", {stacked},
                              "{\"#\":\"0.t_vec\",\"D\":[" + row + "," + row + "]}",
                              {{"axis", pirj::I32(1)}});
  const auto both = p.Split(rows, {row, row});
  p.Fetch(stacked, "stacked");
  p.Fetch(both[1], "second");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 2}, {1, 2});
  predictor->Run();
  std::vector<int64_t> dims;
  EXPECT_EQ(PirOutput(*predictor, 0, &dims), (std::vector<double>{1, 2, 5, 6}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 2, 2}));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{5, 6}));
}

TEST(PirShape, ShapeIsInt32AndComputedAtRunTime) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2, 3});
  p.Fetch(p.Op1("pd_op.shape", {x}, pirj::Tensor("i32", {3})), "s");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {4, 2, 3}, Iota(24));
  predictor->Run();
  EXPECT_EQ(predictor->GetOutput(0)->precision(), PRECISION(kInt32));
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{4, 2, 3}));
}

TEST(PirShape, ExpandTileAndFlip) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 1, 2});
  const PirValue e = p.Op1("pd_op.expand", {x, p.FullIntArray({-1, 3, 2})}, F32Tensor({-1, 3, 2}));
  const PirValue t = p.Op1("pd_op.tile", {x, p.FullIntArray({1, 1, 2})}, F32Tensor({-1, 1, 4}));
  const PirValue f = p.Op1("pd_op.flip", {t}, F32Tensor({-1, 1, 4}), {{"axis", pirj::I32s({2})}});
  p.Fetch(e, "e");
  p.Fetch(f, "f");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 1, 2}, {1, 2});
  predictor->Run();
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{2, 1, 2, 1}));
}

TEST(PirShape, GatherEmbeddingAndOneHot) {
  PirProgramWriter p;
  const PirValue ids = p.Data("ids", {-1}, "int64");
  const PirValue table = p.Param("emb.w_0", {3, 2}, {0, 1, 10, 11, 20, 21});
  const PirValue emb = p.Op1("pd_op.embedding", {ids, table}, F32Tensor({-1, 2}),
                             {{"padding_idx", pirj::I64(-1)}, {"sparse", pirj::Bool(false)}});
  const PirValue gathered =
      p.Op1("pd_op.gather", {table, ids, p.Full({1}, 0, "int32")}, F32Tensor({-1, 2}));
  const PirValue hot =
      p.Op1("pd_op.one_hot", {ids, p.Full({1}, 3, "int32")}, F32Tensor({-1, 3}));
  p.Fetch(emb, "emb");
  p.Fetch(gathered, "gathered");
  p.Fetch(hot, "hot");
  auto predictor = LoadPir(p);
  SetPirInt64Input(predictor.get(), 0, {2}, {2, 0});
  predictor->Run();
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{20, 21, 0, 1}));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{20, 21, 0, 1}));
  EXPECT_EQ(PirOutput(*predictor, 2), (std::vector<double>{0, 0, 1, 1, 0, 0}));
}

TEST(PirShape, AssignArangeAndFullLike) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1});
  const PirValue copy = p.Op1("pd_op.assign", {x}, F32Tensor({-1}));
  const PirValue range = p.Op1("pd_op.arange",
                               {p.Full({1}, 1.0), p.Full({1}, 2.0), p.Full({1}, 0.25)},
                               F32Tensor({4}), {{"dtype", pirj::Dtype("float32")},
                                                {"place", pirj::Place()}});
  const PirValue like = p.Op1("pd_op.full_like", {x, p.Full({1}, 7.0)}, F32Tensor({-1}),
                              {{"dtype", pirj::Dtype("float32")}, {"place", pirj::Place()}});
  p.Fetch(copy, "copy");
  p.Fetch(range, "range");
  p.Fetch(like, "like");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {2}, {3, -3});
  predictor->Run();
  EXPECT_EQ(PirOutput(*predictor, 0), (std::vector<double>{3, -3}));
  EXPECT_EQ(PirOutput(*predictor, 1), (std::vector<double>{1, 1.25, 1.5, 1.75}));
  EXPECT_EQ(PirOutput(*predictor, 2), (std::vector<double>{7, 7}));
}

TEST(PirShape, NamesAreTheParametersInputsFetchesAndOpResults) {
  PirProgramWriter p;
  const PirValue x = p.Data("image", {-1, 2});
  const PirValue w = p.Param("linear_0.w_0", {2, 2}, {1, 0, 0, 1});
  const PirValue m = p.Op1("pd_op.matmul", {x, w}, F32Tensor({-1, 2}),
                           {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(false)}});
  const PirValue r1 = p.Op1("pd_op.relu", {m}, F32Tensor({-1, 2}));
  const PirValue r2 = p.Op1("pd_op.relu", {r1}, F32Tensor({-1, 2}));
  p.Fetch(r2, "probs");
  p.Fetch(x, "image_copy");  // an input fetched under another name: an assign
  const cpp::ProgramDesc desc = ParseProgram(p.Json(), "test");
  std::vector<std::string> outputs;
  for (const cpp::OpDesc& op : desc.blocks[0].ops) {
    for (const auto& [arg, vars] : op.outputs()) outputs.insert(outputs.end(), vars.begin(), vars.end());
  }
  EXPECT_EQ(outputs, (std::vector<std::string>{"image", "matmul_0.tmp_0", "relu_0.tmp_0", "probs",
                                               "fetch", "image_copy", "fetch"}));
  const cpp::VarDesc* weight = desc.blocks[0].FindVar("linear_0.w_0");
  ASSERT_NE(weight, nullptr);
  EXPECT_TRUE(weight->persistable);
  EXPECT_EQ(weight->shape, (std::vector<int64_t>{2, 2}));

  auto predictor = LoadPir(p);
  EXPECT_EQ(predictor->GetInputNames(), (std::vector<std::string>{"image"}));
  EXPECT_EQ(predictor->GetOutputNames(), (std::vector<std::string>{"probs", "image_copy"}));
}

// builtin.shadow_output names the outputs of a program without pd_op.fetch; beside fetches
// it marks a persistable write, which inference leaves out.
TEST(PirShape, ShadowOutputsAreOutputsOnlyWithoutFetches) {
  for (const bool with_fetch : {false, true}) {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {-1});
    const PirValue y = p.Op1("pd_op.relu", {x}, F32Tensor({-1}));
    p.Op("builtin.shadow_output", {y}, {}, {{"output_name", pirj::Str("relu_out")}});
    if (with_fetch) p.Fetch(p.Op1("pd_op.sigmoid", {x}, F32Tensor({-1})), "sig");
    auto predictor = LoadPir(p);
    EXPECT_EQ(predictor->GetOutputNames(),
              (std::vector<std::string>{with_fetch ? "sig" : "relu_out"}));
    SetPirInput(predictor.get(), 0, {2}, {-1, 0});
    predictor->Run();
    ExpectNear(PirOutput(*predictor, 0),
               with_fetch ? std::vector<double>{1 / (1 + std::exp(1.0)), 0.5}
                          : std::vector<double>{0, 0},
               1e-6);
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
