#include "lite/model_parser/pb/params_io.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "lite/model_parser/pb/data_type.h"
#include "lite/model_parser/pb/framework.pb.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pb {

namespace fw = ::paddle::framework::proto;
namespace fs = std::filesystem;
using lite_api::PrecisionType;

namespace {

// Reads a params stream of known size; every read is checked against the bytes left, so
// a corrupt length is reported instead of allocated. Messages name the file and the var.
class RecordReader {
 public:
  RecordReader(std::istream* in, uint64_t size, std::string source)
      : in_(in), remaining_(size), source_(std::move(source)) {}

  uint64_t remaining() const { return remaining_; }
  void set_var(const std::string& name) { var_ = name; }
  std::string Where() const { return StrCat("params file ", source_, ", var '", var_, "'"); }

  void Read(void* dst, uint64_t bytes, const char* what) {
    PLITE_CHECK(bytes <= remaining_, Where(), ": needs ", bytes, " bytes for ", what,
                " but only ", remaining_,
                " are left (file truncated, or model and params do not belong together)");
    in_->read(static_cast<char*>(dst), static_cast<std::streamsize>(bytes));
    PLITE_CHECK(static_cast<uint64_t>(in_->gcount()) == bytes, Where(), ": read error in ",
                what);
    remaining_ -= bytes;
  }
  template <typename T>
  T ReadPod(const char* what) {
    T v;
    Read(&v, sizeof(T), what);
    return v;
  }

