// The .nb format: round trips of every attribute kind and param precision, params used in
// place from the file's bytes, the sample model saved by the full predictor and run from
// the .nb, the tailoring lists, and every malformed file we can make (it must throw a
// PaddleLiteException naming the problem, never crash), and the checksums that catch
// accidental damage.
#include "lite/model_parser/flatbuffers/nb_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <utility>

#include "lite/api/cxx_api.h"
#include "lite/api/paddle_api.h"
#include "lite/core/program.h"
#include "lite/model_parser/flatbuffers/model_generated.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/utils/crc32c.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace {

using testing::ExpectError;
using testing::ExpectSameParams;
using testing::ExpectSameProgram;
using testing::kEveryKindKernelKey;
using testing::ProgramWithEverything;
using testing::ReadBytes;
using testing::TempDir;
using testing::TensorVar;
using testing::WriteBytes;

struct SmallModel {
  Scope scope;
  cpp::ProgramDesc program;
  std::string bytes;
  SmallModel() {
    program = ProgramWithEverything(&scope);
    bytes = SerializeModelNb(program, scope, "test-1.2.3");
  }
};

// Loads `bytes` (copied) into fresh containers; returns the program.
cpp::ProgramDesc Load(const std::string& bytes, Scope* scope, bool check_weights = false) {
  cpp::ProgramDesc program;
  NbLoadOptions options;
  options.check_weight_checksums = check_weights;
  LoadModelNb(NbModelBytes::CopyOf(bytes.data(), bytes.size()), scope, &program, options);
  return program;
}

template <typename T>
void PutLE(std::string* bytes, size_t at, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) (*bytes)[at + i] = static_cast<char>(v >> (8 * i));
}
template <typename T>
T GetLE(const std::string& bytes, size_t at) {
  T v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) {
    v |= static_cast<T>(static_cast<uint8_t>(bytes[at + i])) << (8 * i);
  }
  return v;
}

// The meta flatbuffer of `bytes` (header fields read by their documented offsets), for
// tests that edit one field in place.
fbs::Model* MutableMeta(std::string* bytes) {
  const auto meta_offset = GetLE<uint64_t>(*bytes, 16);
  return fbs::GetMutableModel(&(*bytes)[meta_offset]);
}

fbs::Param* MutableParam(std::string* bytes, const std::string& name) {
  auto* params = MutableMeta(bytes)->mutable_params();
  for (flatbuffers::uoffset_t i = 0; i < params->size(); ++i) {
    if (params->Get(i)->name()->str() == name) return params->GetMutableObject(i);
  }
  ADD_FAILURE() << "no param " << name;
  return nullptr;
}

TEST(NbFormat, RoundTripKeepsEveryAttributeKindVarAndParam) {
  SmallModel m;
  Scope loaded_scope;
  const cpp::ProgramDesc loaded = Load(m.bytes, &loaded_scope);
  ExpectSameProgram(m.program, loaded);  // every attribute's kind and value, vars, args
  ExpectSameParams(m.program, m.scope, loaded_scope);  // dims, precision, lod, bytes

  const cpp::OpDesc& op = loaded.blocks[0].ops[1];
  ASSERT_EQ(op.Type(), "every_kind");
  EXPECT_EQ(op.GetAttrType("block"), cpp::AttrType::BLOCK);
  EXPECT_EQ(op.GetAttrType("blocks"), cpp::AttrType::BLOCKS);
  EXPECT_EQ(op.GetAttrType("int_zero"), cpp::AttrType::INT);
  EXPECT_EQ(op.GetAttr<int32_t>("int_zero"), 0);
  EXPECT_TRUE(std::signbit(op.GetAttr<float>("float_negative_zero")));
  EXPECT_FALSE(op.GetAttr<bool>("boolean_false"));
  EXPECT_EQ(op.GetAttr<std::string>("string").size(), 20u);  // the NUL byte survives
  EXPECT_TRUE(std::signbit(op.GetAttr<std::vector<float>>("floats")[1]));
  EXPECT_EQ(op.GetAttr<std::vector<int64_t>>("longs"),
            (std::vector<int64_t>{int64_t{1} << 40, -7}));
  EXPECT_EQ(op.GetAttr<std::string>(kKernelKeyAttr), kEveryKindKernelKey);
  EXPECT_TRUE(op.HasInput("W"));
  EXPECT_EQ(op.inputs().count("Empty"), 1u);
  EXPECT_FALSE(loaded.blocks[1].ops[0].HasAttr(kKernelKeyAttr));

  // Params only; activations and lists are the predictor's business.
  EXPECT_EQ(loaded_scope.FindVar("x"), nullptr);
  EXPECT_EQ(loaded_scope.FindVar("feed"), nullptr);
  EXPECT_EQ(loaded_scope.FindTensor("a_with_lod")->lod(), (LoD{{0, 2, 4}, {0, 1, 3, 4, 6}}));
  EXPECT_TRUE(loaded_scope.FindTensor("p_i64")->persistable());
}

TEST(NbFormat, KernelKeyIsStoredOnceAsATable) {
  SmallModel m;
  EXPECT_EQ(m.bytes.find(kEveryKindKernelKey), std::string::npos);
  EXPECT_EQ(m.bytes.find(kKernelKeyAttr), std::string::npos);
  const fbs::Model* meta = MutableMeta(&m.bytes);
  const fbs::KernelKey* k = meta->blocks()->Get(0)->ops()->Get(1)->kernel();
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->op_type()->str(), "every_kind");
  EXPECT_EQ(k->alias()->str(), "def");
  EXPECT_EQ(k->target(), fbs::Target::Host);
  EXPECT_EQ(k->precision(), fbs::Precision::Float);
  EXPECT_EQ(k->layout(), fbs::Layout::NCHW);
}

