// The OpenCL API, reached through the OpenCL library loaded at run time: the library has
// no link-time dependency on libOpenCL, so an app linked with OpenCL built in starts on a
// device without OpenCL (most Android phones ship the library only in their vendor
// partition, and the NDK has none to link against) and runs on the CPU there.
//
// Each clXxx function the runtime and opencl.hpp call is defined here and forwards to the
// library's symbol, looked up once. Without the library they fail as a system without
// platforms does (CL_PLATFORM_NOT_FOUND_KHR), and OpenClLibrary() says why.
#include "lite/backends/opencl/cl_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace opencl {

namespace {

struct Library {
  void* handle{nullptr};
  std::string path;   // the file loaded
  std::string error;  // why none was, when handle is null
};

// $PLITE_OPENCL_LIBRARY when set, else the usual names and the Android vendor locations.
Library Open() {
  std::vector<std::string> candidates;
  const char* forced = std::getenv("PLITE_OPENCL_LIBRARY");
  if (forced && *forced) {
    candidates.push_back(forced);
  } else {
    candidates = {"libOpenCL.so",
                  "libOpenCL.so.1",
                  "/system/vendor/lib64/libOpenCL.so",
                  "/system/lib64/libOpenCL.so",
                  "/vendor/lib64/libOpenCL.so",
                  "/system/vendor/lib64/egl/libGLES_mali.so",
                  "/system/lib64/egl/libGLES_mali.so",
                  "/vendor/lib64/egl/libGLES_mali.so",
                  "/system/vendor/lib/libOpenCL.so",
                  "/system/lib/libOpenCL.so"};
  }
  Library lib;
  std::vector<std::string> errors;
  for (const std::string& path : candidates) {
    lib.handle = dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (lib.handle) {
      lib.path = path;
      return lib;
    }
    const char* e = dlerror();
    errors.push_back(e ? e : path);
  }
  lib.error = StrCat("cannot load the OpenCL library (", Join(errors, "; "), ")");
  return lib;
}

const Library& TheLibrary() {
  static const Library lib = Open();
  return lib;
}

void* Symbol(const char* name) {
  const Library& lib = TheLibrary();
  return lib.handle ? dlsym(lib.handle, name) : nullptr;
}

}  // namespace

bool OpenClLibrary(std::string* path_or_why) {
  const Library& lib = TheLibrary();
  if (path_or_why) *path_or_why = lib.handle ? lib.path : lib.error;
  return lib.handle != nullptr;
}

}  // namespace opencl
}  // namespace lite
}  // namespace paddle

using paddle::lite::opencl::Symbol;

