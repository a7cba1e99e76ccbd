// Seed inputs for the fuzz targets, made from real models and the sample model (never
// stored in the repo: tools/run_fuzzers.sh writes them into the build dir).
#pragma once

#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace fuzz {

struct Seed {
  std::string name;   // file name in the corpus dir
  std::string bytes;  // the input, in the target's format (fuzz_input.h)
  bool loads{false};  // a complete model: the target loads and optimizes it without error
};

// Seeds of the pb target for the Paddle model in `model_dir` (combined or separate params;
// a Paddle 3 model's program is its translation, written as a ProgramDesc):
//   <tag>.full     the program as stored + all params combined
//   <tag>.program  the program alone (no params: stops at the first param)
//   <tag>.compact  the program without bookkeeping attributes (op_callstack, ...) + params,
//                  far smaller, so mutations run fast
//   <tag>.op.<type> for each op type but feed/fetch: its first op alone with its vars and
//                  params; small inputs whose mutations reach that op's attach code
std::vector<Seed> PbSeedsOfModel(const std::string& model_dir, const std::string& tag);
// The same for the sample model (tools/sample_model_builder.h).
std::vector<Seed> PbSeedsOfSampleModel();

// Seeds of the pir target (fuzz_input.h) for the Paddle 3 model in `model_dir`
// (inference.json + inference.pdiparams):
//   <tag>.full     the JSON as stored + the params
//   <tag>.program  the JSON alone (no params: stops at the first parameter)
//   <tag>.compact  the JSON without Paddle's bookkeeping (struct_name attributes, result,
//                  dist and quant attributes) + the params, so mutations run faster
std::vector<Seed> PirSeedsOfModel(const std::string& model_dir, const std::string& tag);
// The same for the sample network as a PIR program (tools/sample_pir_model.h).
std::vector<Seed> PirSeedsOfSampleModel();

// Seeds of the nb target: every complete pb seed (`loads`) optimized by the full predictor
// and saved as .nb (SaveOptimizedModel(kNaiveBuffer)), named <pb seed name>.nb.
std::vector<Seed> NbSeedsOf(const std::vector<Seed>& pb_seeds);

// Seeds of the program mutator (pb inputs too): the complete pb seeds but .full (the same
// model as .compact, with bookkeeping attributes) whose params hold at most
// `max_params_bytes`, since every mutation of a seed runs the whole model.
std::vector<Seed> ProgramMutatorSeedsOf(const std::vector<Seed>& pb_seeds,
                                        size_t max_params_bytes = 2 << 20);

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
