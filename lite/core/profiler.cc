#include "lite/core/profiler.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "lite/core/op_lite.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {
namespace profile {

namespace {

ArgDims DimsOf(const cpp::OpDesc::ArgMap& args, const Scope& scope) {
  ArgDims out;
  for (const auto& kv : args) {
    for (const auto& name : kv.second) {
      const Tensor* t = scope.FindTensor(name);
      if (t != nullptr) out.emplace_back(kv.first, t->dims());
    }
  }
  return out;
}

const DDim* Find(const ArgDims& dims, const std::string& param) {
  for (const auto& kv : dims) {
    if (kv.first == param) return &kv.second;
  }
  return nullptr;
}

std::string DimsStr(const DDim& d) {
  std::string s;
  for (size_t i = 0; i < d.size(); ++i) s += (i ? "x" : "") + std::to_string(d[i]);
  return s.empty() ? "scalar" : s;
}

std::string ArgDimsStr(const ArgDims& dims) {
  std::string s;
  for (const auto& kv : dims) s += (s.empty() ? "" : " ") + kv.first + "=" + DimsStr(kv.second);
  return s.empty() ? "-" : s;
}

std::string KernelStr(const KernelBase& k) {
  return lite_api::TargetToStr(k.target()) + "/" + lite_api::PrecisionToStr(k.precision()) + "/" +
         lite_api::DataLayoutToStr(k.layout()) + "/" + k.alias();
}

// Columns that fit their widest cell; the last column is left unpadded.
class Table {
 public:
  void Row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  std::string Str() const {
    std::vector<size_t> width;
    for (const auto& r : rows_) {
      width.resize(std::max(width.size(), r.size()), 0);
      for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    }
    std::string out;
    for (const auto& r : rows_) {
      std::string line;
      for (size_t i = 0; i < r.size(); ++i) {
        line += r[i];
        if (i + 1 < r.size()) line += std::string(width[i] - r[i].size() + 2, ' ');
      }
      out += line + "\n";
    }
    return out;
  }

 private:
  std::vector<std::vector<std::string>> rows_;
};

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), format, v);
  return buf;
}

std::string GflopsPerSecond(double flops, double ms) {
  return flops < 0 || ms <= 0 ? "-" : Fmt("%.2f", flops / (ms * 1e6));
}

}  // namespace

void CaptureDims(const OpLite& op, InstructionRecord* record) {
  record->inputs = DimsOf(op.op_info().inputs(), *op.scope());
  record->outputs = DimsOf(op.op_info().outputs(), *op.scope());
}

double OpFlops(const OpLite& op, const ArgDims& inputs, const ArgDims& outputs) {
  const std::string& type = op.Type();
  if (type == "conv2d" || type == "depthwise_conv2d") {
    const DDim* filter = Find(inputs, "Filter");
    const DDim* out = Find(outputs, "Output");
    if (!filter || !out || filter->size() != 4) return -1;
    const double outputs_n = static_cast<double>(out->production());
    const double macs_per_output = static_cast<double>((*filter)[1] * (*filter)[2] * (*filter)[3]);
    return 2 * outputs_n * macs_per_output + (Find(inputs, "Bias") ? outputs_n : 0);
  }
  // The rest: 2 * numel(Out) * K, K being the reduced dimension.
  const DDim* out = Find(outputs, "Out");
  if (!out) return -1;
  double k = -1;
  if (type == "fc") {
    const DDim* w = Find(inputs, "W");
    if (w && w->size() == 2) k = static_cast<double>((*w)[0]);
  } else if (type == "mul") {
    const DDim* y = Find(inputs, "Y");
    const int y_cols = op.op_info().GetAttrOr<int32_t>("y_num_col_dims", 1);
    if (y && y_cols >= 1 && static_cast<size_t>(y_cols) <= y->size()) {
      k = static_cast<double>(y->count(0, y_cols));
    }
  } else if (type == "matmul" || type == "matmul_v2") {
    const DDim* x = Find(inputs, "X");
    const bool trans_x = type == "matmul" ? op.op_info().GetAttrOr<bool>("transpose_X", false)
                                          : op.op_info().GetAttrOr<bool>("trans_x", false);
    if (x && x->size() == 1) k = static_cast<double>((*x)[0]);
    if (x && x->size() >= 2) k = static_cast<double>((*x)[x->size() - (trans_x ? 2 : 1)]);
  }
  return k < 0 ? -1 : 2 * static_cast<double>(out->production()) * k;
}

Profiler::Profiler(RuntimeProgram* program)
    : program_(program), records_(program->instructions().size()) {}

