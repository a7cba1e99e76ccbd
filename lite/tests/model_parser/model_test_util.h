// Helpers for the model-parser tests: temporary dirs, file bytes, an independent protobuf
// wire encoder (so the tests do not trust the schema they check) and error matching.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace testing {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed with everything in it at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (fs::path(path_) / name).string(); }

 private:
  std::string path_;
};

std::string ReadBytes(const std::string& path);
void WriteBytes(const std::string& path, const std::string& bytes);

// Protobuf wire format, written by hand from the encoding rules.
class Wire {
 public:
  Wire& Varint(int field, uint64_t value);
  Wire& Int(int field, int64_t value) { return Varint(field, static_cast<uint64_t>(value)); }
  Wire& Float(int field, float value);    // fixed32
  Wire& Double(int field, double value);  // fixed64
  Wire& Bytes(int field, const std::string& bytes);
  Wire& Msg(int field, const Wire& message) { return Bytes(field, message.str()); }
  const std::string& str() const { return out_; }

 private:
  void Raw(uint64_t v);
  std::string out_;
};

// Paddle messages in wire form (field numbers from Paddle's framework.proto).
Wire TensorDescWire(int data_type, const std::vector<int64_t>& dims);
Wire LodTensorVarWire(const std::string& name, int data_type, const std::vector<int64_t>& dims,
                      bool persistable);
Wire VarOfTypeWire(const std::string& name, int var_type, bool persistable);
Wire AttrWire(const std::string& name, int attr_type);  // add the value fields after
Wire OpWire(const std::string& type, const std::vector<Wire>& attrs);
Wire BlockWire(int idx, int parent_idx, const std::vector<Wire>& vars,
               const std::vector<Wire>& ops);
Wire ProgramWire(const std::vector<Wire>& blocks, int64_t version = 0);
// ProgramDesc.op_version_map (field 5): pairs of op_name and OpVersion { version }.
Wire OpVersionMapWire(const std::vector<std::pair<std::string, int64_t>>& pairs);

// One LoDTensor record as Paddle serializes it.
template <typename T>
std::string Pod(T v) {
  std::string s(sizeof(T), '\0');
  std::memcpy(s.data(), &v, sizeof(T));
  return s;
}
std::string TensorRecord(int data_type, const std::vector<int64_t>& dims,
                         const std::string& data,
                         const std::vector<std::vector<uint64_t>>& lod = {});
template <typename T>
std::string DataBytes(const std::vector<T>& values) {
  std::string s(values.size() * sizeof(T), '\0');
  if (!values.empty()) std::memcpy(s.data(), values.data(), s.size());
  return s;
}

// Runs `fn`, expecting a PaddleLiteException whose message holds every one of `parts`.
template <typename F>
void ExpectError(F&& fn, std::initializer_list<std::string> parts) {
  try {
    fn();
    ADD_FAILURE() << "no exception thrown; expected one mentioning '" << *parts.begin() << "'";
  } catch (const PaddleLiteException& e) {
    const std::string what = e.what();
    for (const auto& part : parts) {
      EXPECT_NE(what.find(part), std::string::npos)
          << "message lacks '" << part << "': " << what;
    }
  }
}

// ---- a small model holding every attribute kind, var kind and param precision ----
// Both formats (protobuf and .nb) must round-trip all of it.

// The kernel OpWithEveryAttributeKind() names in kKernelKeyAttr.
inline constexpr char kEveryKindKernelKey[] = "every_kind,host,float,NCHW,def";

cpp::VarDesc TensorVar(const std::string& name, PrecisionType p, std::vector<int64_t> shape,
                       bool persistable);
// A var that holds no tensor (feed/fetch list, other): no precision, no shape.
cpp::VarDesc OtherVar(const std::string& name, cpp::VarKind kind, bool persistable);
// A persistable var and its tensor, filled with a byte pattern that differs per param (0/1
// for bool).
void AddParam(cpp::BlockDesc* block, Scope* scope, const std::string& name, PrecisionType p,
              std::vector<int64_t> shape, const LoD& lod = {});
// Op "every_kind": each attribute kind, with edge values (extremes, -0, NUL bytes, empty
// lists), a bookkeeping attribute and a picked kernel; an empty and a two-var input.
cpp::OpDesc OpWithEveryAttributeKind();
// Two blocks, feed/fetch lists, other and tensor-array vars, tensors with unknown dims, and
// twelve params: every precision, one with a LoD ("a_with_lod"), an empty one and a 0-D one.
// "p_f32" has dims [2, 3, 5].
cpp::ProgramDesc ProgramWithEverything(Scope* scope);

// Field-by-field comparisons (the cpp structs have no operator==); Paddle's bookkeeping
// attributes (cpp::IsBookkeepingAttr), which a .nb leaves out, aside.
void ExpectSameProgram(const cpp::ProgramDesc& a, const cpp::ProgramDesc& b);
// Every param var of `program`: same dims, precision, lod, persistable flag and bytes.
void ExpectSameParams(const cpp::ProgramDesc& program, const Scope& a, const Scope& b);

}  // namespace testing
}  // namespace lite
}  // namespace paddle
