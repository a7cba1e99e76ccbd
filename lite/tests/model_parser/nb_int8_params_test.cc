// Float params stored in int8 in a .nb (format version 3, Param.int8_scales): a weight whose
// rows are int8 levels times a factor is written as its levels and factors, loads back bit
// for bit, and only then marks the file version 3; other params stay as they are; the
// checksum covers the stored bytes; malformed int8 params are errors naming the param.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "lite/api/paddle_exception.h"
#include "lite/model_parser/flatbuffers/model_generated.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace {

using testing::ExpectError;
using testing::TensorVar;

constexpr int kRows = 8, kCols = 36;

void AddFloatParam(cpp::BlockDesc* block, Scope* scope, const std::string& name,
                   const std::vector<int64_t>& dims, const std::vector<float>& values) {
  block->vars.push_back(TensorVar(name, PrecisionType::kFloat, dims, true));
  Tensor* t = scope->Var(name)->GetMutable<Tensor>();
  t->Resize(DDim(dims));
  std::memcpy(t->mutable_data<float>(), values.data(), values.size() * sizeof(float));
  t->set_persistable(true);
}

// Row r: levels (i * 29 + r) % 255 - 127 (+-127 among them) times 0.01 * (r + 1).
std::vector<float> LevelProducts() {
  std::vector<float> w(kRows * kCols);
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kCols; ++c) {
      const int level = c == 0 ? 127 : (c * 29 + r) % 255 - 127;
      w[r * kCols + c] = static_cast<float>(level) * (0.01f * (r + 1));
    }
  }
  return w;
}

std::vector<float> RandomFloats(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> w(n);
  for (float& v : w) v = u(rng);
  return w;
}

struct Int8Model {
  Scope scope;
  cpp::ProgramDesc program;
  std::string bytes;
  // with_products false: qat_filter holds random floats instead.
  explicit Int8Model(bool with_products = true) {
    program.blocks.resize(1);
    AddFloatParam(&program.blocks[0], &scope, "qat_filter", {kRows, kCols / 9, 3, 3},
                  with_products ? LevelProducts() : RandomFloats(kRows * kCols, 5));
    AddFloatParam(&program.blocks[0], &scope, "float_filter", {kRows, kCols},
                  RandomFloats(kRows * kCols, 3));
    bytes = SerializeModelNb(program, scope, "test");
  }
};

fbs::Param* MutableParam(std::string* bytes, const std::string& name) {
  uint64_t meta_offset = 0;
  std::memcpy(&meta_offset, bytes->data() + 16, 8);
  auto* params = fbs::GetMutableModel(&(*bytes)[meta_offset])->mutable_params();
  for (flatbuffers::uoffset_t i = 0; i < params->size(); ++i) {
    if (params->Get(i)->name()->str() == name) return params->GetMutableObject(i);
  }
  ADD_FAILURE() << "no param " << name;
  return nullptr;
}

void Load(const std::string& bytes, Scope* scope, bool check_weights = false) {
  cpp::ProgramDesc program;
  NbLoadOptions options;
  options.check_weight_checksums = check_weights;
  LoadModelNb(NbModelBytes::CopyOf(bytes.data(), bytes.size()), scope, &program, options);
}

void ExpectSameFloats(const Tensor& a, const Tensor& b) {
  ASSERT_EQ(a.dims(), b.dims());
  ASSERT_EQ(b.precision(), PrecisionType::kFloat);
  EXPECT_EQ(std::memcmp(a.data<float>(), b.data<float>(), a.numel() * sizeof(float)), 0);
}

