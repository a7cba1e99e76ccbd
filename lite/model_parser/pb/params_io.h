// Paddle params files: each tensor is one LoDTensor record
//   uint32 version (0) | uint64 lod_level | per level: uint64 byte size + that many bytes of
//   uint64 offsets | uint32 tensor version (0) | int32 TensorDesc size | TensorDesc protobuf
//   (data_type, dims) | raw little-endian data
// A combined file holds the records of every param var in sorted-name order; separate params
// are one file per var, named as the var. Every length read from a file is checked against
// the bytes left before it is used, and a file must be consumed exactly.
//
// Every error throws PaddleLiteException "params file <path>, var '<name>': <reason>".
// Tensors are loaded as persistable host tensors; the host is assumed little-endian.
#pragma once

#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace pb {

// The vars a params file holds, in file order: the persistable vars of block 0 that are not
// feed/fetch lists, sorted by name.
std::vector<const cpp::VarDesc*> ParamVars(const cpp::ProgramDesc& program);

// Loads all param vars from one combined file (or from bytes already in memory; `source`
// names them in messages) into `scope`. Data type and dims must match each VarDesc.
void LoadCombinedParams(const std::string& path, const cpp::ProgramDesc& program, Scope* scope);
void LoadCombinedParamsFromMemory(const std::string& bytes, const std::string& source,
                                  const cpp::ProgramDesc& program, Scope* scope);
// Loads each param var from `dir`/<var name>.
void LoadSeparateParams(const std::string& dir, const cpp::ProgramDesc& program, Scope* scope);

// The writers: every param var must have a tensor in `scope` whose precision and dims match
// its VarDesc. The directory must exist.
void SaveCombinedParams(const std::string& path, const cpp::ProgramDesc& program,
                        const Scope& scope);
// The bytes SaveCombinedParams writes.
std::string CombinedParamsBytes(const cpp::ProgramDesc& program, const Scope& scope);
void SaveSeparateParams(const std::string& dir, const cpp::ProgramDesc& program,
                        const Scope& scope);

}  // namespace pb
}  // namespace lite
}  // namespace paddle
