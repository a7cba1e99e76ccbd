// What the configs' OpenCL settings do (Paddle Lite's set_opencl_*): the program binary
// cache on disk and the storage precision of the OpenCL kernels' images.
#pragma once

#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {

using lite_api::Place;
using lite_api::PrecisionType;
using lite_api::TargetType;

// Hands set_opencl_binary_path_name's directory and set_opencl_tune's mode and file to the
// OpenCL runtime, where there is a device (a build or machine without one ignores them); a
// config that sets neither changes nothing (the process's runtime keeps what an earlier
// predictor set).
void ApplyOpenClSettings(const lite_api::ConfigBase& config);

// The places with the OpenCL ones in the storage precision `precision` asks for (Paddle
// Lite's meaning): FP16 where the device has half images, AUTO where it also computes in
// half (cl_khr_fp16, as mobile GPUs do), put an fp16 place before the first float OpenCL
// place; otherwise (FP32, or a device without) the fp16 OpenCL places are dropped.
std::vector<Place> WithOpenClPrecision(std::vector<Place> places,
                                       lite_api::CLPrecisionType precision);

// Where the last Run() of `program` failed because an OpenCL kernel needed a tensor as an
// image that cannot hold it (larger than the device allows, or of rank above 4): the
// variables, as the model names them, whose ops should then run on the CPU
// (CxxConfig::set_keep_cpu_ops). The failed op's own outputs; for a cast making an image
// for an OpenCL op, the value it converts. Empty when the error was another.
std::vector<std::string> TensorsOpenClImagesCannotHold(const RuntimeProgram& program);

}  // namespace lite
}  // namespace paddle
