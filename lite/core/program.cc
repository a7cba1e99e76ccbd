#include "lite/core/program.h"

#include <set>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {

namespace {
bool IsRunOnceOp(const std::string& type) {
  return type == "io_copy_once" || type == "calib_once" || type == "layout_once";
}
}  // namespace

Instruction::Instruction(std::unique_ptr<OpLite> op, std::unique_ptr<KernelBase> kernel)
    : op_(std::move(op)), kernel_(std::move(kernel)), run_once_(IsRunOnceOp(op_->Type())) {
  op_->AttachKernel(kernel_.get());
}

void Instruction::Run() {
  if (run_once_ && has_run_) return;
  try {
    op_->InferShape();
    kernel_->Launch();
  } catch (const PaddleLiteException& e) {
    PLITE_THROW(e.what(), " [while running op '", op_->Type(), "' writing ",
                Join(op_->op_info().OutputArgumentNames(), ","), "]");
  }
  has_run_ = true;
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

RuntimeProgram::RuntimeProgram(const cpp::ProgramDesc& optimized, Scope* exec_scope, int threads)
    : exec_scope_(exec_scope) {
  PLITE_CHECK(!optimized.blocks.empty(), "program has no blocks");
  context_.threads = threads;
  const cpp::BlockDesc& block = optimized.blocks[0];
  CreateBlockVars(block, exec_scope);
  instructions_.reserve(block.ops.size());
  for (const auto& desc : block.ops) {
    PLITE_CHECK(desc.HasAttr(kKernelKeyAttr), "op '", desc.Type(),
                "' has no picked kernel (the program was not optimized)");
    const std::string key = desc.GetAttr<std::string>(kKernelKeyAttr);
    const KernelInfo* info = KernelRegistry::Global().Find(key);
    PLITE_CHECK(info != nullptr, "kernel '", key, "' for op '", desc.Type(),
                "' is not in this build");
    auto op = OpRegistry::Global().Create(desc.Type());
    op->Attach(desc, exec_scope);
    auto kernel = KernelRegistry::Create(*info);
    kernel->SetContext(&context_);
    instructions_.emplace_back(std::move(op), std::move(kernel));
  }
}

void RuntimeProgram::Run() {
  for (auto& inst : instructions_) inst.Run();
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
