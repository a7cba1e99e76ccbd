// .nb bytes -> cpp::ProgramDesc + params viewing the bytes. Nothing in the file is trusted:
// the header bounds, the meta checksum, then the flatbuffer verifier, then every enum,
// index, size and offset are checked before use.
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "lite/core/program.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/utils/check.h"
#include "lite/utils/crc32c.h"
#include "lite/utils/int8_weights.h"

namespace paddle {
namespace lite {

namespace {

using cpp::AttrType;
using lite_api::PrecisionType;

// Bounds on the verifier's work. Our nesting is 4 tables deep (model, block, op, attr). A
// flatbuffer may reference one table from many places; every distinct table takes at least
// 4 bytes, so a file we wrote never visits more than size / 4 tables.
constexpr flatbuffers::uoffset_t kMaxDepth = 16;
constexpr uint64_t kMaxTables = uint64_t{1} << 26;

// What reading the program may allocate, proportional to the meta section's size: shared
// substructures (a vector referencing one big string a million times) must not blow up.
// A file we wrote costs at most ~16 units per byte (each table is charged 64 and takes
// at least 4 bytes; strings and vectors cost their size plus 32).
class Budget {
 public:
  explicit Budget(uint64_t meta_size) : left_(64 * meta_size + (uint64_t{1} << 20)) {}
  void Charge(uint64_t units) {
    PLITE_CHECK(units <= left_, "the meta section expands far beyond its size (tables or ",
                "strings referenced many times: a corrupt or hostile file)");
    left_ -= units;
  }
  void Table() { Charge(64); }

 private:
  uint64_t left_;
};

std::string Str(const flatbuffers::String* s, Budget* budget) {
  if (!s) return std::string();
  budget->Charge(s->size() + 32);
  return s->str();
}

template <typename T, typename V>
std::vector<T> ToVector(const flatbuffers::Vector<V>* v, Budget* budget, const std::string& where) {
  std::vector<T> out;
  if (!v) return out;
  // The verifier aligns a vector's length field only; 8-byte elements need their own check
  // (the builder leaves empty vectors unaligned: nothing is read from them).
  PLITE_CHECK(v->size() == 0 || reinterpret_cast<uintptr_t>(v->data()) % alignof(V) == 0, where,
              ": a vector of ", sizeof(V), "-byte values is misaligned (corrupt file)");
  budget->Charge(uint64_t{v->size()} * sizeof(T) + 32);
  out.reserve(v->size());
  for (auto x : *v) out.push_back(static_cast<T>(x));
  return out;
}

std::vector<std::string> ToStrings(
    const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* v, Budget* budget) {
  std::vector<std::string> out;
  if (!v) return out;
  budget->Charge(uint64_t{v->size()} * sizeof(std::string) + 32);
  out.reserve(v->size());
  for (const flatbuffers::String* s : *v) out.push_back(Str(s, budget));
  return out;
}

std::string Hex32(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%08" PRIX32, v);
  return text;
}

// Catches accidental damage (disk, transfer, a bit flipped in memory) before the verifier
// and the checks below, which would let a flipped offset or attribute value through.
void CheckMetaChecksum(const uint8_t* file, const nb::Header& header, const std::string& where) {
  const uint32_t computed = nb::ComputeMetaChecksum(file, header);
  PLITE_CHECK(computed == header.meta_checksum, where, ": meta section checksum mismatch (stored ",
              Hex32(header.meta_checksum), ", computed ", Hex32(computed),
              "): the file is corrupted");
}

void CheckBlockIndex(int32_t idx, int num_blocks, const std::string& where) {
  PLITE_CHECK(idx >= 0 && idx < num_blocks, where, " refers to block ", idx,
              " but the program has ", num_blocks, " blocks");
}

// Reads the program of a verified meta section, checking what the verifier cannot.
class ProgramReader {
 public:
  ProgramReader(const fbs::Model& model, Budget* budget) : model_(model), budget_(budget) {}

  cpp::ProgramDesc Read() {
    cpp::ProgramDesc program;
    program.version = model_.version();
    const auto* blocks = model_.blocks();
    PLITE_CHECK(blocks && blocks->size() > 0, "the program has no blocks (block 0 is required)");
    PLITE_CHECK(blocks->size() <= static_cast<uint32_t>(std::numeric_limits<int>::max()),
                "too many blocks");
    num_blocks_ = static_cast<int>(blocks->size());
    for (int i = 0; i < num_blocks_; ++i) program.blocks.push_back(ReadBlock(*blocks->Get(i), i));
    ReadOpVersions(&program);
    return program;
  }

