// blocked_layout_pass on a target it has never heard of: a test backend registers, on kARM
// (which this build has no kernels for), plain NCHW kernels and 4-channel blocked (NCHW4c)
// twins for a few test ops, each registration saying where it applies, plus the NCHW <->
// NCHW4c layout casts. The test checks the regions and casts the planner builds from those
// declarations alone: block size taken from the layout (8 and 12 channels pad well into
// 4-channel blocks, 5 do not), anchors and followers, the two-ops-per-cast rule, and the
// casts at each region's border. Nothing runs: the kernels are empty.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/tests/core/kernelless_op.h"
#include "lite/tests/core/program_test_util.h"

namespace paddle {
namespace lite {
namespace test {

constexpr DataLayoutType kBlocked4 = DataLayoutType::kNCHW4c;

template <DataLayoutType Layout>
class EmptyKernel : public KernelLite<TargetType::kARM, PrecisionType::kFloat, Layout> {
 public:
  void Run() override {}
};

// The test backend's rules, as a real backend's registrations would state them.
const Tensor* Filter(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  return w && w->dims().size() == 4 && ChannelsPadWell(w->dims()[0], kBlocked4) ? w : nullptr;
}
// Pointwise convolutions on blocked inputs whose channels pad well.
bool PointwiseOnBlocks(const KernelOpView& op) {
  const Tensor* w = Filter(op);
  return w && w->dims()[2] == 1 && w->dims()[3] == 1 && w->dims()[1] >= 4 &&
         ChannelsPadWell(w->dims()[1], kBlocked4);
}
// First convolutions: fewer input channels than a block, read as they come.
bool OnImage(const KernelOpView& op) {
  const Tensor* w = Filter(op);
  return w && w->dims()[1] < 4;
}
int64_t FilterChannels(const KernelOpView& op) { return op.WeightOf("Filter")->dims()[0]; }
// Concat along channels, every input but the last on whole blocks.
bool WholeBlocksBeforeLast(const KernelOpView& op) {
  const std::vector<std::string>& xs = op.desc().Input("X");
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    if (op.Channels(xs[i]) % 4 != 0) return false;
  }
  return true;
}
int64_t SumOfChannels(const KernelOpView& op) {
  int64_t sum = 0;
  for (const std::string& x : op.desc().Input("X")) sum += op.Channels(x);
  return sum;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle

#define PLITE_ARM_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(layout__))
using PlainKernel = paddle::lite::test::EmptyKernel<paddle::lite::DataLayoutType::kNCHW>;
using Blocked4Kernel = paddle::lite::test::EmptyKernel<paddle::lite::DataLayoutType::kNCHW4c>;

REGISTER_LITE_OPS((bt_conv, bt_relu, bt_pool, bt_concat, bt_softmax), paddle::lite::test::KernellessOp);

REGISTER_LITE_KERNELS((bt_conv, bt_relu, bt_pool, bt_concat, bt_softmax), kARM, kFloat, kNCHW, PlainKernel, def)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW)})
    .BindInput("X", {PLITE_ARM_TY(kNCHW)})
    .BindInput("Filter", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW)})
    .Finalize();
REGISTER_LITE_KERNEL(bt_conv, kARM, kFloat, kNCHW4c, Blocked4Kernel, def)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW4c)})
    .BindInput("Filter", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW4c)})
    .Applies(paddle::lite::test::PointwiseOnBlocks)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::test::FilterChannels)
    .Finalize();
REGISTER_LITE_KERNEL(bt_conv, kARM, kFloat, kNCHW4c, Blocked4Kernel, image)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW)})
    .BindInput("Filter", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW4c)})
    .Applies(paddle::lite::test::OnImage)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::test::FilterChannels)
    .Finalize();
REGISTER_LITE_KERNELS((bt_relu, bt_pool), kARM, kFloat, kNCHW4c, Blocked4Kernel, def)
    .BindInput("X", {PLITE_ARM_TY(kNCHW4c)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW4c)})
    .Finalize();
REGISTER_LITE_KERNEL(bt_concat, kARM, kFloat, kNCHW4c, Blocked4Kernel, def)
    .BindInput("X", {PLITE_ARM_TY(kNCHW4c)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW4c)})
    .Applies(paddle::lite::test::WholeBlocksBeforeLast)
    .BlockedChannels(paddle::lite::test::SumOfChannels)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kARM, kFloat, kNCHW4c, Blocked4Kernel, bt_nchw_to_nchw4c)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW4c)})
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kARM, kFloat, kNCHW, PlainKernel, bt_nchw4c_to_nchw)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW4c)})
    .BindOutput("Out", {PLITE_ARM_TY(kNCHW)})
    .Finalize();

