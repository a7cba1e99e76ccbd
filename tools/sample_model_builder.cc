#include "tools/sample_model_builder.h"

#include <cmath>
#include <utility>

namespace paddle {
namespace lite {

namespace {

// SplitMix64: a tiny generator whose sequence is the same on every platform (the standard
// distributions are not).
class SeededGenerator {
 public:
  explicit SeededGenerator(uint64_t seed) : state_(seed) {}
  float Uniform(float lo, float hi) {
    state_ += 0x9e3779b97f4a7c15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    const float unit = static_cast<float>(z >> 40) / static_cast<float>(1ull << 24);
    return lo + (hi - lo) * unit;
  }

 private:
  uint64_t state_;
};

class Builder {
 public:
  Builder(cpp::ProgramDesc* program, Scope* scope) : program_(program), scope_(scope) {
    program_->version = 2004000;
    program_->blocks.assign(1, cpp::BlockDesc{});
    block_ = &program_->blocks[0];
    block_->idx = 0;
    block_->parent_idx = -1;
  }

  void Var(const std::string& name, std::vector<int64_t> shape) {
    cpp::VarDesc v;
    v.name = name;
    v.kind = cpp::VarKind::kLodTensor;
    v.precision = PrecisionType::kFloat;
    v.shape = std::move(shape);
    block_->vars.push_back(v);
  }
  void ListVar(const std::string& name, cpp::VarKind kind) {
    cpp::VarDesc v;
    v.name = name;
    v.kind = kind;
    v.precision = PrecisionType::kUnk;
    v.persistable = true;  // Paddle marks the feed and fetch lists persistable
    block_->vars.push_back(v);
  }
  // A persistable weight: uniform in [lo, hi).
  void Weight(const std::string& name, std::vector<int64_t> shape, float lo, float hi) {
    Var(name, shape);
    block_->vars.back().persistable = true;
    Tensor* t = scope_->Var(name)->GetMutable<Tensor>();
    t->Resize(DDim(shape));
    float* data = t->mutable_data<float>();
    for (int64_t i = 0; i < t->numel(); ++i) data[i] = rng_.Uniform(lo, hi);
    t->set_persistable(true);
  }
  // He-uniform conv/linear weights keep the activations of the random net O(1).
  void HeWeight(const std::string& name, std::vector<int64_t> shape, int64_t fan_in) {
    const float bound = std::sqrt(6.f / static_cast<float>(fan_in));
    Weight(name, std::move(shape), -bound, bound);
  }

  // An op with the bookkeeping attributes every Paddle 2.x op carries.
  cpp::OpDesc& Op(const std::string& type, const cpp::OpDesc::ArgMap& inputs,
                  const cpp::OpDesc::ArgMap& outputs) {
    cpp::OpDesc op(type);
    for (const auto& kv : inputs) op.SetInput(kv.first, kv.second);
    for (const auto& kv : outputs) op.SetOutput(kv.first, kv.second);
    op.SetAttr<int32_t>("op_role", 0);
    op.SetAttr<std::vector<std::string>>("op_role_var", {});
    op.SetAttr<std::string>("op_namescope", "/");
    op.SetAttr<std::vector<std::string>>(
        "op_callstack", {"  File \"make_sample_model\", line 1, in <module>"});
    op.SetAttr<std::string>("op_device", "");
    op.SetAttr<bool>("with_quant_attr", false);
    block_->ops.push_back(std::move(op));
    return block_->ops.back();
  }
  // The device switches Paddle writes on compute ops.
  static void DeviceFlags(cpp::OpDesc* op, bool cudnn) {
    op->SetAttr<bool>("use_mkldnn", false);
    op->SetAttr<std::string>("mkldnn_data_type", "float32");
    if (cudnn) op->SetAttr<bool>("use_cudnn", true);
  }

