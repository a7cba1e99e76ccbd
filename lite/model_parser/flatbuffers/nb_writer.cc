// cpp::ProgramDesc + params -> .nb bytes (the loader is nb_loader.cc).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <variant>

#include "lite/core/program.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/utils/check.h"
#include "lite/utils/crc32c.h"
#include "lite/utils/int8_weights.h"

namespace paddle {
namespace lite {

namespace {

namespace fs = std::filesystem;
using cpp::AttrType;
using flatbuffers::FlatBufferBuilder;
using flatbuffers::Offset;
using lite_api::DataLayoutType;
using lite_api::PrecisionType;
using lite_api::TargetType;

// Names, op types and short values repeat across ops: stored once, they take a third off a
// meta section. Long strings are not shared, so what a reference expands to stays well
// within the loader's budget of 64x the meta size (a reference costs at least 4 bytes).
Offset<flatbuffers::String> Shared(FlatBufferBuilder* fbb, const std::string& s) {
  return s.size() <= 64 ? fbb->CreateSharedString(s) : fbb->CreateString(s);
}

template <typename T>
const T& Held(const cpp::Attribute& attr, const std::string& where) {
  const T* v = std::get_if<T>(&attr.value);
  PLITE_CHECK(v != nullptr, where, " is declared ", cpp::AttrTypeName(attr.type),
              " but holds a value of another kind");
  return *v;
}

Offset<flatbuffers::Vector<Offset<flatbuffers::String>>> Strings(
    FlatBufferBuilder* fbb, const std::vector<std::string>& values) {
  std::vector<Offset<flatbuffers::String>> offsets;
  offsets.reserve(values.size());
  for (const auto& s : values) offsets.push_back(Shared(fbb, s));
  return fbb->CreateVector(offsets);
}

Offset<fbs::Attr> WriteAttr(FlatBufferBuilder* fbb, const std::string& name,
                            const cpp::Attribute& attr, const std::string& where) {
  // Children first: a flatbuffer table is built after everything it points to.
  const auto name_off = Shared(fbb, name);
  Offset<flatbuffers::String> s;
  Offset<flatbuffers::Vector<int32_t>> ints;
  Offset<flatbuffers::Vector<float>> floats;
  Offset<flatbuffers::Vector<Offset<flatbuffers::String>>> strings;
  Offset<flatbuffers::Vector<uint8_t>> bools;
  Offset<flatbuffers::Vector<int64_t>> longs;
  Offset<flatbuffers::Vector<double>> f64s;
  switch (attr.type) {
    case AttrType::STRING: s = Shared(fbb, Held<std::string>(attr, where)); break;
    case AttrType::INTS:
    case AttrType::BLOCKS: ints = fbb->CreateVector(Held<std::vector<int32_t>>(attr, where)); break;
    case AttrType::FLOATS: floats = fbb->CreateVector(Held<std::vector<float>>(attr, where)); break;
    case AttrType::STRINGS:
      strings = Strings(fbb, Held<std::vector<std::string>>(attr, where));
      break;
    case AttrType::BOOLEANS: {
      const auto& values = Held<std::vector<bool>>(attr, where);
      std::vector<uint8_t> bytes(values.begin(), values.end());
      bools = fbb->CreateVector(bytes);
      break;
    }
    case AttrType::LONGS: longs = fbb->CreateVector(Held<std::vector<int64_t>>(attr, where)); break;
    case AttrType::FLOAT64S:
      f64s = fbb->CreateVector(Held<std::vector<double>>(attr, where));
      break;
    default: break;
  }
  const fbs::AttrKind kind = nb::ToFbs(attr.type, where);
  // The value field is stored even when it equals the schema default (0, false, -0.0 vs 0.0).
  fbb->ForceDefaults(true);
  fbs::AttrBuilder b(*fbb);
  b.add_name(name_off);
  b.add_kind(kind);
  switch (attr.type) {
    case AttrType::INT: b.add_i(Held<int32_t>(attr, where)); break;
    case AttrType::BLOCK: b.add_i(Held<int32_t>(attr, where)); break;
    case AttrType::FLOAT: b.add_f(Held<float>(attr, where)); break;
    case AttrType::BOOLEAN: b.add_b(Held<bool>(attr, where)); break;
    case AttrType::LONG: b.add_l(Held<int64_t>(attr, where)); break;
    case AttrType::FLOAT64: b.add_f64(Held<double>(attr, where)); break;
    case AttrType::STRING: b.add_s(s); break;
    case AttrType::INTS:
    case AttrType::BLOCKS: b.add_ints(ints); break;
    case AttrType::FLOATS: b.add_floats(floats); break;
    case AttrType::STRINGS: b.add_strings(strings); break;
    case AttrType::BOOLEANS: b.add_bools(bools); break;
    case AttrType::LONGS: b.add_longs(longs); break;
    case AttrType::FLOAT64S: b.add_f64s(f64s); break;
  }
  const auto out = b.Finish();
  fbb->ForceDefaults(false);
  return out;
}

template <typename EnumT>
EnumT EnumByName(const std::string& name, std::initializer_list<EnumT> values,
                 const std::string& (*to_str)(EnumT), const std::string& where) {
  for (EnumT v : values) {
    if (to_str(v) == name) return v;
  }
  PLITE_THROW(where, ": unknown name '", name, "'");
}

// "op_type,target,precision,layout,alias" (KernelInfo::key()) as a structured table.
Offset<fbs::KernelKey> WriteKernelKey(FlatBufferBuilder* fbb, const std::string& key,
                                      const std::string& where) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (int i = 0; i < 4; ++i) {
    const size_t comma = key.find(',', start);
    PLITE_CHECK(comma != std::string::npos, where, ": kernel key '", key,
                "' is not op_type,target,precision,layout,alias");
    parts.push_back(key.substr(start, comma - start));
    start = comma + 1;
  }
  parts.push_back(key.substr(start));
  const std::string what = StrCat(where, ": kernel key '", key, "'");
  const TargetType target =
      EnumByName<TargetType>(parts[1],
                             {TargetType::kUnk, TargetType::kHost, TargetType::kX86,
                              TargetType::kARM, TargetType::kOpenCL, TargetType::kAny},
                             &lite_api::TargetToStr, what);
  const PrecisionType precision = EnumByName<PrecisionType>(
      parts[2],
      {PrecisionType::kUnk, PrecisionType::kFloat, PrecisionType::kInt8, PrecisionType::kInt32,
       PrecisionType::kAny, PrecisionType::kFP16, PrecisionType::kBool, PrecisionType::kInt64,
       PrecisionType::kInt16, PrecisionType::kUInt8, PrecisionType::kFP64},
      &lite_api::PrecisionToStr, what);
  const DataLayoutType layout =
      EnumByName<DataLayoutType>(parts[3],
                                 {DataLayoutType::kUnk, DataLayoutType::kNCHW, DataLayoutType::kAny,
                                  DataLayoutType::kNHWC, DataLayoutType::kImageDefault,
                                  DataLayoutType::kNCHW4c, DataLayoutType::kNCHW8c,
                                  DataLayoutType::kNCHW16c},
                                 &lite_api::DataLayoutToStr, what);
  return fbs::CreateKernelKey(*fbb, Shared(fbb, parts[0]),
                              Shared(fbb, parts[4]),
                              nb::ToFbs(target), nb::ToFbs(precision), nb::ToFbs(layout));
}

Offset<flatbuffers::Vector<Offset<fbs::OpArg>>> WriteArgs(FlatBufferBuilder* fbb,
                                                          const cpp::OpDesc::ArgMap& args) {
  std::vector<Offset<fbs::OpArg>> out;
  for (const auto& kv : args) {
    const auto param = Shared(fbb, kv.first);
    out.push_back(fbs::CreateOpArg(*fbb, param, Strings(fbb, kv.second)));
  }
  return fbb->CreateVector(out);
}

Offset<fbs::Op> WriteOp(FlatBufferBuilder* fbb, const cpp::OpDesc& op) {
  const std::string where = StrCat("op '", op.Type(), "'");
  const auto type = Shared(fbb, op.Type());
  const auto inputs = WriteArgs(fbb, op.inputs());
  const auto outputs = WriteArgs(fbb, op.outputs());
  std::vector<Offset<fbs::Attr>> attrs;
  Offset<fbs::KernelKey> kernel;
  for (const auto& kv : op.attrs()) {
    if (kv.first == kKernelKeyAttr) {
      PLITE_CHECK(kv.second.type == AttrType::STRING, where, ": attribute ", kKernelKeyAttr,
                  " must be a STRING");
      kernel = WriteKernelKey(fbb, Held<std::string>(kv.second, where), where);
      continue;
    }
    if (cpp::IsBookkeepingAttr(kv.first)) continue;  // Python call stacks: half a model's bytes
    attrs.push_back(
        WriteAttr(fbb, kv.first, kv.second, StrCat(where, ": attribute '", kv.first, "'")));
  }
  const auto attrs_off = fbb->CreateVector(attrs);
  return fbs::CreateOp(*fbb, type, inputs, outputs, attrs_off, kernel);
}

Offset<fbs::Var> WriteVar(FlatBufferBuilder* fbb, const cpp::VarDesc& var) {
  const auto name = Shared(fbb, var.name);
  const auto shape = fbb->CreateVector(var.shape);
  return fbs::CreateVar(*fbb, name, nb::ToFbs(var.kind), nb::ToFbs(var.precision), shape,
                        var.persistable);
}

Offset<fbs::Block> WriteBlock(FlatBufferBuilder* fbb, const cpp::BlockDesc& block) {
  std::vector<Offset<fbs::Var>> vars;
  for (const auto& v : block.vars) vars.push_back(WriteVar(fbb, v));
  const auto vars_off = fbb->CreateVector(vars);
  std::vector<Offset<fbs::Op>> ops;
  for (const auto& o : block.ops) ops.push_back(WriteOp(fbb, o));
  const auto ops_off = fbb->CreateVector(ops);
  return fbs::CreateBlock(*fbb, block.idx, block.parent_idx, vars_off, ops_off);
}

bool IsCpuTarget(TargetType t) {
  return t == TargetType::kHost || t == TargetType::kX86 || t == TargetType::kARM;
}

uint64_t AlignUp(uint64_t v, uint64_t align) { return (v + align - 1) / align * align; }

// A param to store: its tensor, its int8 encoding where it has one, and where its bytes go
// in the data section.
struct ParamSlot {
  const cpp::VarDesc* var;
  const Tensor* tensor;
  std::shared_ptr<Int8Rows> int8;  // null: stored as the tensor's bytes
  uint64_t offset;
  uint64_t size;

