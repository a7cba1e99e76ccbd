// weight_int8_snap_pass: a float weight whose rows are int8 levels times one factor to
// within float32 rounding (lite/utils/int8_weights.h: a quantization-aware-trained filter
// that stays float, after weight_quantize_fold_pass and the batch norm fusion scaled it) is
// set to exactly those products. The change is within the few ulps those folds rounded,
// and it makes the weight exactly what a .nb stores in int8 (a quarter of its bytes), so a
// .nb plan computes the same numbers as the plan it was written from. Float weights of a
// float model are no such products and stay as they are. Runs after the fusions.
#include <string>

#include "lite/optimizer/pass.h"
#include "lite/utils/int8_weights.h"

namespace paddle {
namespace lite {
namespace mir {

class WeightInt8SnapPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node& node : graph->nodes()) {
      if (!node.IsArg() || !node.persistable) continue;
      Tensor* w = graph->weight_scope()->FindMutableTensor(node.name);
      if (!w || w->precision() != PrecisionType::kFloat || w->dims().size() < 2 ||
          w->dims()[0] <= 0) {
        continue;
      }
      const int64_t rows = w->dims()[0], cols = w->numel() / rows;
      Int8Rows encoded;
      const float* values = w->data<float>();
      if (EncodeInt8Rows(values, rows, cols, 0.f, &encoded)) continue;  // exact already
      if (!EncodeInt8Rows(values, rows, cols, kInt8SnapTolerance, &encoded)) continue;
      DecodeInt8Rows(encoded.levels.data(), encoded.scales.data(), rows, cols,
                     w->mutable_data_ptr<float>());
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(weight_int8_snap_pass, paddle::lite::mir::WeightInt8SnapPass);
