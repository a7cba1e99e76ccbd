// Op plugins: dlopen, the ABI check, and a bridge from the C callbacks to the C++ custom op
// interface (paddle_custom_op.h), through which plugin ops are registered. OpenCL ops'
// memory, programs and launch are op_plugin_opencl.cc's.
#include "lite/api/op_plugin_loader.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <vector>

#include "lite/api/custom_op_registry.h"
#include "lite/api/op_plugin_opencl.h"
#include "lite/api/paddle_op_plugin.h"
#include "lite/core/op_registry.h"
#include "lite/core/scope.h"
#include "lite/utils/log.h"

namespace paddle {
namespace lite {
namespace {

using lite_api::CustomOpContext;

// Plugins built before PliteCustomOp's OpenCL fields were named load unchanged: the struct
// keeps its size (reserved slots became the fields).
static_assert(sizeof(PliteCustomOp) == 19 * sizeof(void*), "PliteCustomOp never grows");

bool IsOpenCl(const PliteCustomOp& op) { return op.target == PLITE_TARGET_OPENCL; }

// Where the op's kernel runs: float NCHW on its CPU target, or float on OpenCL in its memory
// (every argument the same: the optimizer casts the model's tensors to and from it).
Place PlaceOf(const PliteCustomOp& op) {
  if (!IsOpenCl(op)) return Place(static_cast<TargetType>(op.target), PrecisionType::kFloat);
  return Place(TargetType::kOpenCL, PrecisionType::kFloat,
               op.opencl_memory == PLITE_OPENCL_BUFFER ? DataLayoutType::kNCHW
                                                       : DataLayoutType::kImageDefault);
}

// An op's tensors in the plugin's terms, and what its callbacks may ask for. `cl`: an OpenCL
// op instance's kernel (null for CPU ops and for infer_shape, which has no instance).
class PluginCall {
 public:
  PluginCall(const PliteCustomOp& op, const std::string& file, CustomOpContext* ctx,
             bool outputs_allocated, void* user_data, PluginClKernel* cl = nullptr)
      : op_(op), file_(file), ctx_(ctx), cl_(cl) {
    const auto& desc = *static_cast<const cpp::OpDesc*>(ctx->internal_op_desc());
    auto* scope = static_cast<Scope*>(ctx->internal_scope());
    // Parameters in name order (a plugin op declares none), each one's tensors in order.
    for (const auto& kv : desc.inputs()) {
      for (int i = 0; i < static_cast<int>(kv.second.size()); ++i) {
        raw_inputs_.push_back(scope->FindMutableTensor(kv.second[i]));
        inputs_.push_back(Describe(ctx->Input(kv.first, i), kv.first, kv.second[i], true));
      }
    }
    for (const auto& kv : desc.outputs()) {
      for (int i = 0; i < static_cast<int>(kv.second.size()); ++i) {
        raw_outputs_.push_back(scope->FindMutableTensor(kv.second[i]));
        output_tensors_.push_back(ctx->Output(kv.first, i));
        outputs_.push_back(Describe(output_tensors_.back(), kv.first, kv.second[i], false));
        if (!outputs_allocated) continue;
        outputs_.back().data = IsOpenCl(op)
                                   ? AllocateClOutput(raw_outputs_.back(), op.opencl_memory)
                                   : Allocate(output_tensors_.back());
      }
    }
    if (cl_) cl_->Expose(&c_);
    c_.api = &kApi;
    c_.op_type = op.op_type;
    c_.num_inputs = static_cast<int32_t>(inputs_.size());
    c_.inputs = inputs_.data();
    c_.num_outputs = static_cast<int32_t>(outputs_.size());
    c_.outputs = outputs_.data();
    c_.user_data = user_data;
    c_.internal = this;
  }

  // Calls `fn` (when the plugin has it); a non-zero return throws with the plugin's reason.
  void Invoke(int (*fn)(PliteOpContext*), const char* step) {
    if (fn == nullptr) return;
    const int rc = fn(&c_);
    PLITE_CHECK(rc == 0, "plugin ", file_, ": op '", op_.op_type, "' ", step, " failed (returned ",
                rc, ")", error_.empty() ? "" : ": ", error_);
  }
  void* user_data() const { return c_.user_data; }
  // The tensors as plite holds them (an OpenCL op's launch reads their memory).
  const std::vector<Tensor*>& raw_inputs() const { return raw_inputs_; }
  const std::vector<Tensor*>& raw_outputs() const { return raw_outputs_; }

