#include "lite/operators/grid_sampler_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool GridSamplerOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  const DDim& grid = param_.grid->dims();
  PLITE_CHECK(x.size() == 4, "op '", Type(), "': X must be 4-D NCHW, got ", x,
              " (5-D volumes are not supported)");
  PLITE_CHECK(grid.size() == 4 && grid[3] == 2, "op '", Type(),
              "': Grid must be [N, H_out, W_out, 2], got ", grid);
  PLITE_CHECK(grid[0] == x[0], "op '", Type(), "': Grid has batch ", grid[0], " but X ", x);
  return true;
}

bool GridSamplerOp::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  const DDim& grid = param_.grid->dims();
  param_.out->Resize({x[0], x[1], grid[1], grid[2]});
  return true;
}

bool GridSamplerOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = GridSamplerParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.grid = GetInputTensor(desc, scope, "Grid");
  param_.out = GetOutputTensor(desc, scope, "Output");
  param_.mode = desc.GetAttrOr<std::string>("mode", "bilinear");
  PLITE_CHECK(param_.mode == "bilinear" || param_.mode == "nearest", "op '", Type(),
              "': attribute 'mode' '", param_.mode, "' is not bilinear or nearest");
  param_.padding_mode = desc.GetAttrOr<std::string>("padding_mode", "zeros");
  PLITE_CHECK(param_.padding_mode == "zeros" || param_.padding_mode == "border" ||
                  param_.padding_mode == "reflection",
              "op '", Type(), "': attribute 'padding_mode' '", param_.padding_mode,
              "' is not zeros, border or reflection");
  param_.align_corners = desc.GetAttrOr<bool>("align_corners", true);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(grid_sampler, paddle::lite::operators::GridSamplerOp);
