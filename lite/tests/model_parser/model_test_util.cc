#include "lite/tests/model_parser/model_test_util.h"

#include <atomic>
#include <chrono>
#include <limits>

#include "lite/core/program.h"
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

Wire OpVersionMapWire(const std::vector<std::pair<std::string, int64_t>>& pairs) {
  Wire map;
  for (const auto& kv : pairs) {
    map.Msg(1, Wire().Bytes(1, kv.first).Msg(2, Wire().Int(1, kv.second)));
  }
  return map;
}

std::string TensorRecord(int data_type, const std::vector<int64_t>& dims,
                         const std::string& data, const std::vector<std::vector<uint64_t>>& lod) {
  std::string r = Pod<uint32_t>(0) + Pod<uint64_t>(lod.size());
  for (const auto& level : lod) r += Pod<uint64_t>(level.size() * 8) + DataBytes(level);
  const std::string desc = TensorDescWire(data_type, dims).str();
  r += Pod<uint32_t>(0) + Pod<int32_t>(static_cast<int32_t>(desc.size())) + desc + data;
  return r;
}

cpp::VarDesc TensorVar(const std::string& name, PrecisionType p, std::vector<int64_t> shape,
                       bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = cpp::VarKind::kLodTensor;
  v.precision = p;
  v.shape = std::move(shape);
  v.persistable = persistable;
  return v;
}

cpp::VarDesc OtherVar(const std::string& name, cpp::VarKind kind, bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = kind;
  v.precision = PrecisionType::kUnk;
  v.persistable = persistable;
  return v;
}

void AddParam(cpp::BlockDesc* block, Scope* scope, const std::string& name, PrecisionType p,
              std::vector<int64_t> shape, const LoD& lod) {
  block->vars.push_back(TensorVar(name, p, shape, true));
  Tensor* t = scope->Var(name)->GetMutable<Tensor>();
  t->Resize(DDim(shape));
  const size_t bytes = t->numel() * lite_api::PrecisionTypeLength(p);
  auto* data = static_cast<uint8_t*>(t->mutable_data(TargetType::kHost, bytes));
  t->set_precision(p);
  for (size_t i = 0; i < bytes; ++i) {
    data[i] = p == PrecisionType::kBool ? i % 2 : static_cast<uint8_t>(i * 37 + name.size());
  }
  t->set_lod(lod);
  t->set_persistable(true);
}

cpp::OpDesc OpWithEveryAttributeKind() {
  cpp::OpDesc op("every_kind");
  op.SetInput("X", {"x"});
  op.SetInput("Empty", {});
  op.SetInput("W", {"p_f32", "p_i8"});
  op.SetOutput("Out", {"out"});
  op.SetAttr<int32_t>("int", std::numeric_limits<int32_t>::min());
  op.SetAttr<int32_t>("int_zero", 0);
  op.SetAttr<float>("float", -1.5e-30f);
  op.SetAttr<float>("float_negative_zero", -0.0f);
  static const char kText[] = "utf8 \xc3\xa9 and a \0 byte";
  op.SetAttr<std::string>("string", std::string(kText, sizeof(kText) - 1));
  op.SetAttr<std::string>("string_empty", "");
  op.SetAttr<std::vector<int32_t>>("ints", {-1, 0, std::numeric_limits<int32_t>::max()});
  op.SetAttr<std::vector<float>>("floats", {0.25f, -0.0f, 3e38f});
  op.SetAttr<std::vector<std::string>>("strings", {"", "a", "b c"});
  op.SetAttr<bool>("boolean", true);
  op.SetAttr<bool>("boolean_false", false);
  op.SetAttr<std::vector<bool>>("booleans", {true, false, true});
  op.SetAttribute("block", {cpp::AttrType::BLOCK, int32_t{1}});
  op.SetAttr<int64_t>("long", std::numeric_limits<int64_t>::min());
  op.SetAttribute("blocks", {cpp::AttrType::BLOCKS, std::vector<int32_t>{1, 0}});
  op.SetAttr<std::vector<int64_t>>("longs", {int64_t{1} << 40, -7});
  op.SetAttr<std::vector<double>>("float64s", {1e-300, -2.5});
  op.SetAttr<double>("float64", 0.1);
  op.SetAttr<std::vector<int32_t>>("empty_ints", {});
  op.SetAttr<int32_t>("op_role", 0);  // bookkeeping attributes are kept too
  op.SetAttr<std::string>(kKernelKeyAttr, kEveryKindKernelKey);
  return op;
}