TEST(NbFormat, HeaderCarriesVersionsAndSectionsAreAligned) {
  SmallModel m;
  const auto bytes = NbModelBytes::CopyOf(m.bytes.data(), m.bytes.size());
  const NbHeaderInfo info = ReadNbHeader(*bytes);
  // The lowest version that holds it: no float param stored in int8 (nb_int8_params_test).
  EXPECT_EQ(info.format_version, kNbFirstChecksummedVersion);
  EXPECT_EQ(info.opt_version, "test-1.2.3");
  EXPECT_EQ(m.bytes.size() % kNbParamAlignment, 0u);
  EXPECT_EQ(GetLE<uint32_t>(m.bytes, 12), kNbHeaderSize);
  EXPECT_EQ(GetLE<uint64_t>(m.bytes, 32) % kNbParamAlignment, 0u);
  // Deterministic: the same program and params give the same bytes.
  Scope scope2;
  const cpp::ProgramDesc again = ProgramWithEverything(&scope2);
  EXPECT_EQ(SerializeModelNb(again, scope2, "test-1.2.3"), m.bytes);
}

TEST(NbFormat, ParamsAreUsedInPlaceAndKeepTheBytesAlive) {
  SmallModel m;
  Scope scope;
  cpp::ProgramDesc program;
  std::weak_ptr<const NbModelBytes> watch;
  const uint8_t* begin = nullptr;
  size_t size = 0;
  {
    auto bytes = NbModelBytes::CopyOf(m.bytes.data(), m.bytes.size());
    watch = bytes;
    begin = bytes->data();
    size = bytes->size();
    EXPECT_EQ(reinterpret_cast<uintptr_t>(begin) % kNbParamAlignment, 0u);
    LoadModelNb(bytes, &scope, &program);
  }  // the caller's pointer is gone; the tensors hold the bytes
  EXPECT_FALSE(watch.expired());
  for (const char* name : {"p_f32", "p_i32", "p_i64", "p_i8", "p_f16", "p_bool", "scalar_0d"}) {
    SCOPED_TRACE(name);
    const Tensor* t = scope.FindTensor(name);
    ASSERT_NE(t, nullptr);
    const auto* p = static_cast<const uint8_t*>(t->raw_data());
    EXPECT_GE(p, begin);
    EXPECT_LE(p + t->memory_size(), begin + size);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kNbParamAlignment, 0u);
    EXPECT_FALSE(t->buffer()->owns());
  }
  ExpectSameParams(m.program, m.scope, scope);  // still readable after the caller let go
  // A kernel asking for a writable block gets its own; the model's bytes stay untouched.
  Tensor* w = scope.FindMutableTensor("p_f32");
  const void* before = w->raw_data();
  w->mutable_data<float>()[0] = 42.f;
  EXPECT_NE(w->raw_data(), before);
  {
    Scope other;  // dropping every tensor that views the bytes releases them
    cpp::ProgramDesc p2;
    auto bytes = NbModelBytes::CopyOf(m.bytes.data(), m.bytes.size());
    std::weak_ptr<const NbModelBytes> w2 = bytes;
    {
      Scope inner;
      LoadModelNb(std::move(bytes), &inner, &p2);
      EXPECT_FALSE(w2.expired());
    }
    EXPECT_TRUE(w2.expired());
  }
}

TEST(NbFormat, MapFileAndCopyOfLoadTheSame) {
  SmallModel m;
  TempDir dir;
  const std::string path = dir / "small.nb";
  SaveModelNb(path, m.program, m.scope, "test-1.2.3");
  EXPECT_EQ(ReadBytes(path), m.bytes);
  EXPECT_FALSE(testing::fs::exists(path + ".tmp"));

  auto mapped = NbModelBytes::MapFile(path);
  EXPECT_EQ(mapped->size(), m.bytes.size());
  EXPECT_EQ(mapped->source(), path);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(mapped->data()) % kNbParamAlignment, 0u);
  const uint8_t* begin = mapped->data();
  Scope from_map;
  cpp::ProgramDesc p1;
  LoadModelNb(mapped, &from_map, &p1);
  mapped.reset();
  Scope from_copy;
  const cpp::ProgramDesc p2 = Load(ReadBytes(path), &from_copy);
  ExpectSameProgram(p1, p2);
  ExpectSameParams(m.program, from_map, from_copy);
  const auto* w = static_cast<const uint8_t*>(from_map.FindTensor("p_i64")->raw_data());
  EXPECT_TRUE(w >= begin && w < begin + m.bytes.size());

  // The mapping is private and writable: a stray write changes this process's copy of the
  // page only, never the file.
  const_cast<uint8_t*>(w)[0] ^= 0xff;
  EXPECT_EQ(ReadBytes(path), m.bytes);
}

// ---- the sample model through the full predictor ----

class NbSampleModel : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    files_ = WriteSampleModel(*dir_ / "pd");
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::shared_ptr<lite_api::PaddlePredictor> CxxPredictor() {
    lite_api::CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    // Host kernels: the tailoring lists below name them, whatever targets the build has.
    config.set_valid_places({lite_api::Place(lite_api::TargetType::kHost)});
    return lite_api::CreatePaddlePredictor(config);
  }
  static std::vector<float> Input() {
    std::vector<float> x(2 * 3 * 32 * 32);
    for (size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.37f * i) + 0.001f * (i % 97);
    return x;
  }
  static std::vector<float> RunCxx(lite_api::PaddlePredictor* p) {
    auto in = p->GetInput(0);
    in->Resize({2, 3, 32, 32});
    const auto x = Input();
    std::memcpy(in->mutable_data<float>(), x.data(), x.size() * sizeof(float));
    p->Run();
    auto out = p->GetOutput(0);
    int64_t n = 1;
    for (auto d : out->shape()) n *= d;
    return std::vector<float>(out->data<float>(), out->data<float>() + n);
  }

  static TempDir* dir_;
  static ModelFiles files_;
};
TempDir* NbSampleModel::dir_ = nullptr;
ModelFiles NbSampleModel::files_;

// The list var a feed/fetch op reads or writes.
std::string ListName(const cpp::ProgramDesc& program, const std::string& op_type) {
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == op_type) return op_type == "feed" ? op.Input("X")[0] : op.Output("Out")[0];
  }
  return "";
}