 private:
  // Absent in files written before plite kept versions: no map, every kernel matches.
  void ReadOpVersions(cpp::ProgramDesc* program) {
    const auto* entries = model_.op_versions();
    if (!entries) return;
    PLITE_CHECK(entries->size() <= cpp::kMaxOpVersionEntries, "op_version_map: ",
                entries->size(), " entries (at most ", cpp::kMaxOpVersionEntries, ")");
    for (const fbs::OpVersion* e : *entries) {
      budget_->Table();
      cpp::AddModelOpVersion(Str(e->op_type(), budget_), e->version(), program);
    }
  }

  cpp::BlockDesc ReadBlock(const fbs::Block& b, int i) {
    budget_->Table();
    const std::string where = StrCat("block ", i);
    PLITE_CHECK(b.idx() == i, "block at position ", i, " has idx ", b.idx(),
                " (blocks must be stored in index order)");
    PLITE_CHECK(i == 0 ? b.parent_idx() == -1 || b.parent_idx() == 0
                       : b.parent_idx() >= 0 && b.parent_idx() < num_blocks_,
                where, " has parent_idx ", b.parent_idx(), " (program has ", num_blocks_,
                " blocks)");
    cpp::BlockDesc block;
    block.idx = b.idx();
    block.parent_idx = b.parent_idx();
    std::set<std::string> names;
    if (b.vars()) {
      for (const fbs::Var* v : *b.vars()) {
        block.vars.push_back(ReadVar(*v, where));
        PLITE_CHECK(names.insert(block.vars.back().name).second, where, " declares var '",
                    block.vars.back().name, "' twice");
      }
    }
    if (b.ops()) {
      for (const fbs::Op* o : *b.ops()) block.ops.push_back(ReadOp(*o, where));
    }
    return block;
  }

  cpp::VarDesc ReadVar(const fbs::Var& v, const std::string& block_where) {
    budget_->Table();
    cpp::VarDesc var;
    var.name = Str(v.name(), budget_);
    const std::string where = StrCat(block_where, ", var '", var.name, "'");
    var.kind = nb::FromFbs(v.kind(), where);
    var.precision = nb::FromFbs(v.precision(), where);
    var.shape = ToVector<int64_t>(v.shape(), budget_, where);
    var.persistable = v.persistable();
    return var;
  }

  cpp::OpDesc ReadOp(const fbs::Op& o, const std::string& block_where) {
    budget_->Table();
    cpp::OpDesc op(Str(o.type(), budget_));
    const std::string where = StrCat(block_where, ", op '", op.Type(), "'");
    ReadArgs(o.inputs(), where + " inputs", op.mutable_inputs());
    ReadArgs(o.outputs(), where + " outputs", op.mutable_outputs());
    if (o.attrs()) {
      for (const fbs::Attr* a : *o.attrs()) {
        const std::string name = Str(a->name(), budget_);
        const std::string attr_where = StrCat(where, ": attribute '", name, "'");
        PLITE_CHECK(name != kKernelKeyAttr, attr_where,
                    " must be stored as the op's kernel, not as an attribute");
        PLITE_CHECK(!op.HasAttr(name), attr_where, " appears twice");
        op.SetAttribute(name, ReadAttr(*a, attr_where));
      }
    }
    if (o.kernel()) {
      op.SetAttr<std::string>(kKernelKeyAttr, KernelKeyString(*o.kernel(), where + " kernel"));
    }
    return op;
  }

  void ReadArgs(const flatbuffers::Vector<flatbuffers::Offset<fbs::OpArg>>* args,
                const std::string& where, cpp::OpDesc::ArgMap* out) {
    if (!args) return;
    for (const fbs::OpArg* arg : *args) {
      budget_->Table();
      const std::string param = Str(arg->parameter(), budget_);
      PLITE_CHECK(out->emplace(param, ToStrings(arg->arguments(), budget_)).second, where,
                  ": parameter '", param, "' appears twice");
    }
  }

