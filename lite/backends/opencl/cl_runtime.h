// The OpenCL runtime: one device per process, its context and in-order queue (profiling on,
// for kernel timings), programs built from the embedded kernel sources (cl_sources.h) once
// per (source file, build options) and, where the app names a directory, kept there as
// device binaries so that a later process skips compiling, and image / buffer allocation.
//
// The device: the first GPU of any platform, else the first device that supports images
// (PoCL's CPU device where no GPU driver is installed). Without one, Available() says why
// and Get() throws that reason, so a caller (the kernel picker, IsOpenCLBackendValid) can
// leave OpenCL out and run on the CPU.
#pragma once

#include <CL/opencl.hpp>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

#include "lite/backends/opencl/cl_loader.h"
#include "lite/backends/opencl/cl_tuner.h"

namespace paddle {
namespace lite {
namespace opencl {

struct DeviceInfo {
  std::string name, vendor, version, platform;
  cl_device_type type{0};
  size_t image2d_max_width{0}, image2d_max_height{0};
  // RGBA CL_HALF_FLOAT images read and written through read_imagef / write_imagef: half
  // storage with float math, which needs no cl_khr_fp16.
  bool half_images{false};
  bool fp16_math{false};  // cl_khr_fp16: half arithmetic in kernels
};

class ClRuntime {
 public:
  // Whether a device was found; `why` gets the reason when not.
  static bool Available(std::string* why = nullptr);
  // The runtime; throws the reason no device was found.
  static ClRuntime& Get();

  const DeviceInfo& info() const { return info_; }
  const cl::Context& context() const { return context_; }
  const cl::Device& device() const { return device_; }
  cl::CommandQueue& queue() { return queue_; }

  // Kernel `name` of the program built from embedded source `file` with `options`; the
  // program is built on first use and reused (thread-safe). Build errors carry the log.
  cl::Kernel CreateKernel(const std::string& file, const std::string& name,
                          const std::string& options = "");
  // The same for OpenCL C the app gives as text (a plugin op's kernel), compiled alone (no
  // common.cl): one program per (source, options), in the disk cache like the embedded ones.
  cl::Kernel CreateKernelFromSource(const std::string& source, const std::string& name,
                                    const std::string& options = "");
  // Programs built so far (a build per distinct (file or source, options)).
  int64_t programs_built() const;

  // Keeps built programs on disk (Paddle Lite's set_opencl_binary_path_name): a program
  // compiled from source is saved as <dir>/<name>-<key checksum>.clbin (the directory made
  // where missing), and a later CreateKernel (in this or another process) loads it instead
  // of compiling. The key is the device, its driver version, the source file, its text and
  // the options; a file whose key differs, or that is damaged, is ignored and rewritten.
  // Empty `dir`: no disk cache.
  void SetBinaryCache(const std::string& dir, const std::string& name);
  // Of the programs built: compiled from source, loaded from the disk cache.
  int64_t programs_compiled() const;
  int64_t programs_loaded() const;
  // Forgets the programs held in memory (kernels already made keep theirs): the next
  // CreateKernel of each builds again, from the disk cache where there is one.
  void DropPrograms();

  // Local work-size tuning (Paddle Lite's set_opencl_tune; cl_tuner.h): the choices kept in
  // <dir>/<name> ("" dir: kept in memory only). kNone: the driver picks.
  void SetTuning(TuneMode mode, const std::string& dir, const std::string& name, int repeats);
  const LocalSizeTuner& tuner() const { return tuner_; }
  // Runs `kernel` over `global` work items on the queue, with the tuned local size; errors
  // name `who`.
  void Enqueue(const cl::Kernel& kernel, const cl::NDRange& global, const std::string& who);

  // An RGBA image2d of float or half texels; errors name the size asked for.
  cl::Image2D CreateImage2D(size_t width, size_t height, bool half);
  cl::Buffer CreateBuffer(size_t bytes);

 private:
  ClRuntime() = default;
  // Finds the device and sets up the context and queue; "" on success, else the reason.
  std::string Init();
  static ClRuntime* Instance(std::string* why);
  // An embedded file's program (`source` empty) or an app's source text (`file` empty):
  // the one held in memory, else built and held.
  cl::Program ProgramOf(const std::string& file, const std::string& source,
                        const std::string& options);
  // The program of `text` (what `label` names in errors and the cache key) with `options`:
  // from the disk cache, else compiled (and saved there).
  cl::Program BuildProgram(const std::string& label, const std::string& text,
                           const std::string& options);
  std::string CacheKey(const std::string& label, const std::string& text,
                       const std::string& options) const;
  std::string CachePath(const std::string& key) const;

  DeviceInfo info_;
  cl::Device device_;
  cl::Context context_;
  cl::CommandQueue queue_;
  mutable std::mutex programs_mutex_;
  std::map<std::tuple<std::string, std::string, std::string>, cl::Program> programs_;
  std::string cache_dir_, cache_name_;
  LocalSizeTuner tuner_;
  int64_t compiled_{0}, loaded_{0};
};

// "CL_INVALID_VALUE (-30)": an OpenCL status code by name.
std::string ClErrorName(cl_int status);
// Throws "OpenCL: <what> failed: <status name>" unless status is CL_SUCCESS.
void CheckCl(cl_int status, const std::string& what);

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
