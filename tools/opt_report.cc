#include "tools/opt_report.h"

#include <algorithm>
#include <cctype>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

#include "lite/core/op_registry.h"
#include "lite/core/program.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace opt {

namespace {

using lite_api::DataLayoutType;
using lite_api::PrecisionType;

std::string TrimRight(const std::string& s) {
  const auto end = s.find_last_not_of(' ');
  return end == std::string::npos ? "" : s.substr(0, end + 1);
}

std::string Pad(const std::string& s, size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size() + 1, ' ');
}

// Op types -> the set of targets with a kernel for them.
std::map<std::string, std::set<TargetType>> KernelTargetsByOp() {
  std::map<std::string, std::set<TargetType>> out;
  for (const KernelInfo* info : KernelRegistry::Global().AllKernels()) {
    out[info->op_type].insert(info->place.target);
  }
  return out;
}

// "op_type <targets...>" header and rows; `suffix` is appended to a row when non-empty.
class OpTable {
 public:
  explicit OpTable(std::vector<TargetType> columns, bool with_count = false,
                   bool with_version = false)
      : columns_(std::move(columns)), with_count_(with_count), with_version_(with_version) {}

  void Row(const std::string& op, int count, const std::set<TargetType>& have,
           const std::string& suffix = "", const std::string& version = "") {
    rows_.push_back({op, count, have, suffix, version});
  }

  std::string Render(const std::string& title) const {
    size_t width = std::string("op_type").size();
    for (const auto& r : rows_) width = std::max(width, r.op.size());
    std::string header = Pad("op_type", width);
    if (with_count_) header += "count ";
    for (TargetType t : columns_) header += Pad(lite_api::TargetToStr(t), 6);
    if (with_version_) header += "version";
    std::ostringstream os;
    os << title << "\n" << TrimRight(header) << "\n";
    for (const auto& r : rows_) {
      std::string line = Pad(r.op, width);
      if (with_count_) {
        const std::string count = std::to_string(r.count);
        line += std::string(count.size() < 5 ? 5 - count.size() : 0, ' ') + count + " ";
      }
      for (TargetType t : columns_) line += Pad(r.have.count(t) ? "Y" : ".", 6);
      if (with_version_) line += r.version.empty() ? "-" : r.version;
      line = TrimRight(line);
      if (!r.suffix.empty()) line += "  " + r.suffix;
      os << line << "\n";
    }
    return os.str();
  }

 private:
  struct RowData {
    std::string op;
    int count;
    std::set<TargetType> have;
    std::string suffix;
    std::string version;
  };
  std::vector<TargetType> columns_;
  bool with_count_;
  bool with_version_;
  std::vector<RowData> rows_;
};

std::string UnsupportedReason(const std::string& op_type, const std::vector<TargetType>& targets) {
  if (!OpRegistry::Global().Has(op_type)) return "not registered";
  if (KernelTargets(op_type, targets).empty()) return "no kernel for targets " + TargetNames(targets);
  return "";
}

}  // namespace

std::string DefaultTargetList() {
  std::string list;
  for (const Place& p : DefaultPlaces()) list += (list.empty() ? "" : ",") + lite_api::TargetToStr(p.target);
  return list;
}

std::vector<TargetType> KernelTargets(const std::string& op_type,
                                      const std::vector<TargetType>& targets) {
  std::set<TargetType> have;
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
    have.insert(info->place.target);
  }
  std::vector<TargetType> out;
  for (TargetType t : targets) {
    if (have.count(t)) out.push_back(t);
  }
  return out;
}

std::vector<std::pair<std::string, int>> ModelOpTypes(const cpp::ProgramDesc& program) {
  std::vector<std::pair<std::string, int>> out;
  std::map<std::string, size_t> index;
  for (const auto& block : program.blocks) {
    for (const auto& op : block.ops) {
      auto it = index.find(op.Type());
      if (it == index.end()) {
        index[op.Type()] = out.size();
        out.emplace_back(op.Type(), 1);
      } else {
        ++out[it->second].second;
      }
    }
  }
  return out;
}

std::vector<std::string> UnsupportedOps(const std::vector<std::string>& op_types,
                                        const std::vector<TargetType>& targets) {
  std::vector<std::string> lines;
  for (const auto& op : op_types) {
    const std::string reason = UnsupportedReason(op, targets);
    if (!reason.empty()) lines.push_back("op '" + op + "': " + reason);
  }
  return lines;
}

void CheckModelSupported(const cpp::ProgramDesc& program, const std::vector<TargetType>& targets) {
  std::vector<std::string> op_types;
  for (const auto& kv : ModelOpTypes(program)) op_types.push_back(kv.first);
  const auto lines = UnsupportedOps(op_types, targets);
  if (lines.empty()) return;
  PLITE_THROW("the model has ", lines.size(), " op type(s) this build cannot run on ",
              TargetNames(targets), ":\n  ", Join(lines, "\n  "));
}

