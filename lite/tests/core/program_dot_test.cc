// ProgramToDot: every op and var is one node, one edge per op argument, inserted casts
// highlighted, names escaped. Expected counts are computed from the program description.
#include "lite/optimizer/program_dot.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lite/optimizer/optimizer.h"
#include "lite/core/program.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct DotGraph {
  std::map<std::string, std::string> node_attrs;  // node id -> its attribute text
  std::vector<std::string> edges;                 // "from -> to"
  std::multiset<std::string> labels;              // raw (escaped) labels of all nodes
};

// Reads the writer's one-statement-per-line output.
DotGraph ParseDot(const std::string& dot) {
  static const std::regex kNode(R"(^  (v\d+|op\d+) \[(.*)\];$)");
  static const std::regex kEdge(R"(^  (v\d+|op\d+) -> (v\d+|op\d+) \[.*\];$)");
  static const std::regex kLabel(R"(label=("(?:[^"\\]|\\.)*"))");
  DotGraph g;
  std::stringstream in(dot);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, kEdge)) {
      g.edges.push_back(m[1].str() + " -> " + m[2].str());
    } else if (std::regex_match(line, m, kNode)) {
      EXPECT_EQ(g.node_attrs.count(m[1].str()), 0u) << "node declared twice: " << line;
      g.node_attrs[m[1].str()] = m[2].str();
      std::smatch lm;
      const std::string attrs = m[2].str();
      if (std::regex_search(attrs, lm, kLabel)) g.labels.insert(lm[1].str());
    }
  }
  return g;
}

size_t CountArgs(const cpp::BlockDesc& block) {
  size_t n = 0;
  for (const auto& op : block.ops) {
    n += op.InputArgumentNames().size() + op.OutputArgumentNames().size();
  }
  return n;
}

cpp::VarDesc MakeVar(const std::string& name, bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.persistable = persistable;
  return v;
}

cpp::OpDesc MakeOp(const std::string& type, const cpp::OpDesc::ArgMap& in,
                   const cpp::OpDesc::ArgMap& out, const std::string& key) {
  cpp::OpDesc op(type);
  for (const auto& kv : in) op.SetInput(kv.first, kv.second);
  for (const auto& kv : out) op.SetOutput(kv.first, kv.second);
  op.SetAttr<std::string>(kKernelKeyAttr, key);
  return op;
}

// feed -> calib (fp32 -> int8) -> conv2d (int8, weight with a quote and a backslash) -> fetch.
cpp::ProgramDesc HandBuiltProgram() {
  cpp::ProgramDesc p;
  p.blocks.emplace_back();
  auto& b = p.blocks[0];
  b.vars = {MakeVar("feed", true), MakeVar("fetch", true), MakeVar("x", false),
            MakeVar("x/to_int8", false), MakeVar("w\"q\\z", true), MakeVar("y", false)};
  b.ops.push_back(MakeOp("feed", {{"X", {"feed"}}}, {{"Out", {"x"}}}, "feed,host,any,any,def"));
  b.ops.push_back(MakeOp("calib", {{"Input", {"x"}}}, {{"Out", {"x/to_int8"}}},
                         "calib,host,int8,NCHW,fp32_to_int8"));
  b.ops.push_back(MakeOp("conv2d", {{"Input", {"x/to_int8"}}, {"Filter", {"w\"q\\z"}}},
                         {{"Output", {"y"}}}, "conv2d,host,int8,NCHW,def"));
  b.ops.push_back(MakeOp("fetch", {{"X", {"y"}}}, {{"Out", {"fetch"}}}, "fetch,host,any,any,def"));
  return p;
}