 private:
  PliteTensor Describe(const lite_api::Tensor& t, const std::string& param,
                       const std::string& var, bool with_data) {
    dims_.push_back(t.shape());
    strings_.push_back(var);
    PliteTensor c{};
    c.name = strings_.back().c_str();
    c.param = param.c_str();  // the desc outlives the call
    c.rank = static_cast<int32_t>(dims_.back().size());
    c.dims = dims_.back().data();
    c.dtype = static_cast<int32_t>(t.precision());
    // An OpenCL op's tensors are all in its memory's layout (an output too, before plite
    // allocates it).
    c.layout = static_cast<int32_t>(IsOpenCl(op_) ? PlaceOf(op_).layout : t.layout());
    if (t.target() == TargetType::kOpenCL) {  // a handle, not host memory
      c.data = with_data ? ClMemOf(*raw_inputs_.back()) : nullptr;
    } else {
      c.data = with_data && t.IsInitialized() ? const_cast<void*>(t.data<void>()) : nullptr;
    }
    return c;
  }

  static void* Allocate(const lite_api::Tensor& t) {
    switch (t.precision()) {
      case PrecisionType::kFloat: return t.mutable_data<float>();
      case PrecisionType::kInt32: return t.mutable_data<int32_t>();
      case PrecisionType::kInt64: return t.mutable_data<int64_t>();
      case PrecisionType::kInt8: return t.mutable_data<int8_t>();
      case PrecisionType::kBool: return t.mutable_data<bool>();
      default:
        PLITE_THROW("plugin output of precision ", lite_api::PrecisionToStr(t.precision()),
                    ": plugins write float32, int32, int64, int8 or bool");
    }
  }

  static PluginCall& Of(const PliteOpContext* c) { return *static_cast<PluginCall*>(c->internal); }

  static int GetAttr(const PliteOpContext* c, const char* name, PliteAttr* attr) {
    PluginCall& call = Of(c);
    const auto& desc = *static_cast<const cpp::OpDesc*>(call.ctx_->internal_op_desc());
    if (name == nullptr || attr == nullptr || !desc.HasAttr(name)) return 1;
    *attr = PliteAttr{};
    switch (desc.GetAttrType(name)) {
      case cpp::AttrType::INT:
      case cpp::AttrType::LONG:
      case cpp::AttrType::BOOLEAN:
        attr->type = PLITE_ATTR_INT;
        attr->i = desc.GetAttrType(name) == cpp::AttrType::BOOLEAN ? desc.GetAttr<bool>(name)
                                                                    : desc.GetAttr<int64_t>(name);
        return 0;
      case cpp::AttrType::FLOAT:
      case cpp::AttrType::FLOAT64:
        attr->type = PLITE_ATTR_FLOAT;
        attr->f = desc.GetAttr<double>(name);
        return 0;
      case cpp::AttrType::STRING:
        call.strings_.push_back(desc.GetAttr<std::string>(name));
        attr->type = PLITE_ATTR_STRING;
        attr->s = call.strings_.back().c_str();
        return 0;
      case cpp::AttrType::INTS:
      case cpp::AttrType::LONGS:
      case cpp::AttrType::BOOLEANS: {
        std::vector<int64_t> values;
        if (desc.GetAttrType(name) == cpp::AttrType::BOOLEANS) {
          for (bool b : desc.GetAttr<std::vector<bool>>(name)) values.push_back(b);
        } else {
          values = desc.GetAttr<std::vector<int64_t>>(name);
        }
        call.dims_.push_back(std::move(values));
        attr->type = PLITE_ATTR_INTS;
        attr->count = static_cast<int32_t>(call.dims_.back().size());
        attr->ints = call.dims_.back().data();
        return 0;
      }
      case cpp::AttrType::FLOATS:
      case cpp::AttrType::FLOAT64S: {
        std::vector<double> values;
        for (float f : desc.GetAttr<std::vector<float>>(name)) values.push_back(f);
        call.reals_.push_back(std::move(values));
        attr->type = PLITE_ATTR_FLOATS;
        attr->count = static_cast<int32_t>(call.reals_.back().size());
        attr->floats = call.reals_.back().data();
        return 0;
      }
      default:
        return 2;
    }
  }