// The saved program is the predictor's optimized program, except that param vars declare
// their tensor's dims (the optimizer declares the weights it creates without a shape).
void ExpectSavedProgram(const cpp::ProgramDesc& optimized, const cpp::ProgramDesc& saved,
                        const Scope& params) {
  ASSERT_FALSE(saved.blocks.empty());
  ASSERT_EQ(optimized.blocks.size(), saved.blocks.size());
  cpp::ProgramDesc undone = saved;
  auto& vars = undone.blocks[0].vars;
  ASSERT_EQ(vars.size(), optimized.blocks[0].vars.size());
  for (size_t i = 0; i < vars.size(); ++i) {
    if (!vars[i].persistable || vars[i].kind != cpp::VarKind::kLodTensor) continue;
    const Tensor* t = params.FindTensor(vars[i].name);
    ASSERT_NE(t, nullptr) << vars[i].name;
    EXPECT_EQ(vars[i].shape, t->dims().Vectorize()) << vars[i].name;
    vars[i].shape = optimized.blocks[0].vars[i].shape;
  }
  ExpectSameProgram(optimized, undone);
}

TEST_F(NbSampleModel, SavedNbRunsBitIdenticalToTheFullPredictor) {
  auto cxx = CxxPredictor();
  const std::vector<float> expected = RunCxx(cxx.get());
  ASSERT_EQ(expected.size(), 2u * kSampleModelClasses);
  const std::string base = *dir_ / "out/nested/sample";  // parent dirs are created
  cxx->SaveOptimizedModel(base, lite_api::LiteModelType::kNaiveBuffer);
  ASSERT_TRUE(testing::fs::exists(base + ".nb"));

  auto root = std::make_shared<Scope>();
  cpp::ProgramDesc program;
  const NbHeaderInfo info = LoadModelNb(NbModelBytes::MapFile(base + ".nb"), root.get(), &program);
  EXPECT_EQ(info.opt_version, cxx->GetVersion());
  const auto& original = static_cast<const Predictor&>(*cxx).optimized_program();
  ExpectSavedProgram(original, program, *root);

  Scope* exec = &root->NewScope();
  RuntimeProgram runtime(program, exec, 1);
  auto* feed = exec->Var(ListName(program, "feed"))->GetMutable<TensorList>();
  feed->resize(1);
  Tensor& x = (*feed)[0];
  x.Resize({2, 3, 32, 32});
  const auto input = Input();
  std::memcpy(x.mutable_data<float>(), input.data(), input.size() * sizeof(float));
  runtime.Run();
  runtime.Run();  // twice: run-once casts and reused buffers behave the same
  const auto& fetched = exec->FindVar(ListName(program, "fetch"))->Get<TensorList>();
  ASSERT_EQ(fetched.size(), 1u);
  const Tensor& out = fetched[0];
  ASSERT_EQ(static_cast<size_t>(out.numel()), expected.size());
  EXPECT_EQ(std::memcmp(out.data<float>(), expected.data(), expected.size() * sizeof(float)), 0)
      << "the .nb model's output differs from the full predictor's";
}

TEST_F(NbSampleModel, SavedProtobufHoldsTheOptimizedProgram) {
  auto cxx = CxxPredictor();
  RunCxx(cxx.get());
  const std::string dir = *dir_ / "optimized_pb";
  cxx->SaveOptimizedModel(dir, lite_api::LiteModelType::kProtobuf);
  Scope pb_scope;
  cpp::ProgramDesc pb_program;
  LoadModel(dir, "", "", &pb_scope, &pb_program);
  const auto& original = static_cast<const Predictor&>(*cxx).optimized_program();
  ExpectSavedProgram(original, pb_program, pb_scope);

  cxx->SaveOptimizedModel(dir, lite_api::LiteModelType::kNaiveBuffer);
  Scope nb_scope;
  cpp::ProgramDesc nb_program;
  LoadModelNb(NbModelBytes::MapFile(dir + ".nb"), &nb_scope, &nb_program);
  ExpectSameProgram(pb_program, nb_program);
  ExpectSameParams(original, pb_scope, nb_scope);  // the same (fused) weights either way
}

