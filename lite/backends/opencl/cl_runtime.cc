#include "lite/backends/opencl/cl_runtime.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "lite/backends/opencl/cl_sources.h"
#include "lite/utils/check.h"
#include "lite/utils/crc32c.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace opencl {

std::string ClErrorName(cl_int status) {
  static const std::map<cl_int, const char*> kNames = {
      {CL_SUCCESS, "CL_SUCCESS"},
      {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
      {CL_DEVICE_NOT_AVAILABLE, "CL_DEVICE_NOT_AVAILABLE"},
      {CL_COMPILER_NOT_AVAILABLE, "CL_COMPILER_NOT_AVAILABLE"},
      {CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
      {CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
      {CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
      {CL_IMAGE_FORMAT_NOT_SUPPORTED, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
      {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
      {CL_INVALID_VALUE, "CL_INVALID_VALUE"},
      {CL_INVALID_DEVICE, "CL_INVALID_DEVICE"},
      {CL_INVALID_CONTEXT, "CL_INVALID_CONTEXT"},
      {CL_INVALID_COMMAND_QUEUE, "CL_INVALID_COMMAND_QUEUE"},
      {CL_INVALID_MEM_OBJECT, "CL_INVALID_MEM_OBJECT"},
      {CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
      {CL_INVALID_IMAGE_SIZE, "CL_INVALID_IMAGE_SIZE"},
      {CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS"},
      {CL_INVALID_PROGRAM, "CL_INVALID_PROGRAM"},
      {CL_INVALID_PROGRAM_EXECUTABLE, "CL_INVALID_PROGRAM_EXECUTABLE"},
      {CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"},
      {CL_INVALID_KERNEL, "CL_INVALID_KERNEL"},
      {CL_INVALID_ARG_INDEX, "CL_INVALID_ARG_INDEX"},
      {CL_INVALID_ARG_VALUE, "CL_INVALID_ARG_VALUE"},
      {CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"},
      {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
      {CL_INVALID_WORK_DIMENSION, "CL_INVALID_WORK_DIMENSION"},
      {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
      {CL_INVALID_GLOBAL_WORK_SIZE, "CL_INVALID_GLOBAL_WORK_SIZE"},
      {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
      {CL_PLATFORM_NOT_FOUND_KHR, "CL_PLATFORM_NOT_FOUND_KHR"},
  };
  auto it = kNames.find(status);
  return StrCat(it == kNames.end() ? "OpenCL error" : it->second, " (", status, ")");
}

void CheckCl(cl_int status, const std::string& what) {
  if (status != CL_SUCCESS) PLITE_THROW("OpenCL: ", what, " failed: ", ClErrorName(status));
}

namespace {

bool SupportsRgbaImages(const cl::Context& context, cl_channel_type type) {
  std::vector<cl::ImageFormat> formats;
  if (context.getSupportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, &formats) !=
      CL_SUCCESS) {
    return false;
  }
  for (const cl::ImageFormat& f : formats) {
    if (f.image_channel_order == CL_RGBA && f.image_channel_data_type == type) return true;
  }
  return false;
}

}  // namespace

std::string ClRuntime::Init() {
  std::string library;
  if (!OpenClLibrary(&library)) {
    return StrCat(library, ": install a GPU driver's OpenCL ICD, or pocl-opencl-icd for the CPU");
  }
  std::vector<cl::Platform> platforms;
  const cl_int status = cl::Platform::get(&platforms);
  if (status != CL_SUCCESS || platforms.empty()) {
    return StrCat("no OpenCL platform (", ClErrorName(status),
                  "): install a GPU driver's OpenCL ICD, or pocl-opencl-icd for the CPU");
  }
  // The first GPU of any platform, else the first device with images.
  cl::Device chosen;
  cl::Platform chosen_platform;
  bool found = false;
  for (cl_device_type wanted :
       {cl_device_type{CL_DEVICE_TYPE_GPU}, cl_device_type{CL_DEVICE_TYPE_ALL}}) {
    for (const cl::Platform& platform : platforms) {
      std::vector<cl::Device> devices;
      if (platform.getDevices(wanted, &devices) != CL_SUCCESS) continue;
      for (const cl::Device& d : devices) {
        if (!d.getInfo<CL_DEVICE_IMAGE_SUPPORT>() || !d.getInfo<CL_DEVICE_AVAILABLE>()) continue;
        chosen = d;
        chosen_platform = platform;
        found = true;
        break;
      }
      if (found) break;
    }
    if (found) break;
  }
  if (!found) {
    return StrCat("no OpenCL device with image support on ", platforms.size(), " platform(s)");
  }
  device_ = chosen;
  info_.name = device_.getInfo<CL_DEVICE_NAME>();
  info_.vendor = device_.getInfo<CL_DEVICE_VENDOR>();
  info_.version = device_.getInfo<CL_DEVICE_VERSION>();
  info_.platform = chosen_platform.getInfo<CL_PLATFORM_NAME>();
  info_.type = device_.getInfo<CL_DEVICE_TYPE>();
  info_.image2d_max_width = device_.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
  info_.image2d_max_height = device_.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
  info_.fp16_math =
      device_.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_fp16") != std::string::npos;
  cl_int err = CL_SUCCESS;
  context_ = cl::Context(device_, nullptr, nullptr, nullptr, &err);
  if (err != CL_SUCCESS)
    return StrCat("cannot create a context on ", info_.name, ": ", ClErrorName(err));
  queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err != CL_SUCCESS)
    return StrCat("cannot create a queue on ", info_.name, ": ", ClErrorName(err));
  if (!SupportsRgbaImages(context_, CL_FLOAT)) {
    return StrCat(info_.name, " has no RGBA CL_FLOAT image2d format");
  }
  info_.half_images = SupportsRgbaImages(context_, CL_HALF_FLOAT);
  return "";
}

ClRuntime* ClRuntime::Instance(std::string* why) {
  static std::string reason;
  static ClRuntime* runtime = [] {
    auto* r = new ClRuntime;  // lives for the process: kernels may run until exit
    reason = r->Init();
    if (reason.empty()) return r;
    delete r;
    return static_cast<ClRuntime*>(nullptr);
  }();
  if (why) *why = reason;
  return runtime;
}

bool ClRuntime::Available(std::string* why) { return Instance(why) != nullptr; }

ClRuntime& ClRuntime::Get() {
  std::string why;
  ClRuntime* r = Instance(&why);
  if (!r) PLITE_THROW("OpenCL: ", why);
  return *r;
}

namespace {

// A cached program file: magic, the key, the device binary, and the CRC32C of all before.
constexpr char kBinaryMagic[8] = {'P', 'L', 'C', 'L', 'B', 'I', 'N', '1'};

void AppendU64(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

bool ReadU64(const std::string& in, size_t* pos, uint64_t* v) {
  if (in.size() - *pos < 8) return false;
  *v = 0;
  for (int i = 0; i < 8; ++i) {
    *v |= static_cast<uint64_t>(static_cast<unsigned char>(in[*pos + i])) << (8 * i);
  }
  *pos += 8;
  return true;
}

// The binary stored under `key` in `bytes`; empty when the file is not one, is damaged or
// holds another key.
std::vector<unsigned char> ParseCachedBinary(const std::string& bytes, const std::string& key) {
  size_t pos = sizeof(kBinaryMagic);
  uint64_t key_size = 0, binary_size = 0, crc = 0;
  if (bytes.size() < pos + 8 || bytes.compare(0, pos, kBinaryMagic, pos) != 0) return {};
  if (!ReadU64(bytes, &pos, &key_size) || bytes.size() - pos < key_size ||
      bytes.compare(pos, key_size, key) != 0 || key_size != key.size()) {
    return {};
  }
  pos += key_size;
  if (!ReadU64(bytes, &pos, &binary_size) || bytes.size() - pos < binary_size) return {};
  const size_t binary_at = pos;
  pos += binary_size;
  const size_t crc_at = pos;
  if (!ReadU64(bytes, &pos, &crc) || pos != bytes.size() || crc != Crc32c(bytes.data(), crc_at)) {
    return {};
  }
  return std::vector<unsigned char>(bytes.begin() + binary_at, bytes.begin() + crc_at);
}

}  // namespace

void ClRuntime::SetBinaryCache(const std::string& dir, const std::string& name) {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  cache_dir_ = dir;
  cache_name_ = name.empty() ? "plite_cl" : name;
}

int64_t ClRuntime::programs_compiled() const {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  return compiled_;
}

int64_t ClRuntime::programs_loaded() const {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  return loaded_;
}

void ClRuntime::DropPrograms() {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  programs_.clear();
}

std::string ClRuntime::CacheKey(const std::string& label, const std::string& text,
                                const std::string& options) const {
  return StrCat(info_.platform, "\n", info_.name, "\n", device_.getInfo<CL_DRIVER_VERSION>(), "\n",
                label, "\n", options, "\n", text);
}

std::string ClRuntime::CachePath(const std::string& key) const {
  char crc[16];
  std::snprintf(crc, sizeof(crc), "%08x", Crc32c(key.data(), key.size()));
  return StrCat(cache_dir_, "/", cache_name_, "-", crc, ".clbin");
}

cl::Program ClRuntime::BuildProgram(const std::string& label, const std::string& text,
                                    const std::string& options) {
  const std::vector<cl::Device> devices{device_};
  const std::string key = cache_dir_.empty() ? "" : CacheKey(label, text, options);
  if (!key.empty()) {
    std::ifstream in(CachePath(key), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::vector<unsigned char> binary = ParseCachedBinary(bytes, key);
    if (!binary.empty()) {
      cl_int err = CL_SUCCESS;
      cl::Program program(context_, devices, cl::Program::Binaries{binary}, nullptr, &err);
      if (err == CL_SUCCESS && program.build(devices, options.c_str()) == CL_SUCCESS) {
        ++loaded_;
        return program;
      }
    }
  }
  cl_int err = CL_SUCCESS;
  cl::Program program(context_, text, false, &err);
  CheckCl(err, StrCat("creating the program of ", label));
  err = program.build(devices, options.c_str());
  if (err != CL_SUCCESS) {
    const std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    PLITE_THROW("OpenCL: building ", label, " with options '", options, "' failed (",
                ClErrorName(err), "):\n", log);
  }
  ++compiled_;
  if (!key.empty()) {
    // Best effort: a cache that cannot be written costs the next start its compile only.
    std::vector<std::vector<unsigned char>> binaries;
    if (program.getInfo(CL_PROGRAM_BINARIES, &binaries) == CL_SUCCESS && binaries.size() == 1 &&
        !binaries[0].empty()) {
      std::string bytes(kBinaryMagic, sizeof(kBinaryMagic));
      AppendU64(&bytes, key.size());
      bytes += key;
      AppendU64(&bytes, binaries[0].size());
      bytes.append(binaries[0].begin(), binaries[0].end());
      AppendU64(&bytes, Crc32c(bytes.data(), bytes.size()));
      std::error_code ignored;
      std::filesystem::create_directories(cache_dir_, ignored);
      const std::string path = CachePath(key);
      const std::string tmp = StrCat(path, ".tmp");
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      if (out.flush()) std::rename(tmp.c_str(), path.c_str());  // whole files only
    }
  }
  return program;
}

cl::Program ClRuntime::ProgramOf(const std::string& file, const std::string& source,
                                 const std::string& options) {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  auto key = std::make_tuple(file, source, options);
  auto it = programs_.find(key);
  if (it != programs_.end()) return it->second;
  cl::Program program = file.empty() ? BuildProgram("the given source", source, options)
                                     : BuildProgram(file, ProgramSource(file), options);
  programs_.emplace(std::move(key), program);
  return program;
}

cl::Kernel ClRuntime::CreateKernel(const std::string& file, const std::string& name,
                                   const std::string& options) {
  cl_int err = CL_SUCCESS;
  cl::Kernel kernel(ProgramOf(file, "", options), name.c_str(), &err);
  CheckCl(err, StrCat("creating kernel '", name, "' of ", file));
  return kernel;
}

cl::Kernel ClRuntime::CreateKernelFromSource(const std::string& source, const std::string& name,
                                             const std::string& options) {
  cl_int err = CL_SUCCESS;
  cl::Kernel kernel(ProgramOf("", source, options), name.c_str(), &err);
  CheckCl(err, StrCat("creating kernel '", name, "' of the given source"));
  return kernel;
}

int64_t ClRuntime::programs_built() const {
  std::lock_guard<std::mutex> lock(programs_mutex_);
  return compiled_ + loaded_;
}

void ClRuntime::SetTuning(TuneMode mode, const std::string& dir, const std::string& name,
                          int repeats) {
  std::string file;
  if (mode != TuneMode::kNone && !dir.empty()) {
    std::error_code ignored;
    std::filesystem::create_directories(dir, ignored);
    file = StrCat(dir, "/", name.empty() ? "plite_cl_tuned" : name);
  }
  tuner_.Configure(mode, file, repeats, StrCat(info_.name, " ", info_.version));
}

void ClRuntime::Enqueue(const cl::Kernel& kernel, const cl::NDRange& global,
                        const std::string& who) {
  const cl::NDRange local = tuner_.LocalSize(queue_, device_, kernel, global);
  CheckCl(queue_.enqueueNDRangeKernel(kernel, cl::NullRange, global, local), "running " + who);
}

cl::Image2D ClRuntime::CreateImage2D(size_t width, size_t height, bool half) {
  PLITE_CHECK(width > 0 && height > 0 && width <= info_.image2d_max_width &&
                  height <= info_.image2d_max_height,
              "OpenCL: an image of ", width, " x ", height, " texels does not fit ", info_.name,
              " (at most ", info_.image2d_max_width, " x ", info_.image2d_max_height, ")");
  PLITE_CHECK(!half || info_.half_images, "OpenCL: ", info_.name,
              " has no RGBA CL_HALF_FLOAT images");
  cl_int err = CL_SUCCESS;
  cl::Image2D image(context_, CL_MEM_READ_WRITE,
                    cl::ImageFormat(CL_RGBA, half ? CL_HALF_FLOAT : CL_FLOAT), width, height, 0,
                    nullptr, &err);
  CheckCl(err, StrCat("allocating a ", width, " x ", height, half ? " half" : " float", " image"));
  return image;
}

cl::Buffer ClRuntime::CreateBuffer(size_t bytes) {
  cl_int err = CL_SUCCESS;
  cl::Buffer buffer(context_, CL_MEM_READ_WRITE, bytes, nullptr, &err);
  CheckCl(err, StrCat("allocating a buffer of ", bytes, " bytes"));
  return buffer;
}

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
