#include "lite/operators/broadcast_shape.h"

#include <algorithm>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace operators {

BroadcastShape ElementwiseBroadcast(const DDim& x, const DDim& y, int axis,
                                    const std::string& op_type) {
  const bool x_is_larger = x.size() >= y.size();
  const std::vector<int64_t>& larger = x_is_larger ? x.Vectorize() : y.Vectorize();
  std::vector<int64_t> smaller = x_is_larger ? y.Vectorize() : x.Vectorize();
  const int64_t rank = static_cast<int64_t>(larger.size());
  const int64_t rank_diff = rank - static_cast<int64_t>(smaller.size());

  // Negative axes count from the end as Paddle does: -1 aligns the trailing dims.
  const int64_t start = axis < 0 ? rank_diff + axis + 1 : axis;
  PLITE_CHECK(start >= 0 && start <= rank, op_type, ": axis ", axis,
              " is out of range for X", x, " and Y", y);
  while (!smaller.empty() && start + static_cast<int64_t>(smaller.size()) > rank &&
         smaller.back() == 1) {
    smaller.pop_back();
  }
  PLITE_CHECK(start + static_cast<int64_t>(smaller.size()) <= rank, op_type, ": X", x,
              " and Y", y, " cannot be aligned at axis ", axis);

  std::vector<int64_t> padded(rank, 1);
  for (size_t i = 0; i < smaller.size(); ++i) padded[start + i] = smaller[i];

  BroadcastShape shape;
  shape.x_dims = x_is_larger ? larger : padded;
  shape.y_dims = x_is_larger ? padded : larger;
  shape.out_dims.resize(rank);
  for (int64_t i = 0; i < rank; ++i) {
    const int64_t a = shape.x_dims[i];
    const int64_t b = shape.y_dims[i];
    PLITE_CHECK(a == b || a == 1 || b == 1, op_type, ": X", x, " and Y", y,
                " cannot be broadcast at axis ", axis, " (dim ", i, ": ", a, " vs ", b, ")");
    shape.out_dims[i] = a == 1 ? b : a;
  }
  return shape;
}

MultiBroadcastShape NumpyBroadcast(const std::vector<DDim>& dims,
                                   const std::vector<std::string>& names,
                                   const std::string& op_type) {
  size_t rank = 0;
  for (const DDim& d : dims) rank = std::max(rank, d.size());
  MultiBroadcastShape shape;
  shape.out_dims.assign(rank, 1);
  for (const DDim& d : dims) {
    std::vector<int64_t> padded(rank - d.size(), 1);
    for (size_t i = 0; i < d.size(); ++i) padded.push_back(d[i]);
    shape.in_dims.push_back(padded);
  }
  for (size_t i = 0; i < rank; ++i) {
    for (size_t k = 0; k < dims.size(); ++k) {
      const int64_t v = shape.in_dims[k][i];
      if (v == 1) continue;
      if (shape.out_dims[i] == 1) {
        shape.out_dims[i] = v;
        continue;
      }
      if (v == shape.out_dims[i]) continue;
      std::string shapes;
      for (size_t j = 0; j < dims.size(); ++j) {
        shapes += (j ? ", " : "") + names[j] + StrCat(dims[j].Vectorize());
      }
      PLITE_THROW("op '", op_type, "': ", shapes, " cannot be broadcast (dim ", i,
                  " of the aligned shapes: ", v, " vs ", shape.out_dims[i], ")");
    }
  }
  return shape;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
