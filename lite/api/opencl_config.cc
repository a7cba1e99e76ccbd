#include "lite/api/opencl_config.h"

#include <algorithm>

#include "lite/core/op_registry.h"

#ifdef PLITE_WITH_OPENCL
#include "lite/backends/opencl/cl_runtime.h"
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

}  // namespace

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
