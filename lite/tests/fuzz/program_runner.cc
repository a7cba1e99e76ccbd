#include "lite/tests/fuzz/program_runner.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "lite/core/program.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace fuzz {

namespace {

constexpr int64_t kTooMany = std::numeric_limits<int64_t>::max();

// Elements of `dims`, saturating at kTooMany (a fuzzed shape may overflow int64); a
// negative dim counts as too many, since no kernel should see one.
int64_t Elements(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) return kTooMany;
  }
  return n;
}
int64_t Elements(const Tensor& t) { return Elements(t.dims().Vectorize()); }

int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? kTooMany : sum;
}
int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? kTooMany : product;
}

const Tensor* InputOf(const OpLite& op, const std::string& param) {
  const cpp::OpDesc& desc = op.op_info();
  if (!desc.HasInput(param)) return nullptr;
  return op.scope()->FindTensor(desc.Input(param)[0]);
}

// Estimated work of each output element: the inputs reduced into it.
int64_t WorkPerOutput(const OpLite& op, int64_t outputs) {
  int64_t per_output = 1;
  // Conv: Cin / groups x kh x kw products per output element.
  if (const Tensor* filter = InputOf(op, "Filter")) {
    const int64_t cout = filter->dims().empty() ? 1 : std::max<int64_t>(filter->dims()[0], 1);
    per_output = std::max(per_output, Elements(*filter) / cout);
  }
  // Matrix products: K products per output element, K = weight elements / output columns.
  const std::string& type = op.Type();
  if (type == "mul" || type == "fc" || type == "matmul" || type == "matmul_v2") {
    for (const char* param : {"Y", "W"}) {
      const Tensor* weight = InputOf(op, param);
      if (weight == nullptr) continue;
      int64_t columns = 1;
      for (const Tensor* out : op.output_tensors()) {
        if (!out->dims().empty()) columns = std::max<int64_t>(columns, out->dims().Vectorize().back());
      }
      per_output = std::max(per_output, Elements(*weight) / columns);
    }
  }
  // Pooling: a window per output element.
  for (int64_t k : op.op_info().GetAttrOr<std::vector<int32_t>>("ksize", {})) {
    if (k > 0) per_output = SaturatingMul(per_output, k);
  }
  // Non-maximum suppression compares every pair of boxes.
  if (type == "multiclass_nms") {
    if (const Tensor* boxes = InputOf(op, "BBoxes")) {
      per_output = std::max(per_output, Elements(*boxes));
    }
  }
  // Any reduction (softmax rows, global pooling): the inputs spread over the outputs.
  int64_t largest_input = 0;
  for (const Tensor* in : op.input_tensors()) largest_input = std::max(largest_input, Elements(*in));
  per_output = std::max(per_output, largest_input / std::max<int64_t>(outputs, 1));
  return per_output;
}

// Work of one op with its output dims inferred; kTooMany when any output is over the limit.
int64_t OpWork(const OpLite& op, const RunLimits& limits) {
  int64_t outputs = 0;
  for (const Tensor* out : op.output_tensors()) {
    const int64_t n = Elements(*out);
    if (n > limits.tensor_elements) return kTooMany;
    outputs = SaturatingAdd(outputs, n);
  }
  int64_t work = SaturatingMul(outputs, WorkPerOutput(op, outputs));
  for (const Tensor* in : op.input_tensors()) work = SaturatingAdd(work, Elements(*in));
  // A transposed conv scatters every input element over Cout/groups x kh x kw taps, however
  // few of the outputs its paddings keep.
  const Tensor* filter = InputOf(op, "Filter");
  const Tensor* input = InputOf(op, "Input");
  if (filter && input && op.Type().find("_transpose") != std::string::npos) {
    const int64_t cin = filter->dims().empty() ? 1 : std::max<int64_t>(filter->dims()[0], 1);
    work = SaturatingAdd(work, SaturatingMul(Elements(*input), Elements(*filter) / cin));
  }
  return work;
}

// A fixed small value for element i: a few distinct values, negative ones too, and for
// integers valid small indices (0, 1, 2).
template <typename T>
void Fill(Tensor* t) {
  T* data = t->mutable_data<T>();
  for (int64_t i = 0; i < t->numel(); ++i) {
    if constexpr (std::is_floating_point<T>::value) {
      data[i] = static_cast<T>((i * 37 % 17) - 8) / 8;
    } else if constexpr (std::is_same<T, bool>::value) {
      data[i] = i % 2 == 0;
    } else {
      data[i] = static_cast<T>(i % 3);
    }
  }
}

