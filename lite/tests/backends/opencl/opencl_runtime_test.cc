// The OpenCL runtime (lite/backends/opencl) on this machine's device: it finds one with
// images, builds each (source, options) program once, and moves NCHW tensors into
// ImageDefault images and back (float and half texels), checked texel by texel against
// the layout's definition computed here; its errors name what is wrong. With the loader
// pointed at an empty vendor directory (the opencl_no_device_test entry), it says there is
// no platform instead of failing later.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace opencl {
namespace {

// IEEE half bits to float, written out here rather than taken from the library.
float HalfToFloat(uint16_t h) {
  const int sign = (h >> 15) & 1, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float v;
  if (exponent == 0) {
    v = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 31) {
    v = mantissa ? NAN : INFINITY;
  } else {
    v = std::ldexp(static_cast<float>(mantissa + 1024), exponent - 25);
  }
  return sign ? -v : v;
}

// Runs a layout.cl kernel (nchw_to_image or image_to_nchw) from `src` to `dst` over the
// image's width x height texels.
template <typename Src, typename Dst>
void RunLayoutKernel(const std::string& name, const Src& src, const Dst& dst, int C, int H, int W,
                     size_t width, size_t height) {
  ClRuntime& rt = ClRuntime::Get();
  cl::Kernel kernel = rt.CreateKernel("layout.cl", name);
  kernel.setArg(0, src);
  kernel.setArg(1, dst);
  kernel.setArg(2, C);
  kernel.setArg(3, H);
  kernel.setArg(4, W);
  ASSERT_EQ(rt.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(width, height)),
            CL_SUCCESS);
}

class ClRuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    ASSERT_TRUE(ClRuntime::Available(&why))
        << "no OpenCL device: " << why << " (tools/setup_debian.sh installs PoCL)";
  }
};

TEST_F(ClRuntimeTest, FindsADeviceWithImages) {
  const DeviceInfo& info = ClRuntime::Get().info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.image2d_max_width, 2048u);  // the OpenCL 1.2 minimum for image devices
  EXPECT_GE(info.image2d_max_height, 2048u);
  std::printf("[opencl] %s (%s, %s), half images %s, cl_khr_fp16 %s\n", info.name.c_str(),
              info.platform.c_str(), info.version.c_str(), info.half_images ? "yes" : "no",
              info.fp16_math ? "yes" : "no");
}

// NCHW [2, 5, 3, 7] (C not a multiple of 4) into an image and back.
TEST_F(ClRuntimeTest, NchwToImageAndBack) {
  ClRuntime& rt = ClRuntime::Get();
  const int N = 2, C = 5, H = 3, W = 7, blocks = (C + 3) / 4;
  const size_t count = static_cast<size_t>(N) * C * H * W;
  const std::vector<float> x = test::RandomVector(count, -100.f, 100.f, 1);
  for (bool half : {false, true}) {
    if (half && !rt.info().half_images) {
      std::printf("[opencl] no half images on this device: half storage not checked\n");
      continue;
    }
    SCOPED_TRACE(half ? "half texels" : "float texels");
    cl::Buffer in = rt.CreateBuffer(count * sizeof(float));
    cl::Buffer back = rt.CreateBuffer(count * sizeof(float));
    ASSERT_EQ(rt.queue().enqueueWriteBuffer(in, CL_TRUE, 0, count * sizeof(float), x.data()),
              CL_SUCCESS);
    const size_t width = static_cast<size_t>(W) * blocks, height = static_cast<size_t>(N) * H;
    cl::Image2D image = rt.CreateImage2D(width, height, half);
    ASSERT_NO_FATAL_FAILURE(RunLayoutKernel("nchw_to_image", in, image, C, H, W, width, height));

    // Every texel against the layout's definition (4 channels of a pixel, 0 past C).
    std::vector<float> texels(width * height * 4);
    std::vector<uint16_t> half_texels(width * height * 4);
    void* dst = half ? static_cast<void*>(half_texels.data()) : texels.data();
    ASSERT_EQ(rt.queue().enqueueReadImage(image, CL_TRUE, {0, 0, 0}, {width, height, 1}, 0, 0, dst),
              CL_SUCCESS);
    if (half) {
      for (size_t i = 0; i < texels.size(); ++i) texels[i] = HalfToFloat(half_texels[i]);
    }
    const float rtol = half ? 1.f / 2048 : 0.f;  // half keeps 11 significant bits
    for (int n = 0; n < N; ++n) {
      for (int h = 0; h < H; ++h) {
        for (int cb = 0; cb < blocks; ++cb) {
          for (int w = 0; w < W; ++w) {
            for (int k = 0; k < 4; ++k) {
              const int c = cb * 4 + k;
              const float want = c < C ? x[((n * C + c) * H + h) * W + w] : 0.f;
              const size_t texel = (static_cast<size_t>(n) * H + h) * width + cb * W + w;
              ASSERT_LE(std::fabs(texels[texel * 4 + k] - want), rtol * std::fabs(want))
                  << "n=" << n << " c=" << c << " h=" << h << " w=" << w;
            }
          }
        }
      }
    }

    ASSERT_NO_FATAL_FAILURE(RunLayoutKernel("image_to_nchw", image, back, C, H, W, width, height));
    std::vector<float> y(count);
    ASSERT_EQ(rt.queue().enqueueReadBuffer(back, CL_TRUE, 0, count * sizeof(float), y.data()),
              CL_SUCCESS);
    for (size_t i = 0; i < count; ++i) {
      ASSERT_LE(std::fabs(y[i] - x[i]), rtol * std::fabs(x[i])) << "at " << i;
    }
  }
}

