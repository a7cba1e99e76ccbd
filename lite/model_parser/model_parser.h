// Loading and saving Paddle inference models (a ProgramDesc file plus params) into the
// plain cpp::ProgramDesc and a Scope. No protobuf type appears here.
//
// Where the files are looked for:
//  - model: `model_file` when given (a path, used as is); otherwise in `model_dir`:
//    `__model__`, then `model`, then the single `*.pdmodel` file.
//  - params: `param_file` when given (combined); otherwise in `model_dir` (or, when
//    `model_dir` is empty, the directory of `model_file`): `__params__`, then `params`, then
//    the single `*.pdiparams` file (combined); when none exists, one file per param var in
//    that directory (separate).
// A file that is missing, or several candidates where one is expected, is an error naming
// the paths. Every failure throws PaddleLiteException.
#pragma once

#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

struct PbModelFiles {
  std::string model_file;   // the ProgramDesc
  std::string params_file;  // the combined params; empty for separate params
  std::string params_dir;   // where separate param files are (when params_file is empty)
  bool combined() const { return !params_file.empty(); }
};

// Resolves the files as described above without reading them (the model file and a given
// param file must exist).
PbModelFiles FindPbModelFiles(const std::string& model_dir, const std::string& model_file,
                              const std::string& param_file);

// Parses the program into `program` and loads every param var of block 0 into `scope` as a
// persistable host tensor. Returns the files it used. On failure `scope` may hold the
// params read before the failing one.
PbModelFiles LoadModelPb(const std::string& model_dir, const std::string& model_file,
                         const std::string& param_file, Scope* scope,
                         cpp::ProgramDesc* program);

// The same from bytes in memory (combined params; `params` may be empty when the program
// has no params).
void LoadModelPbFromMemory(const std::string& model, const std::string& params, Scope* scope,
                           cpp::ProgramDesc* program);

// Writes `program` and its params (taken from `scope`) in Paddle's format into `model_dir`
// (created if needed): combined -> model.pdmodel + model.pdiparams; separate -> __model__ +
// one file per param var. Returns the files written.
PbModelFiles SaveModelPb(const std::string& model_dir, const cpp::ProgramDesc& program,
                         const Scope& scope, bool combined);

// Writes the program to `model_file` and all params combined into `params_file`.
void SaveModelPbFiles(const std::string& model_file, const std::string& params_file,
                      const cpp::ProgramDesc& program, const Scope& scope);

}  // namespace lite
}  // namespace paddle