  cpp::Attribute ReadAttr(const fbs::Attr& a, const std::string& where) {
    budget_->Table();
    switch (nb::FromFbs(a.kind(), where)) {
      case AttrType::INT: return {AttrType::INT, a.i()};
      case AttrType::FLOAT: return {AttrType::FLOAT, a.f()};
      case AttrType::STRING: return {AttrType::STRING, Str(a.s(), budget_)};
      case AttrType::INTS: return {AttrType::INTS, ToVector<int32_t>(a.ints(), budget_, where)};
      case AttrType::FLOATS: return {AttrType::FLOATS, ToVector<float>(a.floats(), budget_, where)};
      case AttrType::STRINGS: return {AttrType::STRINGS, ToStrings(a.strings(), budget_)};
      case AttrType::BOOLEAN: return {AttrType::BOOLEAN, a.b()};
      case AttrType::BOOLEANS: {
        std::vector<bool> values;
        for (uint8_t x : ToVector<uint8_t>(a.bools(), budget_, where)) values.push_back(x != 0);
        return {AttrType::BOOLEANS, values};
      }
      case AttrType::BLOCK:
        CheckBlockIndex(a.i(), num_blocks_, where);
        return {AttrType::BLOCK, a.i()};
      case AttrType::LONG: return {AttrType::LONG, a.l()};
      case AttrType::BLOCKS: {
        auto indices = ToVector<int32_t>(a.ints(), budget_, where);
        for (int32_t idx : indices) CheckBlockIndex(idx, num_blocks_, where);
        return {AttrType::BLOCKS, indices};
      }
      case AttrType::LONGS: return {AttrType::LONGS, ToVector<int64_t>(a.longs(), budget_, where)};
      case AttrType::FLOAT64S:
        return {AttrType::FLOAT64S, ToVector<double>(a.f64s(), budget_, where)};
      case AttrType::FLOAT64: return {AttrType::FLOAT64, a.f64()};
    }
    PLITE_THROW(where, ": unknown attribute kind");  // FromFbs already rejected it
  }

  // The string KernelInfo::key() gives: "op_type,target,precision,layout,alias".
  std::string KernelKeyString(const fbs::KernelKey& k, const std::string& where) {
    budget_->Table();
    return StrCat(
        Str(k.op_type(), budget_), ",", lite_api::TargetToStr(nb::FromFbs(k.target(), where)), ",",
        lite_api::PrecisionToStr(nb::FromFbs(k.precision(), where)), ",",
        lite_api::DataLayoutToStr(nb::FromFbs(k.layout(), where)), ",", Str(k.alias(), budget_));
  }

