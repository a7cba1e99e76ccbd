// Internal to the .nb reader and writer: the fixed header and the enum conversions between
// the schema and the runtime's types (the loader range-checks every enum it reads).
#pragma once

#include <cstdint>
#include <string>

#include "lite/utils/place.h"
#include "lite/core/program_desc.h"
#include "lite/model_parser/flatbuffers/model_generated.h"
#include "lite/model_parser/flatbuffers/nb_model.h"

namespace paddle {
namespace lite {
namespace nb {

// Header byte offsets; everything is little-endian.
constexpr size_t kMagicOffset = 0;  // 8 bytes: kMagic
constexpr size_t kFormatVersionOffset = 8;
constexpr size_t kHeaderSizeOffset = 12;
constexpr size_t kMetaOffsetOffset = 16;
constexpr size_t kMetaSizeOffset = 24;
constexpr size_t kDataOffsetOffset = 32;
constexpr size_t kDataSizeOffset = 40;
constexpr size_t kOptVersionOffset = 48;  // NUL-padded text
constexpr size_t kOptVersionBytes = 64;
// CRC32C of bytes [0, data offset) but these 4 (header, meta section, padding); version 2 on.
constexpr size_t kMetaChecksumOffset = kOptVersionOffset + kOptVersionBytes;
constexpr size_t kReservedOffset = kMetaChecksumOffset + 4;  // zero for now
static_assert(kReservedOffset + 12 == kNbHeaderSize, "header layout");

// 0x89 first, CR LF and ^Z after the name: text-mode transfers and truncation by a text
// tool are caught at once (the idea of PNG's signature).
constexpr char kMagic[8] = {'\x89', 'P', 'L', 'N', 'B', '\r', '\n', '\x1a'};

struct Header {
  uint32_t format_version{kNbFormatVersion};
  uint32_t header_size{kNbHeaderSize};
  uint64_t meta_offset{0};
  uint64_t meta_size{0};
  uint64_t data_offset{0};
  uint64_t data_size{0};
  std::string opt_version;
  uint32_t meta_checksum{0};
};

std::string EncodeHeader(const Header& header);
// Checks magic, version and that both sections lie inside `file_size` bytes in order;
// messages start with `source`.
Header DecodeHeader(const uint8_t* bytes, uint64_t file_size, const std::string& source);

// What the meta checksum covers: every byte of `file` before the data section but the
// checksum field itself. `header` must be DecodeHeader's (or the writer's) for `file`.
uint32_t ComputeMetaChecksum(const uint8_t* file, const Header& header);
// Recomputes and stores the meta checksum of a whole file in memory, for tools and tests
// that edit a file's meta section on purpose.
void RewriteMetaChecksum(std::string* file);

// Runtime -> schema: targets and precisions keep their numbers (static_asserts in
// nb_format.cc); layouts are mapped (a layout the file cannot hold throws).
inline fbs::Target ToFbs(lite_api::TargetType t) { return static_cast<fbs::Target>(t); }
inline fbs::Precision ToFbs(lite_api::PrecisionType p) { return static_cast<fbs::Precision>(p); }
fbs::Layout ToFbs(lite_api::DataLayoutType l);
fbs::VarKind ToFbs(cpp::VarKind kind);
fbs::AttrKind ToFbs(cpp::AttrType type, const std::string& where);

// Schema -> runtime; a value outside the enum throws naming `where`.
lite_api::TargetType FromFbs(fbs::Target t, const std::string& where);
lite_api::PrecisionType FromFbs(fbs::Precision p, const std::string& where);
lite_api::DataLayoutType FromFbs(fbs::Layout l, const std::string& where);
cpp::VarKind FromFbs(fbs::VarKind kind, const std::string& where);
cpp::AttrType FromFbs(fbs::AttrKind kind, const std::string& where);

}  // namespace nb
}  // namespace lite
}  // namespace paddle
