#include "lite/api/tailoring_info.h"

#include <filesystem>
#include <fstream>

#include "lite/api/paddle_custom_op.h"
#include "lite/core/op_registry.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {

namespace {

// The op as a kernel's registration sees it (kernel_op_view.h): weights from the scope,
// shapes from the block's var descs. Channels of blocked values are not tracked here; the
// rules that read them count an unknown as run.
class ProgramOpView : public KernelOpView {
 public:
  ProgramOpView(const cpp::BlockDesc& block, const cpp::OpDesc& op, const Scope& scope)
      : block_(block), op_(op), scope_(scope) {}
  const cpp::OpDesc& desc() const override { return op_; }
  const Tensor* Weight(const std::string& var) const override {
    const cpp::VarDesc* desc = FindVarDesc(var);
    return desc && desc->persistable ? scope_.FindTensor(var) : nullptr;
  }
  const cpp::VarDesc* FindVarDesc(const std::string& var) const override {
    return block_.FindVar(var);
  }

 private:
  const cpp::BlockDesc& block_;
  const cpp::OpDesc& op_;
  const Scope& scope_;
};

void WriteList(const std::string& path, const std::set<std::string>& entries) {
  std::ofstream out(path, std::ios::trunc);
  PLITE_CHECK(out.is_open(), "cannot open ", path, " for writing");
  for (const auto& e : entries) out << e << "\n";
  out.close();
  PLITE_CHECK(!out.fail(), "could not write ", path);
}

}  // namespace

// Custom ops and kernels (the app's, plugins') are not the library's to tailor: listed apart.
TailoringInfo CollectTailoringInfo(const cpp::ProgramDesc& optimized, const Scope& scope) {
  TailoringInfo info;
  const std::vector<std::string> custom_types = lite_api::CustomOpTypes();
  const std::set<std::string> custom_ops(custom_types.begin(), custom_types.end());
  for (const auto& block : optimized.blocks) {
    for (const auto& op : block.ops) {
      if (custom_ops.count(op.Type())) {
        info.custom.insert(op.Type());
        continue;
      }
      info.ops.insert(op.Type());
      const std::string op_source = OpRegistry::Global().SourceFile(op.Type());
      if (!op_source.empty()) info.op_sources.insert(op_source);
      if (!op.HasAttr(kKernelKeyAttr)) continue;
      const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
      const KernelInfo* kernel = KernelRegistry::Global().Find(key);
      PLITE_CHECK(kernel != nullptr, "op '", op.Type(), "': kernel ", key,
                  " is not registered in this build");
      if (kernel->provider != kBuiltinProvider) {
        info.custom.insert(key);
        continue;
      }
      info.kernels.insert(key);
      if (!kernel->source_file.empty()) {
        info.kernel_sources.insert(kernel->source_file);
      }
      if (kernel->math_specializations) {
        std::vector<std::string> names;
        kernel->math_specializations(ProgramOpView(block, op, scope), &names);
        info.math.insert(names.begin(), names.end());
      }
    }
  }
  return info;
}

void WriteTailoringInfo(const std::string& dir, const cpp::ProgramDesc& optimized,
                        const Scope& scope) {
  const TailoringInfo info = CollectTailoringInfo(optimized, scope);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  PLITE_CHECK(!ec, "cannot create the tailoring info dir ", dir, ": ", ec.message());
  const std::filesystem::path d(dir);
  WriteList((d / ".tailored_ops_list").string(), info.ops);
  WriteList((d / ".tailored_ops_source_list").string(), info.op_sources);
  WriteList((d / ".tailored_kernels_list").string(), info.kernels);
  WriteList((d / ".tailored_kernels_source_list").string(), info.kernel_sources);
  WriteList((d / ".tailored_custom_list").string(), info.custom);
  WriteList((d / ".tailored_math_list").string(), info.math);
}

}  // namespace lite
}  // namespace paddle
