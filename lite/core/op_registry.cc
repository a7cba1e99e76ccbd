#include "lite/core/op_registry.h"

#include <atomic>

namespace paddle {
namespace lite {

namespace {
std::atomic<bool> plan_for_absent_devices{false};
}  // namespace

void KernelInfo::PlanForAbsentDevices(bool on) { plan_for_absent_devices = on; }
bool KernelInfo::PlansForAbsentDevices() { return plan_for_absent_devices; }

std::string ProjectRelativeSource(const char* file) {
  std::string path = file;
  for (;;) {
    if (path.rfind("./", 0) == 0) {
      path.erase(0, 2);
    } else if (path.rfind("../", 0) == 0) {
      path.erase(0, 3);
    } else {
      return path;
    }
  }
}

std::string KernelInfo::key() const {
  return op_type + "," + lite_api::TargetToStr(place.target) + "," +
         lite_api::PrecisionToStr(place.precision) + "," +
         lite_api::DataLayoutToStr(place.layout) + "," + alias;
}

std::string OpVersionRange::ToString() const { return StrCat(min, "..", max); }

const OpVersionRange* KernelInfo::DeclaredOpVersions() const {
  auto it = op_versions.find(op_type);
  return it == op_versions.end() ? nullptr : &it->second;
}

bool KernelInfo::ImplementsModelVersion(const std::map<std::string, int32_t>& model_versions) const {
  const OpVersionRange* range = DeclaredOpVersions();
  auto it = model_versions.find(op_type);
  return range == nullptr || it == model_versions.end() || range->Contains(it->second);
}

KernelRegistry& KernelRegistry::Global() {
  static KernelRegistry registry;
  return registry;
}

void KernelRegistry::Register(KernelInfo info) {
  std::lock_guard<std::mutex> lock(mutex_);
  PLITE_CHECK(FindLocked(info.key()) == nullptr, "kernel ", info.key(), " is registered twice");
  auto& list = by_op_[info.op_type];
  list.push_back(std::make_unique<KernelInfo>(std::move(info)));
}

std::vector<const KernelInfo*> KernelRegistry::Kernels(const std::string& op_type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<const KernelInfo*> out;
  auto it = by_op_.find(op_type);
  if (it == by_op_.end()) return out;
  for (const auto& k : it->second) out.push_back(k.get());
  return out;
}

std::vector<const KernelInfo*> KernelRegistry::AllKernels() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<const KernelInfo*> out;
  for (const auto& kv : by_op_) {
    for (const auto& k : kv.second) out.push_back(k.get());
  }
  return out;
}

bool KernelRegistry::HasTarget(TargetType target) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& kv : by_op_) {
    for (const auto& k : kv.second) {
      if (k->place.target == target) return true;
    }
  }
  return false;
}

std::vector<Place> DefaultPlaces() {
  std::vector<Place> places;
  for (TargetType cpu : {TargetType::kX86, TargetType::kARM}) {
    if (!KernelRegistry::Global().HasTarget(cpu)) continue;
    // Both have int8 convs and fcs for quantized models (float models never pick them).
    places.emplace_back(cpu, PrecisionType::kInt8);
    places.emplace_back(cpu, PrecisionType::kFloat);
  }
  places.emplace_back(TargetType::kHost, PrecisionType::kFloat);
  return places;
}

const KernelInfo* KernelRegistry::Find(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return FindLocked(key);
}

const KernelInfo* KernelRegistry::FindLocked(const std::string& key) const {
  const std::string op_type = key.substr(0, key.find(','));
  auto it = by_op_.find(op_type);
  if (it == by_op_.end()) return nullptr;
  for (const auto& k : it->second) {
    if (k->key() == key) return k.get();
  }
  return nullptr;
}

std::unique_ptr<KernelBase> KernelRegistry::Create(const KernelInfo& info) {
  auto kernel = info.create();
  kernel->set_info(&info);
  return kernel;
}

OpRegistry& OpRegistry::Global() {
  static OpRegistry registry;
  return registry;
}