// A function returning a status, and one creating an object (status through errcode_ret).
#define PLITE_CL_STATUS(name, params, args)                                  \
  CL_API_ENTRY cl_int CL_API_CALL name params {                              \
    static const auto fn = reinterpret_cast<decltype(&name)>(Symbol(#name)); \
    return fn ? fn args : CL_PLATFORM_NOT_FOUND_KHR;                         \
  }
#define PLITE_CL_CREATE(type, name, params, args)                            \
  CL_API_ENTRY type CL_API_CALL name params {                                \
    static const auto fn = reinterpret_cast<decltype(&name)>(Symbol(#name)); \
    if (fn) return fn args;                                                  \
    if (errcode_ret) *errcode_ret = CL_PLATFORM_NOT_FOUND_KHR;               \
    return nullptr;                                                          \
  }

extern "C" {
PLITE_CL_STATUS(clGetPlatformIDs,
                (cl_uint num_entries, cl_platform_id* platforms, cl_uint* num_platforms),
                (num_entries, platforms, num_platforms))
PLITE_CL_STATUS(clGetPlatformInfo,
                (cl_platform_id platform, cl_platform_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (platform, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetDeviceIDs,
                (cl_platform_id platform, cl_device_type device_type, cl_uint num_entries,
                 cl_device_id* devices, cl_uint* num_devices),
                (platform, device_type, num_entries, devices, num_devices))
PLITE_CL_STATUS(clGetDeviceInfo,
                (cl_device_id device, cl_device_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (device, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clRetainDevice, (cl_device_id device), (device))
PLITE_CL_STATUS(clReleaseDevice, (cl_device_id device), (device))
PLITE_CL_CREATE(cl_context, clCreateContext,
                (const cl_context_properties* properties, cl_uint num_devices,
                 const cl_device_id* devices,
                 void(CL_CALLBACK* pfn_notify)(const char* errinfo, const void* private_info,
                                               size_t cb, void* user_data),
                 void* user_data, cl_int* errcode_ret),
                (properties, num_devices, devices, pfn_notify, user_data, errcode_ret))
PLITE_CL_STATUS(clRetainContext, (cl_context context), (context))
PLITE_CL_STATUS(clReleaseContext, (cl_context context), (context))
PLITE_CL_STATUS(clGetContextInfo,
                (cl_context context, cl_context_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (context, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_CREATE(cl_command_queue, clCreateCommandQueue,
                (cl_context context, cl_device_id device, cl_command_queue_properties properties,
                 cl_int* errcode_ret),
                (context, device, properties, errcode_ret))
PLITE_CL_STATUS(clRetainCommandQueue, (cl_command_queue command_queue), (command_queue))
PLITE_CL_STATUS(clReleaseCommandQueue, (cl_command_queue command_queue), (command_queue))
PLITE_CL_STATUS(clGetSupportedImageFormats,
                (cl_context context, cl_mem_flags flags, cl_mem_object_type image_type,
                 cl_uint num_entries, cl_image_format* image_formats, cl_uint* num_image_formats),
                (context, flags, image_type, num_entries, image_formats, num_image_formats))
PLITE_CL_CREATE(cl_program, clCreateProgramWithSource,
                (cl_context context, cl_uint count, const char** strings, const size_t* lengths,
                 cl_int* errcode_ret),
                (context, count, strings, lengths, errcode_ret))
PLITE_CL_CREATE(cl_program, clCreateProgramWithBinary,
                (cl_context context, cl_uint num_devices, const cl_device_id* device_list,
                 const size_t* lengths, const unsigned char** binaries, cl_int* binary_status,
                 cl_int* errcode_ret),
                (context, num_devices, device_list, lengths, binaries, binary_status, errcode_ret))
PLITE_CL_STATUS(clBuildProgram,
                (cl_program program, cl_uint num_devices, const cl_device_id* device_list,
                 const char* options,
                 void(CL_CALLBACK* pfn_notify)(cl_program program, void* user_data),
                 void* user_data),
                (program, num_devices, device_list, options, pfn_notify, user_data))
PLITE_CL_STATUS(clGetProgramBuildInfo,
                (cl_program program, cl_device_id device, cl_program_build_info param_name,
                 size_t param_value_size, void* param_value, size_t* param_value_size_ret),
                (program, device, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetProgramInfo,
                (cl_program program, cl_program_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (program, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clRetainProgram, (cl_program program), (program))
PLITE_CL_STATUS(clReleaseProgram, (cl_program program), (program))
PLITE_CL_CREATE(cl_kernel, clCreateKernel,
                (cl_program program, const char* kernel_name, cl_int* errcode_ret),
                (program, kernel_name, errcode_ret))
PLITE_CL_STATUS(clRetainKernel, (cl_kernel kernel), (kernel))
PLITE_CL_STATUS(clReleaseKernel, (cl_kernel kernel), (kernel))
PLITE_CL_STATUS(clSetKernelArg,
                (cl_kernel kernel, cl_uint arg_index, size_t arg_size, const void* arg_value),
                (kernel, arg_index, arg_size, arg_value))
PLITE_CL_CREATE(cl_mem, clCreateImage,
                (cl_context context, cl_mem_flags flags, const cl_image_format* image_format,
                 const cl_image_desc* image_desc, void* host_ptr, cl_int* errcode_ret),
                (context, flags, image_format, image_desc, host_ptr, errcode_ret))
PLITE_CL_CREATE(cl_mem, clCreateBuffer,
                (cl_context context, cl_mem_flags flags, size_t size, void* host_ptr,
                 cl_int* errcode_ret),
                (context, flags, size, host_ptr, errcode_ret))
PLITE_CL_STATUS(clRetainMemObject, (cl_mem memobj), (memobj))
PLITE_CL_STATUS(clReleaseMemObject, (cl_mem memobj), (memobj))
PLITE_CL_STATUS(clEnqueueNDRangeKernel,
                (cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
                 const size_t* global_work_offset, const size_t* global_work_size,
                 const size_t* local_work_size, cl_uint num_events_in_wait_list,
                 const cl_event* event_wait_list, cl_event* event),
                (command_queue, kernel, work_dim, global_work_offset, global_work_size,
                 local_work_size, num_events_in_wait_list, event_wait_list, event))
PLITE_CL_STATUS(clEnqueueWriteBuffer,
                (cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
                 size_t offset, size_t size, const void* ptr, cl_uint num_events_in_wait_list,
                 const cl_event* event_wait_list, cl_event* event),
                (command_queue, buffer, blocking_write, offset, size, ptr, num_events_in_wait_list,
                 event_wait_list, event))
PLITE_CL_STATUS(clEnqueueReadBuffer,
                (cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
                 size_t offset, size_t size, void* ptr, cl_uint num_events_in_wait_list,
                 const cl_event* event_wait_list, cl_event* event),
                (command_queue, buffer, blocking_read, offset, size, ptr, num_events_in_wait_list,
                 event_wait_list, event))
PLITE_CL_STATUS(clEnqueueReadImage,
                (cl_command_queue command_queue, cl_mem image, cl_bool blocking_read,
                 const size_t* origin, const size_t* region, size_t row_pitch, size_t slice_pitch,
                 void* ptr, cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
                 cl_event* event),
                (command_queue, image, blocking_read, origin, region, row_pitch, slice_pitch, ptr,
                 num_events_in_wait_list, event_wait_list, event))
PLITE_CL_STATUS(clEnqueueWriteImage,
                (cl_command_queue command_queue, cl_mem image, cl_bool blocking_write,
                 const size_t* origin, const size_t* region, size_t input_row_pitch,
                 size_t input_slice_pitch, const void* ptr, cl_uint num_events_in_wait_list,
                 const cl_event* event_wait_list, cl_event* event),
                (command_queue, image, blocking_write, origin, region, input_row_pitch,
                 input_slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event))
PLITE_CL_STATUS(clFinish, (cl_command_queue command_queue), (command_queue))
PLITE_CL_STATUS(clFlush, (cl_command_queue command_queue), (command_queue))
PLITE_CL_STATUS(clWaitForEvents, (cl_uint num_events, const cl_event* event_list),
                (num_events, event_list))
PLITE_CL_STATUS(clRetainEvent, (cl_event event), (event))
PLITE_CL_STATUS(clReleaseEvent, (cl_event event), (event))
PLITE_CL_STATUS(clGetEventProfilingInfo,
                (cl_event event, cl_profiling_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (event, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetKernelWorkGroupInfo,
                (cl_kernel kernel, cl_device_id device, cl_kernel_work_group_info param_name,
                 size_t param_value_size, void* param_value, size_t* param_value_size_ret),
                (kernel, device, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetMemObjectInfo,
                (cl_mem memobj, cl_mem_info param_name, size_t param_value_size, void* param_value,
                 size_t* param_value_size_ret),
                (memobj, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetImageInfo,
                (cl_mem image, cl_image_info param_name, size_t param_value_size, void* param_value,
                 size_t* param_value_size_ret),
                (image, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetKernelInfo,
                (cl_kernel kernel, cl_kernel_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (kernel, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetCommandQueueInfo,
                (cl_command_queue command_queue, cl_command_queue_info param_name,
                 size_t param_value_size, void* param_value, size_t* param_value_size_ret),
                (command_queue, param_name, param_value_size, param_value, param_value_size_ret))
PLITE_CL_STATUS(clGetEventInfo,
                (cl_event event, cl_event_info param_name, size_t param_value_size,
                 void* param_value, size_t* param_value_size_ret),
                (event, param_name, param_value_size, param_value, param_value_size_ret))
}  // extern "C"
