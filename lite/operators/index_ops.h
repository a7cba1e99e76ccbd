// Ops that pick by integer index (int32 or int64, checked against the range at run time):
// - gather: Out = X indexed along `axis` (the Axis input wins) by Index, a 1-D tensor (or
//   [N, 1]); a 0-D Index drops the axis. Indices must lie in [0, X.dims[axis]).
// - one_hot_v2: Out = X's dims + [depth] (depth_tensor wins over `depth`), of `dtype`,
//   1 at each index; an index outside [0, depth) is an error unless `allow_out_of_range`,
//   which leaves its row zero.
// - lookup_table_v2: Out = Ids' dims + [D], row W[id] for each id of W [V, D]; ids equal to
//   `padding_idx` (-1: none) give zero rows; other ids must lie in [0, V).
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The gather axis (Axis input first), normalized against X's rank.
int ResolveGatherAxis(const GatherParam& param, const std::string& op);
// one_hot_v2's depth (depth_tensor first); throws when not positive.
int64_t ResolveOneHotDepth(const OneHotParam& param, const std::string& op);

class GatherOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return param_.axis_tensor != nullptr; }

 private:
  GatherParam param_;
};

class OneHotV2Op : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return param_.depth_tensor != nullptr; }

 private:
  OneHotParam param_;
};

class LookupTableV2Op : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  LookupTableParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