  void Conv(const std::string& type, const std::string& in, const std::string& w,
            const std::string& out, int stride, int pad, int groups) {
    cpp::OpDesc& op = Op(type, {{"Input", {in}}, {"Filter", {w}}, {"Bias", {}},
                                {"ResidualData", {}}},
                         {{"Output", {out}}});
    op.SetAttr<std::vector<int32_t>>("strides", {stride, stride});
    op.SetAttr<std::vector<int32_t>>("paddings", {pad, pad});
    op.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    op.SetAttr<int32_t>("groups", groups);
    op.SetAttr<std::string>("data_format", "NCHW");
    op.SetAttr<std::string>("padding_algorithm", "EXPLICIT");
    op.SetAttr<int32_t>("workspace_size_MB", 512);
    op.SetAttr<bool>("exhaustive_search", false);
    op.SetAttr<bool>("fuse_relu_before_depthwise_conv", false);
    op.SetAttr<bool>("is_test", true);
    DeviceFlags(&op, true);
  }

  // batch_norm named like Paddle's: w_0 scale, b_0 bias, w_1 mean, w_2 variance.
  void BatchNorm(const std::string& prefix, int64_t channels, const std::string& in,
                 const std::string& out, const std::vector<int64_t>& out_shape) {
    Weight(prefix + ".w_0", {channels}, 0.9f, 1.1f);
    Weight(prefix + ".b_0", {channels}, -0.1f, 0.1f);
    Weight(prefix + ".w_1", {channels}, -0.1f, 0.1f);
    Weight(prefix + ".w_2", {channels}, 0.5f, 1.5f);
    Var(prefix + ".tmp_0", {channels});
    Var(prefix + ".tmp_1", {channels});
    Var(out, out_shape);
    cpp::OpDesc& op =
        Op("batch_norm",
           {{"X", {in}}, {"Scale", {prefix + ".w_0"}}, {"Bias", {prefix + ".b_0"}},
            {"Mean", {prefix + ".w_1"}}, {"Variance", {prefix + ".w_2"}}},
           {{"Y", {out}}, {"MeanOut", {prefix + ".w_1"}}, {"VarianceOut", {prefix + ".w_2"}},
            {"SavedMean", {prefix + ".tmp_0"}}, {"SavedVariance", {prefix + ".tmp_1"}}});
    op.SetAttr<float>("epsilon", 1e-5f);
    op.SetAttr<float>("momentum", 0.9f);
    op.SetAttr<std::string>("data_layout", "NCHW");
    op.SetAttr<bool>("use_global_stats", false);
    op.SetAttr<bool>("trainable_statistics", false);
    op.SetAttr<bool>("fuse_with_relu", false);
    op.SetAttr<bool>("is_test", true);
    DeviceFlags(&op, false);
  }

  void ElementwiseAdd(const std::string& x, const std::string& y, const std::string& out,
                      int axis) {
    cpp::OpDesc& op = Op("elementwise_add", {{"X", {x}}, {"Y", {y}}}, {{"Out", {out}}});
    op.SetAttr<int32_t>("axis", axis);
    op.SetAttr<std::string>("x_data_format", "");
    op.SetAttr<std::string>("y_data_format", "");
    DeviceFlags(&op, false);
  }

