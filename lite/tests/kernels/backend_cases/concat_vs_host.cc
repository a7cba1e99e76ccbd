// concat backend kernels against the host kernel (the reference): exact (both copy). Two
// and three inputs on every axis of 3-D and 4-D inputs (negative too), the axis from
// AxisTensor, an empty input, a single input, batch > 1, and feature maps big enough to
// split over the threads (range edges inside inputs' runs, runs longer than one piece); 1,
// 2 and 3 threads, two runs each.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeConcat(const std::vector<std::vector<int64_t>>& dims, int axis) {
  OpCase c("concat");
  for (size_t i = 0; i < dims.size(); ++i) {
    const DDim d(dims[i]);
    c.Input("X", "x" + std::to_string(i), d,
            RandomVector(d.production(), -1.f, 1.f, 11 + static_cast<uint32_t>(i)));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", axis);
  return c;
}

void ExpectConcatSameAsHost(const Place& place, const OpCase& c, const std::string& trace) {
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(StrCat(trace, " threads=", threads));
    ExpectKernelMatchesHost(c, place, Tolerance{}, threads);
  }
}

void ExpectConcatSameAsHost(const Place& place, const std::vector<std::vector<int64_t>>& dims,
                            int axis) {
  ExpectConcatSameAsHost(place, MakeConcat(dims, axis),
                         StrCat("axis=", axis, " inputs=", dims.size(), " first", dims[0]));
}

TEST_P(ConcatVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("concat");
}

TEST_P(ConcatVsHost, EveryAxisMatchesHost) {
  for (const std::vector<int64_t>& shape : {std::vector<int64_t>{2, 3, 5},
                                            std::vector<int64_t>{2, 3, 5, 7}}) {
    const int rank = static_cast<int>(shape.size());
    for (int axis = -rank; axis < rank; ++axis) {
      const int a = axis < 0 ? axis + rank : axis;
      std::vector<std::vector<int64_t>> dims = {shape, shape, shape};
      dims[1][a] = 1;
      dims[2][a] = 4;
      ExpectConcatSameAsHost(place(), dims, axis);
    }
  }
  ExpectConcatSameAsHost(place(), {{3, 0, 4}, {3, 2, 4}}, 1);  // an empty input
  ExpectConcatSameAsHost(place(), {{7}}, 0);                   // a single input
}

TEST_P(ConcatVsHost, AxisFromAxisTensor) {
  OpCase c = MakeConcat({{2, 3, 5}, {2, 3, 2}}, 0);  // the tensor's axis wins
  c.IntInput("AxisTensor", "axis", DDim({1}), {-1});
  ExpectConcatSameAsHost(place(), c, "AxisTensor -1");
}

TEST_P(ConcatVsHost, FeatureMapsSplitOverThreads) {
  // SqueezeNet's fire concat (runs of 3 pieces + a partial one), a batch of 2, channel
  // concats of several outer slices, and many short segments.
  ExpectConcatSameAsHost(place(), {{1, 64, 56, 56}, {1, 64, 56, 56}}, 1);
  ExpectConcatSameAsHost(place(), {{2, 48, 29, 31}, {2, 17, 29, 31}, {2, 5, 29, 31}}, 1);
  ExpectConcatSameAsHost(place(), {{3, 7, 130, 129}, {3, 7, 3, 129}}, 2);
  ExpectConcatSameAsHost(place(), {{4000, 3}, {4000, 1}, {4000, 5}}, 1);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
