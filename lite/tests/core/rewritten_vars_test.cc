// GiveEachWriteItsOwnVar: a program that writes a variable again after its last reader (as
// PaddleSlim's QAT exports do) gets one variable per value, passes the dataflow check, and
// computes what Paddle's in-order execution computes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/core/program_check.h"
#include "lite/tests/core/program_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// t = 2x; a = t + 1; t = 3x (again); y = a + t; fetch y and t.
Builder RewritingProgram() {
  Builder b({-1, 2});
  b.Op("scale", {{"X", "x"}}, {{"Out", "t"}}).SetAttr<float>("scale", 2.f);
  cpp::OpDesc& plus = b.Op("scale", {{"X", "t"}}, {{"Out", "a"}});
  plus.SetAttr<float>("scale", 1.f);
  plus.SetAttr<float>("bias", 1.f);
  b.Op("scale", {{"X", "x"}}, {{"Out", "t"}}).SetAttr<float>("scale", 3.f);
  b.Op("elementwise_add", {{"X", "a"}, {"Y", "t"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
  b.Fetch("y", 0);
  b.Fetch("t", 1);
  return b;
}

TEST(RewrittenVars, EachValueGetsItsOwnVariable) {
  cpp::ProgramDesc program = RewritingProgram().program();
  EXPECT_ANY_THROW(CheckDataflow(program, WriteRule::kOnce));
  GiveEachWriteItsOwnVar(&program);
  CheckDataflow(program, WriteRule::kOnce);
  const auto& ops = program.blocks[0].ops;
  // ops[0] is the feed: the first value of t is t@1 and its reader reads that; the last
  // keeps the name.
  EXPECT_EQ(ops[1].Output("Out"), std::vector<std::string>{"t@1"});
  EXPECT_EQ(ops[2].Input("X"), std::vector<std::string>{"t@1"});
  EXPECT_EQ(ops[3].Output("Out"), std::vector<std::string>{"t"});
  EXPECT_EQ(ops[4].Input("Y"), std::vector<std::string>{"t"});
  const cpp::VarDesc* renamed = program.blocks[0].FindVar("t@1");
  ASSERT_NE(renamed, nullptr);
  EXPECT_EQ(renamed->shape, program.blocks[0].FindVar("t")->shape);

  auto o = Optimize(program, kHostOnly, true);
  // y = (2x + 1) + 3x; t = 3x.
  EXPECT_EQ(o->Run(DDim({1, 2}), {1, 2}, 0), (std::vector<float>{6, 11}));
  EXPECT_EQ(o->Run(DDim({1, 2}), {1, 2}, 1), (std::vector<float>{3, 6}));
}

TEST(RewrittenVars, SingleWritesAndWritesInPlaceStay) {
  Builder b({-1, 2});
  b.Op("relu", {{"X", "x"}}, {{"Out", "t"}});
  b.Op("relu", {{"X", "t"}}, {{"Out", "t"}});  // in place: continues t's value
  b.Fetch("t", 0);
  cpp::ProgramDesc program = b.program();
  const cpp::ProgramDesc before = program;
  GiveEachWriteItsOwnVar(&program);
  ASSERT_EQ(program.blocks[0].ops.size(), before.blocks[0].ops.size());
  for (size_t i = 0; i < program.blocks[0].ops.size(); ++i) {
    EXPECT_EQ(program.blocks[0].ops[i].inputs(), before.blocks[0].ops[i].inputs());
    EXPECT_EQ(program.blocks[0].ops[i].outputs(), before.blocks[0].ops[i].outputs());
  }
  EXPECT_EQ(program.blocks[0].vars.size(), before.blocks[0].vars.size());
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
