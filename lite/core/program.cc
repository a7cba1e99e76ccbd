#include "lite/core/program.h"

#include <new>
#include <set>

#include "lite/core/float_env.h"
#include "lite/core/op_registry.h"
#include "lite/core/program_check.h"

namespace paddle {
namespace lite {

bool IsRunOnceOp(const std::string& type) {
  return type == "io_copy_once" || type == "calib_once" || type == "layout_once";
}

namespace {

// " [while running op 'reshape2' writing y]", naming the outputs as the model does even
// where memory_optimize gave them shared buffers.
std::string RunContext(const cpp::OpDesc& desc) {
  const std::vector<std::string> outputs =
      desc.HasAttr(kModelOutputsAttr) ? desc.GetAttr<std::vector<std::string>>(kModelOutputsAttr)
                                      : desc.OutputArgumentNames();
  return StrCat(" [while running op '", desc.Type(), "' writing ", Join(outputs, ","), "]");
}
}  // namespace

Instruction::Instruction(std::unique_ptr<OpLite> op, std::unique_ptr<KernelBase> kernel)
    : op_(std::move(op)), kernel_(std::move(kernel)), run_once_(IsRunOnceOp(op_->Type())) {
  op_->AttachKernel(kernel_.get());
}

void Instruction::Run() {
  RunWith([](KernelBase& kernel) { kernel.Launch(); });
}

void Instruction::RethrowNamingOp() const {
  try {
    throw;
  } catch (const PaddleLiteException& e) {
    PLITE_THROW(e.what(), RunContext(op_->op_info()));
  } catch (const std::bad_alloc&) {
    PLITE_THROW(op_->Type(), ": out of memory (std::bad_alloc)", RunContext(op_->op_info()));
  }
}

void CreateBlockVars(const cpp::BlockDesc& block, Scope* exec_scope) {
  for (const auto& var : block.vars) {
    if (exec_scope->FindVar(var.name)) continue;
    Variable* v = exec_scope->LocalVar(var.name);
    if (var.kind == cpp::VarKind::kFeedList || var.kind == cpp::VarKind::kFetchList) {
      v->GetMutable<TensorList>();
    } else {
      v->GetMutable<Tensor>();
    }
  }
}

namespace {

// Every picked kernel and op of `block` that this build lacks, listed together so a
// tailored library reports all it misses at once.
// A kernel whose declared op versions exclude the model's (a build newer or older than the
// one that ran opt) counts as missing.
void CheckKernelsPresent(const cpp::BlockDesc& block,
                         const std::map<std::string, int32_t>& op_versions) {
  std::set<std::string> missing_kernels;
  std::set<std::string> missing_ops;
  for (const auto& desc : block.ops) {
    PLITE_CHECK(desc.HasAttr(kKernelKeyAttr), "op '", desc.Type(),
                "' has no picked kernel (the program was not optimized)");
    if (!OpRegistry::Global().Has(desc.Type())) missing_ops.insert(desc.Type());
    const std::string key = desc.GetAttr<std::string>(kKernelKeyAttr);
    const KernelInfo* info = KernelRegistry::Global().Find(key);
    if (info == nullptr) {
      missing_kernels.insert(key);
    } else if (!info->RunsOnThisCpu()) {
      missing_kernels.insert(StrCat(key, " (needs ", info->cpu_feature,
                                    ", which this machine lacks)"));
    } else if (desc.HasAttr("Output0_scale") && !info->chains_int8) {
      // Only a chaining kernel writes int8 for its readers; any other would leave them a
      // float output they do not expect, or honour an attribute it cannot.
      PLITE_THROW("op '", desc.Type(), "' carries Output0_scale but its kernel ", key,
                  " does not write int8 outputs (re-run opt on the source model)");
    } else if (!info->ImplementsModelVersion(op_versions)) {
      missing_kernels.insert(StrCat(key, " (implements versions ",
                                    info->DeclaredOpVersions()->ToString(), " of '", info->op_type,
                                    "'; the model records version ", op_versions.at(info->op_type),
                                    ")"));
    }
  }
  if (missing_kernels.empty() && missing_ops.empty()) return;
  std::string message = "the model needs what this build does not have:";
  const std::vector<std::string> ops(missing_ops.begin(), missing_ops.end());
  if (!ops.empty()) message += StrCat(" ops [", Join(ops, "; "), "]");
  if (!missing_kernels.empty()) {
    message += StrCat(" kernels [", Join(std::vector<std::string>(missing_kernels.begin(),
                                                                  missing_kernels.end()), "; "),
                      "]");
  }
  PLITE_THROW(message, " (use a build that has them, e.g. one tailored from this model's lists, or "
              "re-run opt for targets this CPU supports",
              ops.empty() ? std::string() : OpRegistry::Global().MissingOpHint(ops), ")");
}

}  // namespace

RuntimeProgram::RuntimeProgram(const cpp::ProgramDesc& optimized, Scope* exec_scope,
                               const ThreadBinding& binding)
    : exec_scope_(exec_scope) {
  PLITE_CHECK(!optimized.blocks.empty(), "program has no blocks");
  pool_ = std::make_unique<ThreadPool>(binding.threads, binding.cores);
  context_.threads = pool_->threads();  // fewer when the system refused some
  context_.pool = pool_.get();
  const cpp::BlockDesc& block = optimized.blocks[0];
  CheckKernelsPresent(block, optimized.op_versions);
  CheckDataflow(optimized, WriteRule::kReused);
  CreateBlockVars(block, exec_scope);
  instructions_.reserve(block.ops.size());
  for (const auto& desc : block.ops) {
    const KernelInfo* info =
        KernelRegistry::Global().Find(desc.GetAttr<std::string>(kKernelKeyAttr));
    auto op = OpRegistry::Global().Create(desc.Type());
    op->Attach(desc, exec_scope);
    auto kernel = KernelRegistry::Create(*info);
    kernel->SetContext(&context_);
    instructions_.emplace_back(std::move(op), std::move(kernel));
  }
}

void RuntimeProgram::Run() {
  const ScopedThreadPin pin(pool_->caller_core());  // the app's thread takes tasks too
  const ScopedFlushDenormals flush;  // lite/core/float_env.h: subnormals cost 100x
  failed_ = -1;
  for (size_t i = 0; i < instructions_.size(); ++i) {
    try {
      instructions_[i].Run();
    } catch (...) {
      failed_ = static_cast<int>(i);
      throw;
    }
  }
}

size_t RuntimeProgram::ActivationBytes() const {
  std::set<const Buffer*> seen;
  size_t bytes = 0;
  for (const auto& name : exec_scope_->LocalVarNames()) {
    Variable* v = exec_scope_->FindLocalVar(name);
    if (!v->IsType<Tensor>()) continue;
    const Tensor& t = v->Get<Tensor>();
    if (t.persistable() || !t.buffer() || !t.buffer()->owns()) continue;
    if (seen.insert(t.buffer().get()).second) bytes += t.buffer()->space();
  }
  return bytes;
}

}  // namespace lite
}  // namespace paddle