  void Build() {
    ListVar("feed", cpp::VarKind::kFeedList);
    ListVar("fetch", cpp::VarKind::kFetchList);
    Var(kSampleModelInput, {-1, 3, 32, 32});
    cpp::OpDesc& feed = Op("feed", {{"X", {"feed"}}}, {{"Out", {kSampleModelInput}}});
    feed.SetAttr<int32_t>("col", 0);

    // conv2d 3x3 (3 -> 8) + batch_norm + relu, 32x32.
    HeWeight("conv2d_0.w_0", {8, 3, 3, 3}, 27);
    Var("conv2d_0.tmp_0", {-1, 8, 32, 32});
    Conv("conv2d", kSampleModelInput, "conv2d_0.w_0", "conv2d_0.tmp_0", 1, 1, 1);
    BatchNorm("batch_norm_0", 8, "conv2d_0.tmp_0", "batch_norm_0.tmp_2", {-1, 8, 32, 32});
    Var("relu_0.tmp_0", {-1, 8, 32, 32});
    DeviceFlags(&Op("relu", {{"X", {"batch_norm_0.tmp_2"}}}, {{"Out", {"relu_0.tmp_0"}}}),
                true);

    // depthwise_conv2d 3x3 stride 2 + batch_norm + relu6, 16x16.
    HeWeight("depthwise_conv2d_0.w_0", {8, 1, 3, 3}, 9);
    Var("depthwise_conv2d_0.tmp_0", {-1, 8, 16, 16});
    Conv("depthwise_conv2d", "relu_0.tmp_0", "depthwise_conv2d_0.w_0",
         "depthwise_conv2d_0.tmp_0", 2, 1, 8);
    BatchNorm("batch_norm_1", 8, "depthwise_conv2d_0.tmp_0", "batch_norm_1.tmp_2",
              {-1, 8, 16, 16});
    Var("relu6_0.tmp_0", {-1, 8, 16, 16});
    cpp::OpDesc& relu6 =
        Op("relu6", {{"X", {"batch_norm_1.tmp_2"}}}, {{"Out", {"relu6_0.tmp_0"}}});
    relu6.SetAttr<float>("threshold", 6.f);
    DeviceFlags(&relu6, false);

    // conv2d 1x1 (8 -> 16) + bias + hard_swish.
    HeWeight("conv2d_1.w_0", {16, 8, 1, 1}, 8);
    Weight("conv2d_1.b_0", {16}, -0.1f, 0.1f);
    Var("conv2d_1.tmp_0", {-1, 16, 16, 16});
    Var("conv2d_1.tmp_1", {-1, 16, 16, 16});
    Conv("conv2d", "relu6_0.tmp_0", "conv2d_1.w_0", "conv2d_1.tmp_0", 1, 0, 1);
    ElementwiseAdd("conv2d_1.tmp_0", "conv2d_1.b_0", "conv2d_1.tmp_1", 1);
    Var("hardswish_0.tmp_0", {-1, 16, 16, 16});
    cpp::OpDesc& hs =
        Op("hard_swish", {{"X", {"conv2d_1.tmp_1"}}}, {{"Out", {"hardswish_0.tmp_0"}}});
    hs.SetAttr<float>("threshold", 6.f);
    hs.SetAttr<float>("scale", 6.f);
    hs.SetAttr<float>("offset", 3.f);
    DeviceFlags(&hs, false);

    // Global average pool, flatten to [N, 16].
    Var("pool2d_0.tmp_0", {-1, 16, 1, 1});
    cpp::OpDesc& pool = Op("pool2d", {{"X", {"hardswish_0.tmp_0"}}}, {{"Out", {"pool2d_0.tmp_0"}}});
    pool.SetAttr<std::string>("pooling_type", "avg");
    pool.SetAttr<std::vector<int32_t>>("ksize", {1, 1});
    pool.SetAttr<bool>("global_pooling", true);
    pool.SetAttr<std::vector<int32_t>>("strides", {1, 1});
    pool.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
    pool.SetAttr<bool>("exclusive", true);
    pool.SetAttr<bool>("adaptive", false);
    pool.SetAttr<bool>("ceil_mode", false);
    pool.SetAttr<std::string>("data_format", "NCHW");
    pool.SetAttr<std::string>("padding_algorithm", "EXPLICIT");
    pool.SetAttr<bool>("is_test", true);
    DeviceFlags(&pool, true);
    Var("flatten_0.tmp_0", {-1, 16});
    Var("flatten_0.tmp_1", {0, -1, 16, 1, 1});  // XShape: [0] + the input dims
    cpp::OpDesc& flatten = Op("flatten_contiguous_range", {{"X", {"pool2d_0.tmp_0"}}},
                              {{"Out", {"flatten_0.tmp_0"}}, {"XShape", {"flatten_0.tmp_1"}}});
    flatten.SetAttr<int32_t>("start_axis", 1);
    flatten.SetAttr<int32_t>("stop_axis", 3);

    // Linear 16 -> 10, softmax, scale(1.0).
    HeWeight("linear_0.w_0", {16, kSampleModelClasses}, 16);
    Weight("linear_0.b_0", {kSampleModelClasses}, -0.1f, 0.1f);
    Var("linear_0.tmp_0", {-1, kSampleModelClasses});
    Var("linear_0.tmp_1", {-1, kSampleModelClasses});
    cpp::OpDesc& mm = Op("matmul_v2", {{"X", {"flatten_0.tmp_0"}}, {"Y", {"linear_0.w_0"}}},
                         {{"Out", {"linear_0.tmp_0"}}});
    mm.SetAttr<bool>("trans_x", false);
    mm.SetAttr<bool>("trans_y", false);
    DeviceFlags(&mm, false);
    ElementwiseAdd("linear_0.tmp_0", "linear_0.b_0", "linear_0.tmp_1", 1);
    Var("softmax_0.tmp_0", {-1, kSampleModelClasses});
    cpp::OpDesc& softmax =
        Op("softmax", {{"X", {"linear_0.tmp_1"}}}, {{"Out", {"softmax_0.tmp_0"}}});
    softmax.SetAttr<int32_t>("axis", -1);
    softmax.SetAttr<std::string>("data_format", "AnyLayout");
    softmax.SetAttr<bool>("is_test", true);
    DeviceFlags(&softmax, true);
    Var(kSampleModelOutput, {-1, kSampleModelClasses});
    cpp::OpDesc& scale =
        Op("scale", {{"X", {"softmax_0.tmp_0"}}}, {{"Out", {kSampleModelOutput}}});
    scale.SetAttr<float>("scale", 1.f);
    scale.SetAttr<float>("bias", 0.f);
    scale.SetAttr<bool>("bias_after_scale", true);
    cpp::OpDesc& fetch = Op("fetch", {{"X", {kSampleModelOutput}}}, {{"Out", {"fetch"}}});
    fetch.SetAttr<int32_t>("col", 0);
  }

