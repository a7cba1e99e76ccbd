// int8_chain_pass: int8 layers pass int8 activations to the int8 layers reading them.
//
// An int8 op (int8_quantize_pass) quantizes its float input with its Input0_scale and
// writes floats. Where every reader of an int8 op's output is itself an int8 op whose
// kernel chains (KernelInfo::chains_int8: it reads the int8 values an int8 producer wrote)
// with one Input0_scale and the rounding of the producer, the producer writes those
// readers' int8 values itself: it gets Output0_scale (Paddle Lite's attribute) and the var
// the int8 precision. Both quantize the same float the same way (x86 NCHW16c:
// lite/backends/x86/math/nchwc_int8/nchwc_int8_io.h; ARM NCHW: QuantizeToInt8 of
// lite/backends/arm/math/gemm_int8/igemm.h), so the chained plan computes the unchained
// plan's numbers, storing and reading a quarter of the bytes.
//
// Left in float: outputs a fetch, a weight or a second producer touches, outputs read by
// any op without a chaining kernel (pooling, residual adds, layout casts), by an op in a
// different layout, or under another argument than the data input. Runs after the type
// passes, on the kernels they settled, and before memory_optimize_pass (buffers shared by
// vars of either precision grow to the largest).
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"
#include "lite/utils/log.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

// The data input and output of the op types whose kernels chain (convolutions).
struct DataArgs {
  const char* input;
  const char* output;
};
bool DataArgsOf(const std::string& type, DataArgs* args) {
  if (type == "conv2d" || type == "depthwise_conv2d") {
    *args = {"Input", "Output"};
    return true;
  }
  return false;
}

// An op marked int8 whose picked kernel chains.
bool ChainingInt8Op(const Node* stmt, DataArgs* args) {
  return stmt->IsStmt() && stmt->picked && stmt->picked->info().chains_int8 &&
         stmt->desc.GetAttrOr<bool>("enable_int8", false) && DataArgsOf(stmt->desc.Type(), args);
}

// Whether `reader` reads `arg` as its data input only.
bool ReadsOnlyAsData(const Node* reader, const std::string& arg, const DataArgs& args) {
  for (const auto& [param, names] : reader->desc.inputs()) {
    for (const std::string& name : names) {
      if (name == arg && (param != args.input || names.size() != 1)) return false;
    }
  }
  return reader->desc.Input(args.input) == std::vector<std::string>{arg};
}

float InputScale(const Node* stmt, const char* input) {
  const auto scale = stmt->desc.GetAttrOr<std::vector<float>>(std::string(input) + "0_scale", {});
  return scale.size() == 1 ? scale[0] : 0.f;
}

int RoundType(const Node* stmt) { return stmt->desc.GetAttrOr<int32_t>("quant_round_type", 1); }

// The scale every reader of `out` quantizes it with, when all of them chain alike; 0 if not.
float ChainedScale(const Node* producer, const Node* out) {
  if (out->persistable || out->inlinks.size() != 1 || out->outlinks.empty() ||
      ReadByFetch(out)) {
    return 0.f;
  }
  float scale = 0.f;
  for (const Node* reader : out->outlinks) {
    DataArgs args;
    if (!ChainingInt8Op(reader, &args) || !ReadsOnlyAsData(reader, out->name, args) ||
        reader->picked->info().place.layout != producer->picked->info().place.layout ||
        RoundType(reader) != RoundType(producer)) {
      return 0.f;
    }
    const float s = InputScale(reader, args.input);
    if (!(s > 0.f) || (scale != 0.f && s != scale)) return 0.f;
    scale = s;
  }
  return scale;
}

}  // namespace

class Int8ChainPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      DataArgs args;
      if (!ChainingInt8Op(stmt, &args) || stmt->desc.HasAttr("Output0_scale")) continue;
      Node* out = OutputOf(stmt, args.output);
      if (!out) continue;
      const float scale = ChainedScale(stmt, out);
      if (scale == 0.f) continue;
      stmt->desc.SetAttr("Output0_scale", std::vector<float>{scale});
      out->type.precision = PrecisionType::kInt8;
      PLITE_VLOG(2) << stmt->desc.Type() << " writes " << out->name << " in int8 for "
                    << out->outlinks.size() << " int8 reader(s)";
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(int8_chain_pass, paddle::lite::mir::Int8ChainPass);
