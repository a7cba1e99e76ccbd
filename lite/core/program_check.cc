#include "lite/core/program_check.h"

#include <algorithm>
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
        if (weights.count(name) && instance->LeavesWeightOutput(param)) continue;
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

void GiveEachWriteItsOwnVar(cpp::ProgramDesc* program) {
  if (program->blocks.empty()) return;
  cpp::BlockDesc& block = program->blocks[0];
  std::set<std::string> names, left_alone;
  for (const auto& var : block.vars) {
    names.insert(var.name);
    if (IsList(var) || var.persistable) left_alone.insert(var.name);
  }
  // The variables an op writes afresh (not in place), each once however many outputs name
  // it (writing one through two outputs is CheckDataflow's error to report).
  auto fresh_writes = [&](const cpp::OpDesc& op) {
    const auto reads = op.InputArgumentNames();
    std::set<std::string> writes;
    for (const auto& name : op.OutputArgumentNames()) {
      if (!left_alone.count(name) && std::find(reads.begin(), reads.end(), name) == reads.end()) {
        writes.insert(name);
      }
    }
    return writes;
  };
  std::map<std::string, int> values;  // the values each variable holds in turn
  for (const auto& op : block.ops) {
    for (const auto& name : fresh_writes(op)) ++values[name];
  }
  std::map<std::string, int> written;          // values written so far
  std::map<std::string, std::string> current;  // the var holding the value readers see
  for (auto& op : block.ops) {
    const std::set<std::string> writes = fresh_writes(op);
    auto rename = [&](cpp::OpDesc::ArgMap* args) {
      for (auto& [param, vars] : *args) {
        for (auto& var : vars) {
          const auto it = current.find(var);
          if (it != current.end()) var = it->second;
        }
      }
    };
    rename(op.mutable_inputs());  // reads (and writes in place) see the current value
    for (const auto& name : writes) {
      const auto total = values.find(name);
      if (total->second < 2) continue;
      const int k = ++written[name];
      if (k == total->second) {
        current.erase(name);  // the last value keeps the name
        continue;
      }
      std::string fresh = StrCat(name, "@", k);
      while (names.count(fresh)) fresh += "_";
      names.insert(fresh);
      const cpp::VarDesc* like = block.FindVar(name);
      cpp::VarDesc var = like ? *like : cpp::VarDesc();
      var.name = fresh;
      block.vars.push_back(var);
      current[name] = fresh;
    }
    rename(op.mutable_outputs());
  }
}

}  // namespace lite
}  // namespace paddle
