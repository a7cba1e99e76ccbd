#include "lite/model_parser/flatbuffers/nb_format.h"

#include <cstring>
#include <utility>

#include "lite/utils/check.h"
#include "lite/utils/crc32c.h"

namespace paddle {
namespace lite {
namespace nb {

using lite_api::DataLayoutType;
using lite_api::PrecisionType;
using lite_api::TargetType;

static_assert(static_cast<int>(fbs::Target::Host) == static_cast<int>(TargetType::kHost) &&
                  static_cast<int>(fbs::Target::ARM) == static_cast<int>(TargetType::kARM) &&
                  static_cast<int>(fbs::Target::Any) == static_cast<int>(TargetType::kAny),
              "fbs::Target numbers follow TargetType");
static_assert(static_cast<int>(fbs::Precision::Float) == static_cast<int>(PrecisionType::kFloat) &&
                  static_cast<int>(fbs::Precision::FP64) == static_cast<int>(PrecisionType::kFP64),
              "fbs::Precision numbers follow PrecisionType");
static_assert(static_cast<int>(fbs::AttrKind::FLOAT64) == static_cast<int>(cpp::AttrType::FLOAT64),
              "fbs::AttrKind numbers follow cpp::AttrType");

namespace {

template <typename T>
void PutLE(uint8_t* p, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

template <typename T>
T GetLE(const uint8_t* p) {
  T v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) v |= static_cast<T>(p[i]) << (8 * i);
  return v;
}

}  // namespace

std::string EncodeHeader(const Header& h) {
  PLITE_CHECK(h.opt_version.size() < kOptVersionBytes, "opt version '", h.opt_version,
              "' is longer than ", kOptVersionBytes - 1, " bytes");
  std::string out(kNbHeaderSize, '\0');
  auto* p = reinterpret_cast<uint8_t*>(out.data());
  std::memcpy(p + kMagicOffset, kMagic, sizeof(kMagic));
  PutLE<uint32_t>(p + kFormatVersionOffset, h.format_version);
  PutLE<uint32_t>(p + kHeaderSizeOffset, h.header_size);
  PutLE<uint64_t>(p + kMetaOffsetOffset, h.meta_offset);
  PutLE<uint64_t>(p + kMetaSizeOffset, h.meta_size);
  PutLE<uint64_t>(p + kDataOffsetOffset, h.data_offset);
  PutLE<uint64_t>(p + kDataSizeOffset, h.data_size);
  std::memcpy(p + kOptVersionOffset, h.opt_version.data(), h.opt_version.size());
  PutLE<uint32_t>(p + kMetaChecksumOffset, h.meta_checksum);
  return out;
}

Header DecodeHeader(const uint8_t* p, uint64_t file_size, const std::string& source) {
  const std::string where = StrCat("nb model ", source);
  PLITE_CHECK(file_size > 0, where, ": empty (0 bytes)");
  PLITE_CHECK(file_size >= sizeof(kMagic) && std::memcmp(p, kMagic, sizeof(kMagic)) == 0, where,
              ": bad magic, not a plite .nb model");
  PLITE_CHECK(file_size >= kNbHeaderSize, where, ": truncated, ", file_size,
              " bytes cannot hold the ", kNbHeaderSize, "-byte header");
  Header h;
  h.format_version = GetLE<uint32_t>(p + kFormatVersionOffset);
  h.header_size = GetLE<uint32_t>(p + kHeaderSizeOffset);
  h.meta_offset = GetLE<uint64_t>(p + kMetaOffsetOffset);
  h.meta_size = GetLE<uint64_t>(p + kMetaSizeOffset);
  h.data_offset = GetLE<uint64_t>(p + kDataOffsetOffset);
  h.data_size = GetLE<uint64_t>(p + kDataSizeOffset);
  const auto* text = reinterpret_cast<const char*>(p + kOptVersionOffset);
  h.opt_version.assign(text, strnlen(text, kOptVersionBytes));
  h.meta_checksum = GetLE<uint32_t>(p + kMetaChecksumOffset);

  PLITE_CHECK(h.format_version <= kNbFormatVersion, where, ": format version ", h.format_version,
              " is newer than this plite reads (format version ", kNbFormatVersion,
              "); it was written by plite ", h.opt_version, ", update plite or run an older opt");
  PLITE_CHECK(h.format_version >= 1, where, ": invalid format version 0");
  PLITE_CHECK(h.header_size >= kNbHeaderSize && h.header_size <= file_size, where, ": header size ",
              h.header_size, " is invalid (", kNbHeaderSize, " to ", file_size, ")");
  // Each section inside the file, after the previous one; subtraction keeps it overflow-free.
  PLITE_CHECK(h.meta_offset >= h.header_size && h.meta_offset <= file_size &&
                  h.meta_size <= file_size - h.meta_offset,
              where, ": meta section [", h.meta_offset, ", +", h.meta_size,
              ") lies outside the file of ", file_size, " bytes (truncated?)");
  PLITE_CHECK(h.meta_offset % 8 == 0, where, ": meta section offset ", h.meta_offset,
              " is not 8-byte aligned");
  PLITE_CHECK(h.data_offset >= h.meta_offset + h.meta_size && h.data_offset <= file_size &&
                  h.data_size <= file_size - h.data_offset,
              where, ": data section [", h.data_offset, ", +", h.data_size,
              ") lies outside the file of ", file_size, " bytes (truncated?)");
  PLITE_CHECK(h.data_offset % kNbParamAlignment == 0, where, ": data section offset ",
              h.data_offset, " is not a multiple of ", kNbParamAlignment);
  PLITE_CHECK(h.data_offset + h.data_size == file_size, where, ": ",
              file_size - h.data_offset - h.data_size,
              " bytes after the data section (corrupt header or trailing garbage)");
  return h;
}

uint32_t ComputeMetaChecksum(const uint8_t* file, const Header& h) {
  const uint32_t head = Crc32c(file, kMetaChecksumOffset);
  const size_t after = kMetaChecksumOffset + 4;
  return Crc32c(file + after, static_cast<size_t>(h.data_offset) - after, head);
}

void RewriteMetaChecksum(std::string* file) {
  auto* p = reinterpret_cast<uint8_t*>(file->data());
  const Header h = DecodeHeader(p, file->size(), "being rewritten");
  PutLE<uint32_t>(p + kMetaChecksumOffset, ComputeMetaChecksum(p, h));
}

fbs::VarKind ToFbs(cpp::VarKind kind) {
  switch (kind) {
    case cpp::VarKind::kLodTensor: return fbs::VarKind::LodTensor;
    case cpp::VarKind::kFeedList: return fbs::VarKind::FeedList;
    case cpp::VarKind::kFetchList: return fbs::VarKind::FetchList;
    case cpp::VarKind::kTensorArray: return fbs::VarKind::TensorArray;
    case cpp::VarKind::kOther: return fbs::VarKind::Other;
  }
  PLITE_THROW("unknown var kind ", static_cast<int>(kind));
}

fbs::AttrKind ToFbs(cpp::AttrType type, const std::string& where) {
  // Valid kinds share their numbers; FromFbs rejects the rest.
  const auto kind = static_cast<fbs::AttrKind>(static_cast<int>(type));
  FromFbs(kind, where);
  return kind;
}

TargetType FromFbs(fbs::Target t, const std::string& where) {
  switch (t) {
    case fbs::Target::Unk:
    case fbs::Target::Host:
    case fbs::Target::X86:
    case fbs::Target::ARM:
    case fbs::Target::OpenCL:
    case fbs::Target::Any: return static_cast<TargetType>(t);
  }
  PLITE_THROW(where, ": unknown target value ", static_cast<int>(t));
}

PrecisionType FromFbs(fbs::Precision p, const std::string& where) {
  const int v = static_cast<int>(p);
  PLITE_CHECK(
      v >= static_cast<int>(PrecisionType::kUnk) && v <= static_cast<int>(PrecisionType::kFP64),
      where, ": unknown precision value ", v);
  return static_cast<PrecisionType>(v);
}

namespace {
// The layouts a .nb file can hold, with the file's number for each.
constexpr std::pair<DataLayoutType, fbs::Layout> kLayouts[] = {
    {DataLayoutType::kUnk, fbs::Layout::Unk},
    {DataLayoutType::kNCHW, fbs::Layout::NCHW},
    {DataLayoutType::kAny, fbs::Layout::Any},
    {DataLayoutType::kNHWC, fbs::Layout::NHWC},
    {DataLayoutType::kImageDefault, fbs::Layout::ImageDefault},
    {DataLayoutType::kNCHW4c, fbs::Layout::NCHW4c},
    {DataLayoutType::kNCHW8c, fbs::Layout::NCHW8c},
    {DataLayoutType::kNCHW16c, fbs::Layout::NCHW16c}};
}  // namespace

fbs::Layout ToFbs(DataLayoutType l) {
  for (const auto& kv : kLayouts) {
    if (kv.first == l) return kv.second;
  }
  PLITE_THROW("layout ", lite_api::DataLayoutToStr(l), " (", static_cast<int>(l),
              ") cannot be saved in a .nb model");
}

DataLayoutType FromFbs(fbs::Layout l, const std::string& where) {
  for (const auto& kv : kLayouts) {
    if (kv.second == l) return kv.first;
  }
  PLITE_THROW(where, ": unknown layout value ", static_cast<int>(l));
}

cpp::VarKind FromFbs(fbs::VarKind kind, const std::string& where) {
  switch (kind) {
    case fbs::VarKind::LodTensor: return cpp::VarKind::kLodTensor;
    case fbs::VarKind::FeedList: return cpp::VarKind::kFeedList;
    case fbs::VarKind::FetchList: return cpp::VarKind::kFetchList;
    case fbs::VarKind::TensorArray: return cpp::VarKind::kTensorArray;
    case fbs::VarKind::Other: return cpp::VarKind::kOther;
  }
  PLITE_THROW(where, ": unknown var kind value ", static_cast<int>(kind));
}

cpp::AttrType FromFbs(fbs::AttrKind kind, const std::string& where) {
  switch (kind) {
    case fbs::AttrKind::INT:
    case fbs::AttrKind::FLOAT:
    case fbs::AttrKind::STRING:
    case fbs::AttrKind::INTS:
    case fbs::AttrKind::FLOATS:
    case fbs::AttrKind::STRINGS:
    case fbs::AttrKind::BOOLEAN:
    case fbs::AttrKind::BOOLEANS:
    case fbs::AttrKind::BLOCK:
    case fbs::AttrKind::LONG:
    case fbs::AttrKind::BLOCKS:
    case fbs::AttrKind::LONGS:
    case fbs::AttrKind::FLOAT64S:
    case fbs::AttrKind::FLOAT64: return static_cast<cpp::AttrType>(kind);
  }
  PLITE_THROW(where, ": unknown attribute kind value ", static_cast<int>(kind));
}

}  // namespace nb
}  // namespace lite
}  // namespace paddle
