#include "lite/api/program_predictor.h"

#include <atomic>
#include <map>
#include <set>

#include "lite/api/custom_op_registry.h"
#include "lite/api/op_plugin_loader.h"
#include "lite/api/opencl_config.h"
#include "lite/core/cpu_cores.h"
#include "lite/core/float_env.h"

namespace paddle {
namespace lite {

// Defined with the generated use lists (paddle_use_all.cc): referencing it pulls every
// compiled registration into a static link of either API.
int LinkAllRegistrations();

namespace {

// The one var bound to `param` of a feed/fetch op.
const std::string& IoArg(const cpp::OpDesc& op, const std::vector<std::string>& args,
                         const char* param) {
  PLITE_CHECK(args.size() == 1, op.Type(), " op needs exactly one ", param, " argument");
  return args[0];
}

// Names of the vars the feed ops write and the fetch ops read, ordered by `col`.
std::vector<std::string> IoNames(const cpp::BlockDesc& block, const std::string& op_type) {
  std::map<int, std::string> by_col;
  for (const auto& op : block.ops) {
    if (op.Type() != op_type) continue;
    const int col = op.GetAttr<int32_t>("col");
    const std::string& name =
        op_type == "feed" ? IoArg(op, op.Output("Out"), "Out") : IoArg(op, op.Input("X"), "X");
    PLITE_CHECK(by_col.emplace(col, name).second, op_type, " col ", col, " is used twice");
  }
  std::vector<std::string> names;
  for (const auto& kv : by_col) {
    PLITE_CHECK(kv.first == static_cast<int>(names.size()), op_type, " cols are not 0..n-1");
    names.push_back(kv.second);
  }
  return names;
}

// Paddle Lite's power modes on this machine's clusters: HIGH the big cores, LOW the little
// ones, FULL all, NO_BIND none; the RAND modes start each predictor one core further into
// its cluster, spreading the load (and the heat) over it.
ThreadBinding BindingForPowerMode(lite_api::PowerMode mode, int threads) {
  static std::atomic<unsigned> rotation{0};
  switch (mode) {
    case lite_api::LITE_POWER_HIGH:
      return BindingFor(MachineCpuClusters(), CoreChoice::kBig, threads);
    case lite_api::LITE_POWER_LOW:
      return BindingFor(MachineCpuClusters(), CoreChoice::kLittle, threads);
    case lite_api::LITE_POWER_FULL:
      return BindingFor(MachineCpuClusters(), CoreChoice::kAll, threads);
    case lite_api::LITE_POWER_RAND_HIGH:
      return BindingFor(MachineCpuClusters(), CoreChoice::kBig, threads, rotation++);
    case lite_api::LITE_POWER_RAND_LOW:
      return BindingFor(MachineCpuClusters(), CoreChoice::kLittle, threads, rotation++);
    default:
      return BindingFor(MachineCpuClusters(), CoreChoice::kNoBinding, threads);
  }
}

}  // namespace

ProgramPredictor::ProgramPredictor(int threads, lite_api::PowerMode mode)
    : root_(std::make_shared<Scope>()), threads_(threads), power_mode_(mode) {
  LinkAllRegistrations();
  ApplyCustomRegistrations();
  LoadOpPluginsFromEnv();
  PLITE_CHECK(threads_ >= 1, "set_threads: need at least 1 thread, got ", threads_);
  PLITE_CHECK(mode >= lite_api::LITE_POWER_HIGH && mode <= lite_api::LITE_POWER_RAND_LOW,
              "set_power_mode: unknown power mode ", static_cast<int>(mode),
              " (LITE_POWER_HIGH .. LITE_POWER_RAND_LOW are 0..5)");
  lite_api::PaddlePredictor::threads_ = threads;
  lite_api::PaddlePredictor::mode_ = mode;
  exec_ = &root_->NewScope();
}

ProgramPredictor::ProgramPredictor(const ProgramPredictor& other)
    : lite_api::PaddlePredictor(),
      root_(other.root_),
      exec_(&other.root_->NewScope()),
      optimized_(other.optimized_),
      threads_(other.threads_),
      power_mode_(other.power_mode_) {
  lite_api::PaddlePredictor::threads_ = threads_;
  lite_api::PaddlePredictor::mode_ = power_mode_;
  BuildRuntime();
}

ProgramPredictor::ProgramPredictor(const ProgramPredictor& other,
                                   const std::vector<std::string>& private_weights)
    : lite_api::PaddlePredictor(),
      root_(other.root_),
      exec_(&other.root_->NewScope()),
      optimized_(other.optimized_),
      threads_(other.threads_),
      power_mode_(other.power_mode_) {
  lite_api::PaddlePredictor::threads_ = threads_;
  lite_api::PaddlePredictor::mode_ = power_mode_;
  try {
    for (const std::string& name : private_weights) {
      const Variable* var = root_->FindLocalVar(name);
      const Tensor* weight = var && var->IsType<Tensor>() ? &var->Get<Tensor>() : nullptr;
      PLITE_CHECK(weight && weight->persistable(), "Clone: '", name,
                  "' is not a weight of the model (GetParamNames() lists them)");
      Tensor* copy = exec_->LocalVar(name)->GetMutable<Tensor>();
      copy->CopyDataFrom(*weight);
      copy->set_persistable(true);
    }
    BuildRuntime();
  } catch (...) {
    root_->DeleteScope(exec_);
    exec_ = nullptr;
    throw;
  }
}

void ProgramPredictor::SetProgram(std::shared_ptr<const cpp::ProgramDesc> optimized) {
  PLITE_CHECK(optimized && !optimized->blocks.empty(), "the model has no blocks");
  optimized_ = std::move(optimized);
  BuildRuntime();
}

void ProgramPredictor::ReplaceProgram(std::shared_ptr<Scope> root, Scope* exec,
                                      std::shared_ptr<const cpp::ProgramDesc> optimized) {
  std::shared_ptr<Scope> old_root = std::move(root_);
  Scope* old_exec = exec_;
  std::shared_ptr<const cpp::ProgramDesc> old_optimized = optimized_;
  std::unique_ptr<RuntimeProgram> old_program = std::move(program_);
  try {
    root_ = std::move(root);
    exec_ = exec;
    SetProgram(std::move(optimized));
  } catch (...) {
    root_ = std::move(old_root);
    exec_ = old_exec;
    optimized_ = std::move(old_optimized);
    program_ = std::move(old_program);  // the names BuildRuntime set are the same model's
    throw;
  }
  // The vectors' buffers, holding the tensors the handles point to, change owner.
  for (const std::string& list : {feed_list_name_, fetch_list_name_}) {
    std::swap(*old_exec->FindVar(list)->GetMutable<TensorList>(),
              *exec_->FindVar(list)->GetMutable<TensorList>());
  }
  old_program.reset();
  old_root->DeleteScope(old_exec);
}

ProgramPredictor::~ProgramPredictor() {
  program_.reset();
  if (root_ && exec_) root_->DeleteScope(exec_);
}

void ProgramPredictor::BuildRuntime() {
  const cpp::BlockDesc& block = optimized_->blocks[0];
  input_names_ = IoNames(block, "feed");
  output_names_ = IoNames(block, "fetch");
  input_precisions_.clear();
  for (const auto& name : input_names_) {
    const cpp::VarDesc* var = block.FindVar(name);
    input_precisions_.push_back(var ? var->precision : PrecisionType::kFloat);
  }
  program_ = std::make_unique<RuntimeProgram>(*optimized_, exec_,
                                              BindingForPowerMode(power_mode_, threads_));
  for (const auto& op : block.ops) {
    if (op.Type() == "feed") feed_list_name_ = IoArg(op, op.Input("X"), "X");
    if (op.Type() == "fetch") fetch_list_name_ = IoArg(op, op.Output("Out"), "Out");
  }
  // The feed list holds the user's inputs; its size is fixed so handles stay valid.
  exec_->Var(feed_list_name_)->GetMutable<TensorList>()->resize(input_names_.size());
  exec_->Var(fetch_list_name_)->GetMutable<TensorList>();
}

Tensor* ProgramPredictor::InputTensor(int i) {
  PLITE_CHECK(i >= 0 && static_cast<size_t>(i) < input_names_.size(), "GetInput(", i,
              "): the model has ", input_names_.size(), " inputs");
  auto* list = exec_->FindVar(feed_list_name_)->GetMutable<TensorList>();
  return &(*list)[i];
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInput(int i) {
  return std::make_unique<lite_api::Tensor>(static_cast<void*>(InputTensor(i)));
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInputByName(const std::string& name) {
  for (size_t i = 0; i < input_names_.size(); ++i) {
    if (input_names_[i] == name) return GetInput(static_cast<int>(i));
  }
  PLITE_THROW("GetInputByName: the model has no input '", name, "' (inputs: ",
              Join(input_names_, ", "), ")");
}

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetOutput(int i) const {
  PLITE_CHECK(i >= 0 && static_cast<size_t>(i) < output_names_.size(), "GetOutput(", i,
              "): the model has ", output_names_.size(), " outputs");
  auto* list = exec_->FindVar(fetch_list_name_)->GetMutable<TensorList>();
  PLITE_CHECK(static_cast<size_t>(i) < list->size(), "GetOutput(", i,
              "): Run() has not produced outputs yet");
  return std::make_unique<const lite_api::Tensor>(static_cast<const void*>(&(*list)[i]));
}

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetTensor(const std::string& name) const {
  const Tensor* t = exec_->FindTensor(name);
  if (t == nullptr) return nullptr;
  return std::make_unique<const lite_api::Tensor>(static_cast<const void*>(t));
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetMutableTensor(const std::string& name) {
  Tensor* t = exec_->FindMutableTensor(name);
  if (t == nullptr) return nullptr;
  return std::make_unique<lite_api::Tensor>(static_cast<void*>(t));
}

std::vector<std::string> ProgramPredictor::GetParamNames() {
  std::vector<std::string> names;
  for (const auto& var : optimized_->blocks[0].vars) {
    if (var.persistable && var.name != feed_list_name_ && var.name != fetch_list_name_) {
      names.push_back(var.name);
    }
  }
  return names;
}

// Frees what the activations hold. Kept: weights, the feed and fetch lists (the user's
// inputs and results: TensorLists, not Tensors) and the outputs of the run-once casts
// (weights converted at the first Run, which are not converted again).
bool ProgramPredictor::TryShrinkMemory() {
  std::set<std::string> keep;
  for (const auto& op : optimized_->blocks[0].ops) {
    if (!IsRunOnceOp(op.Type())) continue;
    for (const auto& arg : op.OutputArgumentNames()) keep.insert(arg);
  }
  for (const std::string& name : exec_->LocalVarNames()) {
    Variable* var = exec_->FindLocalVar(name);
    if (!var->IsType<Tensor>() || keep.count(name)) continue;
    Tensor* t = var->GetMutable<Tensor>();
    if (!t->persistable()) t->ReleaseMemory();
  }
  return true;
}

void ProgramPredictor::CheckInputs() {
  auto& list = *exec_->FindVar(feed_list_name_)->GetMutable<TensorList>();
  for (size_t i = 0; i < input_names_.size(); ++i) {
    Tensor& t = list[i];
    const std::string which = StrCat("input ", i, " ('", input_names_[i], "')");
    PLITE_CHECK(!t.dims().empty(), which,
                " was not set: Resize it and write its data before Run()");
    for (int64_t d : t.dims().Vectorize()) {
      PLITE_CHECK(d >= 1, which, " has a ", d == 0 ? "zero" : "negative", " dimension ", t.dims(),
                  ": every dimension must be at least 1");
    }
    PLITE_CHECK(t.memory_size() > 0, which,
                " was not set: Resize it and write its data before Run()");
    // Memory shared in with ShareExternalMemory carries no precision: it is the model's.
    if (t.precision() == PrecisionType::kUnk) t.set_precision(input_precisions_[i]);
    PLITE_CHECK(t.precision() == input_precisions_[i], which, " must be ",
                lite_api::PrecisionToStr(input_precisions_[i]), ", got ",
                lite_api::PrecisionToStr(t.precision()));
    PLITE_CHECK(t.memory_size() / lite_api::PrecisionTypeLength(t.precision()) >=
                    static_cast<uint64_t>(t.numel()),
                which, " holds ", t.memory_size(), " bytes, too few for shape ", t.dims());
  }
}

void ProgramPredictor::Run() {
  images_cannot_hold_.clear();
  RunWith([this] {
    try {
      program_->Run();
    } catch (const PaddleLiteException& e) {
      images_cannot_hold_ = TensorsOpenClImagesCannotHold(*program_);
      if (images_cannot_hold_.empty()) throw;
      PLITE_THROW(e.what(), " (", Join(images_cannot_hold_, ", "),
                  " cannot be held in this device's OpenCL images: list it in opt's "
                  "--keep_cpu_ops or CxxConfig::set_keep_cpu_ops to run the ops reading or "
                  "writing it on the CPU)");
    }
  });
}

std::string ProgramPredictor::GetVersion() const { return PLITE_VERSION; }

void ProgramPredictor::RunWith(const std::function<void()>& run_program) {
  RethrowAsLiteError("Run", [&] {
    CheckInputs();
    const ScopedFlushDenormals flush;  // as RuntimeProgram::Run: the profiler's runs too
    run_program();
  });
}

}  // namespace lite
}  // namespace paddle