void Profiler::Run() {
  std::vector<Instruction>& insts = program_->mutable_instructions();
  PLITE_CHECK_EQ(insts.size(), records_.size(), "the profiled program changed its instructions");
  const auto start = Clock::now();
  for (size_t i = 0; i < insts.size(); ++i) {
    InstructionRecord& record = records_[i];
    const OpLite& op = insts[i].op();
    insts[i].RunWith([&](KernelBase& kernel) {
      const auto launch_start = Clock::now();
      kernel.Launch();
      record.kernel_ms += MillisSince(launch_start);
      if (record.calls++ == 0) CaptureDims(op, &record);
    });
  }
  run_ms_ += MillisSince(start);
  ++runs_;
}

void Profiler::Reset() {
  records_.assign(records_.size(), InstructionRecord());
  runs_ = 0;
  run_ms_ = 0;
}

ProgramProfile Profiler::Collect() const {
  ProgramProfile p;
  p.runs = runs_;
  p.run_ms_total = run_ms_;
  const auto& insts = program_->instructions();
  for (size_t i = 0; i < insts.size(); ++i) {
    const Instruction& inst = insts[i];
    const InstructionRecord& r = records_[i];
    OpProfile op;
    op.index = i;
    op.op_type = inst.op().Type();
    op.kernel = KernelStr(inst.kernel());
    op.kernel_key = inst.kernel().key();
    op.inputs = ArgDimsStr(r.inputs);
    op.outputs = ArgDimsStr(r.outputs);
    op.calls = r.calls;
    op.total_ms = r.kernel_ms;
    op.avg_ms = r.calls ? r.kernel_ms / r.calls : 0;
    op.flops = r.calls ? OpFlops(inst.op(), r.inputs, r.outputs) : -1;
    p.kernel_ms_total += r.kernel_ms;
    p.ops.push_back(std::move(op));
  }
  for (auto& op : p.ops) {
    op.share_percent = p.kernel_ms_total > 0 ? 100 * op.total_ms / p.kernel_ms_total : 0;
  }
  return p;
}

std::string Report(const ProgramProfile& p) {
  std::string out;
  const double runs = static_cast<double>(std::max<int64_t>(p.runs, 1));
  out += StrCat("profile: ", p.runs, " runs, ", p.ops.size(), " instructions; per run: ",
                Fmt("%.3f", p.run_ms_total / runs), " ms total, kernels ",
                Fmt("%.3f", p.kernel_ms_total / runs), " ms (",
                Fmt("%.1f", p.run_ms_total > 0 ? 100 * p.kernel_ms_total / p.run_ms_total : 0),
                "%), the rest is shape inference and dispatch\n");
  out += "times are kernel launches only (PrepareForRun+ReInitWhenNeeded+Run, steady_clock)\n\n";

  std::vector<const OpProfile*> by_time;
  for (const auto& op : p.ops) by_time.push_back(&op);
  std::stable_sort(by_time.begin(), by_time.end(),
                   [](const OpProfile* a, const OpProfile* b) { return a->total_ms > b->total_ms; });
  Table ops;
  ops.Row({"#", "op_type", "kernel", "calls", "avg_ms", "share%", "MFLOP", "GFLOP/s", "inputs",
           "-> outputs"});
  for (const OpProfile* op : by_time) {
    ops.Row({std::to_string(op->index), op->op_type, op->kernel, std::to_string(op->calls),
             Fmt("%.4f", op->avg_ms), Fmt("%.2f", op->share_percent),
             op->flops < 0 ? "-" : Fmt("%.4g", op->flops / 1e6),
             GflopsPerSecond(op->flops, op->avg_ms), op->inputs, "-> " + op->outputs});
  }
  out += "ops by time (# = position in the program):\n" + ops.Str() + "\n";

  struct Group {
    int count{0};
    int64_t calls{0};
    double ms{0};
    double flops{0};  // over all calls
    bool flops_known{true};
  };
  std::map<std::string, Group> groups;
  for (const auto& op : p.ops) {
    Group& g = groups[op.op_type];
    g.count += 1;
    g.calls += op.calls;
    g.ms += op.total_ms;
    if (op.flops < 0) g.flops_known = false;
    else g.flops += op.flops * static_cast<double>(op.calls);
  }
  std::vector<std::pair<std::string, Group>> sorted(groups.begin(), groups.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
  Table types;
  types.Row({"op_type", "count", "calls", "ms/run", "share%", "GFLOP/s"});
  for (const auto& [type, g] : sorted) {
    types.Row({type, std::to_string(g.count), std::to_string(g.calls), Fmt("%.4f", g.ms / runs),
               Fmt("%.2f", p.kernel_ms_total > 0 ? 100 * g.ms / p.kernel_ms_total : 0),
               GflopsPerSecond(g.flops_known ? g.flops : -1, g.ms)});
  }
  out += "op types by time:\n" + types.Str();
  return out;
}

}  // namespace profile
}  // namespace lite
}  // namespace paddle
