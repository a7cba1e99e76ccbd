// Inputs the fuzzers once crashed on, rebuilt here so the reason is plain; each must now
// fail with a PaddleLiteException naming the problem. (An optimizer crash found by fuzzing
// is covered in lite/tests/core/optimizer_test.cc, FusionPasses.ConvBnWithOneVar...)
#include <gtest/gtest.h>

#include <cstring>

#include "lite/core/program.h"
#include "lite/model_parser/flatbuffers/model_generated.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace fuzz {
namespace {

// Runs `fn`, expecting a PaddleLiteException whose message holds every one of `parts`.
template <typename F>
void ExpectError(F&& fn, std::initializer_list<std::string> parts) {
  try {
    fn();
    ADD_FAILURE() << "no exception thrown";
  } catch (const PaddleLiteException& e) {
    for (const auto& part : parts) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "message lacks '" << part << "': " << e.what();
    }
  }
}

void LoadNb(const std::string& bytes) {
  LoadAndBuildNb(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// A .nb holding one var 'x' of shape [1, 2] and no ops.
std::string OneVarNb() {
  cpp::ProgramDesc program;
  program.blocks.emplace_back();
  cpp::VarDesc x;
  x.name = "x";
  x.shape = {1, 2};
  program.blocks[0].vars.push_back(x);
  Scope scope;
  return SerializeModelNb(program, scope, "fuzz-regression");
}

// The flatbuffers verifier checks only the 4-byte alignment of a vector's length, so an
// int64 vector could start 4 bytes off and be read misaligned (UBSan: "load of misaligned
// address ... for type 'const long'").
TEST(FuzzRegressions, NbMisalignedInt64VectorIsRejected) {
  std::string bytes = OneVarNb();
  LoadNb(bytes);  // as written, it loads
  uint64_t meta_offset = 0;
  std::memcpy(&meta_offset, bytes.data() + 16, sizeof(meta_offset));  // header field
  auto* model = fbs::GetMutableModel(&bytes[meta_offset]);
  auto* var = model->mutable_blocks()->GetMutableObject(0)->mutable_vars()->GetMutableObject(0);
  ASSERT_EQ(var->shape()->size(), 2u);
  // shape = [1, 2] is stored as: u32 length 2 | i64 1 | i64 2. Pointing the vector 4 bytes
  // further makes the low half of the 1 its length (1) and puts its element 4 bytes off.
  // Flatbuffers layout: a table starts with the int32 distance back to its vtable, whose
  // entry at VT_SHAPE is the field's place in the table; the field holds the uint32
  // distance from itself to the vector.
  const size_t table = reinterpret_cast<const char*>(var) - bytes.data();
  int32_t to_vtable = 0;
  std::memcpy(&to_vtable, &bytes[table], sizeof(to_vtable));
  uint16_t field_in_table = 0;
  std::memcpy(&field_in_table, &bytes[table - to_vtable + fbs::Var::VT_SHAPE],
              sizeof(field_in_table));
  const size_t field = table + field_in_table;
  uint32_t to_vector = 0;
  std::memcpy(&to_vector, &bytes[field], sizeof(to_vector));
  to_vector += 4;
  std::memcpy(&bytes[field], &to_vector, sizeof(to_vector));
  ASSERT_EQ(var->shape()->size(), 1u);
  nb::RewriteMetaChecksum(&bytes);  // the edit is deliberate: the checks behind it must catch it
  ExpectError([&] { LoadNb(bytes); },
              {"nb model <memory buffer>", "vector of 8-byte values is misaligned"});
}

}  // namespace
}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