 private:
  std::istream* in_;
  uint64_t remaining_;
  std::string source_;
  std::string var_;
};

std::string DimsText(const std::vector<int64_t>& dims) { return StrCat(dims); }

// A weight's declared dims are its dims: Paddle writes them whole, so an unknown (negative)
// one is as wrong as another size.
bool DimsMatch(const std::vector<int64_t>& declared, const std::vector<int64_t>& actual) {
  return declared == actual;
}

void CheckIsTensorVar(const cpp::VarDesc& var, const std::string& where) {
  PLITE_CHECK(var.kind == cpp::VarKind::kLodTensor, where,
              ": only LOD_TENSOR vars can be stored in params, this persistable var is not one");
}

void ReadTensorRecord(RecordReader* r, const cpp::VarDesc& var, Tensor* tensor) {
  const std::string where = r->Where();
  CheckIsTensorVar(var, where);
  const auto version = r->ReadPod<uint32_t>("the LoDTensor version");
  PLITE_CHECK(version == 0, where, ": unsupported LoDTensor version ", version,
              " (only 0 is known)");

  const auto lod_level = r->ReadPod<uint64_t>("lod_level");
  // Each level takes at least its 8-byte size field.
  PLITE_CHECK(lod_level <= r->remaining() / 8, where, ": lod_level ", lod_level,
              " cannot fit in the ", r->remaining(), " bytes left");
  LoD lod(lod_level);
  for (auto& level : lod) {
    const auto bytes = r->ReadPod<uint64_t>("a LoD level size");
    PLITE_CHECK(bytes % 8 == 0, where, ": LoD level size ", bytes,
                " is not a multiple of 8 bytes");
    PLITE_CHECK(bytes <= r->remaining(), where, ": LoD level of ", bytes,
                " bytes cannot fit in the ", r->remaining(), " bytes left");
    level.resize(bytes / 8);
    r->Read(level.data(), bytes, "LoD offsets");
  }

  const auto tensor_version = r->ReadPod<uint32_t>("the tensor version");
  PLITE_CHECK(tensor_version == 0, where, ": unsupported tensor version ", tensor_version,
              " (only 0 is known)");
  const auto desc_size = r->ReadPod<int32_t>("the TensorDesc size");
  PLITE_CHECK(desc_size >= 0 && static_cast<uint64_t>(desc_size) <= r->remaining(), where,
              ": TensorDesc size ", desc_size, " is invalid (", r->remaining(),
              " bytes left)");
  std::string desc_bytes(static_cast<size_t>(desc_size), '\0');
  r->Read(desc_bytes.data(), desc_bytes.size(), "the TensorDesc");
  fw::VarType::TensorDesc desc;
  PLITE_CHECK(desc.ParsePartialFromString(desc_bytes) && desc.IsInitialized(), where,
              ": malformed TensorDesc (", desc_size, " bytes)");

  const PrecisionType precision = PrecisionFromPaddleType(desc.data_type(), where);
  PLITE_CHECK(precision == var.precision, where, ": data type ",
              PaddleTypeName(desc.data_type()), " in the params does not match ",
              lite_api::PrecisionToStr(var.precision), " declared in the program");
  const std::vector<int64_t> dims(desc.dims().begin(), desc.dims().end());
  uint64_t numel = 1;
  for (int64_t d : dims) {
    PLITE_CHECK(d >= 0, where, ": negative dim in ", DimsText(dims));
    const auto ud = static_cast<uint64_t>(d);
    PLITE_CHECK(ud == 0 || numel <= std::numeric_limits<uint64_t>::max() / ud, where,
                ": dims ", DimsText(dims), " overflow");
    numel *= ud;
  }
  PLITE_CHECK(DimsMatch(var.shape, dims), where, ": dims ", DimsText(dims),
              " in the params do not match ", DimsText(var.shape), " declared in the program");
  const uint64_t elem = lite_api::PrecisionTypeLength(precision);
  PLITE_CHECK(numel <= r->remaining() / elem, where, ": tensor ", DimsText(dims), " needs ",
              numel, " x ", elem, " bytes but only ", r->remaining(),
              " are left (file truncated, or model and params do not belong together)");

  tensor->Resize(DDim(dims));
  void* data = tensor->mutable_data(TargetType::kHost, numel * elem);
  tensor->set_precision(precision);
  r->Read(data, numel * elem, "the tensor data");
  tensor->set_lod(lod);
  tensor->set_persistable(true);
}

uint64_t FileSize(const std::string& path, const std::string& what) {
  std::error_code ec;
  PLITE_CHECK(fs::is_regular_file(path, ec), "missing ", what, " ", path);
  const uint64_t size = fs::file_size(path, ec);
  PLITE_CHECK(!ec, "cannot read the size of ", what, " ", path, ": ", ec.message());
  return size;
}

void LoadCombined(std::istream* in, uint64_t size, const std::string& source,
                  const cpp::ProgramDesc& program, Scope* scope) {
  RecordReader reader(in, size, source);
  const auto vars = ParamVars(program);
  for (const cpp::VarDesc* var : vars) {
    reader.set_var(var->name);
    ReadTensorRecord(&reader, *var, scope->Var(var->name)->GetMutable<Tensor>());
  }
  PLITE_CHECK(reader.remaining() == 0, "params file ", source, ": ", reader.remaining(),
              " bytes left over ",
              vars.empty() ? std::string("but the program has no params")
                           : "after the last var '" + vars.back()->name + "'",
              " (model and params do not belong together)");
}

// dir/<var name>, refusing names that would leave `dir` (absolute, or with a ".." part).
std::string ParamFilePath(const std::string& dir, const std::string& name) {
  const fs::path rel(name);
  bool inside = !name.empty() && rel.is_relative();
  for (const auto& part : rel) inside = inside && part != "..";
  PLITE_CHECK(inside, "var '", name, "' cannot name a params file inside ", dir);
  return (fs::path(dir) / rel).string();
}

void WriteRaw(std::ostream* out, const void* data, size_t bytes) {
  out->write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
}
template <typename T>
void WritePod(std::ostream* out, T v) {
  WriteRaw(out, &v, sizeof(T));
}

void WriteTensorRecord(const cpp::VarDesc& var, const Scope& scope, std::ostream* out) {
  const std::string where = StrCat("var '", var.name, "'");
  CheckIsTensorVar(var, where);
  const Tensor* t = scope.FindTensor(var.name);
  PLITE_CHECK(t != nullptr, where, ": persistable but the scope holds no tensor for it");
  PLITE_CHECK(t->precision() == var.precision, where, ": tensor holds ",
              lite_api::PrecisionToStr(t->precision()), " but the program declares ",
              lite_api::PrecisionToStr(var.precision));
  PLITE_CHECK(DimsMatch(var.shape, t->dims().Vectorize()), where, ": tensor dims ",
              t->dims(), " do not match ", DimsText(var.shape), " declared in the program");
  WritePod<uint32_t>(out, 0);
  WritePod<uint64_t>(out, t->lod().size());
  for (const auto& level : t->lod()) {
    WritePod<uint64_t>(out, level.size() * sizeof(uint64_t));
    WriteRaw(out, level.data(), level.size() * sizeof(uint64_t));
  }
  WritePod<uint32_t>(out, 0);
  fw::VarType::TensorDesc desc;
  desc.set_data_type(PaddleTypeFromPrecision(t->precision(), where));
  for (int64_t d : t->dims().Vectorize()) desc.add_dims(d);
  const std::string desc_bytes = desc.SerializeAsString();
  WritePod<int32_t>(out, static_cast<int32_t>(desc_bytes.size()));
  WriteRaw(out, desc_bytes.data(), desc_bytes.size());
  const size_t bytes = static_cast<size_t>(t->numel()) * lite_api::PrecisionTypeLength(t->precision());
  if (bytes) WriteRaw(out, t->raw_data(), bytes);
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  PLITE_CHECK(out.is_open(), "cannot open ", path, " for writing");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  PLITE_CHECK(!out.fail(), "could not write ", path);
}

}  // namespace