  const void* bytes() const {
    return int8 ? static_cast<const void*>(int8->levels.data()) : tensor->raw_data();
  }
};

// The int8 storage of a float weight of 2 or more dims whose rows are int8 levels times a
// factor, bit-exact (lite/utils/int8_weights.h), or null.
std::shared_ptr<Int8Rows> Int8EncodingOf(const Tensor& t) {
  const auto& dims = t.dims();
  if (t.precision() != PrecisionType::kFloat || dims.size() < 2 || dims[0] <= 0) return nullptr;
  auto encoded = std::make_shared<Int8Rows>();
  if (!EncodeInt8Rows(t.data<float>(), dims[0], t.numel() / dims[0], 0.f, encoded.get())) {
    return nullptr;
  }
  return encoded;
}

// A program dim below 0 (an unknown size) matches anything.
bool DimsMatch(const std::vector<int64_t>& declared, const std::vector<int64_t>& actual) {
  if (declared.size() != actual.size()) return false;
  for (size_t i = 0; i < declared.size(); ++i) {
    if (declared[i] >= 0 && declared[i] != actual[i]) return false;
  }
  return true;
}

std::vector<ParamSlot> CollectParams(const cpp::ProgramDesc& program, const Scope& scope,
                                     uint64_t* data_size) {
  std::vector<ParamSlot> slots;
  uint64_t end = 0;
  for (const auto& var : program.blocks[0].vars) {
    if (!var.persistable || var.kind == cpp::VarKind::kFeedList ||
        var.kind == cpp::VarKind::kFetchList) {
      continue;
    }
    const std::string where = StrCat("param '", var.name, "'");
    PLITE_CHECK(var.kind == cpp::VarKind::kLodTensor, where,
                ": only LOD_TENSOR vars can be saved as params, this persistable var is not one");
    const Tensor* t = scope.FindTensor(var.name);
    PLITE_CHECK(t != nullptr, where, ": the var is persistable but the scope holds no tensor ",
                "for it");
    PLITE_CHECK(IsCpuTarget(t->target()), where, ": tensor on target ",
                lite_api::TargetToStr(t->target()), " (only host memory can be saved)");
    const size_t elem = lite_api::PrecisionTypeLength(t->precision());
    PLITE_CHECK(elem > 0, where, ": tensor precision ", lite_api::PrecisionToStr(t->precision()),
                " has no element size");
    PLITE_CHECK(t->precision() == var.precision, where, ": tensor precision ",
                lite_api::PrecisionToStr(t->precision()), " does not match ",
                lite_api::PrecisionToStr(var.precision), " declared in the program");
    const auto& dims = t->dims().Vectorize();
    PLITE_CHECK(DimsMatch(var.shape, dims), where, ": tensor dims ", dims, " do not match ",
                var.shape, " declared in the program");
    for (int64_t d : dims) PLITE_CHECK(d >= 0, where, ": negative dim in ", dims);
    const uint64_t size = static_cast<uint64_t>(t->numel()) * elem;
    PLITE_CHECK(t->memory_size() >= size, where, ": tensor ", dims, " holds ", t->memory_size(),
                " bytes, needs ", size);
    const uint64_t offset = AlignUp(end, kNbParamAlignment);
    auto int8 = Int8EncodingOf(*t);
    const uint64_t stored = int8 ? int8->levels.size() : size;
    slots.push_back({&var, t, std::move(int8), offset, stored});
    end = offset + stored;
  }
  // Padding after the last param: SIMD kernels may read a little past a tensor's end.
  *data_size = AlignUp(end + kBufferPadding, kNbParamAlignment);
  return slots;
}

Offset<fbs::Param> WriteParam(FlatBufferBuilder* fbb, const ParamSlot& slot) {
  const auto name = Shared(fbb, slot.var->name);
  const auto dims = fbb->CreateVector(slot.tensor->dims().Vectorize());
  std::vector<Offset<fbs::LodLevel>> levels;
  for (const auto& level : slot.tensor->lod()) {
    levels.push_back(fbs::CreateLodLevel(*fbb, fbb->CreateVector(level)));
  }
  const auto lod = fbb->CreateVector(levels);
  const uint32_t crc = Crc32c(slot.bytes(), slot.size);
  const auto scales = slot.int8 ? fbb->CreateVector(slot.int8->scales) : 0;
  return fbs::CreateParam(*fbb, name, nb::ToFbs(slot.tensor->precision()), dims, lod, slot.offset,
                          slot.size, crc, scales);
}

// The recorded versions of the op types the program's ops have: Paddle records every op
// type it knows (a few hundred), the light predictor needs only these. None: no field, as
// in files written before plite kept versions.
Offset<flatbuffers::Vector<Offset<fbs::OpVersion>>> WriteOpVersions(FlatBufferBuilder* fbb,
                                                                    const cpp::ProgramDesc& p) {
  std::set<std::string> used;
  for (const auto& block : p.blocks) {
    for (const auto& op : block.ops) used.insert(op.Type());
  }
  std::vector<Offset<fbs::OpVersion>> entries;
  for (const auto& kv : p.op_versions) {
    if (!used.count(kv.first)) continue;
    entries.push_back(fbs::CreateOpVersion(*fbb, Shared(fbb, kv.first), kv.second));
  }
  if (entries.empty()) return 0;
  return fbb->CreateVector(entries);
}

}  // namespace

std::string SerializeModelNb(const cpp::ProgramDesc& optimized, const Scope& scope,
                             const std::string& opt_version) {
  PLITE_CHECK(!optimized.blocks.empty(), "cannot save a program without blocks");
  uint64_t data_size = 0;
  const std::vector<ParamSlot> params = CollectParams(optimized, scope, &data_size);

  FlatBufferBuilder fbb(64 * 1024);
  std::vector<Offset<fbs::Block>> blocks;
  for (const auto& block : optimized.blocks) blocks.push_back(WriteBlock(&fbb, block));
  const auto blocks_off = fbb.CreateVector(blocks);
  std::vector<Offset<fbs::Param>> param_offs;
  for (const auto& slot : params) param_offs.push_back(WriteParam(&fbb, slot));
  const auto params_off = fbb.CreateVector(param_offs);
  const auto versions_off = WriteOpVersions(&fbb, optimized);
  fbs::FinishModelBuffer(
      fbb, fbs::CreateModel(fbb, optimized.version, blocks_off, params_off, versions_off));

  nb::Header header;
  // The lowest version that holds the file, so older readers keep loading what they can.
  const bool any_int8 =
      std::any_of(params.begin(), params.end(), [](const ParamSlot& p) { return p.int8; });
  header.format_version = any_int8 ? kNbFirstInt8ParamVersion : kNbFirstChecksummedVersion;
  header.opt_version = opt_version;
  header.meta_offset = kNbHeaderSize;
  header.meta_size = fbb.GetSize();
  header.data_offset = AlignUp(header.meta_offset + header.meta_size, kNbParamAlignment);
  header.data_size = data_size;

  std::string out = nb::EncodeHeader(header);
  out.append(reinterpret_cast<const char*>(fbb.GetBufferPointer()), fbb.GetSize());
  out.resize(header.data_offset + header.data_size, '\0');
  for (const auto& slot : params) {
    if (slot.size) {
      std::memcpy(&out[header.data_offset + slot.offset], slot.bytes(), slot.size);
    }
  }
  header.meta_checksum =
      nb::ComputeMetaChecksum(reinterpret_cast<const uint8_t*>(out.data()), header);
  const std::string sealed = nb::EncodeHeader(header);
  out.replace(0, sealed.size(), sealed);
  return out;
}

void SaveModelNb(const std::string& path, const cpp::ProgramDesc& optimized, const Scope& scope,
                 const std::string& opt_version) {
  const std::string bytes = SerializeModelNb(optimized, scope, opt_version);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    PLITE_CHECK(out.is_open(), "cannot open ", tmp, " for writing the nb model ", path);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (out.fail()) {
      std::remove(tmp.c_str());
      PLITE_THROW("could not write the nb model ", path, " (", bytes.size(), " bytes; disk full?)");
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    PLITE_THROW("could not write the nb model ", path, ": ", ec.message());
  }
}

}  // namespace lite
}  // namespace paddle