std::vector<std::string> Lines(const std::string& path) {
  std::vector<std::string> lines;
  std::istringstream in(ReadBytes(path));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST_F(NbSampleModel, RecordInfoListsOpsKernelsAndTheirSources) {
  auto cxx = CxxPredictor();
  const std::string dir = *dir_ / "tailor";
  cxx->SaveOptimizedModel(dir, lite_api::LiteModelType::kNaiveBuffer, /*record_info=*/true);
  const auto ops = Lines(dir + "/.tailored_ops_list");
  const auto op_sources = Lines(dir + "/.tailored_ops_source_list");
  const auto kernels = Lines(dir + "/.tailored_kernels_list");
  const auto kernel_sources = Lines(dir + "/.tailored_kernels_source_list");
  for (const auto* list : {&ops, &op_sources, &kernels, &kernel_sources}) {
    EXPECT_FALSE(list->empty());
    EXPECT_TRUE(std::is_sorted(list->begin(), list->end()));
    EXPECT_EQ(std::adjacent_find(list->begin(), list->end()), list->end()) << "duplicates";
  }
  // The sample model's convs, pooling, softmax and io survive optimization by name.
  for (const char* op : {"feed", "fetch", "conv2d", "pool2d", "softmax"}) {
    EXPECT_TRUE(Contains(ops, op)) << op;
  }
  EXPECT_TRUE(Contains(op_sources, "lite/operators/conv_op.cc"));
  EXPECT_TRUE(Contains(op_sources, "lite/operators/pool_op.cc"));
  EXPECT_TRUE(Contains(kernels, "conv2d,host,float,NCHW,def"));
  EXPECT_TRUE(Contains(kernel_sources, "lite/kernels/host/conv_compute.cc"));
  // Exactly the ops and kernels of the optimized program.
  const auto& program = static_cast<const Predictor&>(*cxx).optimized_program();
  std::set<std::string> want_ops, want_kernels;
  for (const auto& op : program.blocks[0].ops) {
    want_ops.insert(op.Type());
    want_kernels.insert(op.GetAttr<std::string>(kKernelKeyAttr));
  }
  EXPECT_EQ(ops, std::vector<std::string>(want_ops.begin(), want_ops.end()));
  EXPECT_EQ(kernels, std::vector<std::string>(want_kernels.begin(), want_kernels.end()));
  for (const auto& src : op_sources) {
    EXPECT_TRUE(testing::fs::exists(std::string(PLITE_SOURCE_DIR) + "/" + src)) << src;
  }
  for (const auto& src : kernel_sources) {
    EXPECT_TRUE(testing::fs::exists(std::string(PLITE_SOURCE_DIR) + "/" + src)) << src;
  }
}

TEST_F(NbSampleModel, SaveErrorsNameThePath) {
  auto cxx = CxxPredictor();
  const std::string file = *dir_ / "a_file";
  WriteBytes(file, "x");
  ExpectError([&] { cxx->SaveOptimizedModel(file + "/m", lite_api::LiteModelType::kNaiveBuffer); },
              {"SaveOptimizedModel", file});
  ExpectError([&] { cxx->SaveOptimizedModel(*dir_ / "m", lite_api::LiteModelType::UNK); },
              {"unknown model type"});
}

// ---- writer errors ----

TEST(NbWriter, PersistableVarWithoutTensorIsAnError) {
  SmallModel m;
  m.program.blocks[0].vars.push_back(TensorVar("ghost", PrecisionType::kFloat, {2}, true));
  ExpectError([&] { SerializeModelNb(m.program, m.scope, "v"); }, {"param 'ghost'", "no tensor"});
}

TEST(NbWriter, ParamPrecisionMustMatchItsVar) {
  SmallModel m;
  for (auto& v : m.program.blocks[0].vars) {
    if (v.name == "p_i32") v.precision = PrecisionType::kFloat;
  }
  ExpectError([&] { SerializeModelNb(m.program, m.scope, "v"); },
              {"param 'p_i32'", "int32", "float"});
}

TEST(NbWriter, BadKernelKeyAndLongVersionAreErrors) {
  SmallModel m;
  m.program.blocks[0].ops[1].SetAttr<std::string>(kKernelKeyAttr, "every_kind,host,float");
  ExpectError([&] { SerializeModelNb(m.program, m.scope, "v"); },
              {"op 'every_kind'", "every_kind,host,float"});
  m.program.blocks[0].ops[1].SetAttr<std::string>(kKernelKeyAttr, "every_kind,gpu,float,NCHW,def");
  ExpectError([&] { SerializeModelNb(m.program, m.scope, "v"); }, {"unknown name 'gpu'"});
  SmallModel ok;
  ExpectError([&] { SerializeModelNb(ok.program, ok.scope, std::string(64, 'v')); },
              {"opt version"});
}

TEST(NbWriter, UnwritablePathIsNamed) {
  SmallModel m;
  TempDir dir;
  const std::string path = dir / "no/such/dir/m.nb";
  ExpectError([&] { SaveModelNb(path, m.program, m.scope, "v"); }, {path});
}

// ---- malformed files ----

void ExpectLoadError(const std::string& bytes, std::initializer_list<std::string> parts,
                     bool check_weights = false) {
  ExpectError(
      [&] {
        Scope scope;
        Load(bytes, &scope, check_weights);
      },
      parts);
}

// For a meta section edited on purpose: the checksum made right again, so the checks behind
// it (verifier, enums, sizes, offsets) are what the load meets.
std::string Resealed(std::string bytes) {
  nb::RewriteMetaChecksum(&bytes);
  return bytes;
}

void ExpectMetaEditError(const std::string& bytes, std::initializer_list<std::string> parts) {
  ExpectLoadError(Resealed(bytes), parts);
}

TEST(NbLoader, BadMagic) {
  SmallModel m;
  std::string bytes = m.bytes;
  bytes[1] = 'Q';
  ExpectLoadError(bytes, {"<memory buffer>", "bad magic"});
  ExpectLoadError("PK\x03\x04 a zip file", {"bad magic"});
}

TEST(NbLoader, NewerFormatVersionNamesBothVersions) {
  SmallModel m;
  std::string bytes = m.bytes;
  PutLE<uint32_t>(&bytes, 8, kNbFormatVersion + 1);
  ExpectLoadError(bytes, {"format version " + std::to_string(kNbFormatVersion + 1),
                          "format version " + std::to_string(kNbFormatVersion), "test-1.2.3"});
  PutLE<uint32_t>(&bytes, 8, 0);
  ExpectLoadError(bytes, {"invalid format version 0"});
}

TEST(NbLoader, HeaderSectionsOutsideTheFile) {
  SmallModel m;
  std::string bytes = m.bytes;
  PutLE<uint64_t>(&bytes, 24, std::numeric_limits<uint64_t>::max() - 8);  // meta size
  ExpectLoadError(bytes, {"meta section", "outside the file"});
  bytes = m.bytes;
  PutLE<uint64_t>(&bytes, 40, GetLE<uint64_t>(bytes, 40) + 64);  // data size
  ExpectLoadError(bytes, {"data section", "outside the file"});
  bytes = m.bytes;
  PutLE<uint32_t>(&bytes, 12, 16);  // header size
  ExpectLoadError(bytes, {"header size 16"});
  ExpectLoadError(m.bytes + std::string(64, '\0'), {"64 bytes after the data section"});
}

TEST(NbLoader, TruncatedAtEveryLengthThrows) {
  SmallModel m;
  ASSERT_LT(m.bytes.size(), 16384u);  // small enough to try every length
  for (size_t len = 0; len < m.bytes.size(); ++len) {
    Scope scope;
    cpp::ProgramDesc program;
    try {
      LoadModelNb(NbModelBytes::CopyOf(m.bytes.data(), len), &scope, &program);
      ADD_FAILURE() << "a file truncated to " << len << " bytes loaded";
    } catch (const PaddleLiteException& e) {
      const std::string what = e.what();
      EXPECT_TRUE(what.find("truncated") != std::string::npos ||
                  what.find("empty") != std::string::npos ||
                  what.find("bad magic") != std::string::npos)
          << len << ": " << what;
    }
  }
}

// Random flips before the data section (header, meta) always fail: on the checksum, or
// earlier on the header's own checks. With the checksum made right again the structural
// checks face them: load or throw, never crash. Flips in param bytes load by default.
TEST(NbLoader, RandomByteFlipsLoadOrThrowNeverCrash) {
  SmallModel m;
  std::mt19937 rng(20240611);
  const size_t data_offset = GetLE<uint64_t>(m.bytes, 32);
  int loaded = 0, thrown = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string bytes = m.bytes;
    const bool in_data = trial % 4 == 0;
    const int flips = 1 + trial % 4;
    for (int f = 0; f < flips; ++f) {
      const size_t at = in_data ? data_offset + rng() % (bytes.size() - data_offset)
                                : rng() % data_offset;
      bytes[at] = static_cast<char>(bytes[at] ^ (1u << (rng() % 8)));
    }
    if (bytes == m.bytes) continue;  // the flips cancelled
    if (!in_data) {
      Scope unused;
      EXPECT_ANY_THROW(Load(bytes, &unused)) << "trial " << trial;
      try {
        bytes = Resealed(bytes);
      } catch (const PaddleLiteException&) {
        ++thrown;  // the header itself is broken
        continue;
      }
    }
    Scope scope;
    cpp::ProgramDesc program;
    try {
      LoadModelNb(NbModelBytes::CopyOf(bytes.data(), bytes.size()), &scope, &program);
      ++loaded;
      // What loads must be usable: every param readable within its bytes.
      for (const auto& name : scope.LocalVarNames()) {
        const Tensor* t = scope.FindTensor(name);
        if (t && t->memory_size()) {
          volatile uint8_t sum = 0;
          const auto* p = static_cast<const uint8_t*>(t->raw_data());
          for (size_t i = 0; i < t->memory_size(); ++i) sum += p[i];
        }
      }
    } catch (const PaddleLiteException&) {
      EXPECT_FALSE(in_data) << "trial " << trial << ": a flip in the data section failed";
      ++thrown;
    }
  }
  EXPECT_GT(thrown, 0);
  EXPECT_GT(loaded, 0);  // flips inside param bytes or names load fine
}