 private:
  cpp::ProgramDesc* program_;
  Scope* scope_;
  cpp::BlockDesc* block_;
  SeededGenerator rng_{20240611};
};

}  // namespace

void BuildSampleModel(cpp::ProgramDesc* program, Scope* scope) {
  Builder builder(program, scope);
  builder.Build();
}

void InsertOpsBeforeFetch(const std::vector<std::string>& op_types, cpp::ProgramDesc* program) {
  cpp::BlockDesc& block = program->blocks.at(0);
  PLITE_CHECK(!block.ops.empty() && block.ops.back().Type() == "fetch",
              "InsertOpsBeforeFetch: the last op must be the fetch");
  cpp::OpDesc fetch = block.ops.back();
  block.ops.pop_back();
  std::string in = fetch.Input("X").at(0);
  for (size_t i = 0; i < op_types.size(); ++i) {
    const std::string out = op_types[i] + "_" + std::to_string(i) + ".tmp_0";
    cpp::VarDesc var;
    var.name = out;
    var.shape = {-1, kSampleModelClasses};
    block.vars.push_back(var);
    cpp::OpDesc op(op_types[i]);
    op.SetInput("X", {in});
    op.SetOutput("Out", {out});
    block.ops.push_back(op);
    in = out;
  }
  fetch.SetInput("X", {in});
  block.ops.push_back(fetch);
}

ModelFiles WriteSampleModel(const std::string& dir, bool combined,
                              const std::vector<std::string>& extra_ops) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  if (!extra_ops.empty()) InsertOpsBeforeFetch(extra_ops, &program);
  return SaveModelPb(dir, program, scope, combined);
}

}  // namespace lite
}  // namespace paddle
