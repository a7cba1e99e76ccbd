// Conv fusions (conv2d, depthwise_conv2d and their transposes), run in this order by the
// optimizer:
//   conv_bn_fuse_pass:              conv -> batch_norm         => conv (scaled filter + bias)
//   conv_elementwise_add_fuse_pass: conv -> elementwise_add(w) => conv (+ bias)
//   conv_bn_fuse_pass again:        conv (+ bias) -> batch_norm (a bias add came first)
//   conv_activation_fuse_pass:      conv -> relu/relu6/...     => conv with epilogue act
// Weights are rewritten once in the weight scope; clones share the result.
#include <cmath>
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

bool IsTransposedConv(const Node& n) {
  return n.desc.Type() == "conv2d_transpose" || n.desc.Type() == "depthwise_conv2d_transpose";
}

bool IsConv(const Node& n) {
  return n.IsStmt() && (n.desc.Type() == "conv2d" || n.desc.Type() == "depthwise_conv2d" ||
                        IsTransposedConv(n));
}

// Output channels of a conv by its filter: [C_out, C_in/g, KH, KW], or for a transposed
// conv [C_in, C_out/g, KH, KW]. 0 when the filter is not 4-D or groups do not fit.
int64_t OutputChannels(const Node& conv, const Tensor& filter) {
  if (filter.dims().size() != 4) return 0;
  if (!IsTransposedConv(conv)) return filter.dims()[0];
  const int64_t groups = conv.desc.GetAttrOr<int32_t>("groups", 1);
  if (groups < 1 || filter.dims()[0] % groups != 0) return 0;
  return filter.dims()[1] * groups;
}

// Multiplies every filter element that feeds output channel c by alpha[c].
void ScaleFilterByOutputChannel(const Node& conv, Tensor* filter, const std::vector<float>& alpha) {
  float* w = filter->mutable_data_ptr<float>();
  const DDim& d = filter->dims();
  const int64_t taps = d[2] * d[3];
  if (!IsTransposedConv(conv)) {
    const int64_t per_channel = d[1] * taps;
    for (int64_t c = 0; c < d[0]; ++c) {
      for (int64_t i = 0; i < per_channel; ++i) w[c * per_channel + i] *= alpha[c];
    }
    return;
  }
  const int64_t groups = conv.desc.GetAttrOr<int32_t>("groups", 1);
  const int64_t in_per_group = d[0] / groups, out_per_group = d[1];
  for (int64_t ic = 0; ic < d[0]; ++ic) {
    for (int64_t k = 0; k < out_per_group; ++k) {
      const float a = alpha[ic / in_per_group * out_per_group + k];
      float* taps_of = w + (ic * out_per_group + k) * taps;
      for (int64_t i = 0; i < taps; ++i) taps_of[i] *= a;
    }
  }
}

// An int8 conv (int8_quantize_pass) keeps its int8 filter: the per-channel filter scales
// take the batch norm's factor instead (a negative one too: the epilogue multiplies).
void ScaleInt8FilterScales(Node* conv, const std::vector<float>& alpha) {
  auto scales = conv->desc.GetAttr<std::vector<float>>("Filter0_scale");
  for (size_t c = 0; c < scales.size() && c < alpha.size(); ++c) scales[c] *= alpha[c];
  conv->desc.SetAttr("Filter0_scale", scales);
}

// Whether a fusion may add into the conv's bias: it has none, or its own float weight of
// `channels` elements. A bias that is an activation (computed at run time) or shared with
// another op leaves the conv unfused.
bool ConvBiasIsFoldable(SSAGraph* graph, Node* conv, int64_t channels) {
  Node* bias = InputOf(conv, "Bias");
  if (bias == nullptr) return true;
  return IsPrivateWeight(graph, bias, conv) &&
         graph->weight_scope()->FindTensor(bias->name)->numel() == channels;
}

// The conv's bias tensor (ConvBiasIsFoldable), created (zeros) as a new weight when the conv
// has none yet.
float* ConvBias(SSAGraph* graph, Node* conv, int64_t channels) {
  if (Node* bias = InputOf(conv, "Bias")) {
    return graph->weight_scope()->FindMutableTensor(bias->name)->mutable_data_ptr<float>();
  }
  const std::string name = conv->desc.Input("Filter")[0] + "@fused_bias";
  Tensor* t = NewWeight(graph, name, DDim({channels}));
  float* b = t->mutable_data_ptr<float>();
  for (int64_t i = 0; i < channels; ++i) b[i] = 0.f;
  conv->desc.SetInput("Bias", {name});
  graph->Link(graph->NewArg(name), conv);
  return b;
}

// The conv stmts of the graph, collected first since fusions edit the node list.
std::vector<Node*> Convs(SSAGraph* graph) {
  std::vector<Node*> convs;
  for (auto& n : graph->nodes()) {
    if (IsConv(n)) convs.push_back(&n);
  }
  return convs;
}

}  // namespace

class ConvBnFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* conv : Convs(graph)) {
      Node* out = OutputOf(conv, "Output");
      Node* bn = SoleConsumer(out);
      if (!bn || bn->desc.Type() != "batch_norm" || !OtherOutputsUnused(bn, "Y")) continue;
      if (conv->desc.HasAttr("act_type") || InputOf(bn, "X") != out) continue;
      Node* filter = InputOf(conv, "Filter");
      const bool int8 = conv->desc.GetAttrOr<bool>("enable_int8", false);
      const PrecisionType filter_precision = int8 ? PrecisionType::kInt8 : PrecisionType::kFloat;
      if (!IsPrivateWeight(graph, filter, conv, filter_precision)) continue;
      Scope* w = graph->weight_scope();
      const Tensor* scale = w->FindTensor(bn->desc.Input("Scale")[0]);
      const Tensor* shift = w->FindTensor(bn->desc.Input("Bias")[0]);
      const Tensor* mean = w->FindTensor(bn->desc.Input("Mean")[0]);
      const Tensor* var = w->FindTensor(bn->desc.Input("Variance")[0]);
      Tensor* weights = w->FindMutableTensor(filter->name);
      const int64_t channels = OutputChannels(*conv, *weights);
      if (channels == 0 || !scale || !shift || !mean || !var || scale->numel() != channels ||
          shift->numel() != channels || mean->numel() != channels || var->numel() != channels ||
          !ConvBiasIsFoldable(graph, conv, channels)) {
        continue;
      }
      const float eps = bn->desc.GetAttrOr<float>("epsilon", 1e-5f);
      float* bias = ConvBias(graph, conv, channels);
      std::vector<float> alpha(channels);
      for (int64_t c = 0; c < channels; ++c) {
        alpha[c] = scale->data<float>()[c] / std::sqrt(var->data<float>()[c] + eps);
        bias[c] = (bias[c] - mean->data<float>()[c]) * alpha[c] + shift->data<float>()[c];
      }
      if (int8) {
        ScaleInt8FilterScales(conv, alpha);
      } else {
        ScaleFilterByOutputChannel(*conv, weights, alpha);
      }
      FoldInto(graph, conv, "Output", bn, "Y");
    }
  }
};

class ConvElementwiseAddFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* conv : Convs(graph)) {
      Node* out = OutputOf(conv, "Output");
      Node* add = SoleConsumer(out);
      if (!add || add->desc.Type() != "elementwise_add" || InputOf(add, "X") != out) continue;
      if (conv->desc.HasAttr("act_type") || add->desc.HasAttr("act_type")) continue;
      Node* y = InputOf(add, "Y");
      const Tensor* filter = graph->weight_scope()->FindTensor(conv->desc.Input("Filter")[0]);
      if (!y || !y->persistable || !filter) continue;
      const Tensor* addend = graph->weight_scope()->FindTensor(y->name);
      const int64_t channels = OutputChannels(*conv, *filter);
      if (channels == 0 || !addend || addend->precision() != PrecisionType::kFloat ||
          !IsChannelVector(addend->dims(), add->desc.GetAttrOr<int32_t>("axis", -1), channels) ||
          !ConvBiasIsFoldable(graph, conv, channels)) {
        continue;
      }
      float* bias = ConvBias(graph, conv, channels);
      for (int64_t c = 0; c < channels; ++c) bias[c] += addend->data<float>()[c];
      FoldInto(graph, conv, "Output", add, "Out");
    }
  }

 private:
  // Whether Y, broadcast onto an NCHW conv output at `axis`, adds one value per channel.
  static bool IsChannelVector(const DDim& y, int axis, int64_t channels) {
    if (y.production() != channels) return false;
    // int64: a fuzzed axis may be INT_MAX.
    const int64_t start = axis < 0 ? 4 - static_cast<int64_t>(y.size()) : axis;
    if (start < 0 || start + static_cast<int64_t>(y.size()) > 4) return false;
    for (size_t j = 0; j < y.size(); ++j) {
      const int64_t pos = start + static_cast<int64_t>(j);
      if (y[j] != (pos == 1 ? channels : 1)) return false;
    }
    return true;
  }
};

class ConvActivationFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* conv : Convs(graph)) {
      if (conv->desc.HasAttr("act_type")) continue;
      Node* out = OutputOf(conv, "Output");
      Node* act = SoleConsumer(out);
      if (!act || !operators::IsFusableActivation(act->desc.Type())) continue;
      operators::WriteFusedActivation(act->desc, &conv->desc);
      FoldInto(graph, conv, "Output", act, "Out");
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(conv_bn_fuse_pass, paddle::lite::mir::ConvBnFusePass);
REGISTER_MIR_PASS(conv_elementwise_add_fuse_pass, paddle::lite::mir::ConvElementwiseAddFusePass);
REGISTER_MIR_PASS(conv_activation_fuse_pass, paddle::lite::mir::ConvActivationFusePass);