  const fbs::Model& model_;
  Budget* budget_;
  int num_blocks_{0};
};

// A program dim below 0 (an unknown size) matches anything.
bool DimsMatch(const std::vector<int64_t>& declared, const std::vector<int64_t>& actual) {
  if (declared.size() != actual.size()) return false;
  for (size_t i = 0; i < declared.size(); ++i) {
    if (declared[i] >= 0 && declared[i] != actual[i]) return false;
  }
  return true;
}

// numel(dims) x elem in bytes; throws on a negative dim or overflow.
uint64_t TensorBytes(const std::vector<int64_t>& dims, uint64_t elem, const std::string& where) {
  uint64_t n = elem;
  for (int64_t d : dims) {
    PLITE_CHECK(d >= 0, where, ": negative dim in ", dims);
    const auto ud = static_cast<uint64_t>(d);
    PLITE_CHECK(ud == 0 || n <= std::numeric_limits<uint64_t>::max() / ud, where, ": dims ", dims,
                " overflow");
    n *= ud;
  }
  // numel() is int64: a count that does not fit is as bad as an overflow.
  PLITE_CHECK(n / elem <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()), where,
              ": dims ", dims, " overflow");
  return n;
}

LoD ReadLod(const fbs::Param& p, const std::vector<int64_t>& dims, const std::string& where,
            Budget* budget) {
  LoD lod;
  if (!p.lod()) return lod;
  for (const fbs::LodLevel* level : *p.lod()) {
    budget->Table();
    lod.push_back(ToVector<uint64_t>(level->offsets(), budget, where));
    const auto& offsets = lod.back();
    for (size_t i = 1; i < offsets.size(); ++i) {
      PLITE_CHECK(offsets[i - 1] <= offsets[i], where, ": LoD level ", lod.size() - 1,
                  " decreases at position ", i);
    }
  }
  if (!lod.empty() && !lod.back().empty() && !dims.empty()) {
    PLITE_CHECK(lod.back().back() <= static_cast<uint64_t>(dims[0]), where, ": LoD ends at ",
                lod.back().back(), " beyond the ", dims[0], " rows of the tensor");
  }
  return lod;
}

// The scales of a float param stored in int8 (empty for the others): one per slice of dim 0.
std::vector<float> ReadInt8Scales(const fbs::Param& p, PrecisionType precision,
                                  const std::vector<int64_t>& dims, uint32_t format_version,
                                  Budget* budget, const std::string& where) {
  if (p.int8_scales() == nullptr) return {};
  PLITE_CHECK(format_version >= kNbFirstInt8ParamVersion, where,
              ": int8-stored weights in a format version ", format_version, " file (they start at ",
              kNbFirstInt8ParamVersion, ")");
  PLITE_CHECK(precision == PrecisionType::kFloat, where, ": int8 storage of a ",
              lite_api::PrecisionToStr(precision), " param (only float params have it)");
  PLITE_CHECK(dims.size() >= 2, where, ": int8 storage needs 2 or more dims, the param has ",
              dims.size());
  std::vector<float> scales = ToVector<float>(p.int8_scales(), budget, where);
  PLITE_CHECK(static_cast<int64_t>(scales.size()) == dims[0], where, ": ", scales.size(),
              " int8 scales for ", dims[0], " rows (dim 0)");
  return scales;
}

void LoadParams(const fbs::Model& model, const cpp::ProgramDesc& program,
                const std::shared_ptr<const NbModelBytes>& bytes, const nb::Header& header,
                bool check_checksums, Budget* budget, Scope* scope) {
  std::map<std::string, const cpp::VarDesc*> param_vars;
  for (const auto& var : program.blocks[0].vars) {
    if (var.persistable && var.kind != cpp::VarKind::kFeedList &&
        var.kind != cpp::VarKind::kFetchList) {
      param_vars[var.name] = &var;
    }
  }
  std::set<std::string> loaded;
  uint8_t* data = const_cast<uint8_t*>(bytes->data()) + header.data_offset;
  if (model.params()) {
    for (const fbs::Param* p : *model.params()) {
      budget->Table();
      const std::string name = Str(p->name(), budget);
      const std::string where = StrCat("param '", name, "'");
      auto it = param_vars.find(name);
      PLITE_CHECK(it != param_vars.end(), where, " names no persistable tensor var of block 0");
      PLITE_CHECK(loaded.insert(name).second, where, " is stored twice");
      const cpp::VarDesc& var = *it->second;
      PLITE_CHECK(var.kind == cpp::VarKind::kLodTensor, where,
                  ": only LOD_TENSOR vars can be params");
      const PrecisionType precision = nb::FromFbs(p->precision(), where);
      const uint64_t elem = lite_api::PrecisionTypeLength(precision);
      PLITE_CHECK(elem > 0, where, ": precision ", lite_api::PrecisionToStr(precision),
                  " has no element size");
      PLITE_CHECK(precision == var.precision, where, ": precision ",
                  lite_api::PrecisionToStr(precision), " does not match ",
                  lite_api::PrecisionToStr(var.precision), " declared in the program");
      const std::vector<int64_t> dims = ToVector<int64_t>(p->dims(), budget, where);
      const std::vector<float> int8_scales =
          ReadInt8Scales(*p, precision, dims, header.format_version, budget, where);
      const bool int8 = p->int8_scales() != nullptr;
      const uint64_t expected = TensorBytes(dims, int8 ? 1 : elem, where);
      PLITE_CHECK(DimsMatch(var.shape, dims), where, ": dims ", dims, " do not match ", var.shape,
                  " declared in the program");
      PLITE_CHECK(p->size() == expected, where, ": size ", p->size(), " bytes does not match dims ",
                  dims, " of ", lite_api::PrecisionToStr(precision), " (", expected, " bytes)");
      PLITE_CHECK(p->offset() % kNbParamAlignment == 0, where, ": offset ", p->offset(),
                  " is not a multiple of ", kNbParamAlignment);
      PLITE_CHECK(p->offset() <= header.data_size && p->size() <= header.data_size - p->offset(),
                  where, ": bytes [", p->offset(), ", +", p->size(),
                  ") lie outside the data section of ", header.data_size, " bytes");
      PLITE_CHECK(header.data_size - p->offset() - p->size() >= kBufferPadding, where,
                  ": ends less than ", kBufferPadding,
                  " bytes before the end of the data section (kernels may read past it)");
      const LoD lod = ReadLod(*p, dims, where, budget);
      if (check_checksums) {
        const uint32_t computed = Crc32c(data + p->offset(), p->size());
        PLITE_CHECK(computed == p->crc32c(), where, ": checksum mismatch (stored ",
                    Hex32(p->crc32c()), ", computed ", Hex32(computed),
                    "): the weights are corrupted");
      }

      Tensor* t = scope->Var(name)->GetMutable<Tensor>();
      t->Resize(DDim(dims));
      if (int8) {  // decoded into a float tensor of its own
        DecodeInt8Rows(reinterpret_cast<const int8_t*>(data + p->offset()), int8_scales.data(),
                        dims[0], t->numel() / std::max<int64_t>(dims[0], 1),
                        t->mutable_data<float>());
      } else {
        t->ShareExternalMemory(data + p->offset(), p->size(), TargetType::kHost, bytes);
      }
      t->set_precision(precision);
      t->set_lod(lod);
      t->set_persistable(true);
    }
  }
  for (const auto& kv : param_vars) {
    PLITE_CHECK(loaded.count(kv.first), "var '", kv.first,
                "' is persistable but the file holds no param for it");
  }
}

}  // namespace

NbHeaderInfo ReadNbHeader(const NbModelBytes& bytes) {
  const nb::Header h = nb::DecodeHeader(bytes.data(), bytes.size(), bytes.source());
  return {h.format_version, h.opt_version};
}

NbHeaderInfo LoadModelNb(std::shared_ptr<const NbModelBytes> bytes, Scope* scope,
                         cpp::ProgramDesc* program, const NbLoadOptions& options) {
  PLITE_CHECK(bytes != nullptr, "LoadModelNb: no model bytes given");
  PLITE_CHECK(scope != nullptr && program != nullptr, "LoadModelNb: null scope or program");
  const std::string where = StrCat("nb model ", bytes->source());
  // Params are used in place, so their alignment in the file must hold in memory too.
  PLITE_CHECK(reinterpret_cast<uintptr_t>(bytes->data()) % kNbParamAlignment == 0, where,
              ": the bytes are not ", kNbParamAlignment,
              "-byte aligned (use NbModelBytes::CopyOf)");
  const nb::Header header = nb::DecodeHeader(bytes->data(), bytes->size(), bytes->source());
  const bool has_checksums = header.format_version >= kNbFirstChecksummedVersion;
  if (has_checksums) CheckMetaChecksum(bytes->data(), header, where);
  PLITE_CHECK(has_checksums || !options.check_weight_checksums, where,
              ": cannot check the weights: format version ", header.format_version,
              " (written by plite ", header.opt_version, ") stores no checksums; they start at "
              "format version ", kNbFirstChecksummedVersion, " (re-run opt)");
  const uint8_t* meta = bytes->data() + header.meta_offset;
  PLITE_CHECK(header.meta_size < FLATBUFFERS_MAX_BUFFER_SIZE, where, ": meta section of ",
              header.meta_size, " bytes is too large");
  const auto max_tables = static_cast<flatbuffers::uoffset_t>(
      std::min<uint64_t>(kMaxTables, header.meta_size / 4 + 16));
  flatbuffers::Verifier verifier(meta, static_cast<size_t>(header.meta_size), kMaxDepth,
                                 max_tables);
  PLITE_CHECK(fbs::VerifyModelBuffer(verifier), where,
              ": the meta section is not a valid model flatbuffer (corrupt file)");
  const fbs::Model& model = *fbs::GetModel(meta);
  try {
    Budget budget(header.meta_size);
    cpp::ProgramDesc loaded = ProgramReader(model, &budget).Read();
    LoadParams(model, loaded, bytes, header, options.check_weight_checksums, &budget, scope);
    *program = std::move(loaded);
  } catch (const PaddleLiteException& e) {
    PLITE_THROW(where, ": ", e.what());
  }
  return {header.format_version, header.opt_version};
}

}  // namespace lite
}  // namespace paddle