TEST(NbLoader, ParamOffsetOutsideTheDataSection) {
  SmallModel m;
  std::string bytes = m.bytes;
  ASSERT_TRUE(MutableParam(&bytes, "p_i64")->mutate_offset(1ull << 40));
  ExpectMetaEditError(bytes, {"param 'p_i64'", "outside the data section"});
  bytes = m.bytes;
  ASSERT_TRUE(
      MutableParam(&bytes, "p_i32")->mutate_offset(std::numeric_limits<uint64_t>::max() - 63));
  ExpectMetaEditError(bytes, {"param 'p_i32'", "outside the data section"});
}

TEST(NbLoader, ParamSizeMustMatchDimsTimesPrecision) {
  SmallModel m;
  std::string bytes = m.bytes;
  fbs::Param* p = MutableParam(&bytes, "p_i64");
  ASSERT_TRUE(p->mutate_size(p->size() - 8));
  ExpectMetaEditError(bytes,
                  {"param 'p_i64'", "size 16 bytes does not match dims [3]", "int64", "24 bytes"});
  bytes = m.bytes;
  auto* dims = MutableParam(&bytes, "p_f32")->mutable_dims();
  dims->Mutate(0, -2);
  ExpectMetaEditError(bytes, {"param 'p_f32'", "negative dim"});
  bytes = m.bytes;
  dims = MutableParam(&bytes, "p_f32")->mutable_dims();
  dims->Mutate(0, int64_t{1} << 40);
  dims->Mutate(1, int64_t{1} << 40);
  ExpectMetaEditError(bytes, {"param 'p_f32'", "overflow"});
}

TEST(NbLoader, UnalignedParamOffset) {
  SmallModel m;
  std::string bytes = m.bytes;
  fbs::Param* p = MutableParam(&bytes, "p_i8");
  ASSERT_TRUE(p->mutate_offset(p->offset() + 4));
  ExpectMetaEditError(bytes, {"param 'p_i8'", "not a multiple of 64"});
}

TEST(NbLoader, UnknownEnumValues) {
  SmallModel m;
  std::string bytes = m.bytes;
  ASSERT_TRUE(MutableParam(&bytes, "p_f32")->mutate_precision(static_cast<fbs::Precision>(77)));
  ExpectMetaEditError(bytes, {"param 'p_f32'", "unknown precision value 77"});

  bytes = m.bytes;
  auto* op =
      MutableMeta(&bytes)->mutable_blocks()->GetMutableObject(0)->mutable_ops()->GetMutableObject(
          1);
  ASSERT_TRUE(op->mutable_kernel()->mutate_target(static_cast<fbs::Target>(3)));
  ExpectMetaEditError(bytes, {"op 'every_kind' kernel", "unknown target value 3"});

  bytes = m.bytes;
  op = MutableMeta(&bytes)->mutable_blocks()->GetMutableObject(0)->mutable_ops()->GetMutableObject(
      1);
  ASSERT_TRUE(op->mutable_kernel()->mutate_layout(static_cast<fbs::Layout>(-1)));
  ExpectMetaEditError(bytes, {"unknown layout value -1"});

  bytes = m.bytes;
  auto* attr = MutableMeta(&bytes)
                   ->mutable_blocks()
                   ->GetMutableObject(0)
                   ->mutable_ops()
                   ->GetMutableObject(1)
                   ->mutable_attrs()
                   ->GetMutableObject(0);
  ASSERT_TRUE(attr->mutate_kind(static_cast<fbs::AttrKind>(13)));
  ExpectMetaEditError(bytes, {"op 'every_kind'", "unknown attribute kind value 13"});

  bytes = m.bytes;
  auto* var =
      MutableMeta(&bytes)->mutable_blocks()->GetMutableObject(0)->mutable_vars()->GetMutableObject(
          2);  // "x", float: its precision is stored
  ASSERT_TRUE(var->mutate_precision(static_cast<fbs::Precision>(11)));
  ExpectMetaEditError(bytes, {"var 'x'", "unknown precision value 11"});

  bytes = m.bytes;
  var =
      MutableMeta(&bytes)->mutable_blocks()->GetMutableObject(0)->mutable_vars()->GetMutableObject(
          0);  // "feed", a FeedList (kind 1, stored)
  ASSERT_TRUE(var->mutate_kind(static_cast<fbs::VarKind>(9)));
  ExpectMetaEditError(bytes, {"var 'feed'", "unknown var kind value 9"});
}