TEST(ProgramDotTest, HandBuiltProgramNodesEdgesAndCastHighlight) {
  const cpp::ProgramDesc program = HandBuiltProgram();
  const std::string dot = ProgramToDot(program, "hand \"built\"");
  const DotGraph g = ParseDot(dot);
  const auto& block = program.blocks[0];

  EXPECT_EQ(g.node_attrs.size(), block.ops.size() + block.vars.size()) << dot;
  EXPECT_EQ(g.edges.size(), CountArgs(block)) << dot;
  EXPECT_EQ(g.edges.size(), 9u);  // feed 2, calib 2, conv2d 3, fetch 2
  EXPECT_NE(dot.find("digraph \"hand \\\"built\\\"\" {"), std::string::npos) << dot;

  // Each var once, by its escaped name; the weight's quote and backslash escaped.
  for (const auto& var : block.vars) {
    EXPECT_EQ(g.labels.count(DotQuote(var.name)), 1u) << var.name << "\n" << dot;
  }
  EXPECT_EQ(g.labels.count("\"w\\\"q\\\\z\""), 1u) << dot;

  // Op labels carry the picked kernel; only the calib is highlighted.
  EXPECT_EQ(g.labels.count("\"conv2d\\nhost/int8/NCHW def\""), 1u) << dot;
  int highlighted = 0;
  for (const auto& kv : g.node_attrs) {
    if (kv.second.find(kDotCastColor) == std::string::npos) continue;
    ++highlighted;
    EXPECT_NE(kv.second.find("label=\"calib\\nhost/int8/NCHW fp32_to_int8\""), std::string::npos)
        << kv.second;
  }
  EXPECT_EQ(highlighted, 1) << dot;

  // The weight is persistable-styled, the activation is not.
  int weights = 0, activations = 0;
  for (const auto& kv : g.node_attrs) {
    if (kv.second.find("label=\"w\\\"q\\\\z\"") != std::string::npos) {
      ++weights;
      EXPECT_NE(kv.second.find("filled"), std::string::npos) << kv.second;
    }
    if (kv.second.find("label=\"x\"") != std::string::npos) {
      ++activations;
      EXPECT_EQ(kv.second.find("filled"), std::string::npos) << kv.second;
    }
  }
  EXPECT_EQ(weights, 1);
  EXPECT_EQ(activations, 1);
}

TEST(ProgramDotTest, UndeclaredVarGetsOneDashedNode) {
  cpp::ProgramDesc program = HandBuiltProgram();
  auto& block = program.blocks[0];
  block.ops[3].SetInput("X", {"y", "stray"});
  block.ops[2].SetOutput("Output", {"y", "stray"});
  const DotGraph g = ParseDot(ProgramToDot(program, "g"));
  EXPECT_EQ(g.node_attrs.size(), block.ops.size() + block.vars.size() + 1);
  EXPECT_EQ(g.edges.size(), CountArgs(block));
  int dashed = 0;
  for (const auto& kv : g.node_attrs) {
    if (kv.second.find("dashed") != std::string::npos) {
      ++dashed;
      EXPECT_NE(kv.second.find("label=\"stray\""), std::string::npos);
    }
  }
  EXPECT_EQ(dashed, 1);
}

// True when the edges have no cycle (Kahn's algorithm over the parsed nodes).
bool Acyclic(const DotGraph& g) {
  std::map<std::string, int> indegree;
  std::multimap<std::string, std::string> next;
  for (const auto& kv : g.node_attrs) indegree[kv.first] = 0;
  for (const auto& e : g.edges) {
    const std::string from = e.substr(0, e.find(' ')), to = e.substr(e.rfind(' ') + 1);
    next.emplace(from, to);
    ++indegree[to];
  }
  std::vector<std::string> ready;
  for (const auto& kv : indegree) {
    if (kv.second == 0) ready.push_back(kv.first);
  }
  size_t visited = 0;
  while (!ready.empty()) {
    const std::string n = ready.back();
    ready.pop_back();
    ++visited;
    auto range = next.equal_range(n);
    for (auto it = range.first; it != range.second; ++it) {
      if (--indegree[it->second] == 0) ready.push_back(it->second);
    }
  }
  return visited == indegree.size();
}

cpp::ProgramDesc OptimizedSample(bool memory_optimize) {
  cpp::ProgramDesc program;
  Scope root;
  BuildSampleModel(&program, &root);
  OptimizerOptions options;
  options.memory_optimize = memory_optimize;
  return Optimize(program, &root.NewScope(), {Place(TargetType::kHost, PrecisionType::kFloat)},
                  DefaultPasses(options));
}

std::set<std::string> NamesOf(const cpp::BlockDesc& block) {
  std::set<std::string> names;
  for (const auto& v : block.vars) names.insert(v.name);
  for (const auto& op : block.ops) {
    for (const auto& n : op.InputArgumentNames()) names.insert(n);
    for (const auto& n : op.OutputArgumentNames()) names.insert(n);
  }
  return names;
}

