#include "lite/tests/fuzz/program_mutator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/model_parser/pb/framework.pb.h"
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/tests/fuzz/param_records.h"

namespace paddle {
namespace lite {
namespace fuzz {

namespace {

namespace proto = ::paddle::framework::proto;
using Args = google::protobuf::RepeatedPtrField<proto::OpDesc::Var>;

class Rng {
 public:
  explicit Rng(uint32_t seed) : gen_(seed) {}
  // Uniform in [0, n); n > 0.
  size_t Below(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(gen_); }
  bool OneIn(size_t n) { return Below(n) == 0; }
  template <typename T>
  const T& Pick(const std::vector<T>& items) { return items[Below(items.size())]; }

 private:
  std::mt19937 gen_;
};

// The decoded input: block 0 of the program, the params split into records (when they
// split) and the name of the weight each record holds.
struct Model {
  proto::ProgramDesc program;
  std::string params;  // as given, used when the records did not split
  bool records_split{false};
  std::vector<ParamRecord> records;
  std::vector<std::string> record_names;  // parallel to `records` when they match the vars

  proto::BlockDesc* block() { return program.mutable_blocks(0); }
};

bool IsList(const proto::VarDesc& var) {
  const int type = var.type().type();
  return type == proto::VarType::FEED_MINIBATCH || type == proto::VarType::FEED_LIST ||
         type == proto::VarType::FETCH_LIST;
}

// The params file holds the persistable non-list vars of block 0 sorted by name.
std::vector<std::string> WeightNames(const proto::BlockDesc& block) {
  std::vector<std::string> names;
  for (const auto& var : block.vars()) {
    if (var.persistable() && !IsList(var)) names.push_back(var.name());
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool Decode(const std::string& input, Model* model) {
  const PbInput in = SplitPbInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  if (!model->program.ParseFromString(in.program) || model->program.blocks_size() == 0) {
    return false;
  }
  model->params = in.params;
  model->records_split = SplitParamRecords(in.params, &model->records);
  const std::vector<std::string> names = WeightNames(model->program.blocks(0));
  if (model->records_split && names.size() == model->records.size()) model->record_names = names;
  return true;
}

std::string Encode(const Model& model) {
  std::string params;
  if (model.records_split) {
    for (const ParamRecord& record : model.records) params += record.bytes;
  } else {
    params = model.params;
  }
  return JoinPbInput(model.program.SerializePartialAsString(), params);
}

std::vector<std::string> VarNames(const proto::BlockDesc& block) {
  std::vector<std::string> names;
  for (const auto& var : block.vars()) names.push_back(var.name());
  return names;
}

std::vector<std::string> OutputNames(const proto::BlockDesc& block) {
  std::vector<std::string> names;
  for (const auto& op : block.ops()) {
    for (const auto& out : op.outputs()) names.insert(names.end(), out.arguments().begin(),
                                                      out.arguments().end());
  }
  return names;
}

// A random argument slot of `args`; nullptr when there is none.
std::string* PickArgument(Args* args, Rng* rng) {
  std::vector<std::string*> slots;
  for (auto& var : *args) {
    for (auto& arg : *var.mutable_arguments()) slots.push_back(&arg);
  }
  return slots.empty() ? nullptr : slots[rng->Below(slots.size())];
}

proto::OpDesc* PickOp(Model* model, Rng* rng) {
  auto* ops = model->block()->mutable_ops();
  return ops->empty() ? nullptr : ops->Mutable(static_cast<int>(rng->Below(ops->size())));
}

int64_t InterestingInt(int64_t current, Rng* rng) {
  // Neighbours of the current value wrap around (a fuzzed value may be INT64_MAX).
  const uint64_t c = static_cast<uint64_t>(current);
  const std::vector<int64_t> values = {0, -1, 1, 2, 3, -2, 7, 255, 1 << 16, 1 << 20,
                                       std::numeric_limits<int32_t>::max(),
                                       std::numeric_limits<int32_t>::min(),
                                       static_cast<int64_t>(c + 1), static_cast<int64_t>(c - 1),
                                       static_cast<int64_t>(c * 2), static_cast<int64_t>(0 - c)};
  return rng->Pick(values);
}

int64_t InterestingLong(int64_t current, Rng* rng) {
  if (rng->OneIn(3)) {
    const std::vector<int64_t> values = {int64_t{1} << 40, std::numeric_limits<int64_t>::max(),
                                         std::numeric_limits<int64_t>::min()};
    return rng->Pick(values);
  }
  return InterestingInt(current, rng);
}

double InterestingFloat(double current, Rng* rng) {
  const std::vector<double> values = {
      std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(), 0.0, -0.0, 1e-45, -1.0, 1e30, -1e30,
      std::numeric_limits<float>::max(), current * 2, -current};
  return rng->Pick(values);
}

std::string InterestingString(Rng* rng) {
  const std::vector<std::string> values = {"", "NCHW", "NHWC", "AnyLayout", "SAME", "VALID",
                                           "EXPLICIT", "max", "avg", "nearest", "bilinear",
                                           "bicubic", "linear", "relu", "sigmoid", "identity",
                                           "align_corners", "x", "\xff"};
  if (rng->OneIn(4)) {
    const auto types = OpRegistry::Global().OpTypes();
    if (!types.empty()) return rng->Pick(types);
  }
  return rng->Pick(values);
}

// Shortens, lengthens or edits one element of a repeated attribute value.
template <typename Field, typename MakeValue>
void EditList(Field* list, Rng* rng, MakeValue make) {
  const size_t choice = rng->Below(4);
  if (choice == 0 && !list->empty()) {
    list->RemoveLast();
  } else if (choice == 1) {
    list->Add(make(list->empty() ? 0 : (*list)[list->size() - 1]));
    if (rng->OneIn(3)) list->Add(make(0));
  } else if (choice == 2 && !list->empty()) {
    const int i = static_cast<int>(rng->Below(list->size()));
    list->Set(i, make((*list)[i]));
  } else {
    list->Clear();
  }
}

bool ChangeAttrValue(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  if (op == nullptr || op->attrs_size() == 0) return false;
  auto* attr = op->mutable_attrs(static_cast<int>(rng->Below(op->attrs_size())));
  auto int_value = [&](int64_t v) { return static_cast<int32_t>(InterestingInt(v, rng)); };
  auto long_value = [&](int64_t v) { return InterestingLong(v, rng); };
  auto float_value = [&](float v) { return static_cast<float>(InterestingFloat(v, rng)); };
  auto double_value = [&](double v) { return InterestingFloat(v, rng); };
  switch (attr->type()) {
    case proto::INT: attr->set_i(int_value(attr->i())); break;
    case proto::LONG: attr->set_l(long_value(attr->l())); break;
    case proto::FLOAT: attr->set_f(float_value(attr->f())); break;
    case proto::FLOAT64: attr->set_float64(double_value(attr->float64())); break;
    case proto::BOOLEAN: attr->set_b(!attr->b()); break;
    case proto::STRING: attr->set_s(InterestingString(rng)); break;
    case proto::INTS: EditList(attr->mutable_ints(), rng, int_value); break;
    case proto::LONGS: EditList(attr->mutable_longs(), rng, long_value); break;
    case proto::FLOATS: EditList(attr->mutable_floats(), rng, float_value); break;
    case proto::FLOAT64S: EditList(attr->mutable_float64s(), rng, double_value); break;
    case proto::BOOLEANS:
      EditList(attr->mutable_bools(), rng, [&](bool b) { return !b; });
      break;
    case proto::STRINGS:
      if (!attr->strings().empty() && rng->OneIn(2)) {
        attr->mutable_strings()->RemoveLast();
      } else {
        *attr->add_strings() = InterestingString(rng);
      }
      break;
    default: attr->set_i(int_value(attr->i())); break;
  }
  return true;
}

// Stores the attribute as another type, carrying its value over where one fits.
bool ChangeAttrType(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  if (op == nullptr || op->attrs_size() == 0) return false;
  auto* attr = op->mutable_attrs(static_cast<int>(rng->Below(op->attrs_size())));
  const std::vector<proto::AttrType> types = {
      proto::INT,     proto::FLOAT,    proto::STRING,  proto::INTS,     proto::FLOATS,
      proto::STRINGS, proto::BOOLEAN,  proto::BOOLEANS, proto::LONG,    proto::LONGS,
      proto::FLOAT64, proto::FLOAT64S, proto::BLOCK,   proto::SCALAR};
  const proto::AttrType type = rng->Pick(types);
  const int64_t scalar = attr->ints().empty() ? attr->i() : attr->ints(0);
  switch (type) {
    case proto::INT: attr->set_i(static_cast<int32_t>(scalar)); break;
    case proto::FLOAT: attr->set_f(static_cast<float>(scalar)); break;
    case proto::STRING: attr->set_s(InterestingString(rng)); break;
    case proto::INTS:
      if (attr->ints().empty()) attr->add_ints(static_cast<int32_t>(scalar));
      break;
    case proto::FLOATS:
      for (int32_t v : attr->ints()) attr->add_floats(static_cast<float>(v));
      break;
    case proto::BOOLEAN: attr->set_b(scalar != 0); break;
    case proto::LONG: attr->set_l(scalar); break;
    case proto::LONGS:
      for (int32_t v : attr->ints()) attr->add_longs(v);
      break;
    case proto::FLOAT64: attr->set_float64(static_cast<double>(scalar)); break;
    default: break;  // the value fields stay as they are
  }
  attr->set_type(type);
  return true;
}

bool SwapInput(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  const std::vector<std::string> names = VarNames(*model->block());
  if (op == nullptr || names.empty()) return false;
  std::string* arg = PickArgument(op->mutable_inputs(), rng);
  if (arg == nullptr) return false;
  // An output of this op (read before it is written) half as often as any var.
  std::string* own_output = rng->OneIn(3) ? PickArgument(op->mutable_outputs(), rng) : nullptr;
  *arg = own_output ? *own_output : rng->Pick(names);
  return true;
}

bool ShareOutput(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  if (op == nullptr) return false;
  std::string* arg = PickArgument(op->mutable_outputs(), rng);
  std::vector<std::string> names = OutputNames(*model->block());
  if (rng->OneIn(3)) names = VarNames(*model->block());  // a weight or an input too
  if (arg == nullptr || names.empty()) return false;
  *arg = rng->Pick(names);
  return true;
}

bool DuplicateOrMoveOp(Model* model, Rng* rng, bool keep_original) {
  auto* ops = model->block()->mutable_ops();
  if (ops->empty()) return false;
  const int from = static_cast<int>(rng->Below(ops->size()));
  const proto::OpDesc op = ops->Get(from);
  if (!keep_original) ops->DeleteSubrange(from, 1);
  *ops->Add() = op;
  // Bubble the new last op to a random place.
  for (int i = ops->size() - 1, to = static_cast<int>(rng->Below(ops->size())); i > to; --i) {
    ops->SwapElements(i, i - 1);
  }
  return true;
}

bool DeleteOp(Model* model, Rng* rng) {
  auto* ops = model->block()->mutable_ops();
  if (ops->empty()) return false;
  ops->DeleteSubrange(static_cast<int>(rng->Below(ops->size())), 1);
  return true;
}

bool ChangeOpType(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  const std::vector<std::string> types = OpRegistry::Global().OpTypes();
  if (op == nullptr || types.empty()) return false;
  op->set_type(rng->Pick(types));
  return true;
}

bool EditArguments(Model* model, Rng* rng) {
  proto::OpDesc* op = PickOp(model, rng);
  if (op == nullptr) return false;
  Args* args = rng->OneIn(2) ? op->mutable_inputs() : op->mutable_outputs();
  const std::vector<std::string> names = VarNames(*model->block());
  switch (rng->Below(4)) {
    case 0: {  // a parameter more, e.g. a Bias the op did not have
      const std::vector<std::string> params = {"X", "Y", "Input", "Filter", "Bias", "Out",
                                               "Scale", "Mean", "Variance", "Shape", "W"};
      auto* var = args->Add();
      var->set_parameter(rng->Pick(params));
      if (!names.empty()) var->add_arguments(rng->Pick(names));
      return true;
    }
    case 1:  // a parameter less
      if (args->empty()) return false;
      args->DeleteSubrange(static_cast<int>(rng->Below(args->size())), 1);
      return true;
    default: {  // an argument less or repeated
      if (args->empty()) return false;
      auto* list = args->Mutable(static_cast<int>(rng->Below(args->size())))->mutable_arguments();
      if (!list->empty() && rng->OneIn(2)) {
        list->RemoveLast();
      } else if (!names.empty()) {
        *list->Add() = list->empty() ? rng->Pick(names) : list->Get(0);
      }
      return true;
    }
  }
}

proto::VarDesc* PickVar(Model* model, Rng* rng) {
  auto* vars = model->block()->mutable_vars();
  return vars->empty() ? nullptr : vars->Mutable(static_cast<int>(rng->Below(vars->size())));
}

bool ChangeVarDims(Model* model, Rng* rng) {
  proto::VarDesc* var = PickVar(model, rng);
  if (var == nullptr) return false;
  auto* tensor = var->mutable_type()->mutable_lod_tensor()->mutable_tensor();
  if (!tensor->has_data_type()) tensor->set_data_type(proto::VarType::FP32);  // required
  auto* dims = tensor->mutable_dims();
  const std::vector<int64_t> values = {0, -1, 1, -2, int64_t{1} << 31, int64_t{1} << 62,
                                       std::numeric_limits<int64_t>::max(), 3, 1000};
  switch (rng->Below(4)) {
    case 0: dims->Add(rng->Pick(values)); break;
    case 1:
      if (dims->empty()) return false;
      dims->RemoveLast();
      break;
    default:
      if (dims->empty()) return false;
      dims->Set(static_cast<int>(rng->Below(dims->size())), rng->Pick(values));
  }
  return true;
}

bool ChangeVarType(Model* model, Rng* rng) {
  proto::VarDesc* var = PickVar(model, rng);
  if (var == nullptr) return false;
  switch (rng->Below(3)) {
    case 0: {
      const std::vector<int> element_types = {
          proto::VarType::BOOL,  proto::VarType::INT16, proto::VarType::INT32,
          proto::VarType::INT64, proto::VarType::FP16,  proto::VarType::FP32,
          proto::VarType::FP64,  proto::VarType::UINT8, proto::VarType::INT8,
          proto::VarType::BF16,  proto::VarType::COMPLEX64};
      var->mutable_type()->mutable_lod_tensor()->mutable_tensor()->set_data_type(
          rng->Pick(element_types));
      break;
    }
    case 1: {
      const std::vector<int> kinds = {proto::VarType::LOD_TENSOR, proto::VarType::FEED_MINIBATCH,
                                      proto::VarType::FETCH_LIST, proto::VarType::SELECTED_ROWS,
                                      proto::VarType::LOD_TENSOR_ARRAY};
      var->mutable_type()->set_type(rng->Pick(kinds));
      break;
    }
    default: var->set_persistable(!var->persistable());
  }
  return true;
}

bool DropWeight(Model* model, Rng* rng) {
  if (model->record_names.empty()) return false;
  const size_t index = rng->Below(model->record_names.size());
  const std::string name = model->record_names[index];
  const size_t choice = rng->Below(3);
  if (choice != 0) {  // the record
    model->records.erase(model->records.begin() + static_cast<std::ptrdiff_t>(index));
    model->record_names.erase(model->record_names.begin() + static_cast<std::ptrdiff_t>(index));
  }
  if (choice != 1) {  // the var
    auto* vars = model->block()->mutable_vars();
    for (int i = 0; i < vars->size(); ++i) {
      if (vars->Get(i).name() == name) {
        vars->DeleteSubrange(i, 1);
        break;
      }
    }
  }
  return true;
}

bool PoisonWeight(Model* model, Rng* rng) {
  std::vector<ParamRecord*> floats;
  for (auto& record : model->records) {
    if (record.data_type == proto::VarType::FP32 && record.bytes.size() > record.data_offset) {
      floats.push_back(&record);
    }
  }
  if (floats.empty()) return false;
  ParamRecord* record = floats[rng->Below(floats.size())];
  const size_t count = (record->bytes.size() - record->data_offset) / sizeof(float);
  for (size_t n = 1 + rng->Below(4); n > 0; --n) {
    const float value = static_cast<float>(InterestingFloat(1.0, rng));
    std::memcpy(&record->bytes[record->data_offset + rng->Below(count) * sizeof(float)], &value,
                sizeof(value));
  }
  return true;
}

bool Apply(ProgramEdit edit, Model* model, Rng* rng) {
  switch (edit) {
    case ProgramEdit::kSwapInput: return SwapInput(model, rng);
    case ProgramEdit::kShareOutput: return ShareOutput(model, rng);
    case ProgramEdit::kDuplicateOp: return DuplicateOrMoveOp(model, rng, true);
    case ProgramEdit::kDeleteOp: return DeleteOp(model, rng);
    case ProgramEdit::kMoveOp: return DuplicateOrMoveOp(model, rng, false);
    case ProgramEdit::kChangeOpType: return ChangeOpType(model, rng);
    case ProgramEdit::kEditArguments: return EditArguments(model, rng);
    case ProgramEdit::kChangeAttrValue: return ChangeAttrValue(model, rng);
    case ProgramEdit::kChangeAttrType: return ChangeAttrType(model, rng);
    case ProgramEdit::kChangeVarDims: return ChangeVarDims(model, rng);
    case ProgramEdit::kChangeVarType: return ChangeVarType(model, rng);
    case ProgramEdit::kDropWeight: return DropWeight(model, rng);
    case ProgramEdit::kPoisonWeight: return PoisonWeight(model, rng);
    case ProgramEdit::kCount: break;
  }
  return false;
}

}  // namespace

const char* ProgramEditName(ProgramEdit edit) {
  static const char* const kNames[] = {
      "swap input",       "share output",      "duplicate op",    "delete op",
      "move op",          "change op type",    "edit arguments",  "change attr value",
      "change attr type", "change var dims",   "change var type", "drop weight",
      "poison weight"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(ProgramEdit::kCount),
                "a name per edit");
  return kNames[static_cast<size_t>(edit)];
}

std::string MutateProgram(const std::string& input, ProgramEdit edit, uint32_t seed) {
  Model model;
  if (!Decode(input, &model)) return "";
  Rng rng(seed);
  return Apply(edit, &model, &rng) ? Encode(model) : "";
}

std::string MutateProgram(const std::string& input, uint32_t seed) {
  Model model;
  if (!Decode(input, &model)) return "";
  Rng rng(seed);
  for (int attempt = 0; attempt < 4; ++attempt) {
    const auto edit = static_cast<ProgramEdit>(rng.Below(static_cast<size_t>(ProgramEdit::kCount)));
    if (Apply(edit, &model, &rng)) return Encode(model);
  }
  return "";
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
