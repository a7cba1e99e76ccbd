#include "lite/tests/core/program_test_util.h"

#include <cstring>

#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

const std::vector<Place> kHostOnly = {Place(TargetType::kHost, PrecisionType::kFloat)};
const std::vector<Place> kX86Host = {Place(TargetType::kX86, PrecisionType::kFloat),
                                     Place(TargetType::kHost, PrecisionType::kFloat)};

Builder::Builder(const std::vector<int64_t>& x_dims) {
  program_.blocks.emplace_back();
  AddVar("feed", cpp::VarKind::kFeedList);
  AddVar("fetch", cpp::VarKind::kFetchList);
  AddVar("x", cpp::VarKind::kLodTensor, x_dims);
  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr<int32_t>("col", 0);
  program_.blocks[0].ops.push_back(feed);
}

void Builder::AddVar(const std::string& name, cpp::VarKind kind, std::vector<int64_t> shape,
                     bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = kind;
  v.shape = std::move(shape);
  v.persistable = persistable;
  program_.blocks[0].vars.push_back(v);
}

cpp::OpDesc& Builder::Op(const std::string& type, const std::map<std::string, std::string>& in,
                         const std::map<std::string, std::string>& out,
                         const std::map<std::string, std::vector<int64_t>>& out_dims) {
  cpp::OpDesc op(type);
  for (const auto& kv : in) op.SetInput(kv.first, {kv.second});
  for (const auto& kv : out) {
    op.SetOutput(kv.first, {kv.second});
    if (!program_.blocks[0].FindVar(kv.second)) {
      auto it = out_dims.find(kv.second);
      AddVar(kv.second, cpp::VarKind::kLodTensor,
             it == out_dims.end() ? std::vector<int64_t>{} : it->second);
    }
  }
  program_.blocks[0].ops.push_back(op);
  return program_.blocks[0].ops.back();
}

void Builder::Fetch(const std::string& var, int col) {
  Op("fetch", {{"X", var}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", col);
}

std::vector<std::string> Optimized::OpTypes() const {
  std::vector<std::string> types;
  for (const auto& op : program.blocks[0].ops) types.push_back(op.Type());
  return types;
}

const cpp::OpDesc* Optimized::FindOp(const std::string& type) const {
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == type) return &op;
  }
  return nullptr;
}

std::vector<const cpp::OpDesc*> Optimized::Ops(const std::string& type) const {
  std::vector<const cpp::OpDesc*> ops;
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == type) ops.push_back(&op);
  }
  return ops;
}

std::vector<std::string> Optimized::IoNames(const std::string& type) const {
  std::map<int, std::string> by_col;
  for (const cpp::OpDesc* op : Ops(type)) {
    by_col[op->GetAttr<int32_t>("col")] =
        type == "feed" ? op->Output("Out")[0] : op->Input("X")[0];
  }
  std::vector<std::string> names;
  for (const auto& kv : by_col) names.push_back(kv.second);
  return names;
}

std::vector<float> Optimized::Run(const DDim& dims, const std::vector<float>& x, int col) {
  auto* feed = exec->Var("feed")->GetMutable<TensorList>();
  feed->resize(1);
  (*feed)[0].Resize(dims);
  std::memcpy((*feed)[0].mutable_data<float>(), x.data(), x.size() * sizeof(float));
  runtime->Run();
  return ToVector(exec->FindVar("fetch")->Get<TensorList>().at(col));
}

std::unique_ptr<Optimized> Optimize(const cpp::ProgramDesc& program,
                                    const std::vector<Place>& places,
                                    const OptimizerOptions& options, const Weights& weights,
                                    int threads, const KernelChoices& choices) {
  auto o = std::make_unique<Optimized>();
  for (const auto& [name, w] : weights) {
    Tensor* t = o->root->Var(name)->GetMutable<Tensor>();
    t->Resize(w.first);
    std::memcpy(t->mutable_data<float>(), w.second.data(), w.second.size() * sizeof(float));
    t->set_persistable(true);
  }
  o->exec = &o->root->NewScope();
  o->program =
      lite::Optimize(program, o->exec, places, DefaultPasses(options), choices);
  o->runtime = std::make_unique<RuntimeProgram>(o->program, o->exec, threads);
  return o;
}

std::unique_ptr<Optimized> Optimize(const cpp::ProgramDesc& program,
                                    const std::vector<Place>& places, bool fuse,
                                    const Weights& weights, int threads) {
  OptimizerOptions options;
  options.fuse = fuse;
  return Optimize(program, places, options, weights, threads);
}

std::unique_ptr<Optimized> NbRoundTrip(const Optimized& o) {
  const std::string bytes = SerializeModelNb(o.program, *o.exec, "test");
  auto loaded = std::make_unique<Optimized>();
  LoadModelNb(NbModelBytes::CopyOf(bytes.data(), bytes.size()), loaded->root.get(),
              &loaded->program);
  loaded->exec = &loaded->root->NewScope();
  loaded->runtime = std::make_unique<RuntimeProgram>(loaded->program, loaded->exec, 1);
  return loaded;
}

std::vector<Place> PlacesOnThisCpu(bool x86) {
  return x86 && X86KernelsRunHere() ? kX86Host : kHostOnly;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
