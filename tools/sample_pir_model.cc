#include "tools/sample_pir_model.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "lite/utils/check.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {

namespace {

// The sample model's weights, by name.
class SampleWeights {
 public:
  SampleWeights() { BuildSampleModel(&program_, &scope_); }
  std::vector<float> operator()(const std::string& name) const {
    const Tensor* t = scope_.FindTensor(name);
    PLITE_CHECK(t != nullptr, "the sample model has no weight '", name, "'");
    return std::vector<float>(t->data<float>(), t->data<float>() + t->numel());
  }

 private:
  cpp::ProgramDesc program_;
  Scope scope_;
};

PirAttrs ConvAttrs(int stride, int pad, int groups) {
  return {{"strides", pirj::I32s({stride, stride})},
          {"paddings", pirj::I32s({pad, pad})},
          {"padding_algorithm", pirj::Str("EXPLICIT")},
          {"dilations", pirj::I32s({1, 1})},
          {"groups", pirj::I32(groups)},
          {"data_format", pirj::Str("NCHW")}};
}

// batch_norm_ (x, mean, variance, scale, bias) with its six results (inference reads the
// first); weights named as the sample model's: w_0 scale, b_0 bias, w_1 mean, w_2 variance.
PirValue BatchNorm(PirProgramWriter* p, const SampleWeights& weights, PirValue x, int c,
                   const std::vector<int64_t>& dims, const std::string& name) {
  const std::vector<int64_t> cd = {c};
  std::vector<PirValue> in = {x};
  for (const char* suffix : {".w_1", ".w_2", ".w_0", ".b_0"}) {
    in.push_back(p->Param(name + suffix, cd, weights(name + suffix)));
  }
  const std::string ct = pirj::F32Tensor(cd);
  return p->Op("pd_op.batch_norm_", in,
               {pirj::F32Tensor(dims), ct, ct, ct, ct, pirj::Tensor("ui8", {-1})},
               {{"is_test", pirj::Bool(true)},
                {"momentum", pirj::F32(0.9)},
                {"epsilon", pirj::F32(1e-5)},
                {"data_format", pirj::Str("NCHW")},
                {"use_global_stats", pirj::Bool(true)},
                {"trainable_statistics", pirj::Bool(false)}})[0];
}

}  // namespace

void BuildSamplePirModel(PirProgramWriter* p) {
  using pirj::F32Tensor;
  const SampleWeights weights;
  auto param = [&](const std::string& name, const std::vector<int64_t>& dims) {
    return p->Param(name, dims, weights(name));
  };
  const PirValue image = p->Data(kSamplePirInput, {-1, 3, 32, 32});
  PirValue x = p->Op1("pd_op.conv2d", {image, param("conv2d_0.w_0", {8, 3, 3, 3})},
                      F32Tensor({-1, 8, 32, 32}), ConvAttrs(1, 1, 1));
  x = BatchNorm(p, weights, x, 8, {-1, 8, 32, 32}, "batch_norm_0");
  x = p->Op1("pd_op.relu", {x}, F32Tensor({-1, 8, 32, 32}));
  x = p->Op1("pd_op.depthwise_conv2d", {x, param("depthwise_conv2d_0.w_0", {8, 1, 3, 3})},
             F32Tensor({-1, 8, 16, 16}), ConvAttrs(2, 1, 8));
  x = BatchNorm(p, weights, x, 8, {-1, 8, 16, 16}, "batch_norm_1");
  x = p->Op1("pd_op.relu6", {x}, F32Tensor({-1, 8, 16, 16}));
  x = p->Op1("pd_op.conv2d", {x, param("conv2d_1.w_0", {16, 8, 1, 1})},
             F32Tensor({-1, 16, 16, 16}), ConvAttrs(1, 0, 1));
  const PirValue bias = p->Op1("pd_op.reshape",
                               {param("conv2d_1.b_0", {16}), p->FullIntArray({1, 16, 1, 1})},
                               F32Tensor({1, 16, 1, 1}));
  x = p->Op1("pd_op.add", {x, bias}, F32Tensor({-1, 16, 16, 16}));
  x = p->Op1("pd_op.hardswish", {x}, F32Tensor({-1, 16, 16, 16}));

  const std::string half = F32Tensor({-1, 8, 16, 16});
  const PirValue axis = p->Full({1}, 1, "int32");
  const PirValue parts = p->Op1("pd_op.split_with_num", {x, axis},
                                "{\"#\":\"0.t_vec\",\"D\":[" + half + "," + half + "]}",
                                {{"num", pirj::I32(2)}});
  const auto halves = p->Split(parts, {half, half});
  x = p->Op1("pd_op.concat", {p->Combine({halves[0], halves[1]}, {half, half}), axis},
             F32Tensor({-1, 16, 16, 16}));
  x = p->Op1("pd_op.nearest_interp", {x, {}, {}, {}}, F32Tensor({-1, 16, 32, 32}),
             {{"data_format", pirj::Str("NCHW")},
              {"out_d", pirj::I32(-1)},
              {"out_h", pirj::I32(-1)},
              {"out_w", pirj::I32(-1)},
              {"scale", pirj::F32s({2.0, 2.0})},
              {"interp_method", pirj::Str("nearest")},
              {"align_corners", pirj::Bool(false)},
              {"align_mode", pirj::I32(1)}});
  x = p->Op1("pd_op.pool2d", {x, p->FullIntArray({1, 1})}, F32Tensor({-1, 16, 1, 1}),
             {{"strides", pirj::I32s({1, 1})},
              {"paddings", pirj::I32s({0, 0})},
              {"ceil_mode", pirj::Bool(false)},
              {"exclusive", pirj::Bool(true)},
              {"data_format", pirj::Str("NCHW")},
              {"pooling_type", pirj::Str("avg")},
              {"global_pooling", pirj::Bool(false)},
              {"adaptive", pirj::Bool(true)},
              {"padding_algorithm", pirj::Str("EXPLICIT")}});
  x = p->Op1("pd_op.flatten", {x}, F32Tensor({-1, 16}),
             {{"start_axis", pirj::I32(1)}, {"stop_axis", pirj::I32(3)}});
  x = p->Op1("pd_op.matmul", {x, param("linear_0.w_0", {16, 10})}, F32Tensor({-1, 10}),
             {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(false)}});
  x = p->Op1("pd_op.add", {x, param("linear_0.b_0", {10})}, F32Tensor({-1, 10}));
  x = p->Op1("pd_op.softmax", {x}, F32Tensor({-1, 10}), {{"axis", pirj::I32(-1)}});
  x = p->Op1("pd_op.scale", {x, p->Full({1}, 1.0)}, F32Tensor({-1, 10}),
             {{"bias", pirj::F32(0.0)}, {"bias_after_scale", pirj::Bool(true)}});
  p->Fetch(x, kSamplePirOutput);
}

void WriteSamplePirModel(const std::string& dir) {
  PirProgramWriter program;
  BuildSamplePirModel(&program);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  PLITE_CHECK(!ec, "cannot create ", dir, ": ", ec.message());
  const std::pair<const char*, std::string> files[] = {{"inference.json", program.Json()},
                                                       {"inference.pdiparams", program.Params()}};
  for (const auto& [name, bytes] : files) {
    const std::string path = dir + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    PLITE_CHECK(out.good(), "could not write ", path);
  }
}

}  // namespace lite
}  // namespace paddle
