// The fuzz targets' code in the normal suite: the seeds the fuzzers start from load and run
// all the way through (so fuzzing reaches the optimizer and the kernels), the program
// mutator's edits make inputs the targets answer cleanly, and every input a fuzzer once
// crashed on (lite/tests/fuzz/regressions/<target>/<name>) now fails with the
// PaddleLiteException its <name>.expect names, or runs where that file says "runs cleanly".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/tests/fuzz/program_mutator.h"
#include "lite/tests/fuzz/seed_maker.h"
#include "lite/tests/shared_models.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace fuzz {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.is_open()) << path;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

using Target = bool (*)(const uint8_t*, size_t);

bool RunTarget(Target target, const std::string& bytes) {
  return target(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// Complete seeds load and run; the others throw. With `real_model`, a complete seed may
// skip the run (its inputs over the runner's limits) or fail in it: the runner's small
// inputs replace the model's unknown dims, which its fixed dims elsewhere may not fit.
void ExpectSeedsRun(Target target, const std::vector<Seed>& seeds, bool real_model = false) {
  ASSERT_FALSE(seeds.empty());
  for (const Seed& seed : seeds) {
    SCOPED_TRACE(seed.name);
    if (seed.loads) {
      try {
        EXPECT_TRUE(RunTarget(target, seed.bytes) || real_model) << "skipped for the run limits";
      } catch (const PaddleLiteException& e) {
        const bool in_run = std::string(e.what()).find("[while running op") != std::string::npos;
        EXPECT_TRUE(real_model && in_run) << e.what();
      }
    } else {
      EXPECT_THROW(RunTarget(target, seed.bytes), PaddleLiteException);
    }
  }
}

TEST(FuzzTargets, SampleModelSeedsLoad) {
  const auto seeds = PbSeedsOfSampleModel();
  ASSERT_GE(seeds.size(), 3u + 10u);  // 3 whole-model seeds + one per op type
  ExpectSeedsRun(LoadAndOptimizePb, seeds);
  // The compact seed really is smaller: it drops the bookkeeping attributes.
  EXPECT_LT(seeds[2].bytes.size(), seeds[0].bytes.size());
  const auto nb_seeds = NbSeedsOf(seeds);
  EXPECT_EQ(nb_seeds.size(), seeds.size() - 2);  // not .full, not .program
  ExpectSeedsRun(LoadAndBuildNb, nb_seeds);
  EXPECT_THROW(RunTarget(LoadAndBuildNb, seeds[2].bytes), PaddleLiteException);  // not a .nb
}

TEST(FuzzTargets, SamplePirModelSeedsLoad) {
  const auto seeds = PirSeedsOfSampleModel();
  ASSERT_EQ(seeds.size(), 3u);
  ExpectSeedsRun(LoadAndOptimizePir, seeds);
  EXPECT_LT(seeds[2].bytes.size(), seeds[0].bytes.size());  // .compact drops bookkeeping
}

// The incoming/ models the walks read (lite/tests/models/incoming_models.txt).
std::set<std::string> IncomingModelsWalked() {
  std::ifstream list(fs::path(PLITE_SOURCE_DIR) / "lite/tests/models/incoming_models.txt");
  std::set<std::string> names;
  for (std::string line; std::getline(list, line);) {
    if (!line.empty() && line[0] != '#') names.insert(line);
  }
  return names;
}

// The shared models' dirs, as tools/shared_model_dirs.sh lists them: every one with a
// MANIFEST.txt, also under next/ (models whose ops are being added), and the models of
// incoming/ that incoming_models.txt names.
std::vector<fs::path> SharedModelDirs(const fs::path& root) {
  const std::set<std::string> incoming = IncomingModelsWalked();
  EXPECT_FALSE(incoming.empty()) << "incoming_models.txt lists no model";
  std::vector<fs::path> dirs;
  for (const fs::path& dir : {root, root / "next", root / "incoming"}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (!fs::is_regular_file(entry.path() / "MANIFEST.txt")) continue;
      if (dir == root / "incoming" && !incoming.count(entry.path().filename().string())) {
        continue;
      }
      dirs.push_back(entry.path());
    }
  }
  return dirs;
}

TEST(FuzzTargets, RealModelSeedsLoad) {
  const fs::path root = test::SharedModelsRoot();
  if (!fs::is_directory(root)) GTEST_SKIP() << "no shared models at " << root;
  int models = 0;
  for (const fs::path& dir : SharedModelDirs(root)) {
    SCOPED_TRACE(dir.string());
    const std::string tag = dir.filename().string();
    const auto seeds = PbSeedsOfModel(dir.string(), tag);
    ExpectSeedsRun(LoadAndOptimizePb, seeds, true);
    ExpectSeedsRun(LoadAndBuildNb, NbSeedsOf(seeds), true);
    if (fs::is_regular_file(dir / "inference.json")) {
      ExpectSeedsRun(LoadAndOptimizePir, PirSeedsOfModel(dir.string(), tag), true);
    }
    ++models;
  }
  if (models == 0) GTEST_SKIP() << "no models (MANIFEST.txt) under " << root;
}

// Every edit of the mutator changes the sample model, and the target answers each edited
// model with a run or a PaddleLiteException (a sanitizer report or another exception
// fails the test): a short deterministic fuzz run.
TEST(FuzzTargets, ProgramMutatorEditsRunCleanly) {
  const auto seeds = ProgramMutatorSeedsOf(PbSeedsOfSampleModel());
  ASSERT_GE(seeds.size(), 2u);
  EXPECT_EQ(seeds[0].name, "sample.compact");
  EXPECT_TRUE(ProgramMutatorSeedsOf(PbSeedsOfSampleModel(), 0).size() < seeds.size());
  for (int e = 0; e < static_cast<int>(ProgramEdit::kCount); ++e) {
    const auto edit = static_cast<ProgramEdit>(e);
    SCOPED_TRACE(ProgramEditName(edit));
    int changed = 0;
    for (uint32_t seed = 0; seed < 8; ++seed) {
      const std::string mutated = MutateProgram(seeds[0].bytes, edit, seed);
      if (mutated.empty() || mutated == seeds[0].bytes) continue;
      ++changed;
      try {
        RunTarget(LoadAndOptimizePb, mutated);
      } catch (const PaddleLiteException&) {
      }
    }
    EXPECT_GT(changed, 0);
  }
  // Not a program: no structured edit.
  EXPECT_EQ(MutateProgram(std::string("\x03\0\0\0abc", 7), 1), "");
}

TEST(FuzzTargets, PbInputFormatSplitsProgramAndParams) {
  const std::string joined = JoinPbInput("prog", "params!");
  EXPECT_EQ(joined.substr(0, 4), std::string("\x04\0\0\0", 4));
  const auto* data = reinterpret_cast<const uint8_t*>(joined.data());
  PbInput in = SplitPbInput(data, joined.size());
  EXPECT_EQ(in.program, "prog");
  EXPECT_EQ(in.params, "params!");
  // A length past the end takes everything as program; fewer than 4 bytes is empty.
  in = SplitPbInput(data, 6);
  EXPECT_EQ(in.program, "pr");
  EXPECT_EQ(in.params, "");
  in = SplitPbInput(data, 3);
  EXPECT_TRUE(in.program.empty() && in.params.empty());
}

// Each regression input with the message it must fail with, or kRunsCleanly for an input
// that must load and run without an error.
constexpr const char* kRunsCleanly = "runs cleanly";
void ExpectRegressionsFail(const std::string& target, Target run) {
  const fs::path dir = fs::path(PLITE_SOURCE_DIR) / "lite/tests/fuzz/regressions" / target;
  int inputs = 0;
  if (!fs::is_directory(dir)) return;  // none yet
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path& path = entry.path();
    if (path.extension() == ".expect" || path.filename() == "README.md") continue;
    SCOPED_TRACE(path.string());
    const fs::path expect_path = fs::path(path.string() + ".expect");
    ASSERT_TRUE(fs::is_regular_file(expect_path)) << "no " << expect_path;
    std::string expected = ReadAll(expect_path);
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r')) {
      expected.pop_back();
    }
    const std::string bytes = ReadAll(path);
    ++inputs;
    if (expected == kRunsCleanly) {  // a crash in a kernel on a valid program
      EXPECT_NO_THROW(run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
      continue;
    }
    try {
      run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ADD_FAILURE() << "no exception; expected one mentioning '" << expected << "'";
    } catch (const PaddleLiteException& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos)
          << "message lacks '" << expected << "': " << e.what();
    }
  }
  std::cout << inputs << " " << target << " regression inputs replayed\n";
}

TEST(FuzzTargets, RegressionInputsFailCleanly) {
  ExpectRegressionsFail("pb", LoadAndOptimizePb);
  ExpectRegressionsFail("pir", LoadAndOptimizePir);
  ExpectRegressionsFail("nb", LoadAndBuildNb);
  ExpectRegressionsFail("program", LoadAndOptimizePb);
}

}  // namespace
}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