bool OpRegistry::Register(const std::string& op_type, Creator creator,
                          const char* source_file) {
  std::lock_guard<std::mutex> lock(mutex_);
  creators_[op_type] = std::move(creator);
  source_files_[op_type] = ProjectRelativeSource(source_file);
  return true;
}

bool OpRegistry::Has(const std::string& op_type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return creators_.count(op_type) > 0;
}

std::string OpRegistry::SourceFile(const std::string& op_type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = source_files_.find(op_type);
  return it == source_files_.end() ? std::string() : it->second;
}

std::unique_ptr<OpLite> OpRegistry::Create(const std::string& op_type) const {
  Creator creator;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = creators_.find(op_type);
    if (it != creators_.end()) creator = it->second;
  }
  PLITE_CHECK(creator, "op '", op_type, "' is not supported (no operator registered for it in ",
              "this build", MissingOpHint({op_type}), ")");
  return creator();
}

void OpRegistry::SetArgNames(const std::string& op_type, ArgNames names) {
  std::lock_guard<std::mutex> lock(mutex_);
  arg_names_[op_type] = std::move(names);
}

bool OpRegistry::FindArgNames(const std::string& op_type, ArgNames* names) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = arg_names_.find(op_type);
  if (it == arg_names_.end()) return false;
  *names = it->second;
  return true;
}

void OpRegistry::RecordRefusedRegistration(const std::string& op_type,
                                           const std::string& message) {
  std::lock_guard<std::mutex> lock(mutex_);
  refused_[op_type].push_back(message);
}

std::string OpRegistry::MissingOpHint(const std::vector<std::string>& op_types) const {
  std::string hint =
      "; an op type plite lacks can come from the app (REGISTER_CUSTOM_OP and "
      "REGISTER_CUSTOM_KERNEL, paddle_custom_op.h) or from a plugin in a directory of "
      "PLITE_OP_PLUGIN_PATH (paddle_op_plugin.h)";
  // Kernels without an op: the app registered a kernel but not the op's shape inference.
  for (const std::string& op_type : op_types) {
    std::vector<std::string> providers;
    for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
      providers.push_back(info->provider);
    }
    if (!providers.empty()) {
      hint += StrCat("; kernels for '", op_type, "' are registered (providers ",
                     Join(providers, ", "), ") but no op: REGISTER_CUSTOM_OP(", op_type,
                     ").InferShape(...) gives it its shape inference");
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto plugins = refused_.find("");  // plugins that did not load: their op types are unknown
  if (plugins != refused_.end()) hint += StrCat("; ", Join(plugins->second, "; "));
  for (const std::string& op_type : op_types) {
    auto it = refused_.find(op_type);
    if (it != refused_.end()) {
      hint += StrCat("; refused registrations for '", op_type, "': ", Join(it->second, "; "));
    }
  }
  return hint;
}

std::vector<std::string> OpRegistry::OpTypes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  for (const auto& kv : creators_) out.push_back(kv.first);
  return out;
}

// KernelBase members that need KernelInfo.
const std::string& KernelBase::op_type() const { return info_->op_type; }
const std::string& KernelBase::alias() const { return info_->alias; }
std::string KernelBase::key() const { return info_->key(); }

void SignatureOnlyKernel::Run() {
  PLITE_THROW("kernel ", key(), " is registered here for its signature only: this build plans "
              "models for ", lite_api::TargetToStr(target()), " (opt) but cannot run its "
              "kernels; run the model with a library built for that target");
}
TargetType SignatureOnlyKernel::target() const { return info().place.target; }
PrecisionType SignatureOnlyKernel::precision() const { return info().place.precision; }
DataLayoutType SignatureOnlyKernel::layout() const { return info().place.layout; }

KernelRegistration::KernelRegistration(std::initializer_list<const char*> op_types,
                                       TargetType target, DataLayoutType layout,
                                       const char* alias, const char* source_file,
                                       std::vector<Variant> variants)
    : op_types_(op_types.begin(), op_types.end()), variants_(std::move(variants)) {
  info_.source_file = ProjectRelativeSource(source_file);
  info_.alias = alias;
  info_.place = Place(target, PrecisionType::kUnk, layout);
}