TEST(ProgramDotTest, OptimizedSampleModelWithoutBufferReuse) {
  const cpp::ProgramDesc optimized = OptimizedSample(false);
  const auto& block = optimized.blocks[0];
  const std::string dot = ProgramToDot(optimized, "sample");
  const DotGraph g = ParseDot(dot);
  const std::set<std::string> names = NamesOf(block);
  // batch_norm is fused away, so every var is written at most once: one node each.
  for (const auto& op : block.ops) EXPECT_NE(op.Type(), "batch_norm");
  EXPECT_EQ(g.node_attrs.size(), block.ops.size() + names.size()) << dot;
  EXPECT_EQ(g.edges.size(), CountArgs(block)) << dot;
  for (const auto& name : names) EXPECT_EQ(g.labels.count(DotQuote(name)), 1u) << name;
  for (const auto& op : block.ops) {
    const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
    EXPECT_NE(key.find(",host,"), std::string::npos) << key;
    EXPECT_NE(dot.find("label=\"" + op.Type() + "\\nhost/"), std::string::npos) << op.Type();
  }
  EXPECT_TRUE(Acyclic(g)) << dot;
  // Nothing needs a cast on an all-host float model.
  EXPECT_EQ(dot.find(kDotCastColor), std::string::npos) << dot;
}

// memory_optimize makes later activations reuse earlier vars: those get a node per value,
// so the graph still follows the data without loops.
TEST(ProgramDotTest, OptimizedSampleModelWithBufferReuse) {
  const cpp::ProgramDesc optimized = OptimizedSample(true);
  const auto& block = optimized.blocks[0];
  const std::string dot = ProgramToDot(optimized, "sample");
  const DotGraph g = ParseDot(dot);
  const std::set<std::string> names = NamesOf(block);
  size_t rewrites = 0;  // writes to a var that an earlier op already wrote or read
  std::set<std::string> seen;
  for (const auto& op : block.ops) {
    for (const auto& n : op.InputArgumentNames()) seen.insert(n);
    for (const auto& n : op.OutputArgumentNames()) {
      if (seen.count(n)) ++rewrites;
      seen.insert(n);
    }
  }
  EXPECT_GT(rewrites, 0u) << "memory_optimize shared no buffer; this test needs it to";
  EXPECT_EQ(g.node_attrs.size(), block.ops.size() + names.size() + rewrites) << dot;
  EXPECT_EQ(g.edges.size(), CountArgs(block)) << dot;
  for (const auto& name : names) EXPECT_GE(g.labels.count(DotQuote(name)), 1u) << name;
  EXPECT_TRUE(Acyclic(g)) << dot;
}

TEST(ProgramDotTest, InPlaceWriteGetsANewNode) {
  cpp::ProgramDesc program = HandBuiltProgram();
  auto& block = program.blocks[0];
  block.vars.push_back(MakeVar("mean", true));
  block.ops[2].SetInput("Mean", {"mean"});
  block.ops[2].SetOutput("MeanOut", {"mean"});
  const DotGraph g = ParseDot(ProgramToDot(program, "g"));
  EXPECT_EQ(g.node_attrs.size(), block.ops.size() + block.vars.size() + 1);
  EXPECT_EQ(g.labels.count("\"mean\""), 2u);
  EXPECT_EQ(g.edges.size(), CountArgs(block));
  EXPECT_TRUE(Acyclic(g));
}

TEST(ProgramDotTest, EscapesQuotesBackslashesAndLineBreaks) {
  EXPECT_EQ(DotQuote("plain"), "\"plain\"");
  EXPECT_EQ(DotQuote("a\"b"), "\"a\\\"b\"");
  EXPECT_EQ(DotQuote("a\\b"), "\"a\\\\b\"");
  EXPECT_EQ(DotQuote("a\\"), "\"a\\\\\"");  // a trailing backslash must not eat the quote
  EXPECT_EQ(DotQuote("a\nb"), "\"a\\nb\"");
}

TEST(ProgramDotTest, EmptyProgramIsAnError) {
  ExpectErrorContaining([] { ProgramToDot(cpp::ProgramDesc{}, "g"); }, "no blocks");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
