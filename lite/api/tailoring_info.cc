#include "lite/api/tailoring_info.h"

#include <filesystem>
#include <fstream>

#include "lite/api/paddle_custom_op.h"
#include "lite/core/op_registry.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {

namespace {

void WriteList(const std::string& path, const std::set<std::string>& entries) {
  std::ofstream out(path, std::ios::trunc);
  PLITE_CHECK(out.is_open(), "cannot open ", path, " for writing");
  for (const auto& e : entries) out << e << "\n";
  out.close();
  PLITE_CHECK(!out.fail(), "could not write ", path);
}

}  // namespace

// Custom ops and kernels (the app's, plugins') are not the library's to tailor: listed apart.
TailoringInfo CollectTailoringInfo(const cpp::ProgramDesc& optimized) {
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
    }
  }
  return info;
}

void WriteTailoringInfo(const std::string& dir, const cpp::ProgramDesc& optimized) {
  const TailoringInfo info = CollectTailoringInfo(optimized);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  PLITE_CHECK(!ec, "cannot create the tailoring info dir ", dir, ": ", ec.message());
  const std::filesystem::path d(dir);
  WriteList((d / ".tailored_ops_list").string(), info.ops);
  WriteList((d / ".tailored_ops_source_list").string(), info.op_sources);
  WriteList((d / ".tailored_kernels_list").string(), info.kernels);
  WriteList((d / ".tailored_kernels_source_list").string(), info.kernel_sources);
  WriteList((d / ".tailored_custom_list").string(), info.custom);
}

}  // namespace lite
}  // namespace paddle
