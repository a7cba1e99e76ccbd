// The `.nb` model: plite's file for an *optimized* program (ops carry their picked kernel)
// and its params, written by `opt` / SaveOptimizedModel and loaded by the light predictor.
//
// File layout (little-endian):
//   header   fixed size: magic, format version, opt version, offsets and sizes of the
//            two sections below
//   meta     a flatbuffer (schema model.fbs): blocks, vars, ops with attributes and kernel,
//            and for each param its name, precision, dims, LoD and place in the data section
//   data     the params' raw bytes, each aligned to kNbParamAlignment
// The loader verifies the flatbuffer and checks every size and offset before use; params
// become tensors pointing into the file's bytes (no copy).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

constexpr uint32_t kNbFormatVersion = 1;
constexpr size_t kNbParamAlignment = 64;

// The bytes of a .nb model, kept alive as long as tensors use them in place.
class NbModelBytes {
 public:
  virtual ~NbModelBytes() = default;
  // Maps the file read-only-private (pages load on first touch; never copied).
  static std::shared_ptr<const NbModelBytes> MapFile(const std::string& path);
  // An aligned copy of caller-owned bytes.
  static std::shared_ptr<const NbModelBytes> CopyOf(const void* data, size_t size);

  virtual const uint8_t* data() const = 0;
  virtual size_t size() const = 0;
};

struct NbHeaderInfo {
  uint32_t format_version{0};
  std::string opt_version;  // plite version of the writer
};

// The whole file for `optimized` (ops must carry kKernelKeyAttr) with the params of its
// persistable vars of block 0, looked up in `scope` (and its parents).
std::string SerializeModelNb(const cpp::ProgramDesc& optimized, const Scope& scope,
                             const std::string& opt_version);
void SaveModelNb(const std::string& path, const cpp::ProgramDesc& optimized, const Scope& scope,
                 const std::string& opt_version);

// Checks the header only (magic, sizes, format version).
NbHeaderInfo ReadNbHeader(const NbModelBytes& bytes);

// Verifies and loads `bytes` into `program` and `scope` (params as host tensors viewing
// `bytes`, which they keep alive). Every failure throws PaddleLiteException naming what
// is wrong; `scope` may then hold the params read before the failure.
NbHeaderInfo LoadModelNb(std::shared_ptr<const NbModelBytes> bytes, Scope* scope,
                         cpp::ProgramDesc* program);

}  // namespace lite
}  // namespace paddle
