// transpose / transpose2 on x86, any permutation. The permutation is first simplified:
// size-1 dims are dropped and input dims that stay adjacent and in order are merged (the
// channel shuffle's [N, 2, 58, 28, 28] by [0, 2, 1, 3, 4] becomes [2, 58, 784] by [1, 0, 2]).
// Then either
//   - the last dim stays last: each output row is one memcpy of a contiguous input run, or
//   - it moves: the two dims trading places (input's last, output's last) are transposed
//     as a 2-D matrix in kTile x kTile blocks, once per index of the other dims.
// Work (rows, or tiles of the moved dim) splits over the predictor's pool when the tensor is
// big enough. The host kernel (one element at a time) is the reference.
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

constexpr int64_t kTile = 16;

// A permutation with merged dims: out dim i = in dim perm[i].
struct Permutation {
  std::vector<int64_t> in_dims;
  std::vector<int> perm;
};

Permutation Simplify(const DDim& dims, const std::vector<int>& axis) {
  // Keep the non-1 input dims, renumbered.
  std::vector<int> renumber(dims.size(), -1);
  std::vector<int64_t> kept;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] != 1) {
      renumber[d] = static_cast<int>(kept.size());
      kept.push_back(dims[d]);
    }
  }
  std::vector<int> perm;
  for (int a : axis) {
    if (renumber[a] >= 0) perm.push_back(renumber[a]);
  }
  // Merge output-adjacent dims that are input-adjacent in the same order.
  std::vector<std::vector<int>> groups;  // input dims of each merged dim, in output order
  for (int p : perm) {
    if (!groups.empty() && groups.back().back() + 1 == p) {
      groups.back().push_back(p);
    } else {
      groups.push_back({p});
    }
  }
  // Merged input dims are the groups in input order.
  std::vector<size_t> order(groups.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return groups[a][0] < groups[b][0]; });
  Permutation s;
  s.in_dims.resize(groups.size());
  s.perm.resize(groups.size());
  for (size_t rank = 0; rank < order.size(); ++rank) {
    int64_t size = 1;
    for (int d : groups[order[rank]]) size *= kept[d];
    s.in_dims[rank] = size;
    s.perm[order[rank]] = static_cast<int>(rank);
  }
  return s;
}

// A dim walked by an outer loop: its size and its element strides in X and Out.
struct Walk {
  int64_t size, in_stride, out_stride;
};

// Calls f(in_offset, out_offset) for the outer indices [begin, end) of `walks` (row-major).
template <typename F>
void ForOuter(const std::vector<Walk>& walks, int64_t begin, int64_t end, F&& f) {
  const size_t n = walks.size();
  std::vector<int64_t> index(n, 0);
  int64_t in_off = 0, out_off = 0, rest = begin;
  for (size_t i = n; i-- > 0;) {
    index[i] = rest % walks[i].size;
    rest /= walks[i].size;
    in_off += index[i] * walks[i].in_stride;
    out_off += index[i] * walks[i].out_stride;
  }
  for (int64_t k = begin; k < end; ++k) {
    f(in_off, out_off);
    for (size_t i = n; i-- > 0;) {
      in_off += walks[i].in_stride;
      out_off += walks[i].out_stride;
      if (++index[i] < walks[i].size) break;
      in_off -= walks[i].size * walks[i].in_stride;
      out_off -= walks[i].size * walks[i].out_stride;
      index[i] = 0;
    }
  }
}

// out[j * out_stride + i] = in[i * in_stride + j] for rows i in [i0, i1), j in [0, cols).
void TransposeBlock(const float* in, int64_t in_stride, int64_t i0, int64_t i1, int64_t cols,
                    float* out, int64_t out_stride) {
  for (int64_t jb = 0; jb < cols; jb += kTile) {
    const int64_t j1 = std::min(cols, jb + kTile);
    for (int64_t i = i0; i < i1; ++i) {
      const float* src = in + i * in_stride;
      for (int64_t j = jb; j < j1; ++j) out[j * out_stride + i] = src[j];
    }
  }
}

}  // namespace

class TransposeCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::TransposeParam>();
    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    const int64_t numel = param.x->numel();
    if (numel == 0) return;
    const Permutation p = Simplify(param.x->dims(), param.axis);
    const size_t rank = p.in_dims.size();
    if (rank <= 1) {
      std::memcpy(out, x, numel * sizeof(float));
      return;
    }
    std::vector<int64_t> in_stride(rank, 1), out_dims(rank), out_stride(rank, 1);
    for (size_t d = rank - 1; d-- > 0;) in_stride[d] = in_stride[d + 1] * p.in_dims[d + 1];
    for (size_t i = 0; i < rank; ++i) out_dims[i] = p.in_dims[p.perm[i]];
    for (size_t i = rank - 1; i-- > 0;) out_stride[i] = out_stride[i + 1] * out_dims[i + 1];
    const int64_t bytes = 2 * numel * static_cast<int64_t>(sizeof(float));

    const int last_in = static_cast<int>(rank) - 1;
    if (p.perm[rank - 1] == last_in) {
      // Rows of the input's last dim stay whole: one memcpy each.
      std::vector<Walk> walks;
      for (size_t i = 0; i + 1 < rank; ++i) {
        walks.push_back({out_dims[i], in_stride[p.perm[i]], out_stride[i]});
      }
      const int64_t row = p.in_dims[last_in];
      const int64_t rows = numel / row;
      const int tasks = CopyThreads(ctx(), bytes, rows);
      ParallelTasks(ctx(), tasks, [&](int t) {
        int64_t begin, end;
        TaskRange(rows, t, tasks, &begin, &end);
        ForOuter(walks, begin, end, [&](int64_t in_off, int64_t out_off) {
          std::memcpy(out + out_off, x + in_off, row * sizeof(float));
        });
      });
      return;
    }

    // The input's last dim (cols, output position q) and the output's last dim (input dim
    // perm[rank-1], rows) trade places as a 2-D transpose; the other dims are walked.
    const int row_dim = p.perm[rank - 1];
    size_t q = 0;
    while (p.perm[q] != last_in) ++q;
    const int64_t rows = p.in_dims[row_dim], cols = p.in_dims[last_in];
    std::vector<Walk> walks;
    for (size_t i = 0; i + 1 < rank; ++i) {
      if (i != q) walks.push_back({out_dims[i], in_stride[p.perm[i]], out_stride[i]});
    }
    const int64_t outer = numel / (rows * cols);
    const int64_t row_tiles = (rows + kTile - 1) / kTile;
    const int64_t items = outer * row_tiles;
    const int tasks = CopyThreads(ctx(), bytes, items);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(items, t, tasks, &begin, &end);
      for (int64_t item = begin; item < end;) {
        // Items are (outer index, row tile); take the tiles of one outer index at a time.
        const int64_t o = item / row_tiles;
        const int64_t tile_end = std::min(end, (o + 1) * row_tiles);
        const int64_t i0 = (item % row_tiles) * kTile;
        const int64_t i1 = std::min(rows, (tile_end - o * row_tiles) * kTile);
        ForOuter(walks, o, o + 1, [&](int64_t in_off, int64_t out_off) {
          TransposeBlock(x + in_off, in_stride[row_dim], i0, i1, cols, out + out_off,
                         out_stride[q]);
        });
        item = tile_end;
      }
    });
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((transpose, transpose2), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::TransposeCompute, def)
    .BindInput("X", {PLITE_X86_FLOAT_TY})
    .BindOutput("Out", {PLITE_X86_FLOAT_TY})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kAny), DATALAYOUT(kAny))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