std::string SupportedOpsTable(const std::vector<TargetType>& targets) {
  OpTable table(targets);
  int rows = 0;
  for (const auto& kv : KernelTargetsByOp()) {
    if (KernelTargets(kv.first, targets).empty()) continue;
    table.Row(kv.first, 0, kv.second);
    ++rows;
  }
  return table.Render(StrCat(rows, " ops with kernels on ", TargetNames(targets),
                             " (Y: this build has a kernel there)"));
}

std::string AllOpsTable() {
  auto by_op = KernelTargetsByOp();
  for (const auto& op : OpRegistry::Global().OpTypes()) by_op[op];  // ops without kernels too
  OpTable table(KnownTargets());
  for (const auto& kv : by_op) table.Row(kv.first, 0, kv.second);
  return table.Render(StrCat(by_op.size(), " ops registered in this build",
                             " (Y: a kernel on that target)"));
}

std::string AllOpsMarkdown() {
  auto by_op = KernelTargetsByOp();
  for (const auto& op : OpRegistry::Global().OpTypes()) by_op[op];
  std::ostringstream os;
  os << "| op_type |";
  for (TargetType t : KnownTargets()) os << " " << lite_api::TargetToStr(t) << " |";
  os << "\n|---|";
  for (size_t i = 0; i < KnownTargets().size(); ++i) os << "---|";
  os << "\n";
  for (const auto& kv : by_op) {
    os << "| " << kv.first << " |";
    for (TargetType t : KnownTargets()) os << (kv.second.count(t) ? " Y |" : "   |");
    os << "\n";
  }
  return os.str();
}

namespace {

bool IsQuantizeOp(const std::string& type) {
  return (type.rfind("fake_", 0) == 0 && type.find("quant") != std::string::npos) ||
         type == "quantize_linear" || type == "dequantize_linear";
}

// For a quantized model: the ops on int8 kernels (and how many of them hand int8 values to
// int8 readers: int8_chain_pass's Output0_scale), and the ops that still read a quantize
// op's output in float (their layers run the float simulation), with why when none is int8.
std::string Int8Summary(const cpp::ProgramDesc& before, const cpp::ProgramDesc& after) {
  const auto& before_ops = before.blocks.at(0).ops;
  const bool quantized = std::any_of(before_ops.begin(), before_ops.end(),
                                     [](const cpp::OpDesc& op) { return IsQuantizeOp(op.Type()); });
  std::map<std::string, int> int8_ops, simulated;
  int chained = 0;
  std::set<std::string> quantized_vars;  // written by a quantize op, not overwritten since
  for (const auto& op : after.blocks.at(0).ops) {
    const std::string key = op.GetAttrOr<std::string>(kKernelKeyAttr, "");
    if (op.Type() != "calib" && key.find(",int8,") != std::string::npos) {
      ++int8_ops[op.Type()];
      chained += op.HasAttr("Output0_scale");
    }
    if (!IsQuantizeOp(op.Type())) {
      for (const std::string& in : op.InputArgumentNames()) {
        if (quantized_vars.count(in)) {
          ++simulated[op.Type()];
          break;
        }
      }
    }
    for (const std::string& out : op.OutputArgumentNames()) {
      if (IsQuantizeOp(op.Type())) {
        quantized_vars.insert(out);
      } else {
        quantized_vars.erase(out);
      }
    }
  }
  if (!quantized && int8_ops.empty()) return "";
  const auto counts = [](const std::map<std::string, int>& m) {
    std::vector<std::string> parts;
    for (const auto& kv : m) parts.push_back(StrCat(kv.first, " ", kv.second));
    return Join(parts, ", ");
  };
  std::string line = "int8: ";
  if (int8_ops.empty()) {
    line += "none (no int8 place among the valid places, or its kernels do not run on this "
            "CPU: x86 needs AVX512_VNNI; docs/quantization.md)";
  } else {
    line += counts(int8_ops);
    if (chained > 0) line += StrCat(" (", chained, " write int8 for int8 readers)");
  }
  if (!simulated.empty()) {
    line += StrCat("; float behind quantize ops (no int8 kernel, too few channels, or kept): ",
                   counts(simulated));
  }
  return line + "\n";
}

}  // namespace