KernelRegistration& KernelRegistration::BindInput(const std::string& arg, const Type& type) {
  info_.inputs[arg] = type;
  return *this;
}
KernelRegistration& KernelRegistration::BindInput(const std::string& arg,
                                                  const KernelPrecisionType& type) {
  own_inputs_[arg] = type;
  return *this;
}
KernelRegistration& KernelRegistration::BindOutput(const std::string& arg, const Type& type) {
  info_.outputs[arg] = type;
  return *this;
}
KernelRegistration& KernelRegistration::BindOutput(const std::string& arg,
                                                   const KernelPrecisionType& type) {
  own_outputs_[arg] = type;
  return *this;
}
KernelRegistration& KernelRegistration::RequireCpuFeature(const char* name,
                                                          bool (*has_feature)()) {
  info_.cpu_feature = name;
  info_.cpu_has_feature = has_feature;
  return *this;
}
KernelRegistration& KernelRegistration::RequireDevice(const char* name, bool (*has_device)()) {
  info_.requires_device = true;
  return RequireCpuFeature(name, has_device);
}
KernelRegistration& KernelRegistration::BindPaddleOpVersion(const std::string& op_type,
                                                            int min_version, int max_version) {
  PLITE_CHECK(0 <= min_version && min_version <= max_version, "BindPaddleOpVersion(\"", op_type,
              "\"): bad range ", min_version, "..", max_version);
  info_.op_versions[op_type] = OpVersionRange{min_version, max_version};
  return *this;
}
KernelRegistration& KernelRegistration::Applies(KernelCondition condition) {
  info_.applies = std::move(condition);
  return *this;
}
KernelRegistration& KernelRegistration::StartsBlockedRegion() {
  info_.starts_blocked_region = true;
  return *this;
}
KernelRegistration& KernelRegistration::MovesDataOnly() {
  info_.moves_data_only = true;
  return *this;
}
KernelRegistration& KernelRegistration::BlockedChannels(ChannelRule rule) {
  info_.blocked_channels = std::move(rule);
  return *this;
}
KernelRegistration& KernelRegistration::ChainsInt8() {
  info_.chains_int8 = true;
  return *this;
}
KernelRegistration& KernelRegistration::ReordersAroundBlockedLoops(KernelCondition condition) {
  info_.reorders_around_blocked_loops = std::move(condition);
  return *this;
}
KernelRegistration& KernelRegistration::MathSpecializations(MathSpecializationRule rule) {
  info_.math_specializations = rule;
  return *this;
}

bool KernelRegistration::Finalize() {
  for (const auto& kv : info_.op_versions) {  // a typo would silently bind nothing
    PLITE_CHECK(std::find(op_types_.begin(), op_types_.end(), kv.first) != op_types_.end(),
                "BindPaddleOpVersion(\"", kv.first, "\"): the registration is for ",
                Join(op_types_, ", "), " only");
  }
  for (const Variant& variant : variants_) {
    KernelInfo at_precision = info_;
    at_precision.place.precision = variant.precision;
    at_precision.create = variant.create;
    for (const auto& kv : own_inputs_) {
      at_precision.inputs[kv.first] = Type{kv.second.target, variant.precision, kv.second.layout};
    }
    for (const auto& kv : own_outputs_) {
      at_precision.outputs[kv.first] = Type{kv.second.target, variant.precision, kv.second.layout};
    }
    for (const std::string& op_type : op_types_) {
      KernelInfo info = at_precision;
      info.op_type = op_type;
      KernelRegistry::Global().Register(std::move(info));
    }
  }
  return true;
}

Type KernelBase::GetInputDeclType(const std::string& arg) const {
  auto it = info_->inputs.find(arg);
  if (it != info_->inputs.end()) return it->second;
  return Type{target(), precision(), layout()};
}

Type KernelBase::GetOutputDeclType(const std::string& arg) const {
  auto it = info_->outputs.find(arg);
  if (it != info_->outputs.end()) return it->second;
  return Type{target(), precision(), layout()};
}

}  // namespace lite
}  // namespace paddle
