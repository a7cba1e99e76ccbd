// The `.nb` model: plite's file for an *optimized* program (ops carry their picked kernel)
// and its params, written by `opt` / SaveOptimizedModel and loaded by the light predictor.
//
// File layout (little-endian; docs/model_format.md has the byte offsets):
//   header   kNbHeaderSize bytes: magic, format version, header size, offsets and sizes of
//            the two sections below, the writer's plite version, the meta checksum
//            (CRC32C of every byte before the data section but its own), reserved bytes
//   meta     a flatbuffer (schema model.fbs): blocks, vars, ops with attributes and kernel,
//            and for each param its name, precision, dims, LoD, place in the data section
//            and CRC32C
//   data     the params' raw bytes, each at a multiple of kNbParamAlignment from the file
//            start, followed by at least kBufferPadding bytes (SIMD loads may read past a
//            tensor's end)
// The loader checks the meta checksum, verifies the flatbuffer and checks every size and
// offset before use; params become tensors pointing into the file's bytes (no copy).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

// Version 2 added the checksums; version 1 files load without them (nothing to check).
// Version 3 added float params stored in int8 (Param.int8_scales); the writer marks a file
// version 3 only where it holds one, so older readers keep loading the others.
constexpr uint32_t kNbFormatVersion = 3;
constexpr uint32_t kNbFirstInt8ParamVersion = 3;
constexpr uint32_t kNbFirstChecksummedVersion = 2;
constexpr size_t kNbParamAlignment = 64;
constexpr size_t kNbHeaderSize = 128;

// The bytes of a .nb model, kept alive as long as tensors use them in place.
class NbModelBytes {
 public:
  virtual ~NbModelBytes() = default;
  // Maps the file private and writable (pages load on first touch and are never written
  // back; a stray write copies one page instead of crashing). Throws naming the path when
  // it is missing, a directory or empty.
  static std::shared_ptr<const NbModelBytes> MapFile(const std::string& path);
  // A kNbParamAlignment-aligned copy of caller-owned bytes.
  static std::shared_ptr<const NbModelBytes> CopyOf(const void* data, size_t size);

  // Aligned to kNbParamAlignment.
  virtual const uint8_t* data() const = 0;
  virtual size_t size() const = 0;
  // What error messages call these bytes: the file path, or "<memory buffer>".
  virtual const std::string& source() const;
};

struct NbHeaderInfo {
  uint32_t format_version{0};
  std::string opt_version;  // plite version of the writer
};

// The whole file for `optimized` (ops carry kKernelKeyAttr; it is stored as a structured
// kernel key, not as an attribute) with the params of its
// persistable vars of block 0 (feed/fetch lists aside), looked up in `scope` (and its
// parents) as CPU tensors whose precision and dims match their VarDescs. `opt_version` is at
// most 63 bytes. SaveModelNb writes a temporary file beside `path` and renames it, so a
// reader (or a predictor mapping the old file) never sees a partial file.
std::string SerializeModelNb(const cpp::ProgramDesc& optimized, const Scope& scope,
                             const std::string& opt_version);
void SaveModelNb(const std::string& path, const cpp::ProgramDesc& optimized, const Scope& scope,
                 const std::string& opt_version);

// Checks the header only (magic, format version, section bounds inside `bytes`).
NbHeaderInfo ReadNbHeader(const NbModelBytes& bytes);

struct NbLoadOptions {
  // Compare each param's bytes with the CRC32C opt stored for them: one pass over all
  // weights (it touches every page of a mapped file), so off unless the app asks.
  bool check_weight_checksums{false};
};

// Verifies and loads `bytes` into `program` and `scope` (params as host tensors viewing
// `bytes`, which they keep alive). The meta checksum is always checked. Every failure
// throws PaddleLiteException naming what is wrong; `scope` may then hold the params read
// before the failure.
NbHeaderInfo LoadModelNb(std::shared_ptr<const NbModelBytes> bytes, Scope* scope,
                         cpp::ProgramDesc* program, const NbLoadOptions& options = {});

}  // namespace lite
}  // namespace paddle
