// Custom ops and kernels (paddle_custom_op.h): the context they see, the generic op that runs
// an app's shape inference, the kernel that runs an app's CustomKernel, and their entry
// into the op and kernel registries.
#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <set>

#include "lite/api/custom_op_registry.h"
#include "lite/core/op_registry.h"
#include "lite/utils/log.h"

namespace paddle {
namespace lite_api {
namespace {

using lite::cpp::OpDesc;

const OpDesc& Desc(const void* desc) {
  PLITE_CHECK(desc != nullptr, "custom op: the kernel is not bound to an op");
  return *static_cast<const OpDesc*>(desc);
}

// The variables `args` binds: the parameters in `order` first, then the others in name
// order; each parameter's variables in order.
std::vector<std::string> OrderedVars(const OpDesc::ArgMap& args,
                                     const std::vector<std::string>* order) {
  std::vector<std::string> params;
  if (order) {
    for (const std::string& p : *order) {
      if (args.count(p)) params.push_back(p);
    }
  }
  for (const auto& kv : args) {
    if (std::find(params.begin(), params.end(), kv.first) == params.end()) {
      params.push_back(kv.first);
    }
  }
  std::vector<std::string> vars;
  for (const std::string& p : params) {
    const std::vector<std::string>& bound = args.at(p);
    vars.insert(vars.end(), bound.begin(), bound.end());
  }
  return vars;
}

const std::string& ArgName(const OpDesc& desc, const OpDesc::ArgMap& args, const char* kind,
                           const std::string& param, int index) {
  auto it = args.find(param);
  const int count = it == args.end() ? 0 : static_cast<int>(it->second.size());
  PLITE_CHECK(index >= 0 && index < count, "op '", desc.Type(), "': no ", kind, " '", param,
              "' #", index, " (the op has ", count, ")");
  return it->second[static_cast<size_t>(index)];
}

Tensor TensorOf(void* scope, const OpDesc& desc, const std::string& var) {
  lite::Tensor* t = static_cast<lite::Scope*>(scope)->FindMutableTensor(var);
  PLITE_CHECK(t != nullptr, "op '", desc.Type(), "': variable '", var, "' has no tensor");
  return Tensor(static_cast<void*>(t));
}

std::mutex registration_mutex;
// Registrations made during static initialisation wait here until the first predictor (or
// query) applies them: by then the library's own ops are registered whatever order the
// linker gave the static initialisers, so a clash with a built-in op type is seen.
std::vector<std::function<void()>>& PendingRegistrations() {
  static std::vector<std::function<void()>> pending;
  return pending;
}
void Defer(std::function<void()> registration) {
  std::lock_guard<std::mutex> lock(registration_mutex);
  PendingRegistrations().push_back(std::move(registration));
}
std::vector<std::string>& RefusedRegistrations() {
  static std::vector<std::string> refused;
  return refused;
}
std::map<std::string, std::shared_ptr<const lite::CustomOpSchema>>& CustomSchemas() {
  static std::map<std::string, std::shared_ptr<const lite::CustomOpSchema>> schemas;
  return schemas;
}

}  // namespace

const std::string& CustomOpAttributes::op_type() const { return Desc(desc_).Type(); }
bool CustomOpAttributes::HasAttr(const std::string& name) const {
  return Desc(desc_).HasAttr(name);
}

template <typename T>
T CustomOpAttributes::GetAttr(const std::string& name) const {
  return Desc(desc_).GetAttr<T>(name);
}
template bool CustomOpAttributes::GetAttr<bool>(const std::string&) const;
template int32_t CustomOpAttributes::GetAttr<int32_t>(const std::string&) const;
template int64_t CustomOpAttributes::GetAttr<int64_t>(const std::string&) const;
template float CustomOpAttributes::GetAttr<float>(const std::string&) const;
template double CustomOpAttributes::GetAttr<double>(const std::string&) const;
template std::string CustomOpAttributes::GetAttr<std::string>(const std::string&) const;
template std::vector<int32_t> CustomOpAttributes::GetAttr<std::vector<int32_t>>(
    const std::string&) const;
template std::vector<int64_t> CustomOpAttributes::GetAttr<std::vector<int64_t>>(
    const std::string&) const;
template std::vector<float> CustomOpAttributes::GetAttr<std::vector<float>>(
    const std::string&) const;
template std::vector<std::string> CustomOpAttributes::GetAttr<std::vector<std::string>>(
    const std::string&) const;

CustomOpView::CustomOpView(const void* kernel_op_view)
    : CustomOpAttributes(&static_cast<const lite::KernelOpView*>(kernel_op_view)->desc()),
      view_(kernel_op_view) {}

shape_t CustomOpView::InputShape(const std::string& param, int index) const {
  const auto& view = *static_cast<const lite::KernelOpView*>(view_);
  const std::vector<std::string>& vars = view.desc().Input(param);
  if (index < 0 || index >= static_cast<int>(vars.size())) return {};
  return view.Dims(vars[static_cast<size_t>(index)]);
}

CustomOpContext::CustomOpContext(const void* op_desc, void* scope,
                                 const std::vector<std::string>* input_order,
                                 const std::vector<std::string>* output_order)
    : CustomOpAttributes(op_desc),
      scope_(scope),
      input_order_(input_order),
      output_order_(output_order) {}

int CustomOpContext::InputCount(const std::string& param) const {
  return static_cast<int>(Desc(desc_).Input(param).size());
}
int CustomOpContext::OutputCount(const std::string& param) const {
  return static_cast<int>(Desc(desc_).Output(param).size());
}
std::string CustomOpContext::InputName(const std::string& param, int index) const {
  const OpDesc& d = Desc(desc_);
  return ArgName(d, d.inputs(), "input", param, index);
}
std::string CustomOpContext::OutputName(const std::string& param, int index) const {
  const OpDesc& d = Desc(desc_);
  return ArgName(d, d.outputs(), "output", param, index);
}
Tensor CustomOpContext::Input(const std::string& param, int index) const {
  return TensorOf(scope_, Desc(desc_), InputName(param, index));
}
Tensor CustomOpContext::Output(const std::string& param, int index) const {
  return TensorOf(scope_, Desc(desc_), OutputName(param, index));
}

std::vector<std::string> CustomOpContext::InputNames() const {
  return OrderedVars(Desc(desc_).inputs(), input_order_);
}
std::vector<std::string> CustomOpContext::OutputNames() const {
  return OrderedVars(Desc(desc_).outputs(), output_order_);
}
std::vector<Tensor> CustomOpContext::Inputs() const {
  std::vector<Tensor> tensors;
  for (const std::string& var : InputNames()) tensors.push_back(TensorOf(scope_, Desc(desc_), var));
  return tensors;
}
std::vector<Tensor> CustomOpContext::Outputs() const {
  std::vector<Tensor> tensors;
  for (const std::string& var : OutputNames()) tensors.push_back(TensorOf(scope_, Desc(desc_), var));
  return tensors;
}

CustomOpRegistrar::CustomOpRegistrar(const char* op_type) : op_type_(op_type) {}
CustomOpRegistrar& CustomOpRegistrar::Inputs(const std::vector<std::string>& params) {
  inputs_ = params;
  return *this;
}
CustomOpRegistrar& CustomOpRegistrar::OptionalInputs(const std::vector<std::string>& params) {
  optional_inputs_ = params;
  return *this;
}
CustomOpRegistrar& CustomOpRegistrar::Outputs(const std::vector<std::string>& params) {
  outputs_ = params;
  return *this;
}
CustomOpRegistrar& CustomOpRegistrar::InferShape(CustomInferShapeFn infer) {
  infer_ = std::move(infer);
  return *this;
}
bool CustomOpRegistrar::Finalize() {
  Defer([op_type = op_type_, schema = lite::CustomOpSchema{inputs_, optional_inputs_, outputs_,
                                                           infer_}] {
    try {
      lite::RegisterCustomOp(op_type, schema, "app");
    } catch (const std::exception& e) {
      lite::RefuseCustomRegistration(op_type, e.what());
    }
  });
  return true;
}

CustomKernelRegistrar::CustomKernelRegistrar(const char* op_type, TargetType target,
                                             PrecisionType precision, DataLayoutType layout,
                                             const char* provider, Factory create)
    : op_type_(op_type),
      provider_(provider),
      target_(target),
      precision_(precision),
      layout_(layout),
      create_(std::move(create)) {}
CustomKernelRegistrar& CustomKernelRegistrar::Input(const std::string& param,
                                                    PrecisionType precision,
                                                    DataLayoutType layout) {
  inputs_.push_back({param, precision, layout});
  return *this;
}
CustomKernelRegistrar& CustomKernelRegistrar::Output(const std::string& param,
                                                     PrecisionType precision,
                                                     DataLayoutType layout) {
  outputs_.push_back({param, precision, layout});
  return *this;
}
CustomKernelRegistrar& CustomKernelRegistrar::Applies(
    std::function<bool(const CustomOpView& op)> condition) {
  applies_ = std::move(condition);
  return *this;
}
bool CustomKernelRegistrar::Finalize() {
  lite::CustomKernelSpec spec;
  spec.op_type = op_type_;
  spec.provider = provider_;
  spec.place = Place(target_, precision_, layout_);
  for (const Arg& a : inputs_) spec.inputs.emplace_back(a.param, lite::Type{target_, a.precision, a.layout});
  for (const Arg& a : outputs_) {
    spec.outputs.emplace_back(a.param, lite::Type{target_, a.precision, a.layout});
  }
  spec.create = create_;
  spec.applies = applies_;
  spec.source = "app";
  Defer([spec] {
    try {
      lite::RegisterCustomKernel(spec);
    } catch (const std::exception& e) {
      lite::RefuseCustomRegistration(spec.op_type, e.what());
    }
  });
  return true;
}

std::vector<std::string> CustomOpTypes() {
  lite::ApplyCustomRegistrations();
  std::lock_guard<std::mutex> lock(registration_mutex);
  std::vector<std::string> types;
  for (const auto& kv : CustomSchemas()) types.push_back(kv.first);
  return types;
}

std::vector<std::string> CustomRegistrationErrors() {
  lite::ApplyCustomRegistrations();
  std::lock_guard<std::mutex> lock(registration_mutex);
  return RefusedRegistrations();
}

}  // namespace lite_api

namespace lite {
namespace {

using lite_api::CustomOpContext;

// Runs an app's callback; what it throws leaves as PaddleLiteException naming `who`.
template <typename Fn>
void CallApp(const std::string& who, Fn&& fn) {
  try {
    fn();
  } catch (const PaddleLiteException& e) {
    PLITE_THROW(who, ": ", e.what());
  } catch (const std::exception& e) {
    PLITE_THROW(who, ": ", e.what());
  } catch (...) {
    PLITE_THROW(who, ": threw something that is not a std::exception");
  }
}

std::shared_ptr<const CustomOpSchema> SchemaOf(const std::string& op_type) {
  std::lock_guard<std::mutex> lock(lite_api::registration_mutex);
  auto it = lite_api::CustomSchemas().find(op_type);
  return it == lite_api::CustomSchemas().end() ? nullptr : it->second;
}

// The op for a custom op type: binds whatever the model gives it, checks the declared
// parameters are there, and leaves shapes to the app's inference.
class CustomOp : public OpLite {
 public:
  CustomOp(std::string type, std::shared_ptr<const CustomOpSchema> schema)
      : OpLite(std::move(type)), schema_(std::move(schema)) {
    input_order_ = schema_->inputs;
    input_order_.insert(input_order_.end(), schema_->optional_inputs.begin(),
                        schema_->optional_inputs.end());
  }
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override {
    CustomOpContext ctx(&op_info(), scope(), &input_order_, &schema_->outputs);
    CallApp(StrCat("op '", Type(), "' (custom): shape inference"), [&] { schema_->infer(ctx); });
    return true;
  }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    for (const std::string& p : schema_->inputs) {
      PLITE_CHECK(desc.HasInput(p), "op '", Type(), "' (custom): input '", p,
                  "' is missing; the op's registration declares inputs [",
                  Join(schema_->inputs, ", "), "]");
    }
    for (const std::string& p : schema_->outputs) {
      PLITE_CHECK(desc.HasOutput(p), "op '", Type(), "' (custom): output '", p,
                  "' is missing; the op's registration declares outputs [",
                  Join(schema_->outputs, ", "), "]");
    }
    for (const auto& kv : desc.inputs()) GetInputTensors(desc, scope, kv.first);
    for (const auto& kv : desc.outputs()) GetOutputTensors(desc, scope, kv.first);
    return true;
  }
  ParamBase* mutable_param() override { return &param_; }