cpp::ProgramDesc ProgramWithEverything(Scope* scope) {
  cpp::ProgramDesc program;
  program.version = 2004000;
  program.blocks.resize(2);
  cpp::BlockDesc& b0 = program.blocks[0];
  b0.idx = 0;
  b0.parent_idx = -1;
  b0.vars.push_back(OtherVar("feed", cpp::VarKind::kFeedList, true));
  b0.vars.push_back(OtherVar("fetch", cpp::VarKind::kFetchList, true));
  b0.vars.push_back(TensorVar("x", PrecisionType::kFloat, {-1, 4}, false));
  b0.vars.push_back(TensorVar("out", PrecisionType::kInt32, {-1}, false));
  b0.vars.push_back(OtherVar("steps", cpp::VarKind::kOther, false));
  cpp::VarDesc array = TensorVar("array", PrecisionType::kInt64, {-1, 2}, false);
  array.kind = cpp::VarKind::kTensorArray;
  b0.vars.push_back(array);
  // Declared out of name order, so that sorting them is seen.
  AddParam(&b0, scope, "p_f32", PrecisionType::kFloat, {2, 3, 5});
  AddParam(&b0, scope, "p_i32", PrecisionType::kInt32, {2, 2});
  AddParam(&b0, scope, "p_i64", PrecisionType::kInt64, {3});
  AddParam(&b0, scope, "p_i8", PrecisionType::kInt8, {2, 3});
  AddParam(&b0, scope, "p_u8", PrecisionType::kUInt8, {7});
  AddParam(&b0, scope, "p_i16", PrecisionType::kInt16, {3});
  AddParam(&b0, scope, "p_f16", PrecisionType::kFP16, {1, 5});
  AddParam(&b0, scope, "p_f64", PrecisionType::kFP64, {2});
  AddParam(&b0, scope, "p_bool", PrecisionType::kBool, {5});
  AddParam(&b0, scope, "a_with_lod", PrecisionType::kFloat, {6, 1}, {{0, 2, 4}, {0, 1, 3, 4, 6}});
  AddParam(&b0, scope, "empty", PrecisionType::kFloat, {0, 3});
  AddParam(&b0, scope, "scalar_0d", PrecisionType::kFloat, {});
  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr<int32_t>("col", 0);
  feed.SetAttr<std::string>(kKernelKeyAttr, "feed,host,any,any,def");
  b0.ops.push_back(feed);
  b0.ops.push_back(OpWithEveryAttributeKind());

  cpp::BlockDesc& b1 = program.blocks[1];
  b1.idx = 1;
  b1.parent_idx = 0;
  b1.vars.push_back(TensorVar("i", PrecisionType::kInt64, {1}, false));
  cpp::OpDesc inc("increment");  // no picked kernel: stored without one
  inc.SetInput("X", {"i"});
  inc.SetOutput("Out", {"i"});
  inc.SetAttr<float>("step", 1.f);
  b1.ops.push_back(inc);
  // Only op types the program has (a .nb keeps no others); version 0 is the field's default.
  program.op_versions = {{"every_kind", 3}, {"feed", 0}, {"increment", 1}};
  return program;
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
  // Paddle's bookkeeping attributes aside: a .nb leaves them out (sample_model_test checks
  // that loading a Paddle model keeps them).
  auto compared = [](const cpp::OpDesc& op) {
    size_t n = 0;
    for (const auto& kv : op.attrs()) n += !cpp::IsBookkeepingAttr(kv.first);
    return n;
  };
  ASSERT_EQ(compared(a), compared(b));
  for (const auto& kv : a.attrs()) {
    if (cpp::IsBookkeepingAttr(kv.first)) continue;
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
  EXPECT_EQ(a.op_versions, b.op_versions);
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
