#include "lite/core/program_check.h"

#include <map>
#include <memory>
#include <set>
#include <string>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {

namespace {

bool IsList(const cpp::VarDesc& var) {
  return var.kind == cpp::VarKind::kFeedList || var.kind == cpp::VarKind::kFetchList;
}

std::string OpName(size_t index, const cpp::OpDesc& op) {
  return StrCat("op ", index, " ('", op.Type(), "')");
}

}  // namespace

void CheckDataflow(const cpp::ProgramDesc& program, WriteRule rule) {
  PLITE_CHECK(!program.blocks.empty(), "the program has no blocks");
  const cpp::BlockDesc& block = program.blocks[0];
  std::set<std::string> weights;  // persistable tensors: present before the first op
  std::set<std::string> lists;    // the feed and fetch lists: the runtime fills them
  for (const auto& var : block.vars) {
    if (IsList(var)) {
      lists.insert(var.name);
    } else if (var.persistable) {
      weights.insert(var.name);
    }
  }
  // A list the runtime fills (read by feed ops) and one it empties (written by fetch ops)
  // are different variables: a fetch into the feed list would overwrite the app's inputs
  // while ops still read them.
  std::map<std::string, size_t> list_reader, list_writer;
  std::map<std::string, size_t> writer;        // the op that last wrote each var so far
  std::map<std::string, size_t> first_writer;  // over the whole block, to explain an error
  for (size_t i = 0; i < block.ops.size(); ++i) {
    for (const auto& name : block.ops[i].OutputArgumentNames()) first_writer.emplace(name, i);
  }
  for (size_t i = 0; i < block.ops.size(); ++i) {
    const cpp::OpDesc& op = block.ops[i];
    // Throws naming an op type this build does not have.
    const std::unique_ptr<OpLite> instance = OpRegistry::Global().Create(op.Type());
    const std::set<std::string> reads = [&] {
      const auto names = op.InputArgumentNames();
      return std::set<std::string>(names.begin(), names.end());
    }();
    for (const auto& name : reads) {
      if (lists.count(name)) {
        list_reader.emplace(name, i);
        const auto w = list_writer.find(name);
        PLITE_CHECK(w == list_writer.end(), OpName(i, op), " reads the list '", name,
                    "', which ", OpName(w->second, block.ops[w->second]),
                    " writes: feed and fetch lists must be different variables");
        continue;
      }
      if (weights.count(name) || writer.count(name)) continue;
      const auto first = first_writer.find(name);
      PLITE_CHECK(first != first_writer.end(), OpName(i, op), " reads '", name,
                  "', which is neither a feed, a weight nor written by any op");
      const size_t j = first->second;
      PLITE_CHECK(j != i, OpName(i, op), " reads '", name,
                  "', its own output, which no earlier op writes");
      PLITE_CHECK(j < i, OpName(i, op), " reads '", name, "', which only ",
                  OpName(j, block.ops[j]),
                  " writes, later: the ops are out of order or form a cycle");
      PLITE_THROW(OpName(i, op), " reads '", name, "', which ", OpName(j, block.ops[j]),
                  " names as an output it never writes");
    }
    std::map<std::string, std::string> written_here;  // var -> the output that writes it
    for (const auto& [param, names] : op.outputs()) {
      if (!instance->WritesOutput(param)) continue;
      for (const auto& name : names) {
        // Two outputs on one buffer: the second Resize would shrink what the first is
        // written through.
        const auto twice = written_here.emplace(name, param);
        PLITE_CHECK(twice.second, OpName(i, op), " writes '", name, "' through two outputs (",
                    twice.first->second, " and ", param, "): each output needs its own variable");
        if (lists.count(name)) {
          list_writer.emplace(name, i);
          const auto r = list_reader.find(name);
          PLITE_CHECK(r == list_reader.end(), OpName(i, op), " writes the list '", name,
                      "', which ", OpName(r->second, block.ops[r->second]),
                      " reads: feed and fetch lists must be different variables");
          continue;
        }
        PLITE_CHECK(!weights.count(name), OpName(i, op), " writes the weight '", name,
                    "' (output ", param, "): weights are read-only");
        const bool in_place = reads.count(name) > 0;
        PLITE_CHECK(!in_place || instance->ComputesInPlace(), OpName(i, op),
                    " reads and writes '", name, "' (output ", param, "), and '", op.Type(),
                    "' does not compute in place");
        auto earlier = writer.find(name);
        if (rule == WriteRule::kOnce && earlier != writer.end() && !in_place) {
          PLITE_THROW(OpName(i, op), " writes '", name, "' (output ", param, "), which ",
                      OpName(earlier->second, block.ops[earlier->second]),
                      " already wrote: a variable has one writer");
        }
        writer[name] = i;
      }
    }
  }
}

}  // namespace lite
}  // namespace paddle
