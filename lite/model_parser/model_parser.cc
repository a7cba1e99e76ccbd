#include "lite/model_parser/model_parser.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "lite/model_parser/pb/params_io.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/model_parser/pir/pir_model.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {

namespace fs = std::filesystem;

namespace {

bool IsFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Throws unless `path` is a regular file; a directory gets its own message, since
// "missing" would send the user looking for something that is there.
void RequireFile(const std::string& path, const std::string& what) {
  std::error_code ec;
  PLITE_CHECK(!fs::is_directory(path, ec), what, " ", path, " is a directory, not a ", what);
  PLITE_CHECK(IsFile(path), "missing ", what, " ", path);
}

// The first of `names` that exists in `dir`, else the single file ending in `suffix`, else
// "". Several files with the suffix is an error (which one is meant is unclear).
std::string FindInDir(const std::string& dir, const std::vector<std::string>& names,
                      const std::string& suffix, const std::string& what) {
  for (const auto& name : names) {
    if (IsFile(fs::path(dir) / name)) return (fs::path(dir) / name).string();
  }
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFile(it->path()) && EndsWith(it->path().filename().string(), suffix)) {
      found.push_back(it->path().string());
    }
  }
  std::sort(found.begin(), found.end());
  PLITE_CHECK(found.size() <= 1, "several ", what, " files in ", dir, ": ", Join(found, ", "),
              " (name the one to use)");
  return found.empty() ? "" : found[0];
}

std::string ReadFile(const std::string& path, const std::string& what) {
  RequireFile(path, what);
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  PLITE_CHECK(in.is_open(), "cannot open ", what, " ", path);
  const std::streamoff size = in.tellg();
  PLITE_CHECK(size >= 0, "cannot read the size of ", what, " ", path);
  std::string bytes(static_cast<size_t>(size), '\0');
  in.seekg(0);
  in.read(bytes.data(), size);
  PLITE_CHECK(!in.bad() && in.gcount() == size, "read error in ", what, " ", path);
  return bytes;
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  PLITE_CHECK(out.is_open(), "cannot open ", path, " for writing");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  PLITE_CHECK(!out.fail(), "could not write ", path);
}

// What the program file's first bytes say it is (the file is read only that far).
ModelFormat FormatOfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(64, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return ModelFormatOf(head);
}

}  // namespace

ModelFormat ModelFormatOf(const std::string& program_bytes) {
  return pir::LooksLikePirJson(program_bytes) ? ModelFormat::kPir : ModelFormat::kProtobuf;
}

cpp::ProgramDesc ParseProgram(const std::string& program_bytes, const std::string& source,
                              pir::PirOpReport* pir_report) {
  if (ModelFormatOf(program_bytes) == ModelFormat::kPir) {
    return pir::ReadPirProgram(program_bytes, source, pir_report);
  }
  return pb::ParseProgramDesc(program_bytes, source);
}

ModelFiles FindModelFiles(const std::string& model_dir, const std::string& model_file,
                          const std::string& param_file) {
  ModelFiles files;
  if (!model_file.empty()) {
    RequireFile(model_file, "model file");
    files.model_file = model_file;
  } else {
    PLITE_CHECK(!model_dir.empty(), "no model given: set a model dir or a model file");
    std::error_code ec;
    PLITE_CHECK(fs::is_directory(model_dir, ec), "missing model dir ", model_dir);
    files.model_file = FindInDir(model_dir, {"__model__", "model"}, ".pdmodel", "model");
    if (files.model_file.empty()) {
      // A Paddle 3 export: inference.json (or __model__.json with separate params).
      files.model_file = FindInDir(model_dir, {"inference.json", "model.json", "__model__.json"},
                                   ".json", "model");
    }
    PLITE_CHECK(!files.model_file.empty(), "no model file in ", model_dir,
                " (looked for __model__, model, *.pdmodel, and for a Paddle 3 program: "
                "inference.json, model.json, __model__.json, *.json)");
  }
  files.format = FormatOfFile(files.model_file);
  if (!param_file.empty()) {
    RequireFile(param_file, "params file");
    files.params_file = param_file;
    return files;
  }
  const std::string dir =
      model_dir.empty() ? fs::path(files.model_file).parent_path().string() : model_dir;
  files.params_dir = dir.empty() ? "." : dir;
  files.params_file =
      FindInDir(files.params_dir, {"__params__", "params"}, ".pdiparams", "params");
  return files;
}

namespace {

// Loads the params of a program read from a PIR file: the same records, with a note on
// what a PIR params file holds added to any error.
template <typename LoadFn>
void LoadParams(const cpp::ProgramDesc& program, ModelFormat format, LoadFn load) {
  if (format != ModelFormat::kPir) {
    load();
    return;
  }
  try {
    load();
  } catch (const PaddleLiteException& e) {
    throw PaddleLiteException(std::string(e.what()) + pir::PirParamsNote(program));
  }
}

}  // namespace

ModelFiles LoadModel(const std::string& model_dir, const std::string& model_file,
                     const std::string& param_file, Scope* scope, cpp::ProgramDesc* program) {
  const ModelFiles files = FindModelFiles(model_dir, model_file, param_file);
  *program = ParseProgram(ReadFile(files.model_file, "model file"), files.model_file);
  LoadParams(*program, files.format, [&] {
    if (files.combined()) {
      pb::LoadCombinedParams(files.params_file, *program, scope);
    } else {
      pb::LoadSeparateParams(files.params_dir, *program, scope);
    }
  });
  return files;
}

void LoadModelFromMemory(const std::string& model, const std::string& params, Scope* scope,
                         cpp::ProgramDesc* program) {
  *program = ParseProgram(model, "<model buffer>");
  LoadParams(*program, ModelFormatOf(model), [&] {
    pb::LoadCombinedParamsFromMemory(params, "<params buffer>", *program, scope);
  });
}

ModelFiles SaveModelPb(const std::string& model_dir, const cpp::ProgramDesc& program,
                         const Scope& scope, bool combined) {
  std::error_code ec;
  fs::create_directories(model_dir, ec);
  PLITE_CHECK(!ec, "cannot create model dir ", model_dir, ": ", ec.message());
  ModelFiles files;
  if (combined) {
    files.model_file = (fs::path(model_dir) / "model.pdmodel").string();
    files.params_file = (fs::path(model_dir) / "model.pdiparams").string();
    SaveModelPbFiles(files.model_file, files.params_file, program, scope);
    return files;
  }
  files.model_file = (fs::path(model_dir) / "__model__").string();
  files.params_dir = model_dir;
  for (const cpp::VarDesc* var : pb::ParamVars(program)) {
    // These names would be taken for the model or a combined params file when loading.
    PLITE_CHECK(var->name != "__model__" && var->name != "model" &&
                    var->name != "__params__" && var->name != "params" &&
                    !EndsWith(var->name, ".pdmodel") && !EndsWith(var->name, ".pdiparams"),
                "var '", var->name, "' cannot be saved as a separate params file");
  }
  WriteFile(files.model_file, pb::SerializeProgramDesc(program));
  pb::SaveSeparateParams(model_dir, program, scope);
  return files;
}

void SaveModelPbFiles(const std::string& model_file, const std::string& params_file,
                      const cpp::ProgramDesc& program, const Scope& scope) {
  const std::string bytes = pb::SerializeProgramDesc(program);  // may throw: write nothing
  pb::SaveCombinedParams(params_file, program, scope);
  WriteFile(model_file, bytes);
}

}  // namespace lite
}  // namespace paddle