TEST(NbLoader, CorruptMetaSectionFailsVerification) {
  SmallModel m;
  std::string bytes = m.bytes;
  const auto meta_offset = GetLE<uint64_t>(bytes, 16);
  PutLE<uint32_t>(&bytes, meta_offset, 0x7ffffff0u);  // root table offset far outside
  ExpectMetaEditError(bytes, {"meta section is not a valid model flatbuffer"});
}

// A whole file around a meta flatbuffer built here (no params).
std::string FileWithMeta(const flatbuffers::FlatBufferBuilder& fbb) {
  nb::Header h;
  h.opt_version = "hand-made";
  h.meta_offset = kNbHeaderSize;
  h.meta_size = fbb.GetSize();
  h.data_offset = (kNbHeaderSize + fbb.GetSize() + 63) / 64 * 64;
  h.data_size = 64;
  std::string bytes = nb::EncodeHeader(h);
  bytes.append(reinterpret_cast<const char*>(fbb.GetBufferPointer()), fbb.GetSize());
  bytes.resize(h.data_offset + h.data_size, '\0');
  return Resealed(bytes);
}

// A flatbuffer may point at one table or string from many places; what the loader builds
// from it stays proportional to the file's size.
TEST(NbLoader, SharedSubstructuresCannotBlowUpMemory) {
  {
    flatbuffers::FlatBufferBuilder fbb;
    const auto big = fbb.CreateString(std::string(10000, 'x'));
    const std::vector<flatbuffers::Offset<flatbuffers::String>> refs(100000, big);
    const auto strings = fbb.CreateVector(refs);
    const auto name = fbb.CreateString("s");
    fbs::AttrBuilder ab(fbb);
    ab.add_name(name);
    ab.add_kind(fbs::AttrKind::STRINGS);
    ab.add_strings(strings);
    const auto attr = ab.Finish();
    const auto op =
        fbs::CreateOp(fbb, fbb.CreateString("op"), 0, 0,
                      fbb.CreateVector(std::vector<flatbuffers::Offset<fbs::Attr>>{attr}));
    const auto block = fbs::CreateBlock(
        fbb, 0, -1, 0, fbb.CreateVector(std::vector<flatbuffers::Offset<fbs::Op>>{op}));
    fbs::FinishModelBuffer(
        fbb, fbs::CreateModel(
                 fbb, 0, fbb.CreateVector(std::vector<flatbuffers::Offset<fbs::Block>>{block})));
    // 1 GB of strings from a 400 kB file.
    ExpectLoadError(FileWithMeta(fbb), {"expands far beyond"});
  }
  {
    flatbuffers::FlatBufferBuilder fbb;
    const auto op = fbs::CreateOp(fbb, fbb.CreateString(std::string(1000, 'o')));
    const std::vector<flatbuffers::Offset<fbs::Op>> ops(200000, op);
    const auto block = fbs::CreateBlock(fbb, 0, -1, 0, fbb.CreateVector(ops));
    fbs::FinishModelBuffer(
        fbb, fbs::CreateModel(
                 fbb, 0, fbb.CreateVector(std::vector<flatbuffers::Offset<fbs::Block>>{block})));
    // 200000 references to one op with a 1000-byte type: 200 MB from an 800 kB file.
    ExpectLoadError(FileWithMeta(fbb), {"expands far beyond"});
  }
}

// The verifier aligns a vector's length field only: a vector of int64 moved by 4 bytes
// passes it, and the loader must refuse it rather than load misaligned values.
TEST(NbLoader, MisalignedVectorIsRefused) {
  SmallModel m;
  std::string bytes = m.bytes;
  fbs::Param* param = MutableParam(&bytes, "p_f32");  // dims [2, 3, 5]
  auto* table = reinterpret_cast<flatbuffers::Table*>(param);
  auto* field = const_cast<uint8_t*>(table->GetAddressOf(fbs::Param::VT_DIMS));
  ASSERT_NE(field, nullptr);
  // Now the length is the low half of dims[0] (2) and the elements start 4 bytes later.
  flatbuffers::WriteScalar<flatbuffers::uoffset_t>(
      field, flatbuffers::ReadScalar<flatbuffers::uoffset_t>(field) + 4);
  ExpectMetaEditError(bytes, {"param 'p_f32'", "misaligned"});
}

// Bytes from elsewhere that do not keep the params' alignment.
class OffByOneBytes : public NbModelBytes {
 public:
  explicit OffByOneBytes(const std::string& bytes)
      : copy_(NbModelBytes::CopyOf(std::string(1, '\0').append(bytes).data(), bytes.size() + 1)) {}
  const uint8_t* data() const override { return copy_->data() + 1; }
  size_t size() const override { return copy_->size() - 1; }

 private:
  std::shared_ptr<const NbModelBytes> copy_;
};

// A one-block file without ops or params whose op_versions hold `entries` (none: no field,
// as every file had before plite kept versions).
std::string FileWithOpVersions(const std::vector<std::pair<std::string, int32_t>>& entries,
                               bool with_field = true) {
  flatbuffers::FlatBufferBuilder fbb;
  const auto block = fbs::CreateBlock(fbb, 0, -1);
  const auto blocks = fbb.CreateVector(std::vector<flatbuffers::Offset<fbs::Block>>{block});
  std::vector<flatbuffers::Offset<fbs::OpVersion>> offs;
  for (const auto& e : entries) {
    offs.push_back(fbs::CreateOpVersion(fbb, fbb.CreateString(e.first), e.second));
  }
  flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fbs::OpVersion>>> versions;
  if (with_field) versions = fbb.CreateVector(offs);
  fbs::FinishModelBuffer(fbb, fbs::CreateModel(fbb, 7, blocks, 0, versions));
  return FileWithMeta(fbb);
}

