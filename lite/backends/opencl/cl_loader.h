// Loading the OpenCL library at run time (cl_loader.cc defines the OpenCL API functions the
// runtime calls, forwarding to it).
#pragma once

#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS  // clCreateCommandQueue: the OpenCL 1.2 queue call
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#include <CL/cl.h>
#include <CL/cl_ext.h>  // CL_PLATFORM_NOT_FOUND_KHR

#include <string>

namespace paddle {
namespace lite {
namespace opencl {

// Whether the OpenCL library is loaded; `path_or_why` gets the file loaded, or why none
// could be ("cannot load the OpenCL library (...)"). $PLITE_OPENCL_LIBRARY names the file
// to load instead of the usual ones.
bool OpenClLibrary(std::string* path_or_why = nullptr);

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