TEST_F(ClRuntimeTest, ProgramsAreBuiltOncePerSourceAndOptions) {
  ClRuntime& rt = ClRuntime::Get();
  rt.CreateKernel("layout.cl", "nchw_to_image", "-DPLITE_TEST_A");
  const int64_t built = rt.programs_built();
  rt.CreateKernel("layout.cl", "image_to_nchw", "-DPLITE_TEST_A");  // same program
  EXPECT_EQ(rt.programs_built(), built);
  rt.CreateKernel("layout.cl", "nchw_to_image", "-DPLITE_TEST_B");  // other options
  EXPECT_EQ(rt.programs_built(), built + 1);
}

TEST_F(ClRuntimeTest, ErrorsNameWhatIsWrong) {
  ClRuntime& rt = ClRuntime::Get();
  const auto unknown_source = [&] { rt.CreateKernel("no_such_source.cl", "conv2d"); };
  test::ExpectErrorContaining(unknown_source, "no kernel source 'no_such_source.cl'");
  test::ExpectErrorContaining(unknown_source, "in this build (it has ");
  test::ExpectErrorContaining(unknown_source, "layout.cl");
  const auto unknown_kernel = [&] { rt.CreateKernel("layout.cl", "no_such_kernel"); };
  test::ExpectErrorContaining(unknown_kernel, "kernel 'no_such_kernel' of layout.cl");
  test::ExpectErrorContaining(unknown_kernel, "CL_INVALID_KERNEL_NAME");
  test::ExpectErrorContaining(
      [&] { rt.CreateKernel("layout.cl", "nchw_to_image", "-Dfloat4=int"); },
      "building layout.cl with options '-Dfloat4=int' failed");
  const auto too_wide = [&] { rt.CreateImage2D(rt.info().image2d_max_width + 1, 4, false); };
  test::ExpectErrorContaining(too_wide, "does not fit " + rt.info().name);
  // The runtime still works after each.
  EXPECT_NO_THROW(rt.CreateKernel("layout.cl", "nchw_to_image"));
}

double MsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Runs nchw_to_image on a [1, 3, 2, 2] tensor and checks texel (1, 1) holds pixel (1, 1).
void ExpectLayoutKernelRuns(cl::Kernel kernel) {
  ClRuntime& rt = ClRuntime::Get();
  const std::vector<float> x = test::RandomVector(12, -1.f, 1.f, 5);
  cl::Buffer in = rt.CreateBuffer(x.size() * sizeof(float));
  ASSERT_EQ(rt.queue().enqueueWriteBuffer(in, CL_TRUE, 0, x.size() * sizeof(float), x.data()),
            CL_SUCCESS);
  cl::Image2D image = rt.CreateImage2D(2, 2, false);
  kernel.setArg(0, in);
  kernel.setArg(1, image);
  kernel.setArg(2, 3);
  kernel.setArg(3, 2);
  kernel.setArg(4, 2);
  ASSERT_EQ(rt.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(2, 2)), CL_SUCCESS);
  float texel[4];
  ASSERT_EQ(rt.queue().enqueueReadImage(image, CL_TRUE, {1, 1, 0}, {1, 1, 1}, 0, 0, texel),
            CL_SUCCESS);
  EXPECT_EQ(texel[0], x[3]);
  EXPECT_EQ(texel[1], x[4 + 3]);
  EXPECT_EQ(texel[2], x[8 + 3]);
  EXPECT_EQ(texel[3], 0.f);
}