  static int SetOutput(PliteOpContext* c, int32_t index, int32_t rank, const int64_t* dims,
                       int32_t dtype) {
    PluginCall& call = Of(c);
    if (index < 0 || index >= c->num_outputs || rank < 0 || rank > 16 ||
        (rank > 0 && dims == nullptr)) {
      call.error_ = StrCat("set_output(", index, ", rank ", rank, "): no such output or bad dims");
      return 1;
    }
    const std::set<int32_t> dtypes = {PLITE_DTYPE_FLOAT32, PLITE_DTYPE_INT32, PLITE_DTYPE_INT64,
                                      PLITE_DTYPE_INT8, PLITE_DTYPE_BOOL};
    if (!dtypes.count(dtype)) {
      call.error_ = StrCat("set_output(", index, "): dtype ", dtype, " is not one plugins write");
      return 1;
    }
    lite_api::shape_t shape(dims, dims + rank);
    if (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; })) {
      call.error_ = StrCat("set_output(", index, "): negative dimension");
      return 1;
    }
    lite_api::Tensor& t = call.output_tensors_[static_cast<size_t>(index)];
    t.Resize(shape);
    t.SetPrecision(static_cast<PrecisionType>(dtype));
    return 0;
  }

  static void SetError(PliteOpContext* c, const char* message) {
    Of(c).error_ = message ? message : "";
  }

  static int SetOpenClArg(PliteOpContext* c, uint32_t index, size_t size, const void* value) {
    PluginCall& call = Of(c);
    call.error_ = call.cl_ ? call.cl_->SetArg(index, size, value)
                           : "set_opencl_arg: only an OpenCL op's init, prepare and compute may "
                             "set its kernel's arguments";
    return call.error_.empty() ? 0 : 1;
  }

  static const PliteHostApi kApi;

  const PliteCustomOp& op_;
  const std::string& file_;
  CustomOpContext* ctx_;
  PluginClKernel* cl_;
  PliteOpContext c_{};
  std::vector<PliteTensor> inputs_, outputs_;
  std::vector<Tensor*> raw_inputs_, raw_outputs_;
  std::vector<lite_api::Tensor> output_tensors_;
  // Storage the C structs point into, stable while the call lasts.
  std::deque<std::vector<int64_t>> dims_;
  std::deque<std::vector<double>> reals_;
  std::deque<std::string> strings_;
  std::string error_;
};

const PliteHostApi PluginCall::kApi = {PluginCall::GetAttr, PluginCall::SetOutput,
                                       PluginCall::SetError, PluginCall::SetOpenClArg};

std::vector<std::string> SplitPath(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t colon; (colon = path.find(':', start)) != std::string::npos; start = colon + 1) {
    parts.push_back(path.substr(start, colon - start));
  }
  parts.push_back(path.substr(start));
  return parts;
}

std::string Who(const PliteCustomOp& op, const std::string& file) {
  return StrCat("plugin ", file, ": op '", op.op_type ? op.op_type : "(null)", "'");
}

// A plugin op's kernel: init + prepare before the first run, compute every run, destroy.
// An OpenCL op's is made when a predictor picks it: its program is built then, so a build
// error fails that predictor's creation.
class PluginKernel : public lite_api::CustomKernel {
 public:
  PluginKernel(const PliteCustomOp* op, std::string file, const std::string& cl_source)
      : op_(*op), file_(std::move(file)) {
    if (IsOpenCl(op_)) {
      cl_ = std::make_unique<PluginClKernel>(
          cl_source, op_.opencl_kernel_name ? op_.opencl_kernel_name : "",
          op_.opencl_build_options ? op_.opencl_build_options : "", Who(op_, file_));
    }
  }
  ~PluginKernel() override {
    if (initialized_ && op_.destroy) {
      PliteOpContext c{};
      c.op_type = op_.op_type;
      c.user_data = user_data_;
      op_.destroy(&c);
    }
  }
  void Prepare(CustomOpContext& ctx) override {
    PluginCall init(op_, file_, &ctx, false, nullptr, cl_.get());
    init.Invoke(op_.init, "init");
    user_data_ = init.user_data();
    initialized_ = true;
    PluginCall prepare(op_, file_, &ctx, false, user_data_, cl_.get());
    prepare.Invoke(op_.prepare, "prepare");
  }
  void Execute(CustomOpContext& ctx) override {
    PluginCall call(op_, file_, &ctx, true, user_data_, cl_.get());
    if (op_.compute) {
      call.Invoke(op_.compute, "compute");
    } else {  // an OpenCL op that leaves the launch to plite
      cl_->Launch(call.raw_inputs(), call.raw_outputs(), op_.opencl_memory);
    }
  }

