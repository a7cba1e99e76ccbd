// The kAny data movement kernels inside an optimized program: an int64 index made by
// fill_constant feeds gather, then tile, flip and cumsum; the optimizer must pick the host
// kernels and insert no cast for the integer var. Values worked by hand.
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

TEST(DataMovementProgram, IndexChainRunsOptimized) {
  Builder b({-1, 3});
  cpp::OpDesc& fill = b.Op("fill_constant", {}, {{"Out", "idx"}});
  fill.SetAttr<std::vector<int64_t>>("shape", {2});
  fill.SetAttr<int32_t>("dtype", 3);
  fill.SetAttr<std::string>("str_value", "1");
  b.Op("gather", {{"X", "x"}, {"Index", "idx"}}, {{"Out", "g"}});
  b.Op("tile", {{"X", "g"}}, {{"Out", "t"}}).SetAttr<std::vector<int32_t>>("repeat_times", {1, 2});
  b.Op("flip", {{"X", "t"}}, {{"Out", "f"}}).SetAttr<std::vector<int32_t>>("axis", {1});
  b.Op("cumsum", {{"X", "f"}}, {{"Out", "c"}}).SetAttr<int32_t>("axis", 1);
  b.Fetch("c", 0);
  cpp::ProgramDesc program = b.program();
  for (cpp::VarDesc& v : program.blocks[0].vars) {
    if (v.name == "idx") v.precision = PrecisionType::kInt64;  // as Paddle's VarDesc says
  }
  for (const auto& places : {kHostOnly, kX86Host}) {
    auto o = Optimize(program, places, true);
    EXPECT_EQ(o->OpTypes(), (std::vector<std::string>{"feed", "fill_constant", "gather", "tile",
                                                      "flip", "cumsum", "fetch"}));
    // x = [[0 1 2], [3 4 5]]; idx = [1, 1]; g = [[3 4 5] x2]; t = [3 4 5 3 4 5] per row;
    // f = [5 4 3 5 4 3]; c = running sums.
    const std::vector<float> row = {5, 9, 12, 17, 21, 24};
    std::vector<float> expect = row;
    expect.insert(expect.end(), row.begin(), row.end());
    EXPECT_EQ(o->Run({2, 3}, {0, 1, 2, 3, 4, 5}), expect);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