// With a binary cache directory a program compiled once is loaded, not compiled, the next
// time it is needed (here: after the in-memory programs are dropped, as in a new process);
// a damaged file is ignored and rewritten.
TEST_F(ClRuntimeTest, BinaryCacheSkipsCompiling) {
  ClRuntime& rt = ClRuntime::Get();
  char tmpl[] = "/tmp/plite_clbin_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  rt.SetBinaryCache(dir, "cache_test");
  rt.DropPrograms();
  const int64_t compiled = rt.programs_compiled(), loaded = rt.programs_loaded();
  const std::string options = "-DPLITE_CACHE_TEST=" + std::to_string(getpid());

  auto start = std::chrono::steady_clock::now();
  cl::Kernel cold = rt.CreateKernel("layout.cl", "nchw_to_image", options);
  const double cold_ms = MsSince(start);
  EXPECT_EQ(rt.programs_compiled(), compiled + 1);
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].extension(), ".clbin");
  EXPECT_EQ(files[0].filename().string().rfind("cache_test-", 0), 0u) << files[0];
  ExpectLayoutKernelRuns(cold);

  rt.DropPrograms();
  start = std::chrono::steady_clock::now();
  cl::Kernel cached = rt.CreateKernel("layout.cl", "nchw_to_image", options);
  const double cached_ms = MsSince(start);
  EXPECT_EQ(rt.programs_compiled(), compiled + 1);
  EXPECT_EQ(rt.programs_loaded(), loaded + 1);
  ExpectLayoutKernelRuns(cached);
  std::printf("[opencl] program build: %.1f ms compiled, %.1f ms from the binary cache\n", cold_ms,
              cached_ms);

  // A flipped byte in the middle: the file is not used, and is rewritten.
  {
    std::fstream f(files[0], std::ios::in | std::ios::out | std::ios::binary);
    const auto size = std::filesystem::file_size(files[0]);
    f.seekg(static_cast<std::streamoff>(size / 2));
    char c = 0;
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x10);
    f.seekp(static_cast<std::streamoff>(size / 2));
    f.write(&c, 1);
  }
  rt.DropPrograms();
  ExpectLayoutKernelRuns(rt.CreateKernel("layout.cl", "nchw_to_image", options));
  EXPECT_EQ(rt.programs_compiled(), compiled + 2);
  EXPECT_EQ(rt.programs_loaded(), loaded + 1);
  rt.DropPrograms();
  rt.CreateKernel("layout.cl", "nchw_to_image", options);
  EXPECT_EQ(rt.programs_loaded(), loaded + 2);  // the rewritten file serves again

  rt.SetBinaryCache("", "");
  std::filesystem::remove_all(dir);
}

// Run by the ctest entries opencl_no_device_test (PLITE_EXPECT_NO_OPENCL=platform: the
// loader finds no vendor) and opencl_no_library_test (=library: PLITE_OPENCL_LIBRARY names
// a file that does not exist).
TEST(ClRuntimeNoDevice, SaysWhy) {
  const char* expect = std::getenv("PLITE_EXPECT_NO_OPENCL");
  if (!expect) GTEST_SKIP() << "run by opencl_no_device_test and opencl_no_library_test";
  const std::string reason =
      std::string(expect) == "library" ? "cannot load the OpenCL library" : "no OpenCL platform";
  std::string why;
  EXPECT_FALSE(ClRuntime::Available(&why));
  EXPECT_NE(why.find(reason), std::string::npos) << why;
  test::ExpectErrorContaining([] { ClRuntime::Get(); }, "OpenCL: " + reason);
  test::ExpectErrorContaining([] { ClRuntime::Get(); }, "pocl-opencl-icd for the CPU");
  std::string library;
  EXPECT_EQ(OpenClLibrary(&library), reason == "no OpenCL platform") << library;
}

}  // namespace
}  // namespace opencl
}  // namespace lite
}  // namespace paddle