TEST(NbOpVersions, KeptForTheProgramsOpTypesOnly) {
  SmallModel m;  // records every_kind 3, feed 0, increment 1
  const fbs::Model* meta = MutableMeta(&m.bytes);
  ASSERT_NE(meta->op_versions(), nullptr);
  EXPECT_EQ(meta->op_versions()->size(), 3u);

  // Paddle records every op type it knows; the .nb keeps those of the program's ops.
  Scope scope;
  cpp::ProgramDesc program = ProgramWithEverything(&scope);
  program.op_versions["conv2d"] = 1;
  Scope loaded_scope;
  const cpp::ProgramDesc loaded = Load(SerializeModelNb(program, scope, "t"), &loaded_scope);
  EXPECT_EQ(loaded.op_versions, (std::map<std::string, int32_t>{
                                    {"every_kind", 3}, {"feed", 0}, {"increment", 1}}));
}

// Files written before plite kept versions have no op_versions field; they load with none,
// and a program recording none is written the same way.
TEST(NbOpVersions, FilesWithoutTheFieldLoad) {
  Scope scope;
  cpp::ProgramDesc loaded = Load(FileWithOpVersions({}, /*with_field=*/false), &scope);
  EXPECT_EQ(loaded.version, 7);
  EXPECT_TRUE(loaded.op_versions.empty());

  SmallModel m;
  m.program.op_versions.clear();
  std::string bytes = SerializeModelNb(m.program, m.scope, "t");
  EXPECT_EQ(MutableMeta(&bytes)->op_versions(), nullptr);
  Scope loaded_scope;
  ExpectSameProgram(m.program, Load(bytes, &loaded_scope));
}

TEST(NbOpVersions, MalformedEntriesAreNamed) {
  ExpectLoadError(FileWithOpVersions({{"scale", -2}}),
                  {"op_version_map", "op 'scale'", "version -2", "non-negative"});
  ExpectLoadError(FileWithOpVersions({{"", 5}}), {"op_version_map", "empty op type", "version 5"});
  ExpectLoadError(FileWithOpVersions({{"relu", 1}, {"relu", 2}}),
                  {"op_version_map", "op 'relu' appears twice", "versions 1 and 2"});
  std::vector<std::pair<std::string, int32_t>> too_many(cpp::kMaxOpVersionEntries + 1, {"x", 1});
  ExpectLoadError(FileWithOpVersions(too_many), {"op_version_map", "65537 entries"});

  // In a file opt wrote: a version edited in place.
  SmallModel m;
  std::string bytes = m.bytes;
  auto* entries = MutableMeta(&bytes)->mutable_op_versions();
  for (flatbuffers::uoffset_t i = 0; i < entries->size(); ++i) {
    if (entries->Get(i)->op_type()->str() == "every_kind") {
      ASSERT_TRUE(entries->GetMutableObject(i)->mutate_version(-1));
    }
  }
  ExpectMetaEditError(bytes, {"op 'every_kind'", "version -1"});
}

TEST(NbLoader, UnalignedBytesAreRefused) {
  SmallModel m;
  ExpectError(
      [&] {
        Scope scope;
        cpp::ProgramDesc program;
        LoadModelNb(std::make_shared<OffByOneBytes>(m.bytes), &scope, &program);
      },
      {"<memory buffer>", "not 64-byte aligned"});
}

TEST(NbLoader, MissingEmptyAndDirectoryFiles) {
  TempDir dir;
  ExpectError([&] { NbModelBytes::MapFile(dir / "absent.nb"); },
              {"missing nb model file", dir / "absent.nb"});
  WriteBytes(dir / "empty.nb", "");
  ExpectError([&] { NbModelBytes::MapFile(dir / "empty.nb"); }, {dir / "empty.nb", "empty"});
  ExpectError([&] { NbModelBytes::MapFile(dir.path()); }, {dir.path(), "is a directory"});
  ExpectLoadError("", {"empty"});
  WriteBytes(dir / "short.nb", "\x89PLNB\r\n\x1a");
  ExpectError(
      [&] {
        Scope scope;
        cpp::ProgramDesc program;
        LoadModelNb(NbModelBytes::MapFile(dir / "short.nb"), &scope, &program);
      },
      {dir / "short.nb", "truncated"});
  ExpectError(
      [&] {
        Scope scope;
        cpp::ProgramDesc program;
        LoadModelNb(nullptr, &scope, &program);
      },
      {"no model bytes"});
}

// ---- checksums ----

void FlipBit(std::string* bytes, size_t bit) {
  (*bytes)[bit / 8] = static_cast<char>((*bytes)[bit / 8] ^ (1u << (bit % 8)));
}

// Where a param's bytes lie in the file.
size_t ParamPosition(std::string* bytes, const std::string& name) {
  return GetLE<uint64_t>(*bytes, 32) + MutableParam(bytes, name)->offset();
}

// The file position of a scalar field of a flatbuffer table inside `bytes`.
size_t FieldPosition(const std::string& bytes, const void* table, flatbuffers::voffset_t field) {
  const uint8_t* at = reinterpret_cast<const flatbuffers::Table*>(table)->GetAddressOf(field);
  EXPECT_NE(at, nullptr);
  return static_cast<size_t>(reinterpret_cast<const char*>(at) - bytes.data());
}

TEST(NbChecksum, HeaderAndParamsHoldTheCrc32cOfTheirBytes) {
  SmallModel m;
  const size_t data_offset = GetLE<uint64_t>(m.bytes, 32);
  // From the documented layout: bytes [0, 112), then [116, data offset).
  const uint32_t meta = Crc32c(m.bytes.data() + 116, data_offset - 116, Crc32c(m.bytes.data(), 112));
  EXPECT_EQ(GetLE<uint32_t>(m.bytes, 112), meta);
  EXPECT_EQ(m.bytes.substr(116, 12), std::string(12, '\0'));  // reserved
  std::string bytes = m.bytes;
  const auto* params = MutableMeta(&bytes)->params();
  ASSERT_GT(params->size(), 5u);
  for (const fbs::Param* p : *params) {
    EXPECT_EQ(p->crc32c(), Crc32c(&m.bytes[data_offset + p->offset()], p->size()))
        << p->name()->str();
  }
}

