// What a kernel's registration may ask of the op it would serve, before anything runs: the
// op's attributes, its weights and what is known of its activations' shapes. The optimizer
// answers from its graph; a registration's conditions (KernelInfo::applies) read it to say
// where the kernel applies ("1x1 or 3x3, one group, channels that pad well").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

class KernelOpView {
 public:
  virtual ~KernelOpView() = default;

  virtual const cpp::OpDesc& desc() const = 0;
  // The weight (a persistable tensor) named `var`, or nullptr.
  virtual const Tensor* Weight(const std::string& var) const = 0;
  // The declaration of the variable `var` (an input or output of the op), or nullptr.
  virtual const cpp::VarDesc* FindVarDesc(const std::string& var) const = 0;

  // Known dims of `var`: its declared shape when every dim after the first (the batch) is
  // known, else empty.
  virtual std::vector<int64_t> Dims(const std::string& var) const {
    const cpp::VarDesc* declared = FindVarDesc(var);
    if (!declared) return {};
    for (size_t i = 1; i < declared->shape.size(); ++i) {
      if (declared->shape[i] <= 0) return {};
    }
    return declared->shape;
  }
  // The rank `var` is declared with (dims of unknown size count), 0 where undeclared.
  virtual size_t Rank(const std::string& var) const {
    const cpp::VarDesc* declared = FindVarDesc(var);
    return declared ? declared->shape.size() : 0;
  }
  // Channels (dim 1) of `var`: for a value the optimizer has moved to a channel-blocked
  // layout, the channels it tracked; otherwise from Dims; -1 when unknown.
  virtual int64_t Channels(const std::string& var) const {
    const std::vector<int64_t> dims = Dims(var);
    return dims.size() >= 2 ? dims[1] : -1;
  }

  // The first variable of input / output argument `arg` ("" when the op has none).
  std::string Input(const std::string& arg) const { return First(desc().Input(arg)); }
  std::string Output(const std::string& arg) const { return First(desc().Output(arg)); }
  // The weight bound to input argument `arg` ("Filter"), or nullptr.
  const Tensor* WeightOf(const std::string& arg) const {
    const std::string var = Input(arg);
    return var.empty() ? nullptr : Weight(var);
  }

 private:
  static std::string First(const std::vector<std::string>& vars) {
    return vars.empty() ? std::string() : vars[0];
  }
};

// Where a kernel applies, and the channels a channel-blocked kernel writes (-1: unknown).
using KernelCondition = std::function<bool(const KernelOpView&)>;
using ChannelRule = std::function<int64_t(const KernelOpView&)>;
// Appends the names of the backend math specializations (lite/utils/tailored_math.h) the
// kernel runs for the op; a name it cannot rule out (a shape unknown before the model runs)
// counts as run.
using MathSpecializationRule = void (*)(const KernelOpView&, std::vector<std::string>*);

}  // namespace lite
}  // namespace paddle
