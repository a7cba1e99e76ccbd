#include "lite/model_parser/pb/program_desc_parser.h"

#include <set>
#include <utility>
#include <vector>

#include "lite/model_parser/pb/data_type.h"
#include "lite/model_parser/pb/framework.pb.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pb {

namespace fw = ::paddle::framework::proto;
using cpp::AttrType;
using lite_api::PrecisionType;

namespace {

template <typename T, typename Repeated>
std::vector<T> ToVector(const Repeated& values) {
  return std::vector<T>(values.begin(), values.end());
}

// Text of a scalar, for the complex case that has no plite kind.
std::string ScalarText(const fw::Scalar& s) {
  switch (s.type()) {
    case fw::Scalar::BOOLEAN: return s.b() ? "true" : "false";
    case fw::Scalar::LONG: return std::to_string(s.i());
    case fw::Scalar::FLOAT64: return StrCat(s.r());
    default: return StrCat("complex(", s.c().r(), ", ", s.c().i(), ")");
  }
}

double ScalarReal(const fw::Scalar& s) {
  if (s.type() == fw::Scalar::BOOLEAN) return s.b() ? 1.0 : 0.0;
  if (s.type() == fw::Scalar::LONG) return static_cast<double>(s.i());
  return s.r();
}

// SCALAR: the plain kind of the scalar's own type.
cpp::Attribute ScalarAttribute(const fw::Scalar& s, const std::string& where) {
  switch (s.type()) {
    case fw::Scalar::BOOLEAN: return {AttrType::BOOLEAN, s.b()};
    case fw::Scalar::LONG: return {AttrType::LONG, int64_t{s.i()}};
    case fw::Scalar::FLOAT64: return {AttrType::FLOAT64, s.r()};
    case fw::Scalar::COMPLEX128: return {AttrType::STRING, ScalarText(s)};
    default: PLITE_THROW(where, ": unknown scalar type ", s.type());
  }
}

// SCALARS: all booleans -> BOOLEANS, all integers -> LONGS (also when empty), reals or a
// mix of numbers -> FLOAT64S, anything complex -> STRINGS of the values' text.
cpp::Attribute ScalarsAttribute(const google::protobuf::RepeatedPtrField<fw::Scalar>& values,
                                const std::string& where) {
  std::set<int> kinds;
  for (const auto& s : values) {
    PLITE_CHECK(s.type() >= fw::Scalar::BOOLEAN && s.type() <= fw::Scalar::COMPLEX128, where,
                ": unknown scalar type ", s.type());
    kinds.insert(s.type());
  }
  if (kinds.count(fw::Scalar::COMPLEX128)) {
    std::vector<std::string> texts;
    for (const auto& s : values) texts.push_back(ScalarText(s));
    return {AttrType::STRINGS, texts};
  }
  if (kinds.size() == 1 && kinds.count(fw::Scalar::BOOLEAN)) {
    std::vector<bool> out;
    for (const auto& s : values) out.push_back(s.b());
    return {AttrType::BOOLEANS, out};
  }
  if (kinds.empty() || (kinds.size() == 1 && kinds.count(fw::Scalar::LONG))) {
    std::vector<int64_t> out;
    for (const auto& s : values) out.push_back(s.i());
    return {AttrType::LONGS, out};
  }
  std::vector<double> out;
  for (const auto& s : values) out.push_back(ScalarReal(s));
  return {AttrType::FLOAT64S, out};
}

cpp::Attribute ConvertAttr(const fw::OpDesc::Attr& a, const std::string& where,
                           int num_blocks) {
  switch (a.type()) {
    case fw::INT: return {AttrType::INT, int32_t{a.i()}};
    case fw::FLOAT: return {AttrType::FLOAT, a.f()};
    case fw::STRING: return {AttrType::STRING, a.s()};
    case fw::INTS: return {AttrType::INTS, ToVector<int32_t>(a.ints())};
    case fw::FLOATS: return {AttrType::FLOATS, ToVector<float>(a.floats())};
    case fw::STRINGS: return {AttrType::STRINGS, ToVector<std::string>(a.strings())};
    case fw::BOOLEAN: return {AttrType::BOOLEAN, a.b()};
    case fw::BOOLEANS: return {AttrType::BOOLEANS, ToVector<bool>(a.bools())};
    case fw::LONG: return {AttrType::LONG, int64_t{a.l()}};
    case fw::LONGS: return {AttrType::LONGS, ToVector<int64_t>(a.longs())};
    case fw::FLOAT64: return {AttrType::FLOAT64, a.float64()};
    case fw::FLOAT64S: return {AttrType::FLOAT64S, ToVector<double>(a.float64s())};
    case fw::BLOCK:
      PLITE_CHECK(a.block_idx() >= 0 && a.block_idx() < num_blocks, where, " refers to block ",
                  a.block_idx(), " but the program has ", num_blocks, " blocks");
      return {AttrType::BLOCK, int32_t{a.block_idx()}};
    case fw::BLOCKS:
      for (int idx : a.blocks_idx()) {
        PLITE_CHECK(idx >= 0 && idx < num_blocks, where, " refers to block ", idx,
                    " but the program has ", num_blocks, " blocks");
      }
      return {AttrType::BLOCKS, ToVector<int32_t>(a.blocks_idx())};
    case fw::VAR: return {AttrType::STRING, a.var_name()};
    case fw::VARS: return {AttrType::STRINGS, ToVector<std::string>(a.vars_name())};
    case fw::SCALAR: return ScalarAttribute(a.scalar(), where);
    case fw::SCALARS: return ScalarsAttribute(a.scalars(), where);
    default: break;
  }
  PLITE_THROW(where, " has unknown attribute type ", a.type());
}

cpp::OpDesc ConvertOp(const fw::OpDesc& proto, int num_blocks) {
  cpp::OpDesc op(proto.type());
  for (const auto& in : proto.inputs()) {
    op.SetInput(in.parameter(), ToVector<std::string>(in.arguments()));
  }
  for (const auto& out : proto.outputs()) {
    op.SetOutput(out.parameter(), ToVector<std::string>(out.arguments()));
  }
  for (const auto& a : proto.attrs()) {
    const std::string where = StrCat("op '", proto.type(), "': attribute '", a.name(), "'");
    op.SetAttribute(a.name(), ConvertAttr(a, where, num_blocks));
  }
  return op;
}

void SetTensorDesc(const fw::VarType::TensorDesc& desc, const std::string& what,
                   cpp::VarDesc* var) {
  var->precision = PrecisionFromPaddleType(desc.data_type(), what);
  var->shape = ToVector<int64_t>(desc.dims());
}

cpp::VarDesc ConvertVar(const fw::VarDesc& proto) {
  cpp::VarDesc var;
  var.name = proto.name();
  var.persistable = proto.persistable();
  var.precision = PrecisionType::kUnk;
  const std::string what = StrCat("var '", proto.name(), "'");
  const fw::VarType& type = proto.type();
  switch (type.type()) {
    case fw::VarType::LOD_TENSOR:
      var.kind = cpp::VarKind::kLodTensor;
      PLITE_CHECK(type.has_lod_tensor(), what, " of type LOD_TENSOR has no tensor description");
      SetTensorDesc(type.lod_tensor().tensor(), what, &var);
      break;
    case fw::VarType::FEED_MINIBATCH:
    case fw::VarType::FEED_LIST:
      var.kind = cpp::VarKind::kFeedList;
      break;
    case fw::VarType::FETCH_LIST:
      var.kind = cpp::VarKind::kFetchList;
      break;
    case fw::VarType::LOD_TENSOR_ARRAY:
      var.kind = cpp::VarKind::kTensorArray;
      if (type.has_tensor_array()) SetTensorDesc(type.tensor_array().tensor(), what, &var);
      break;
    default:
      var.kind = cpp::VarKind::kOther;
      break;
  }
  return var;
}

cpp::ProgramDesc ConvertProgram(const fw::ProgramDesc& proto) {
  cpp::ProgramDesc program;
  program.version = proto.version().version();
  const int num_blocks = proto.blocks_size();
  PLITE_CHECK(num_blocks > 0, "the program has no blocks (block 0 is required)");
  for (int i = 0; i < num_blocks; ++i) {
    const fw::BlockDesc& b = proto.blocks(i);
    PLITE_CHECK(b.idx() == i, "block at position ", i, " has idx ", b.idx(),
                " (blocks must be stored in index order)");
    PLITE_CHECK(i == 0 ? b.parent_idx() == -1 || b.parent_idx() == 0
                       : b.parent_idx() >= 0 && b.parent_idx() < num_blocks,
                "block ", i, " has parent_idx ", b.parent_idx(), " (program has ", num_blocks,
                " blocks)");
    cpp::BlockDesc block;
    block.idx = b.idx();
    block.parent_idx = b.parent_idx();
    std::set<std::string> names;
    for (const auto& v : b.vars()) {
      PLITE_CHECK(names.insert(v.name()).second, "block ", i, " declares var '", v.name(),
                  "' twice");
      block.vars.push_back(ConvertVar(v));
    }
    for (const auto& op : b.ops()) block.ops.push_back(ConvertOp(op, num_blocks));
    program.blocks.push_back(std::move(block));
  }
  if (proto.has_op_version_map()) {
    const auto& pairs = proto.op_version_map().pair();
    PLITE_CHECK(static_cast<size_t>(pairs.size()) <= cpp::kMaxOpVersionEntries,
                "op_version_map: ", pairs.size(), " entries (at most ",
                cpp::kMaxOpVersionEntries, ")");
    for (const auto& pair : pairs) {
      cpp::AddModelOpVersion(pair.op_name(), pair.op_version().version(), &program);
    }
  }
  return program;
}

}  // namespace

cpp::ProgramDesc ParseProgramDesc(const std::string& bytes, const std::string& source) {
  fw::ProgramDesc proto;
  // Partial parse so a missing required field is reported by name, not as garbage.
  if (!proto.ParsePartialFromString(bytes)) {
    PLITE_THROW("failed to parse program ", source, ": not a valid ProgramDesc protobuf (",
                bytes.size(), " bytes)");
  }
  if (!proto.IsInitialized()) {
    PLITE_THROW("failed to parse program ", source, ": missing required fields: ",
                proto.InitializationErrorString());
  }
  try {
    return ConvertProgram(proto);
  } catch (const PaddleLiteException& e) {
    PLITE_THROW("failed to parse program ", source, ": ", e.what());
  }
}

}  // namespace pb
}  // namespace lite
}  // namespace paddle