 private:
  const PliteCustomOp& op_;
  std::string file_;
  std::unique_ptr<PluginClKernel> cl_;
  void* user_data_{nullptr};
  bool initialized_{false};
};

bool Given(const char* s) { return s != nullptr && s[0] != '\0'; }

// The OpenCL fields of an op: none on CPU targets; on OpenCL a source (text or file) with a
// kernel name, or a compute callback, or both.
void CheckOpenClFields(const PliteCustomOp& op, const std::string& who) {
  const bool source = Given(op.opencl_source) || Given(op.opencl_source_file);
  if (!IsOpenCl(op)) {
    PLITE_CHECK(!source && !Given(op.opencl_kernel_name) && !Given(op.opencl_build_options) &&
                    op.opencl_memory == 0,
                who, ": sets OpenCL fields, but its target is ", op.target,
                " (an OpenCL op's is PLITE_TARGET_OPENCL)");
    return;
  }
  PLITE_CHECK(!(Given(op.opencl_source) && Given(op.opencl_source_file)), who,
              ": sets both opencl_source and opencl_source_file; give one");
  PLITE_CHECK(source == Given(op.opencl_kernel_name), who,
              source ? ": has an OpenCL source but no opencl_kernel_name"
                     : ": names an OpenCL kernel but gives no opencl_source or opencl_source_file");
  PLITE_CHECK(op.opencl_memory == PLITE_OPENCL_IMAGE || op.opencl_memory == PLITE_OPENCL_BUFFER,
              who, ": opencl_memory ", op.opencl_memory,
              " is neither PLITE_OPENCL_IMAGE (0) nor PLITE_OPENCL_BUFFER (1)");
  PLITE_CHECK(op.compute != nullptr || source, who,
              ": no compute callback, and no OpenCL kernel for plite to launch");
}

// The op's OpenCL source: its text, or its file read now (a relative path from the plugin's
// directory); "" for none.
std::string OpenClSourceOf(const PliteCustomOp& op, const std::string& file,
                           const std::string& who) {
  if (!IsOpenCl(op)) return "";
  if (Given(op.opencl_source)) return op.opencl_source;
  if (!Given(op.opencl_source_file)) return "";
  std::filesystem::path path(op.opencl_source_file);
  if (path.is_relative()) path = std::filesystem::path(file).parent_path() / path;
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  PLITE_CHECK(std::filesystem::is_regular_file(path, ec) && in.is_open() && !in.bad(), who,
              ": cannot read its OpenCL source file '", path.string(), "'");
  PLITE_CHECK(!text.empty(), who, ": its OpenCL source file '", path.string(), "' is empty");
  return text;
}