// Every single-bit flip before the data section fails the load: in the header's fields on
// their own checks or the checksum, from the writer's version on (meta section, padding) on
// the checksum, with a message saying so.
TEST(NbChecksum, EveryBitFlipBeforeTheDataSectionIsCaught) {
  SmallModel m;
  const size_t data_offset = GetLE<uint64_t>(m.bytes, 32);
  ASSERT_LT(data_offset, 16384u);  // small enough to try every bit
  std::string bytes = m.bytes;
  for (size_t bit = 0; bit < data_offset * 8 && !::testing::Test::HasFailure(); ++bit) {
    FlipBit(&bytes, bit);
    const size_t byte = bit / 8;
    try {
      Scope scope;
      Load(bytes, &scope);
      ADD_FAILURE() << "bit " << bit % 8 << " of byte " << byte << " flipped: loaded";
    } catch (const PaddleLiteException& e) {
      const std::string what = e.what();
      if (byte >= nb::kOptVersionOffset) {
        EXPECT_NE(what.find("meta section checksum mismatch (stored 0x"), std::string::npos)
            << "byte " << byte << ": " << what;
        EXPECT_NE(what.find("): the file is corrupted"), std::string::npos) << what;
      }
    }
    FlipBit(&bytes, bit);
  }
}

// Param bytes are checked only when asked (a pass over every weight); then a flipped bit
// names its param, and the same bytes unflipped load.
TEST(NbChecksum, FlippedWeightBitFailsOnlyTheCheckedLoadNamingTheParam) {
  SmallModel m;
  std::string bytes = m.bytes;
  const auto* params = MutableMeta(&bytes)->params();
  int checked = 0;
  for (const fbs::Param* p : *params) {
    if (p->size() == 0) continue;
    const std::string name = p->name()->str();
    SCOPED_TRACE(name);
    for (size_t bit : {size_t{0}, p->size() * 8 - 1}) {
      std::string flipped = m.bytes;
      FlipBit(&flipped, ParamPosition(&flipped, name) * 8 + bit);
      Scope unchecked;
      EXPECT_NO_THROW(Load(flipped, &unchecked));
      ExpectLoadError(flipped,
                      {"<memory buffer>", "param '" + name + "'", "checksum mismatch (stored 0x",
                       "the weights are corrupted"},
                      /*check_weights=*/true);
    }
    ++checked;
  }
  EXPECT_GE(checked, 5);
  Scope scope;
  Load(m.bytes, &scope, /*check_weights=*/true);
  ExpectSameParams(m.program, m.scope, scope);
}

// Files from before the checksums (format version 1) load as they always did, unchecked;
// asking to check their weights says why it cannot.
TEST(NbChecksum, FormatVersion1LoadsWithoutChecksums) {
  SmallModel m;
  std::string v1 = m.bytes;
  PutLE<uint32_t>(&v1, 8, 1);
  PutLE<uint32_t>(&v1, nb::kMetaChecksumOffset, 0);
  Scope scope;
  Load(v1, &scope);
  ExpectSameParams(m.program, m.scope, scope);
  ExpectLoadError(v1,
                  {"cannot check the weights", "format version 1", "test-1.2.3",
                   "start at format version 2", "re-run opt"},
                  /*check_weights=*/true);
}

// The two single-bit flips a tester found passing validation before the checksums, on the
// sample model as opt writes it: each is caught, and with the checksum made right again it
// would load (nothing else can tell).
TEST_F(NbSampleModel, FlipsThatPassEveryStructuralCheckAreCaught) {
  auto cxx = CxxPredictor();
  const std::string base = *dir_ / "flips";
  cxx->SaveOptimizedModel(base, lite_api::LiteModelType::kNaiveBuffer);
  const std::string good = ReadBytes(base + ".nb");
  const uint64_t data_size = GetLE<uint64_t>(good, 40);

  // 1. A param's offset moved by 512 bytes (bit 9), to where its bytes still fit (an offset
  // of 0 is the field's default, not stored).
  std::string moved = good;
  const fbs::Param* param = nullptr;
  for (const fbs::Param* p : *MutableMeta(&moved)->params()) {
    const uint64_t offset = p->offset() ^ 512;
    if (p->offset() != 0 && offset <= data_size &&
        p->size() + kBufferPadding <= data_size - offset) {
      param = p;
      break;
    }
  }
  ASSERT_NE(param, nullptr);
  const std::string name = param->name()->str();
  const uint64_t offset = param->offset();
  FlipBit(&moved, FieldPosition(moved, param, fbs::Param::VT_OFFSET) * 8 + 9);
  ASSERT_EQ(param->offset(), offset ^ 512);
  ExpectLoadError(moved, {"meta section checksum mismatch", "the file is corrupted"});
  {
    Scope scope;
    Load(Resealed(moved), &scope);  // other bytes as the weight, silently
    const auto* w = static_cast<const uint8_t*>(scope.FindTensor(name)->raw_data());
    Scope right;
    Load(good, &right);
    const auto* r = static_cast<const uint8_t*>(right.FindTensor(name)->raw_data());
    EXPECT_NE(std::memcmp(w, r, 64), 0) << name;
  }

  // 2. A conv attribute changed: one bit of strides[0].
  std::string changed = good;
  const fbs::Attr* strides = nullptr;
  for (const fbs::Op* op : *MutableMeta(&changed)->blocks()->Get(0)->ops()) {
    if (op->type()->str().find("conv2d") == std::string::npos) continue;
    for (const fbs::Attr* a : *op->attrs()) {
      if (a->name()->str() == "strides") strides = a;
    }
    if (strides) break;
  }
  ASSERT_NE(strides, nullptr);
  const int32_t stride = strides->ints()->Get(0);
  const size_t at = reinterpret_cast<const char*>(strides->ints()->Data()) - changed.data();
  FlipBit(&changed, at * 8);
  ASSERT_EQ(strides->ints()->Get(0), stride ^ 1);
  ExpectLoadError(changed, {"meta section checksum mismatch", "the file is corrupted"});
  Scope scope;
  const cpp::ProgramDesc program = Load(Resealed(changed), &scope);
  bool found = false;
  for (const auto& op : program.blocks[0].ops) {
    if (op.HasAttr("strides") && op.GetAttr<std::vector<int32_t>>("strides")[0] == (stride ^ 1)) {
      found = true;
    }
  }
  EXPECT_TRUE(found) << "the changed stride loads once the checksum is made right";
}

}  // namespace
}  // namespace lite
}  // namespace paddle
