#include "lite/tests/fuzz/seed_maker.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/core/op_registry.h"
#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"
#include "tools/sample_model_builder.h"
#include "tools/sample_pir_model.h"

namespace paddle {
namespace lite {
namespace fuzz {

namespace fs = std::filesystem;

namespace {

// A fresh scratch directory, removed with its files when done.
class ScratchDir {
 public:
  ScratchDir() {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("plite_fuzz_seed_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  PLITE_CHECK(out.good(), "cannot write ", path);
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  PLITE_CHECK(in.is_open(), "cannot open ", path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Attributes Paddle writes for its own bookkeeping; no op reads them.
cpp::ProgramDesc WithoutBookkeeping(cpp::ProgramDesc program) {
  for (auto& block : program.blocks) {
    for (auto& op : block.ops) {
      std::vector<std::string> bookkeeping;
      for (const auto& kv : op.attrs()) {
        if (cpp::IsBookkeepingAttr(kv.first)) bookkeeping.push_back(kv.first);
      }
      for (const auto& name : bookkeeping) op.DeleteAttr(name);
    }
  }
  return program;
}

// A program of block 0's first op of `type` alone, with the vars it names and their params:
// its activation inputs fed, the activation outputs it writes fetched (a program must write
// what it reads).
cpp::ProgramDesc OneOpProgram(const cpp::ProgramDesc& program, const cpp::OpDesc& op) {
  const cpp::BlockDesc& block = program.blocks[0];
  cpp::ProgramDesc one;
  one.version = program.version;
  one.blocks.emplace_back();
  cpp::BlockDesc& b = one.blocks[0];
  for (const auto& [name, kind] : {std::pair{"feed", cpp::VarKind::kFeedList},
                                   std::pair{"fetch", cpp::VarKind::kFetchList}}) {
    cpp::VarDesc list;
    list.name = name;
    list.kind = kind;
    list.persistable = true;
    b.vars.push_back(list);
  }
  auto io_op = [&](const char* type, const std::string& var, int col) {
    cpp::OpDesc io(type);
    const bool feed = std::string(type) == "feed";
    io.SetInput("X", {feed ? "feed" : var});
    io.SetOutput("Out", {feed ? var : "fetch"});
    io.SetAttr<int32_t>("col", col);
    return io;
  };
  auto declared = [&](const std::string& name) -> const cpp::VarDesc* {
    for (const auto& var : block.vars) {
      if (var.name == name) return &var;
    }
    return nullptr;
  };
  int col = 0;
  for (const auto& name : op.InputArgumentNames()) {
    const cpp::VarDesc* var = declared(name);
    if (var && !var->persistable) b.ops.push_back(io_op("feed", name, col++));
  }
  b.ops.push_back(op);
  col = 0;
  const auto instance = OpRegistry::Global().Create(op.Type());
  for (const auto& [param, args] : op.outputs()) {
    if (!instance->WritesOutput(param)) continue;
    for (const auto& name : args) {
      const cpp::VarDesc* var = declared(name);
      if (var && !var->persistable) b.ops.push_back(io_op("fetch", name, col++));
    }
  }
  std::vector<std::string> names = op.InputArgumentNames();
  for (const auto& name : op.OutputArgumentNames()) names.push_back(name);
  for (const auto& var : block.vars) {
    if (std::find(names.begin(), names.end(), var.name) != names.end()) b.vars.push_back(var);
  }
  return WithoutBookkeeping(one);
}

std::vector<Seed> SeedsOf(const std::string& tag, const std::string& program_bytes,
                          const cpp::ProgramDesc& program, const Scope& scope) {
  const std::string params = pb::CombinedParamsBytes(program, scope);
  const bool has_params = !pb::ParamVars(program).empty();
  std::vector<Seed> seeds = {
      {tag + ".full", JoinPbInput(program_bytes, params), true},
      {tag + ".program", JoinPbInput(program_bytes, ""), !has_params},
      {tag + ".compact", JoinPbInput(pb::SerializeProgramDesc(WithoutBookkeeping(program)), params),
       true},
  };
  std::set<std::string> types;
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == "feed" || op.Type() == "fetch" || !types.insert(op.Type()).second) continue;
    const cpp::ProgramDesc one = OneOpProgram(program, op);
    seeds.push_back({tag + ".op." + op.Type(),
                     JoinPbInput(pb::SerializeProgramDesc(one), pb::CombinedParamsBytes(one, scope)),
                     true});
  }
  return seeds;
}

}  // namespace

std::vector<Seed> PbSeedsOfModel(const std::string& model_dir, const std::string& tag) {
  Scope scope;
  cpp::ProgramDesc program;
  const ModelFiles files = LoadModel(model_dir, "", "", &scope, &program);
  // A Paddle 3 model's pb seeds hold its translation as a ProgramDesc.
  return SeedsOf(tag,
                 files.format == ModelFormat::kPir ? pb::SerializeProgramDesc(program)
                                                   : ReadAll(files.model_file),
                 program, scope);
}

std::vector<Seed> PbSeedsOfSampleModel() {
  Scope scope;
  cpp::ProgramDesc program;
  BuildSampleModel(&program, &scope);
  return SeedsOf("sample", pb::SerializeProgramDesc(program), program, scope);
}

namespace {

// The JSON of a PIR program without what Paddle writes for its own bookkeeping and no
// translation reads: the "struct_name" attributes and the result, dist and quant
// attributes ("OA", "DA", "QA"; the parameter op's "OA" stays: it says persistable).
std::string CompactPirJson(const std::string& json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  PLITE_CHECK(!doc.HasParseError(), "not JSON at byte ", doc.GetErrorOffset());
  for (auto& region : doc["program"]["regions"].GetArray()) {
    for (auto& block : region["blocks"].GetArray()) {
      for (auto& op : block["ops"].GetArray()) {
        const bool parameter = std::string(op["#"].GetString()) == "p";
        for (const char* key : {"OA", "DA", "QA"}) {
          if (!parameter || std::string(key) != "OA") op.RemoveMember(key);
        }
        if (parameter || !op.HasMember("A")) continue;
        auto& attrs = op["A"];
        for (auto it = attrs.Begin(); it != attrs.End();) {
          it = std::string((*it)["N"].GetString()) == "struct_name" ? attrs.Erase(it) : it + 1;
        }
      }
    }
  }
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer(out);
  doc.Accept(writer);
  return std::string(out.GetString(), out.GetSize());
}

std::vector<Seed> PirSeedsOf(const std::string& tag, const std::string& json,
                             const std::string& params) {
  return {
      {tag + ".full", JoinPbInput(json, params), true},
      {tag + ".program", JoinPbInput(json, ""), params.empty()},
      {tag + ".compact", JoinPbInput(CompactPirJson(json), params), true},
  };
}

}  // namespace

std::vector<Seed> PirSeedsOfModel(const std::string& model_dir, const std::string& tag) {
  const ModelFiles files = FindModelFiles(model_dir, "", "");
  PLITE_CHECK(files.format == ModelFormat::kPir && files.combined(), model_dir,
              " is not a Paddle 3 model with combined params");
  return PirSeedsOf(tag, ReadAll(files.model_file), ReadAll(files.params_file));
}

std::vector<Seed> PirSeedsOfSampleModel() {
  PirProgramWriter program;
  BuildSamplePirModel(&program);
  return PirSeedsOf("sample_pir", program.Json(), program.Params());
}

std::vector<Seed> NbSeedsOf(const std::vector<Seed>& pb_seeds) {
  std::vector<Seed> seeds;
  for (const Seed& pb_seed : pb_seeds) {
    // .compact is the same model as .full without the bookkeeping attributes.
    if (!pb_seed.loads || EndsWith(pb_seed.name, ".full")) continue;
    const PbInput in = SplitPbInput(reinterpret_cast<const uint8_t*>(pb_seed.bytes.data()),
                                    pb_seed.bytes.size());
    ScratchDir dir;
    WriteAll(dir / "model.pdmodel", in.program);
    WriteAll(dir / "model.pdiparams", in.params);
    lite_api::CxxConfig config;
    config.set_model_file(dir / "model.pdmodel");
    config.set_param_file(dir / "model.pdiparams");
    Predictor predictor(config);
    predictor.SaveOptimizedModel(dir / "optimized", lite_api::LiteModelType::kNaiveBuffer,
                                 false);
    seeds.push_back({pb_seed.name + ".nb", ReadAll(dir / "optimized.nb"), true});
  }
  return seeds;
}

std::vector<Seed> ProgramMutatorSeedsOf(const std::vector<Seed>& pb_seeds,
                                        size_t max_params_bytes) {
  std::vector<Seed> seeds;
  for (const Seed& seed : pb_seeds) {
    if (!seed.loads || EndsWith(seed.name, ".full")) continue;
    const PbInput in =
        SplitPbInput(reinterpret_cast<const uint8_t*>(seed.bytes.data()), seed.bytes.size());
    if (in.params.size() <= max_params_bytes) seeds.push_back(seed);
  }
  return seeds;
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