std::string OptimizeSummary(const cpp::ProgramDesc& before, const cpp::ProgramDesc& after,
                            const std::vector<std::string>& passes) {
  std::map<std::string, int> ops_before, ops_after, kernels, casts;
  for (const auto& op : before.blocks.at(0).ops) ++ops_before[op.Type()];
  for (const auto& op : after.blocks.at(0).ops) {
    ++ops_after[op.Type()];
    const std::string key = op.GetAttrOr<std::string>(kKernelKeyAttr, "");
    const auto comma = key.find(',');
    if (comma != std::string::npos) ++kernels[key.substr(comma + 1, key.find(',', comma + 1) - comma - 1)];
    for (const char* cast : {"io_copy", "calib", "layout"}) {
      if (op.Type().rfind(cast, 0) == 0) ++casts[op.Type()];
    }
  }
  std::vector<std::string> changes;
  std::set<std::string> types;
  for (const auto& kv : ops_before) types.insert(kv.first);
  for (const auto& kv : ops_after) types.insert(kv.first);
  for (const std::string& type : types) {
    const int delta = ops_after[type] - ops_before[type];
    if (delta != 0 && !casts.count(type)) changes.push_back(StrCat(type, delta > 0 ? " +" : " ", delta));
  }
  const auto total = [](const std::map<std::string, int>& m) {
    int n = 0;
    for (const auto& kv : m) n += kv.second;
    return n;
  };
  const auto counts = [](const std::map<std::string, int>& m) {
    std::vector<std::string> parts;
    for (const auto& kv : m) parts.push_back(StrCat(kv.first, " ", kv.second));
    return parts.empty() ? std::string("none") : Join(parts, ", ");
  };
  std::ostringstream os;
  os << "passes: " << passes.size() << " (" << Join(passes, ", ") << ")\n";
  os << "ops: " << total(ops_before) << " -> " << total(ops_after);
  if (!changes.empty()) os << " (" << Join(changes, ", ") << ")";
  os << "\nkernels: " << counts(kernels) << "\ncasts inserted: " << counts(casts) << "\n";
  os << Int8Summary(before, after);
  return os.str();
}

std::string ModelOpsTable(const cpp::ProgramDesc& program, const std::vector<TargetType>& targets) {
  const auto by_op = KernelTargetsByOp();
  // A version column only for models that record versions: older models keep their table.
  const auto& versions = program.op_versions;
  OpTable table(KnownTargets(), /*with_count=*/true, /*with_version=*/!versions.empty());
  int total = 0, missing = 0;
  for (const auto& kv : ModelOpTypes(program)) {
    auto it = by_op.find(kv.first);
    const std::set<TargetType> have = it == by_op.end() ? std::set<TargetType>() : it->second;
    std::string suffix;
    if (!OpRegistry::Global().Has(kv.first)) {
      suffix = "<- not registered";
    } else if (KernelTargets(kv.first, targets).empty()) {
      suffix = "<- no kernel on " + TargetNames(targets);
    }
    if (!suffix.empty()) ++missing;
    auto v = versions.find(kv.first);
    table.Row(kv.first, kv.second, have, suffix,
              v == versions.end() ? "" : std::to_string(v->second));
    total += kv.second;
  }
  std::string title = StrCat(ModelOpTypes(program).size(), " op types (", total,
                             " ops) in the model; valid targets: ", TargetNames(targets));
  if (missing) title += StrCat("; ", missing, " cannot run there (marked <-)");
  return table.Render(title);
}

std::string PirOpsTable(const pir::PirOpReport& report) {
  size_t width = 8;
  int total = 0;
  for (const auto& [name, use] : report) {
    width = std::max(width, name.size());
    total += use.count;
  }
  std::ostringstream os;
  os << report.size() << " op types (" << total << " ops) in the Paddle 3 program, and what "
     << "each became in plite\n";
  os << std::left << std::setw(static_cast<int>(width) + 2) << "pir_op" << std::setw(7)
     << "count" << "plite ops\n";
  for (const auto& [name, use] : report) {
    std::vector<std::string> became(use.became.begin(), use.became.end());
    os << std::setw(static_cast<int>(width) + 2) << name << std::setw(7) << use.count
       << (!became.empty() ? Join(became, ", ")
           : name == "builtin.parameter" ? std::string("(weights)")
                                         : std::string("(folded)"))
       << "\n";
  }
  return os.str();
}

std::string KernelListing() {
  auto kernels = KernelRegistry::Global().AllKernels();
  std::sort(kernels.begin(), kernels.end(),
            [](const KernelInfo* a, const KernelInfo* b) { return a->key() < b->key(); });
  auto args = [](const std::map<std::string, Type>& types) {
    std::vector<std::string> parts;
    for (const auto& kv : types) parts.push_back(kv.first + "=" + kv.second.DebugString());
    return parts.empty() ? std::string("(none declared)") : Join(parts, ", ");
  };
  std::ostringstream os;
  os << kernels.size() << " kernels registered in this build (key: op,target,precision,layout,alias)\n";
  for (const KernelInfo* k : kernels) {
    os << k->key() << "  " << (k->source_file.empty() ? "(source unknown)" : k->source_file);
    if (k->provider != "builtin") os << "  provider " << k->provider;
    os << "\n  inputs:  " << args(k->inputs) << "\n  outputs: " << args(k->outputs) << "\n";
    if (!k->op_versions.empty()) {
      std::vector<std::string> versions;
      for (const auto& kv : k->op_versions) {
        versions.push_back(StrCat(kv.first, " ", kv.second.ToString()));
      }
      os << "  paddle op versions: " << Join(versions, ", ") << "\n";
    }
  }
  return os.str();
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
