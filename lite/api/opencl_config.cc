#include "lite/api/opencl_config.h"

#include <algorithm>

#include "lite/core/op_registry.h"

#ifdef PLITE_WITH_OPENCL
#include "lite/backends/opencl/cl_runtime.h"
#include "lite/kernels/opencl/cl_kernel_util.h"
#endif

namespace paddle {
namespace lite {

namespace {

// Whether the device stores half images (`math`: and computes in half, cl_khr_fp16).
bool DeviceHasHalf(bool math) {
#ifdef PLITE_WITH_OPENCL
  if (!opencl::ClRuntime::Available()) return false;
  const opencl::DeviceInfo& info = opencl::ClRuntime::Get().info();
  return math ? info.fp16_math : info.half_images;
#else
  (void)math;
  return false;
#endif
}

#ifdef PLITE_WITH_OPENCL
bool IsCast(const std::string& type) {
  for (const char* cast : {"io_copy", "calib", "layout"}) {
    if (type == cast || type == std::string(cast) + "_once") return true;
  }
  return false;
}

// The model's name for output `arg` of `desc` (memory_optimize may have renamed it).
std::string ModelOutputName(const cpp::OpDesc& desc, const std::string& arg) {
  if (!desc.HasAttr(kModelOutputsAttr)) return arg;
  const std::vector<std::string> now = desc.OutputArgumentNames();
  const auto model = desc.GetAttr<std::vector<std::string>>(kModelOutputsAttr);
  for (size_t k = 0; k < now.size() && k < model.size(); ++k) {
    if (now[k] == arg) return model[k];
  }
  return arg;
}

// The model's name for `arg` as instruction `i` reads it: the output of the last earlier
// op writing it, followed back through casts to the value they convert.
std::string ModelValueOf(const std::vector<Instruction>& insts, int i, std::string arg) {
  for (int j = i - 1; j >= 0; --j) {
    const cpp::OpDesc& desc = insts[j].op().op_info();
    const std::vector<std::string> outs = desc.OutputArgumentNames();
    if (std::find(outs.begin(), outs.end(), arg) == outs.end()) continue;
    if (!IsCast(desc.Type())) return ModelOutputName(desc, arg);
    const std::vector<std::string> ins = desc.InputArgumentNames();
    if (ins.empty()) return arg;
    arg = ins[0];
  }
  return arg;  // a feed or a weight
}

// Whether no ImageDefault image holds a tensor of `dims`: rank above 4, or larger than
// the device's largest image.
bool ImagesCannotHold(const DDim& dims) {
  if (dims.size() > 4) return true;
  if (dims.empty()) return false;
  const kernels::opencl::ImageSize size = kernels::opencl::DefaultImageSize(dims);
  const opencl::DeviceInfo& info = opencl::ClRuntime::Get().info();
  return size.width > info.image2d_max_width || size.height > info.image2d_max_height;
}
#endif

}  // namespace

std::vector<std::string> TensorsOpenClImagesCannotHold(const RuntimeProgram& program) {
  std::vector<std::string> names;
#ifdef PLITE_WITH_OPENCL
  const int i = program.failed_instruction();
  if (i < 0 || !opencl::ClRuntime::Available()) return names;
  const Instruction& inst = program.instructions()[i];
  if (inst.kernel().target() != TargetType::kOpenCL) return names;
  const cpp::OpDesc& desc = inst.op().op_info();
  for (const auto& param : desc.outputs()) {
    if (!IsImageLayout(inst.kernel().GetOutputDeclType(param.first).layout)) continue;
    for (const std::string& arg : param.second) {
      const Tensor* t = inst.op().scope()->FindTensor(arg);
      if (t == nullptr || !ImagesCannotHold(t->dims())) continue;
      const bool cast = IsCast(desc.Type()) && !desc.InputArgumentNames().empty();
      names.push_back(cast ? ModelValueOf(program.instructions(), i, desc.InputArgumentNames()[0])
                           : ModelOutputName(desc, arg));
    }
  }
#else
  (void)program;
#endif
  return names;
}

void ApplyOpenClSettings(const lite_api::ConfigBase& config) {
#ifdef PLITE_WITH_OPENCL
  // A config that names neither leaves OpenCL alone (an app on the CPU never starts it).
  const bool asks = !config.opencl_bin_path().empty() ||
                    config.opencl_tune_mode() != lite_api::CL_TUNE_NONE;
  if (asks && opencl::ClRuntime::Available()) {
    opencl::ClRuntime& runtime = opencl::ClRuntime::Get();
    runtime.SetBinaryCache(config.opencl_bin_path(), config.opencl_bin_name());
    runtime.SetTuning(static_cast<opencl::TuneMode>(config.opencl_tune_mode()),
                      config.opencl_tune_path(), config.opencl_tune_name(),
                      static_cast<int>(config.opencl_lws_repeats()));
  }
#else
  (void)config;
#endif
}

std::vector<Place> WithOpenClPrecision(std::vector<Place> places,
                                       lite_api::CLPrecisionType precision) {
  const auto is_opencl = [](const Place& p) { return p.target == TargetType::kOpenCL; };
  const auto is_half = [&](const Place& p) {
    return is_opencl(p) && p.precision == PrecisionType::kFP16;
  };
  if (std::none_of(places.begin(), places.end(), is_opencl)) return places;
  // opt on a machine without the device plans what it is asked for.
  const bool half = (precision == lite_api::CL_PRECISION_FP16 &&
                     (DeviceHasHalf(false) || KernelInfo::PlansForAbsentDevices())) ||
                    (precision == lite_api::CL_PRECISION_AUTO && DeviceHasHalf(true));
  if (!half) {
    places.erase(std::remove_if(places.begin(), places.end(), is_half), places.end());
    return places;
  }
  if (std::any_of(places.begin(), places.end(), is_half)) return places;
  const auto first_float = std::find_if(places.begin(), places.end(), [&](const Place& p) {
    return is_opencl(p) && p.precision == PrecisionType::kFloat;
  });
  if (first_float != places.end()) {
    places.insert(first_float,
                  Place(TargetType::kOpenCL, PrecisionType::kFP16, first_float->layout));
  }
  return places;
}

}  // namespace lite
}  // namespace paddle