// Checks one op of the plugin before anything of the plugin is registered; returns its
// OpenCL source ("" for none).
std::string CheckPluginOp(const PliteCustomOp& op, const std::string& file,
                          std::set<std::string>* seen) {
  const std::string who = Who(op, file);
  PLITE_CHECK(op.abi_version == PLITE_PLUGIN_ABI_VERSION, who, " was built for plugin ABI ",
              "version ", op.abi_version, "; this plite loads version ", PLITE_PLUGIN_ABI_VERSION,
              " (rebuild the plugin against this paddle_op_plugin.h)");
  PLITE_CHECK(op.op_type != nullptr && op.op_type[0] != '\0', who, ": no op_type");
  PLITE_CHECK(op.provider != nullptr && op.provider[0] != '\0', who, ": no provider");
  PLITE_CHECK(op.target == PLITE_TARGET_HOST || op.target == PLITE_TARGET_X86 ||
                  op.target == PLITE_TARGET_ARM || IsOpenCl(op),
              who, ": target ", op.target,
              " is not one plugin ops run on (host, x86, arm, opencl)");
  PLITE_CHECK(op.compute != nullptr || IsOpenCl(op), who, ": no compute callback");
  CheckOpenClFields(op, who);
  const bool known = OpRegistry::Global().Has(op.op_type);
  PLITE_CHECK(known || op.infer_shape != nullptr, who,
              ": the op type is new to plite, so the plugin must give infer_shape");
  const Place place = PlaceOf(op);
  const std::string key = StrCat(op.op_type, ",", lite_api::TargetToStr(place.target), ",",
                                 lite_api::PrecisionToStr(place.precision), ",",
                                 lite_api::DataLayoutToStr(place.layout), ",", op.provider);
  const KernelInfo* existing = KernelRegistry::Global().Find(key);
  PLITE_CHECK(existing == nullptr && seen->insert(key).second, who, ": duplicate op (provider '",
              op.provider, "' already has a kernel for it on this target, registered by ",
              existing ? existing->source_file : file, ")");
  return OpenClSourceOf(op, file, who);
}

}  // namespace

void LoadOpPlugin(const std::string& file) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    PLITE_THROW("plugin ", file, ": cannot be loaded: ", why ? why : "unknown dlopen error");
  }
  try {
    auto entry = reinterpret_cast<PlitePluginEntry>(dlsym(handle, PLITE_PLUGIN_ENTRY));
    PLITE_CHECK(entry != nullptr, "plugin ", file, ": exports no function ", PLITE_PLUGIN_ENTRY,
                " (a plugin exports it with PLITE_PLUGIN_EXPORT: paddle_op_plugin.h)");
    int32_t count = 0;
    const PliteCustomOp* ops = entry(&count);
    PLITE_CHECK(ops != nullptr && count > 0 && count <= 4096, "plugin ", file, ": ",
                PLITE_PLUGIN_ENTRY, " returned ", count, " ops", ops ? "" : " and no array");
    std::set<std::string> seen;
    std::vector<std::string> cl_sources;
    for (int32_t i = 0; i < count; ++i) cl_sources.push_back(CheckPluginOp(ops[i], file, &seen));
    for (int32_t i = 0; i < count; ++i) {
      const PliteCustomOp* op = &ops[i];
      if (!OpRegistry::Global().Has(op->op_type)) {
        CustomOpSchema schema;
        schema.infer = [op, file](CustomOpContext& ctx) {
          PluginCall call(*op, file, &ctx, false, nullptr);
          call.Invoke(op->infer_shape, "infer_shape");
        };
        RegisterCustomOp(op->op_type, std::move(schema), file);
      }
      CustomKernelSpec spec;
      spec.op_type = op->op_type;
      spec.provider = op->provider;
      spec.place = PlaceOf(*op);
      if (IsOpenCl(*op)) {
        spec.device = "an OpenCL device";
        spec.has_device = PluginOpenClDeviceFound;
      }
      spec.create = [op, file, source = cl_sources[i]] {
        return std::make_unique<PluginKernel>(op, file, source);
      };
      spec.source = file;
      RegisterCustomKernel(std::move(spec));
    }
  } catch (...) {
    dlclose(handle);
    throw;
  }
  // Never closed: the registrations call into it for the life of the process.
}

void LoadOpPluginsFromEnv() {
  const char* env = std::getenv("PLITE_OP_PLUGIN_PATH");
  if (env == nullptr || env[0] == '\0') return;
  static std::mutex mutex;
  static std::set<std::string> tried;
  std::lock_guard<std::mutex> lock(mutex);
  for (const std::string& dir : SplitPath(env)) {
    if (dir.empty()) continue;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
      if (tried.insert(dir).second) {
        PLITE_WARN << "PLITE_OP_PLUGIN_PATH: '" << dir << "' is not a directory; skipped";
      }
      continue;
    }
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".so" && entry.is_regular_file(ec)) {
        files.push_back(entry.path().string());
      }
    }
    std::sort(files.begin(), files.end());
    for (const std::string& file : files) {
      if (!tried.insert(file).second) continue;
      try {
        LoadOpPlugin(file);
      } catch (const std::exception& e) {
        RefuseCustomRegistration("", e.what());
      }
    }
  }
}

}  // namespace lite
}  // namespace paddle
