#include "lite/optimizer/program_dot.h"

#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "lite/core/program.h"

namespace paddle {
namespace lite {

namespace {

// "conv2d,host,float,NCHW,def" -> "host/float/NCHW def".
std::string KernelLabel(const cpp::OpDesc& op) {
  if (!op.HasAttr(kKernelKeyAttr)) return "(no kernel picked)";
  const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
  std::vector<std::string> parts;
  std::stringstream in(key);
  std::string part;
  while (std::getline(in, part, ',')) parts.push_back(part);
  if (parts.size() != 5) return key;
  return parts[1] + "/" + parts[2] + "/" + parts[3] + " " + parts[4];
}

// Node ids are generated ("v3", "op7"), so names only ever appear inside quoted labels.
class DotWriter {
 public:
  explicit DotWriter(const cpp::BlockDesc& block) : block_(block) {}

  std::string Graph(const std::string& graph_name) {
    out_ << "digraph " << DotQuote(graph_name) << " {\n"
         << "  rankdir=TB;\n"
         << "  label=" << DotQuote(graph_name + " (optimized, block 0: " +
                                   std::to_string(block_.ops.size()) + " ops)")
         << ";\n  labelloc=t;\n"
         << "  node [fontname=\"Helvetica\", fontsize=10];\n"
         << "  edge [fontname=\"Helvetica\", fontsize=8];\n";
    for (const auto& var : block_.vars) {
      if (!current_.count(var.name)) NewVarNode(var.name, var.persistable ? kPersistable : kPlain);
    }
    for (size_t i = 0; i < block_.ops.size(); ++i) Op(i, block_.ops[i]);
    out_ << edges_.str() << "}\n";
    return out_.str();
  }

 private:
  enum VarStyle { kPlain, kPersistable, kUndeclared };

  const std::string& NewVarNode(const std::string& name, VarStyle style) {
    std::string id = "v" + std::to_string(next_var_++);
    out_ << "  " << id << " [shape=ellipse, label=" << DotQuote(name);
    if (style == kPersistable) out_ << ", style=filled, fillcolor=\"#d9d9d9\"";
    if (style == kUndeclared) out_ << ", style=dashed";
    out_ << "];\n";
    styles_[name] = style;
    return current_[name] = std::move(id);
  }

  // The node an op reads: the var's current value (undeclared names get a dashed node).
  std::string ReadBy(const std::string& name) {
    auto it = current_.find(name);
    const std::string id = it != current_.end() ? it->second : NewVarNode(name, kUndeclared);
    used_.insert(id);
    return id;
  }

  // The node an op writes: a fresh one when the current value is already produced or read
  // (a var written twice, e.g. a buffer memory_optimize shares), so edges never loop back.
  std::string Written(const std::string& name) {
    auto it = current_.find(name);
    std::string id;
    if (it == current_.end()) {
      id = NewVarNode(name, kUndeclared);
    } else if (used_.count(it->second)) {
      id = NewVarNode(name, styles_[name]);
    } else {
      id = it->second;
    }
    used_.insert(id);
    return id;
  }

  void Op(size_t index, const cpp::OpDesc& op) {
    const std::string id = "op" + std::to_string(index);
    out_ << "  " << id << " [shape=box, style=\"rounded,filled\", label="
         << DotQuote(op.Type() + "\n" + KernelLabel(op)) << ", fillcolor=";
    if (IsInsertedCastOp(op.Type())) {
      out_ << DotQuote(kDotCastColor) << ", penwidth=2";
    } else {
      out_ << "\"#dbe9f6\"";
    }
    out_ << "];\n";
    for (const auto& param : op.inputs()) {
      for (const auto& arg : param.second) {
        edges_ << "  " << ReadBy(arg) << " -> " << id << " [label=" << DotQuote(param.first)
               << "];\n";
      }
    }
    for (const auto& param : op.outputs()) {
      for (const auto& arg : param.second) {
        edges_ << "  " << id << " -> " << Written(arg) << " [label=" << DotQuote(param.first)
               << "];\n";
      }
    }
  }

  const cpp::BlockDesc& block_;
  std::ostringstream out_;    // graph header and nodes
  std::ostringstream edges_;  // written after all nodes
  int next_var_{0};
  std::map<std::string, std::string> current_;  // var name -> node of its current value
  std::map<std::string, VarStyle> styles_;
  std::set<std::string> used_;  // var nodes already read or written
};

}  // namespace

bool IsInsertedCastOp(const std::string& op_type) {
  return op_type == "io_copy" || op_type == "io_copy_once" || op_type == "calib" ||
         op_type == "calib_once" || op_type == "layout" || op_type == "layout_once";
}

std::string DotQuote(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': break;
      default: out += c;
    }
  }
  return out + "\"";
}

std::string ProgramToDot(const cpp::ProgramDesc& optimized, const std::string& graph_name) {
  PLITE_CHECK(!optimized.blocks.empty(), "ProgramToDot: the program has no blocks");
  return DotWriter(optimized.blocks[0]).Graph(graph_name);
}

}  // namespace lite
}  // namespace paddle
