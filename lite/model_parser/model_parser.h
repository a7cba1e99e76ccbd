// Loading and saving Paddle inference models (a program file plus params) into the plain
// cpp::ProgramDesc and a Scope. Two program formats: the legacy ProgramDesc protobuf
// (Paddle 1.x/2.x, `*.pdmodel`, `__model__`) and Paddle 3's PIR program (`inference.json`,
// lite/model_parser/pir); the params are the same LoDTensor records for both. No protobuf
// or JSON type appears here.
//
// Where the files are looked for:
//  - model: `model_file` when given (a path, used as is; its bytes tell the format);
//    otherwise in `model_dir`: `__model__`, then `model`, then the single `*.pdmodel` file;
//    when the folder has none of these, `inference.json`, `model.json`, `__model__.json`,
//    then the single `*.json` file (a PIR program).
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
#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {

enum class ModelFormat { kProtobuf, kPir };

struct ModelFiles {
  std::string model_file;   // the program
  std::string params_file;  // the combined params; empty for separate params
  std::string params_dir;   // where separate param files are (when params_file is empty)
  ModelFormat format{ModelFormat::kProtobuf};
  bool combined() const { return !params_file.empty(); }
};

// The format of a program file's bytes: PIR when they hold a JSON object whose first key
// is "base_code" (how Paddle writes every PIR program), the protobuf otherwise.
ModelFormat ModelFormatOf(const std::string& program_bytes);

// Parses program bytes of either format; `source` names them in errors. For a PIR program,
// `pir_report` (when given) receives what each PIR op type became.
cpp::ProgramDesc ParseProgram(const std::string& program_bytes, const std::string& source,
                              pir::PirOpReport* pir_report = nullptr);

// Resolves the files as described above without reading them (the model file and a given
// param file must exist).
ModelFiles FindModelFiles(const std::string& model_dir, const std::string& model_file,
                          const std::string& param_file);

// Parses the program into `program` and loads every param var of block 0 into `scope` as a
// persistable host tensor. Returns the files it used. On failure `scope` may hold the
// params read before the failing one.
ModelFiles LoadModel(const std::string& model_dir, const std::string& model_file,
                     const std::string& param_file, Scope* scope, cpp::ProgramDesc* program);

// The same from bytes in memory, either format (combined params; `params` may be empty
// when the program has no params).
void LoadModelFromMemory(const std::string& model, const std::string& params, Scope* scope,
                         cpp::ProgramDesc* program);

// Writes `program` and its params (taken from `scope`) in Paddle's legacy format into
// `model_dir` (created if needed): combined -> model.pdmodel + model.pdiparams; separate -> __model__ +
// one file per param var. Returns the files written.
ModelFiles SaveModelPb(const std::string& model_dir, const cpp::ProgramDesc& program,
                       const Scope& scope, bool combined);

// Writes the program to `model_file` and all params combined into `params_file`.
void SaveModelPbFiles(const std::string& model_file, const std::string& params_file,
                      const cpp::ProgramDesc& program, const Scope& scope);

}  // namespace lite
}  // namespace paddle
