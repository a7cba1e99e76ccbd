#include "lite/tests/model_parser/model_test_util.h"

#include <atomic>
#include <chrono>

#include "lite/model_parser/pb/params_io.h"

namespace paddle {
namespace lite {
namespace testing {

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  path_ = (fs::temp_directory_path() /
           ("plite_model_test_" + std::to_string(stamp) + "_" + std::to_string(counter++)))
              .string();
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.is_open()) << path;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  EXPECT_TRUE(out.good()) << path;
}

void Wire::Raw(uint64_t v) {
  while (v >= 0x80) {
    out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out_.push_back(static_cast<char>(v));
}

Wire& Wire::Varint(int field, uint64_t value) {
  Raw(static_cast<uint64_t>(field) << 3 | 0);
  Raw(value);
  return *this;
}

Wire& Wire::Float(int field, float value) {
  Raw(static_cast<uint64_t>(field) << 3 | 5);
  out_ += Pod(value);
  return *this;
}

Wire& Wire::Double(int field, double value) {
  Raw(static_cast<uint64_t>(field) << 3 | 1);
  out_ += Pod(value);
  return *this;
}

Wire& Wire::Bytes(int field, const std::string& bytes) {
  Raw(static_cast<uint64_t>(field) << 3 | 2);
  Raw(bytes.size());
  out_ += bytes;
  return *this;
}

Wire TensorDescWire(int data_type, const std::vector<int64_t>& dims) {
  Wire w;
  w.Int(1, data_type);
  for (int64_t d : dims) w.Int(2, d);
  return w;
}

Wire LodTensorVarWire(const std::string& name, int data_type, const std::vector<int64_t>& dims,
                      bool persistable) {
  Wire type;
  type.Int(1, 7).Msg(3, Wire().Msg(1, TensorDescWire(data_type, dims)));  // LOD_TENSOR
  Wire var;
  var.Bytes(1, name).Msg(2, type).Varint(3, persistable);
  return var;
}

Wire VarOfTypeWire(const std::string& name, int var_type, bool persistable) {
  Wire var;
  var.Bytes(1, name).Msg(2, Wire().Int(1, var_type)).Varint(3, persistable);
  return var;
}

Wire AttrWire(const std::string& name, int attr_type) {
  Wire a;
  a.Bytes(1, name).Int(2, attr_type);
  return a;
}

Wire OpWire(const std::string& type, const std::vector<Wire>& attrs) {
  Wire op;
  op.Bytes(3, type);
  for (const auto& a : attrs) op.Msg(4, a);
  return op;
}

Wire BlockWire(int idx, int parent_idx, const std::vector<Wire>& vars,
               const std::vector<Wire>& ops) {
  Wire b;
  b.Int(1, idx).Int(2, parent_idx);
  for (const auto& v : vars) b.Msg(3, v);
  for (const auto& o : ops) b.Msg(4, o);
  return b;
}

Wire ProgramWire(const std::vector<Wire>& blocks, int64_t version) {
  Wire p;
  for (const auto& b : blocks) p.Msg(1, b);
  p.Msg(4, Wire().Int(1, version));
  return p;
}

std::string TensorRecord(int data_type, const std::vector<int64_t>& dims,
                         const std::string& data, const std::vector<std::vector<uint64_t>>& lod) {
  std::string r = Pod<uint32_t>(0) + Pod<uint64_t>(lod.size());
  for (const auto& level : lod) r += Pod<uint64_t>(level.size() * 8) + DataBytes(level);
  const std::string desc = TensorDescWire(data_type, dims).str();
  r += Pod<uint32_t>(0) + Pod<int32_t>(static_cast<int32_t>(desc.size())) + desc + data;
  return r;
}

namespace {

void ExpectSameVar(const cpp::VarDesc& a, const cpp::VarDesc& b) {
  SCOPED_TRACE("var " + a.name);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.persistable, b.persistable);
  if (a.kind == cpp::VarKind::kLodTensor || a.kind == cpp::VarKind::kTensorArray) {
    EXPECT_EQ(a.precision, b.precision);
    EXPECT_EQ(a.shape, b.shape);
  }
}

void ExpectSameOp(const cpp::OpDesc& a, const cpp::OpDesc& b) {
  SCOPED_TRACE("op " + a.Type());
  EXPECT_EQ(a.Type(), b.Type());
  EXPECT_EQ(a.inputs(), b.inputs());
  EXPECT_EQ(a.outputs(), b.outputs());
  ASSERT_EQ(a.attrs().size(), b.attrs().size());
  for (const auto& kv : a.attrs()) {
    SCOPED_TRACE("attribute " + kv.first);
    ASSERT_TRUE(b.HasAttr(kv.first));
    const cpp::Attribute& other = b.attrs().at(kv.first);
    EXPECT_EQ(kv.second.type, other.type) << cpp::AttrTypeName(kv.second.type) << " vs "
                                          << cpp::AttrTypeName(other.type);
    EXPECT_TRUE(kv.second.value == other.value);
  }
}

}  // namespace

void ExpectSameProgram(const cpp::ProgramDesc& a, const cpp::ProgramDesc& b) {
  EXPECT_EQ(a.version, b.version);
  ASSERT_EQ(a.blocks.size(), b.blocks.size());
  for (size_t i = 0; i < a.blocks.size(); ++i) {
    SCOPED_TRACE("block " + std::to_string(i));
    const auto& x = a.blocks[i];
    const auto& y = b.blocks[i];
    EXPECT_EQ(x.idx, y.idx);
    EXPECT_EQ(x.parent_idx, y.parent_idx);
    ASSERT_EQ(x.vars.size(), y.vars.size());
    for (size_t v = 0; v < x.vars.size(); ++v) ExpectSameVar(x.vars[v], y.vars[v]);
    ASSERT_EQ(x.ops.size(), y.ops.size());
    for (size_t o = 0; o < x.ops.size(); ++o) ExpectSameOp(x.ops[o], y.ops[o]);
  }
}

void ExpectSameParams(const cpp::ProgramDesc& program, const Scope& a, const Scope& b) {
  for (const cpp::VarDesc* var : pb::ParamVars(program)) {
    SCOPED_TRACE("param " + var->name);
    const Tensor* x = a.FindTensor(var->name);
    const Tensor* y = b.FindTensor(var->name);
    ASSERT_NE(x, nullptr);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(x->dims(), y->dims());
    EXPECT_EQ(x->precision(), y->precision());
    EXPECT_EQ(x->lod(), y->lod());
    EXPECT_TRUE(y->persistable());
    const size_t bytes = x->numel() * lite_api::PrecisionTypeLength(x->precision());
    ASSERT_EQ(y->numel() * lite_api::PrecisionTypeLength(y->precision()), bytes);
    if (bytes) {
      EXPECT_EQ(std::memcmp(x->raw_data(), y->raw_data(), bytes), 0);
    }
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