// Allocates and fills `t` with `precision` elements; false for a precision no input has.
bool FillInput(PrecisionType precision, Tensor* t) {
  switch (precision) {
    case PrecisionType::kFloat: Fill<float>(t); return true;
    case PrecisionType::kFP64: Fill<double>(t); return true;
    case PrecisionType::kInt8: Fill<int8_t>(t); return true;
    case PrecisionType::kUInt8: Fill<uint8_t>(t); return true;
    case PrecisionType::kInt16: Fill<int16_t>(t); return true;
    case PrecisionType::kInt32: Fill<int32_t>(t); return true;
    case PrecisionType::kInt64: Fill<int64_t>(t); return true;
    case PrecisionType::kBool: Fill<bool>(t); return true;
    case PrecisionType::kFP16: {
      float16* data = t->mutable_data<float16>();
      for (int64_t i = 0; i < t->numel(); ++i) data[i] = FloatToHalf(static_cast<float>(i % 5) / 4);
      return true;
    }
    default: return false;
  }
}

// The dims an input gets: the declared ones, unknown (-1) ones made small, and the largest
// halved until the input has at most `max_elements` (a real model's 224x224 image becomes
// 112x112, so its kernels still run).
std::vector<int64_t> InputDims(const cpp::VarDesc* var, int64_t max_elements) {
  if (var == nullptr || var->shape.empty()) return {1};
  std::vector<int64_t> dims = var->shape;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) dims[i] = i == 0 ? 1 : 8;
  }
  while (Elements(dims) > max_elements) {
    int64_t& largest = *std::max_element(dims.begin(), dims.end());
    largest -= largest / 2;
  }
  return dims;
}

// The predictor's check of the feed and fetch ops (ProgramPredictor::BuildRuntime): their
// cols number the inputs and outputs 0..n-1, each once. The fetch kernel grows the fetch
// list to its col, so a col of 2^31 must not reach it.
void CheckIoCols(const cpp::BlockDesc& block, const std::string& op_type) {
  std::set<int> cols;
  for (const auto& op : block.ops) {
    if (op.Type() != op_type) continue;
    PLITE_CHECK(cols.insert(op.GetAttr<int32_t>("col")).second, op_type, " col ",
                op.GetAttr<int32_t>("col"), " is used twice");
  }
  PLITE_CHECK(cols.empty() || (*cols.begin() == 0 && *cols.rbegin() == static_cast<int>(cols.size()) - 1),
              op_type, " cols are not 0..n-1");
}

// Sets every feed's input in the feed list, as a user does through the predictor (which
// refuses empty inputs). False when an input cannot be made.
bool SetInputs(const cpp::BlockDesc& block, Scope* exec_scope, const RunLimits& limits) {
  for (const auto& op : block.ops) {
    if (op.Type() != "feed") continue;
    // The feed op's Attach has checked its arguments and attribute.
    Variable* list_var = exec_scope->FindVar(op.Input("X")[0]);
    const int col = op.GetAttr<int32_t>("col");
    if (list_var == nullptr || !list_var->IsType<TensorList>() || col < 0 || col >= limits.feeds) {
      return false;
    }
    auto* list = list_var->GetMutable<TensorList>();
    if (list->size() <= static_cast<size_t>(col)) list->resize(col + 1);
    const cpp::VarDesc* var = block.FindVar(op.Output("Out")[0]);
    const std::vector<int64_t> dims = InputDims(var, limits.feed_elements);
    if (Elements(dims) == 0) return false;  // the predictor refuses an empty input
    Tensor& input = (*list)[col];
    input.Resize(DDim(dims));
    if (!FillInput(var ? var->precision : PrecisionType::kFloat, &input)) return false;
  }
  return true;
}

}  // namespace

bool RunOnSmallInputs(const cpp::ProgramDesc& program, Scope* exec_scope,
                      const RunLimits& limits) {
  RuntimeProgram runtime(program, exec_scope, 1);
  CheckIoCols(program.blocks[0], "feed");
  CheckIoCols(program.blocks[0], "fetch");
  if (!SetInputs(program.blocks[0], exec_scope, limits)) return false;
  // Each op's work is bounded after its shape inference, before its kernel launches.
  int64_t work = 0;
  bool over_budget = false;
  for (Instruction& inst : runtime.mutable_instructions()) {
    inst.RunWith([&](KernelBase& kernel) {
      work = SaturatingAdd(work, OpWork(inst.op(), limits));
      over_budget = work > limits.work;
      if (!over_budget) kernel.Launch();
    });
    if (over_budget) return false;
  }
  return true;
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