 private:
  std::shared_ptr<const CustomOpSchema> schema_;
  std::vector<std::string> input_order_;
  ParamBase param_;
};

// Runs an app's CustomKernel: Prepare once, Resize when the input shapes change, Execute;
// then tags the outputs with the layouts the kernel declared.
class CustomKernelAdapter : public KernelBase {
 public:
  CustomKernelAdapter(std::unique_ptr<lite_api::CustomKernel> kernel, Place place,
                      std::vector<std::string> input_order, std::vector<std::string> output_order,
                      std::map<std::string, DataLayoutType> output_layouts)
      : kernel_(std::move(kernel)),
        place_(place),
        input_order_(std::move(input_order)),
        output_order_(std::move(output_order)),
        output_layouts_(std::move(output_layouts)) {}

  TargetType target() const override { return place_.target; }
  PrecisionType precision() const override { return place_.precision; }
  DataLayoutType layout() const override { return place_.layout; }

  void PrepareForRun() override {
    CustomOpContext ctx = Context();
    CallApp(Who("Prepare"), [&] { kernel_->Prepare(ctx); });
  }

  void Run() override {
    CustomOpContext ctx = Context();
    std::vector<lite_api::shape_t> dims;
    for (const lite_api::Tensor& t : ctx.Inputs()) dims.push_back(t.shape());
    if (!resized_ || dims != last_input_dims_) {
      CallApp(Who("Resize"), [&] { kernel_->Resize(ctx); });
      last_input_dims_ = std::move(dims);
      resized_ = true;
    }
    CallApp(Who("Execute"), [&] { kernel_->Execute(ctx); });
    const cpp::OpDesc& desc = *op_desc();
    for (const auto& kv : desc.outputs()) {
      auto layout = output_layouts_.find(kv.first);
      for (const std::string& var : kv.second) {
        Tensor* t = op_scope()->FindMutableTensor(var);
        if (t == nullptr) continue;
        PLITE_CHECK(t->IsInitialized(), Who("Execute"), " did not write output '", kv.first,
                    "' (", var, ")");
        const DataLayoutType tag = layout != output_layouts_.end() ? layout->second : place_.layout;
        if (tag != DataLayoutType::kAny) t->set_layout(tag);
      }
    }
  }

