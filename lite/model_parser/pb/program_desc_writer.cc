// cpp::ProgramDesc -> Paddle ProgramDesc bytes (the other half of program_desc_parser.h).
#include <variant>

#include "lite/model_parser/pb/data_type.h"
#include "lite/model_parser/pb/framework.pb.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pb {

namespace fw = ::paddle::framework::proto;
using cpp::AttrType;

namespace {

template <typename T>
const T& Held(const cpp::Attribute& attr, const std::string& where) {
  const T* v = std::get_if<T>(&attr.value);
  PLITE_CHECK(v != nullptr, where, " is declared ", cpp::AttrTypeName(attr.type),
              " but holds a value of another kind");
  return *v;
}

template <typename Repeated, typename Values>
void Fill(Repeated* out, const Values& values) {
  for (const auto& v : values) out->Add(v);
}

void WriteAttr(const std::string& name, const cpp::Attribute& attr, const std::string& where,
               fw::OpDesc::Attr* a) {
  a->set_name(name);
  a->set_type(static_cast<int>(attr.type));
  switch (attr.type) {
    case AttrType::INT: a->set_i(Held<int32_t>(attr, where)); break;
    case AttrType::FLOAT: a->set_f(Held<float>(attr, where)); break;
    case AttrType::STRING: a->set_s(Held<std::string>(attr, where)); break;
    case AttrType::INTS: Fill(a->mutable_ints(), Held<std::vector<int32_t>>(attr, where)); break;
    case AttrType::FLOATS: Fill(a->mutable_floats(), Held<std::vector<float>>(attr, where)); break;
    case AttrType::STRINGS:
      for (const auto& s : Held<std::vector<std::string>>(attr, where)) a->add_strings(s);
      break;
    case AttrType::BOOLEAN: a->set_b(Held<bool>(attr, where)); break;
    case AttrType::BOOLEANS: Fill(a->mutable_bools(), Held<std::vector<bool>>(attr, where)); break;
    case AttrType::BLOCK: a->set_block_idx(Held<int32_t>(attr, where)); break;
    case AttrType::LONG: a->set_l(Held<int64_t>(attr, where)); break;
    case AttrType::BLOCKS:
      Fill(a->mutable_blocks_idx(), Held<std::vector<int32_t>>(attr, where));
      break;
    case AttrType::LONGS: Fill(a->mutable_longs(), Held<std::vector<int64_t>>(attr, where)); break;
    case AttrType::FLOAT64S:
      Fill(a->mutable_float64s(), Held<std::vector<double>>(attr, where));
      break;
    case AttrType::FLOAT64: a->set_float64(Held<double>(attr, where)); break;
    default: PLITE_THROW(where, " has unknown kind ", static_cast<int>(attr.type));
  }
}

void WriteTensorDesc(const cpp::VarDesc& var, fw::VarType::TensorDesc* desc) {
  desc->set_data_type(PaddleTypeFromPrecision(var.precision, "var '" + var.name + "'"));
  Fill(desc->mutable_dims(), var.shape);
}

void WriteVar(const cpp::VarDesc& var, fw::VarDesc* v) {
  v->set_name(var.name);
  v->set_persistable(var.persistable);
  fw::VarType* type = v->mutable_type();
  switch (var.kind) {
    case cpp::VarKind::kLodTensor:
      type->set_type(fw::VarType::LOD_TENSOR);
      WriteTensorDesc(var, type->mutable_lod_tensor()->mutable_tensor());
      break;
    case cpp::VarKind::kFeedList: type->set_type(fw::VarType::FEED_MINIBATCH); break;
    case cpp::VarKind::kFetchList: type->set_type(fw::VarType::FETCH_LIST); break;
    case cpp::VarKind::kTensorArray:
      type->set_type(fw::VarType::LOD_TENSOR_ARRAY);
      if (var.precision != lite_api::PrecisionType::kUnk) {
        WriteTensorDesc(var, type->mutable_tensor_array()->mutable_tensor());
      }
      break;
    case cpp::VarKind::kOther: type->set_type(fw::VarType::RAW); break;
  }
}

void WriteOp(const cpp::OpDesc& op, fw::OpDesc* o) {
  o->set_type(op.Type());
  for (const auto& kv : op.inputs()) {
    fw::OpDesc::Var* v = o->add_inputs();
    v->set_parameter(kv.first);
    for (const auto& arg : kv.second) v->add_arguments(arg);
  }
  for (const auto& kv : op.outputs()) {
    fw::OpDesc::Var* v = o->add_outputs();
    v->set_parameter(kv.first);
    for (const auto& arg : kv.second) v->add_arguments(arg);
  }
  for (const auto& kv : op.attrs()) {
    WriteAttr(kv.first, kv.second,
              StrCat("op '", op.Type(), "': attribute '", kv.first, "'"), o->add_attrs());
  }
}

}  // namespace

std::string SerializeProgramDesc(const cpp::ProgramDesc& program) {
  fw::ProgramDesc proto;
  proto.mutable_version()->set_version(program.version);
  for (const auto& block : program.blocks) {
    fw::BlockDesc* b = proto.add_blocks();
    b->set_idx(block.idx);
    b->set_parent_idx(block.parent_idx);
    for (const auto& var : block.vars) WriteVar(var, b->add_vars());
    for (const auto& op : block.ops) WriteOp(op, b->add_ops());
  }
  if (!program.op_versions.empty()) {
    fw::OpVersionMap* map = proto.mutable_op_version_map();
    for (const auto& kv : program.op_versions) {
      fw::OpVersionMap::OpVersionPair* pair = map->add_pair();
      pair->set_op_name(kv.first);
      pair->mutable_op_version()->set_version(kv.second);
    }
  }
  std::string bytes;
  PLITE_CHECK(proto.SerializeToString(&bytes), "could not serialize the program");
  return bytes;
}

}  // namespace pb
}  // namespace lite
}  // namespace paddle