TEST(NbInt8Params, LevelProductsAreStoredInInt8AndLoadBitForBit) {
  Int8Model m;
  const auto bytes = NbModelBytes::CopyOf(m.bytes.data(), m.bytes.size());
  EXPECT_EQ(ReadNbHeader(*bytes).format_version, kNbFirstInt8ParamVersion);
  std::string copy = m.bytes;
  const fbs::Param* qat = MutableParam(&copy, "qat_filter");
  ASSERT_NE(qat->int8_scales(), nullptr);
  EXPECT_EQ(qat->int8_scales()->size(), static_cast<uint32_t>(kRows));
  EXPECT_EQ(qat->size(), static_cast<uint64_t>(kRows * kCols));  // a byte an element
  EXPECT_EQ(MutableParam(&copy, "float_filter")->int8_scales(), nullptr);

  for (const bool check : {false, true}) {  // the checksum covers the stored int8 bytes
    Scope loaded;
    Load(m.bytes, &loaded, check);
    ExpectSameFloats(*m.scope.FindTensor("qat_filter"), *loaded.FindTensor("qat_filter"));
    ExpectSameFloats(*m.scope.FindTensor("float_filter"), *loaded.FindTensor("float_filter"));
  }
}

TEST(NbInt8Params, FilesWithoutThemStayVersion2AndWeighMore) {
  Int8Model plain(false);
  const auto bytes = NbModelBytes::CopyOf(plain.bytes.data(), plain.bytes.size());
  EXPECT_EQ(ReadNbHeader(*bytes).format_version, kNbFirstChecksummedVersion);
  // The int8 storage takes a byte an element for four (the scales and alignment aside).
  Int8Model with;
  EXPECT_GE(plain.bytes.size() - with.bytes.size(), kRows * kCols * 3 - 128u);
}

TEST(NbInt8Params, MalformedInt8ParamsAreNamed) {
  Int8Model m;
  {  // an int8-stored param claimed by a version 2 file
    std::string bytes = m.bytes;
    bytes[8] = 2;
    nb::RewriteMetaChecksum(&bytes);
    ExpectError([&] { Scope s; Load(bytes, &s); },
                {"param 'qat_filter'", "int8-stored weights in a format version 2 file"});
  }
  {  // int8 storage of an int8 param
    std::string bytes = m.bytes;
    ASSERT_TRUE(MutableParam(&bytes, "qat_filter")->mutate_precision(fbs::Precision::Int8));
    nb::RewriteMetaChecksum(&bytes);
    ExpectError([&] { Scope s; Load(bytes, &s); }, {"param 'qat_filter'", "precision"});
  }
  {  // stored size of the float bytes
    std::string bytes = m.bytes;
    ASSERT_TRUE(MutableParam(&bytes, "qat_filter")->mutate_size(kRows * kCols * 4));
    nb::RewriteMetaChecksum(&bytes);
    ExpectError([&] { Scope s; Load(bytes, &s); }, {"param 'qat_filter'", "size"});
  }
  {  // a flipped level fails the checked load
    std::string bytes = m.bytes;
    const fbs::Param* p = MutableParam(&bytes, "qat_filter");
    uint64_t data_offset = 0;
    std::memcpy(&data_offset, bytes.data() + 32, 8);
    bytes[data_offset + p->offset() + 5] ^= 1;
    ExpectError([&] { Scope s; Load(bytes, &s, true); }, {"param 'qat_filter'", "checksum"});
  }
}

// Flips in the meta section of a file with int8-stored params, the checksum made right
// again so the structural checks face them: load or throw, never crash, and what loads has
// its float tensors whole.
TEST(NbInt8Params, RandomMetaFlipsLoadOrThrowNeverCrash) {
  Int8Model m;
  uint64_t data_offset = 0;
  std::memcpy(&data_offset, m.bytes.data() + 32, 8);
  std::mt19937 rng(20261203);
  int loaded = 0, thrown = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::string bytes = m.bytes;
    for (int f = 0; f < 1 + trial % 3; ++f) {
      const size_t at = rng() % data_offset;
      bytes[at] = static_cast<char>(bytes[at] ^ (1u << (rng() % 8)));
    }
    try {
      nb::RewriteMetaChecksum(&bytes);
      Scope scope;
      Load(bytes, &scope);
      const Tensor* t = scope.FindTensor("qat_filter");
      if (t && t->precision() == PrecisionType::kFloat) {
        volatile float sum = 0;
        for (int64_t i = 0; i < t->numel(); ++i) sum += t->data<float>()[i];
      }
      ++loaded;
    } catch (const PaddleLiteException&) {
      ++thrown;
    }
  }
  EXPECT_GT(thrown, 0);
  EXPECT_GT(loaded, 0);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
