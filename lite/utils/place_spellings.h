// How targets, precisions and layouts are spelled (TargetToStr & co., and kernel keys such
// as "conv2d,arm,float,NCHW,def"), as constant tables: place.cc builds the API's strings from
// them, and tailored builds read kernel keys at compile time (lite/core/tailoring.h).
#pragma once

#include <string_view>

#include "lite/utils/place.h"

namespace paddle {
namespace lite_api {
namespace spellings {

struct Spelling {
  int value;
  const char* name;  // TargetToStr & co.
  const char* repr;  // TargetRepr & co.
};

inline constexpr Spelling kTargets[] = {
    {0, "unk", "kUnk"},       {1, "host", "kHost"},
    {2, "x86", "kX86"},       {3, "cuda", "kCUDA"},
    {4, "arm", "kARM"},       {5, "opencl", "kOpenCL"},
    {6, "any", "kAny"},       {7, "fpga", "kFPGA"},
    {8, "npu", "kNPU"},       {9, "xpu", "kXPU"},
    {10, "bm", "kBM"},        {11, "mlu", "kMLU"},
    {12, "rknpu", "kRKNPU"},  {13, "apu", "kAPU"},
    {14, "huawei_ascend_npu", "kHuaweiAscendNPU"},
    {15, "imagination_nna", "kImaginationNNA"},
    {16, "intel_fpga", "kIntelFPGA"},
    {17, "metal", "kMetal"},  {18, "nnadapter", "kNNAdapter"}};
inline constexpr Spelling kPrecisions[] = {
    {0, "unk", "kUnk"},     {1, "float", "kFloat"}, {2, "int8", "kInt8"},
    {3, "int32", "kInt32"}, {4, "any", "kAny"},     {5, "fp16", "kFP16"},
    {6, "bool", "kBool"},   {7, "int64", "kInt64"}, {8, "int16", "kInt16"},
    {9, "uint8", "kUInt8"}, {10, "fp64", "kFP64"}};
inline constexpr Spelling kLayouts[] = {
    {0, "unk", "kUnk"},
    {1, "NCHW", "kNCHW"},
    {2, "any", "kAny"},
    {3, "NHWC", "kNHWC"},
    {4, "ImageDefault", "kImageDefault"},
    {5, "ImageFolder", "kImageFolder"},
    {6, "ImageNW", "kImageNW"},
    {7, "MetalTexture2DArray", "kMetalTexture2DArray"},
    {8, "MetalTexture2D", "kMetalTexture2D"},
    {32, "NCHW4c", "kNCHW4c"},
    {33, "NCHW8c", "kNCHW8c"},
    {34, "NCHW16c", "kNCHW16c"}};

// The name of `value` in `table`, or the first entry's ("unk") for values outside it.
template <size_t N>
constexpr std::string_view NameIn(const Spelling (&table)[N], int value) {
  for (const Spelling& s : table) {
    if (s.value == value) return s.name;
  }
  return table[0].name;
}
constexpr std::string_view Name(TargetType t) { return NameIn(kTargets, static_cast<int>(t)); }
constexpr std::string_view Name(PrecisionType p) {
  return NameIn(kPrecisions, static_cast<int>(p));
}
constexpr std::string_view Name(DataLayoutType l) { return NameIn(kLayouts, static_cast<int>(l)); }

}  // namespace spellings
}  // namespace lite_api
}  // namespace paddle
