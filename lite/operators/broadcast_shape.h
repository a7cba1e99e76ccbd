// The broadcasting of Paddle's binary element-wise ops (elementwise_*, compare ops,
// logical ops), shared by their ops and kernels.
#pragma once

#include <string>
#include <vector>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {
namespace operators {

// X and Y brought to a common rank: the smaller operand padded with 1-dims so its dims
// line up with the larger one's starting at `axis`.
struct BroadcastShape {
  std::vector<int64_t> x_dims;
  std::vector<int64_t> y_dims;
  std::vector<int64_t> out_dims;
};

// Paddle's rule: the operand of smaller rank (Y when the ranks are equal) is aligned with
// the other's dims starting at `axis` (-1: its trailing dims). Trailing 1-dims of the
// smaller operand are dropped when it would not fit otherwise (Y [C, 1] at axis 1 of
// X [N, C]). Then each dim pair must be equal or contain a 1, numpy style, and Out takes
// the larger. Throws naming `op_type` and both shapes when they are incompatible.
BroadcastShape ElementwiseBroadcast(const DDim& x, const DDim& y, int axis,
                                    const std::string& op_type);

// numpy's rule for any number of operands (where): trailing dims aligned, every operand
// padded with leading 1-dims to the largest rank, each dim equal or 1. `names` name the
// operands in the error, which also names `op_type`.
struct MultiBroadcastShape {
  std::vector<std::vector<int64_t>> in_dims;  // at the output's rank
  std::vector<int64_t> out_dims;
};
MultiBroadcastShape NumpyBroadcast(const std::vector<DDim>& dims,
                                   const std::vector<std::string>& names,
                                   const std::string& op_type);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