std::vector<const cpp::VarDesc*> ParamVars(const cpp::ProgramDesc& program) {
  std::vector<const cpp::VarDesc*> vars;
  if (program.blocks.empty()) return vars;
  for (const auto& v : program.blocks[0].vars) {
    if (v.persistable && v.kind != cpp::VarKind::kFeedList &&
        v.kind != cpp::VarKind::kFetchList) {
      vars.push_back(&v);
    }
  }
  std::sort(vars.begin(), vars.end(),
            [](const cpp::VarDesc* a, const cpp::VarDesc* b) { return a->name < b->name; });
  return vars;
}

void LoadCombinedParams(const std::string& path, const cpp::ProgramDesc& program,
                        Scope* scope) {
  const uint64_t size = FileSize(path, "params file");
  std::ifstream in(path, std::ios::binary);
  PLITE_CHECK(in.is_open(), "cannot open params file ", path);
  LoadCombined(&in, size, path, program, scope);
}

void LoadCombinedParamsFromMemory(const std::string& bytes, const std::string& source,
                                  const cpp::ProgramDesc& program, Scope* scope) {
  std::istringstream in(bytes);
  LoadCombined(&in, bytes.size(), source, program, scope);
}

void LoadSeparateParams(const std::string& dir, const cpp::ProgramDesc& program,
                        Scope* scope) {
  for (const cpp::VarDesc* var : ParamVars(program)) {
    const std::string path = ParamFilePath(dir, var->name);
    std::error_code ec;
    PLITE_CHECK(fs::is_regular_file(path, ec), "missing params file ", path, " for var '",
                var->name, "'");
    const uint64_t size = FileSize(path, "params file");
    std::ifstream in(path, std::ios::binary);
    PLITE_CHECK(in.is_open(), "cannot open params file ", path);
    RecordReader reader(&in, size, path);
    reader.set_var(var->name);
    ReadTensorRecord(&reader, *var, scope->Var(var->name)->GetMutable<Tensor>());
    PLITE_CHECK(reader.remaining() == 0, reader.Where(), ": ", reader.remaining(),
                " bytes left over after the tensor (model and params do not belong together)");
  }
}

std::string CombinedParamsBytes(const cpp::ProgramDesc& program, const Scope& scope) {
  std::ostringstream out;
  for (const cpp::VarDesc* var : ParamVars(program)) WriteTensorRecord(*var, scope, &out);
  return out.str();
}

void SaveCombinedParams(const std::string& path, const cpp::ProgramDesc& program,
                        const Scope& scope) {
  WriteFile(path, CombinedParamsBytes(program, scope));
}

void SaveSeparateParams(const std::string& dir, const cpp::ProgramDesc& program,
                        const Scope& scope) {
  for (const cpp::VarDesc* var : ParamVars(program)) {
    std::ostringstream out;
    WriteTensorRecord(*var, scope, &out);
    WriteFile(ParamFilePath(dir, var->name), out.str());
  }
}

}  // namespace pb
}  // namespace lite
}  // namespace paddle