namespace paddle {
namespace lite {
namespace test {
namespace {

const std::vector<Place> kArm = {Place(TargetType::kARM, PrecisionType::kFloat)};

// bt_conv `in` -> `out` with a [out_c, in_c, k, k] filter (values do not matter).
void AddConv(Builder* b, Weights* weights, const std::string& in, const std::string& out,
             int64_t in_c, int64_t out_c, int k) {
  const std::string w = out + "_w";
  const DDim dims({out_c, in_c, k, k});
  (*weights)[w] = {dims, std::vector<float>(dims.production(), 0.f)};
  b->AddVar(w, cpp::VarKind::kLodTensor, dims.Vectorize(), true);
  b->Op("bt_conv", {{"Input", in}, {"Filter", w}}, {{"Out", out}}, {{out, {-1, out_c, 8, 8}}});
}

void AddUnary(Builder* b, const std::string& type, const std::string& in, const std::string& out,
              int64_t channels) {
  b->Op(type, {{"X", in}}, {{"Out", out}}, {{out, {-1, channels, 8, 8}}});
}

void AddConcat(Builder* b, const std::vector<std::string>& ins, const std::string& out,
               int64_t channels) {
  b->Op("bt_concat", {{"X", ins[0]}}, {{"Out", out}}, {{out, {-1, channels, 8, 8}}})
      .SetInput("X", ins);
}

// Each op's kernel as "layout/alias", by the name of what it writes; a cast writes
// "<value>/to_<layout>".
std::map<std::string, std::string> Plan(const Builder& b, const Weights& weights) {
  OptimizerOptions options;
  options.fuse = false;
  options.memory_optimize = false;
  auto o = Optimize(b.program(), kArm, options, weights);
  std::map<std::string, std::string> plan;
  for (const auto& op : o->program.blocks[0].ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    std::vector<std::string> key;  // op,target,precision,layout,alias
    std::stringstream fields(op.GetAttr<std::string>(kKernelKeyAttr));
    for (std::string f; std::getline(fields, f, ',');) key.push_back(f);
    EXPECT_EQ(key.at(1), "arm") << op.Type();
    plan[op.Output("Out")[0]] = key.at(3) + "/" + key.at(4);
  }
  return plan;
}

// image -> conv (first, 3 -> 8) -> relu -> conv 1x1 (8 -> 12) -> pool -> conv 1x1 (12 -> 8)
// -> softmax (no blocked kernel): one region, one cast out of it. 8 channels are two whole
// 4-channel blocks (16-channel blocks would double them: those kernels would not apply).
TEST(BlockedLayoutPass, ChainOfAFourChannelLayout) {
  Weights weights;
  Builder b({-1, 3, 8, 8});
  AddConv(&b, &weights, "x", "c0", 3, 8, 3);
  AddUnary(&b, "bt_relu", "c0", "r0", 8);
  AddConv(&b, &weights, "r0", "c1", 8, 12, 1);
  AddUnary(&b, "bt_pool", "c1", "p1", 12);
  AddConv(&b, &weights, "p1", "c2", 12, 8, 1);
  AddUnary(&b, "bt_softmax", "c2", "s", 8);
  b.Fetch("s", 0);
  const std::map<std::string, std::string> expected = {
      {"c0", "NCHW4c/image"}, {"r0", "NCHW4c/def"}, {"c1", "NCHW4c/def"},
      {"p1", "NCHW4c/def"},   {"c2", "NCHW4c/def"}, {"c2/to_NCHW", "NCHW/bt_nchw4c_to_nchw"},
      {"s", "NCHW/def"}};
  EXPECT_EQ(Plan(b, weights), expected);
}

// Between ops without blocked kernels: a pointwise convolution (one blocked op, two casts)
// and a pointwise-relu-pointwise chain (three ops, two casts: ShuffleNetV2's branches ran
// slower so) stay plain; so do followers with no blocked input to follow.
TEST(BlockedLayoutPass, RegionsWithFewerThanTwoOpsPerCastStayPlain) {
  Weights weights;
  Builder b({-1, 8, 8, 8});
  AddUnary(&b, "bt_softmax", "x", "s0", 8);
  AddConv(&b, &weights, "s0", "c", 8, 8, 1);
  AddUnary(&b, "bt_softmax", "c", "s1", 8);
  AddUnary(&b, "bt_relu", "s1", "r", 8);
  AddConv(&b, &weights, "r", "c1", 8, 8, 1);
  AddUnary(&b, "bt_relu", "c1", "r1", 8);
  AddConv(&b, &weights, "r1", "c2", 8, 8, 1);
  AddUnary(&b, "bt_softmax", "c2", "s2", 8);
  b.Fetch("s2", 0);
  const std::map<std::string, std::string> expected = {
      {"s0", "NCHW/def"}, {"c", "NCHW/def"},  {"s1", "NCHW/def"}, {"r", "NCHW/def"},
      {"c1", "NCHW/def"}, {"r1", "NCHW/def"}, {"c2", "NCHW/def"}, {"s2", "NCHW/def"}};
  EXPECT_EQ(Plan(b, weights), expected);
}

// Where the kernels say they do not apply: a 3x3 convolution (pointwise only) and one
// writing 5 channels (two blocks for 5 is 1.6x) stay plain, and the region casts in and
// out at their borders; a concat with a padded input before the last stays plain, the
// same inputs the other way round run blocked (writing 8 + 6 = 14 channels). Eight blocked
// ops pay for the four casts.
TEST(BlockedLayoutPass, KernelConditionsDrawTheBorders) {
  Weights weights;
  Builder b({-1, 8, 8, 8});
  AddConv(&b, &weights, "x", "a", 8, 8, 1);
  AddConv(&b, &weights, "a", "b", 8, 8, 1);
  AddConv(&b, &weights, "b", "k3", 8, 8, 3);  // 3x3: plain
  AddConv(&b, &weights, "b", "five", 8, 5, 1);  // 5 channels: plain
  AddConv(&b, &weights, "b", "six", 8, 6, 1);   // 6 pad well into 8
  AddConcat(&b, {"b", "six"}, "whole_first", 14);
  AddConcat(&b, {"six", "b"}, "padded_first", 14);
  AddConv(&b, &weights, "whole_first", "d", 14, 8, 1);
  AddUnary(&b, "bt_relu", "d", "e", 8);
  AddUnary(&b, "bt_pool", "e", "f", 8);
  AddUnary(&b, "bt_relu", "f", "g", 8);
  b.Fetch("g", 0);
  b.Fetch("k3", 1);
  b.Fetch("five", 2);
  b.Fetch("padded_first", 3);
  const std::map<std::string, std::string> expected = {
      {"x/to_NCHW4c", "NCHW4c/bt_nchw_to_nchw4c"},
      {"a", "NCHW4c/def"},
      {"b", "NCHW4c/def"},
      {"b/to_NCHW", "NCHW/bt_nchw4c_to_nchw"},
      {"k3", "NCHW/def"},
      {"five", "NCHW/def"},
      {"six", "NCHW4c/def"},
      {"six/to_NCHW", "NCHW/bt_nchw4c_to_nchw"},
      {"whole_first", "NCHW4c/def"},
      {"padded_first", "NCHW/def"},
      {"d", "NCHW4c/def"},
      {"e", "NCHW4c/def"},
      {"f", "NCHW4c/def"},
      // A fetched var keeps its name: the cast writes it, its producer a var of its own.
      {"g/NCHW4c", "NCHW4c/def"},
      {"g", "NCHW/bt_nchw4c_to_nchw"}};
  EXPECT_EQ(Plan(b, weights), expected);
}

// Off, the plain kernels run everywhere.
TEST(BlockedLayoutPass, OptionOffKeepsThePlainLayout) {
  Weights weights;
  Builder b({-1, 3, 8, 8});
  AddConv(&b, &weights, "x", "c0", 3, 8, 1);
  AddConv(&b, &weights, "c0", "c1", 8, 8, 1);
  AddConv(&b, &weights, "c1", "c2", 8, 8, 1);
  b.Fetch("c2", 0);
  OptimizerOptions options;
  options.blocked_layout = false;
  auto o = Optimize(b.program(), kArm, options, weights);
  EXPECT_TRUE(o->Ops("layout").empty());
  for (const cpp::OpDesc* conv : o->Ops("bt_conv")) {
    EXPECT_EQ(conv->GetAttr<std::string>(kKernelKeyAttr), "bt_conv,arm,float,NCHW,def");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