 private:
  CustomOpContext Context() const {
    PLITE_CHECK(op_desc() != nullptr && op_scope() != nullptr, "custom kernel ", key(),
                " is not bound to an op");
    return CustomOpContext(op_desc(), op_scope(), &input_order_, &output_order_);
  }
  std::string Who(const char* step) const {
    return StrCat("custom kernel ", key(), " (", info().source_file, ") ", step);
  }

  std::unique_ptr<lite_api::CustomKernel> kernel_;
  Place place_;
  std::vector<std::string> input_order_;
  std::vector<std::string> output_order_;
  std::map<std::string, DataLayoutType> output_layouts_;
  bool resized_{false};
  std::vector<lite_api::shape_t> last_input_dims_;
};

bool IsIdentifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

}  // namespace

void ApplyCustomRegistrations() {
  static std::mutex applying;  // a second caller waits until the first has applied them all
  std::lock_guard<std::mutex> apply_lock(applying);
  std::vector<std::function<void()>> pending;
  {
    std::lock_guard<std::mutex> lock(lite_api::registration_mutex);
    pending.swap(lite_api::PendingRegistrations());
  }
  for (const auto& registration : pending) registration();
}

void RefuseCustomRegistration(const std::string& op_type, const std::string& message) {
  {
    std::lock_guard<std::mutex> lock(lite_api::registration_mutex);
    lite_api::RefusedRegistrations().push_back(message);
  }
  OpRegistry::Global().RecordRefusedRegistration(op_type, message);
  PLITE_WARN << message;
}

void RegisterCustomOp(const std::string& op_type, CustomOpSchema schema,
                      const std::string& source) {
  const std::string who = StrCat("custom op '", op_type, "' (", source, ")");
  PLITE_CHECK(IsIdentifier(op_type), who, ": the op type must be a name of letters, digits and _");
  PLITE_CHECK(static_cast<bool>(schema.infer), who,
              ": no shape inference (REGISTER_CUSTOM_OP(...).InferShape(fn))");
  PLITE_CHECK(!OpRegistry::Global().Has(op_type), who, ": the op type is already registered (",
              OpRegistry::Global().SourceFile(op_type), "); a new kernel for an existing op "
              "type is registered with REGISTER_CUSTOM_KERNEL alone");
  OpRegistry::Global().SetArgNames(
      op_type, OpRegistry::ArgNames{schema.inputs, schema.optional_inputs, schema.outputs});
  auto shared = std::make_shared<const CustomOpSchema>(std::move(schema));
  {
    std::lock_guard<std::mutex> lock(lite_api::registration_mutex);
    lite_api::CustomSchemas()[op_type] = shared;
  }
  OpRegistry::Global().Register(
      op_type, [op_type, shared] { return std::unique_ptr<OpLite>(new CustomOp(op_type, shared)); },
      source.c_str());
}

void RegisterCustomKernel(CustomKernelSpec spec) {
  const std::string who = StrCat("custom kernel for '", spec.op_type, "' from provider '",
                                 spec.provider, "' (", spec.source, ")");
  PLITE_CHECK(IsIdentifier(spec.op_type), who, ": the op type must be a name of letters, digits and _");
  PLITE_CHECK(IsIdentifier(spec.provider) && spec.provider != kBuiltinProvider, who,
              ": the provider must be a name of letters, digits and _ other than '",
              kBuiltinProvider, "'");
  const TargetType target = spec.place.target;
  PLITE_CHECK(target == TargetType::kHost || target == TargetType::kX86 ||
                  target == TargetType::kARM ||
                  (target == TargetType::kOpenCL && spec.has_device != nullptr),
              who, ": target ", lite_api::TargetToStr(target),
              " is not one custom kernels run on (host, x86, arm)");
  PLITE_CHECK(static_cast<bool>(spec.create), who, ": no kernel factory");

  KernelInfo info;
  info.op_type = spec.op_type;
  info.alias = spec.provider;
  info.provider = spec.provider;
  info.place = spec.place;
  info.source_file = spec.source;
  info.cpu_feature = spec.device;
  info.cpu_has_feature = spec.has_device;
  std::vector<std::string> input_order;
  std::vector<std::string> output_order;
  std::map<std::string, DataLayoutType> output_layouts;
  for (const auto& a : spec.inputs) {
    info.inputs[a.first] = a.second;
    input_order.push_back(a.first);
  }
  for (const auto& a : spec.outputs) {
    info.outputs[a.first] = a.second;
    output_order.push_back(a.first);
    output_layouts[a.first] = a.second.layout;
  }
  if (spec.applies) {
    info.applies = [applies = spec.applies, who](const KernelOpView& op) {
      bool yes = false;
      CallApp(who + ": Applies", [&] { yes = applies(lite_api::CustomOpView(&op)); });
      return yes;
    };
  }
  const Place place = spec.place;
  const std::string op_type = spec.op_type;
  auto create = spec.create;
  info.create = [=]() -> std::unique_ptr<KernelBase> {
    std::unique_ptr<lite_api::CustomKernel> kernel = create();
    PLITE_CHECK(kernel != nullptr, who, ": the factory returned no kernel");
    // A custom op type's kernels list the op's parameters in its declared order.
    std::vector<std::string> inputs = input_order;
    std::vector<std::string> outputs = output_order;
    if (auto schema = SchemaOf(op_type)) {
      inputs = schema->inputs;
      inputs.insert(inputs.end(), schema->optional_inputs.begin(), schema->optional_inputs.end());
      outputs = schema->outputs;
    }
    std::map<std::string, DataLayoutType> layouts = output_layouts;
    for (const std::string& p : outputs) layouts.emplace(p, place.layout);
    return std::make_unique<CustomKernelAdapter>(std::move(kernel), place, std::move(inputs),
                                                 std::move(outputs), std::move(layouts));
  };
  try {
    KernelRegistry::Global().Register(std::move(info));
  } catch (const PaddleLiteException& e) {
    PLITE_THROW(who, ": ", e.what());
  }
}

}  // namespace lite
}  // namespace paddle
