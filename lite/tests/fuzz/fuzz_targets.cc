// What the fuzz targets run on one input (fuzz_pb_loader.cc, fuzz_pir_loader.cc,
// fuzz_nb_loader.cc and fuzz_program_mutator.cc hold their libFuzzer entry points); also run
// by fuzz_targets_test on seeds and regression inputs.
#include <memory>
#include <string>

#include "lite/core/program_check.h"
#include "lite/optimizer/optimizer.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/model_parser/pir/pir_model.h"
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/tests/fuzz/program_runner.h"

namespace paddle {
namespace lite {
namespace fuzz {

// As the full predictor: load, optimize for the host, build the runtime program and run it
// on small inputs.
namespace {

bool OptimizeAndRun(const cpp::ProgramDesc& loaded, Scope* root) {
  Scope* exec = &root->NewScope();
  const std::vector<Place> places = {Place(TargetType::kHost, PrecisionType::kFloat)};
  cpp::ProgramDesc program = loaded;
  GiveEachWriteItsOwnVar(&program);
  const cpp::ProgramDesc optimized = Optimize(program, exec, places, DefaultPasses());
  return RunOnSmallInputs(optimized, exec);
}

}  // namespace

bool LoadAndOptimizePb(const uint8_t* data, size_t size) {
  const PbInput in = SplitPbInput(data, size);
  auto root = std::make_shared<Scope>();
  cpp::ProgramDesc program;
  LoadModelFromMemory(in.program, in.params, root.get(), &program);
  return OptimizeAndRun(program, root.get());
}

// Always the PIR reader, whatever the bytes look like: a mutation of the first bytes must
// not send the input to the protobuf parser.
bool LoadAndOptimizePir(const uint8_t* data, size_t size) {
  const PbInput in = SplitPbInput(data, size);
  auto root = std::make_shared<Scope>();
  const cpp::ProgramDesc program = pir::ReadPirProgram(in.program, "<fuzz input>");
  pb::LoadCombinedParamsFromMemory(in.params, "<fuzz params>", program, root.get());
  return OptimizeAndRun(program, root.get());
}

// As the light predictor: load the .nb, build the runtime program over a child scope and
// run it on small inputs. The meta checksum is resealed first: a mutated file would almost
// always stop there, and the checks behind it are what this target is for (the checksum
// itself is tested bit by bit in nb_format_test).
bool LoadAndBuildNb(const uint8_t* data, size_t size) {
  std::string file(reinterpret_cast<const char*>(data), size);
  try {
    nb::RewriteMetaChecksum(&file);
  } catch (const lite_api::PaddleLiteException&) {
    // A header the loader refuses anyway: load the bytes as they are.
  }
  auto root = std::make_shared<Scope>();
  cpp::ProgramDesc program;
  LoadModelNb(NbModelBytes::CopyOf(file.data(), file.size()), root.get(), &program);
  return RunOnSmallInputs(program, &root->NewScope());
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
