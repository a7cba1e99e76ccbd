#include "lite/operators/pad3d_op.h"

#include <limits>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
void CheckPaddings(const std::vector<int64_t>& pads, const std::string& op,
                   const std::string& from) {
  PLITE_CHECK(pads.size() == 6, "op '", op, "': ", from, " ", pads,
              " must hold 6 values [left, right, top, bottom, front, back]");
  for (int64_t p : pads) {
    PLITE_CHECK(p >= 0, "op '", op, "': ", from, " ", pads, " has a negative padding");
    // Paddle's paddings are int32; the bound also keeps in + lo + hi from overflowing.
    PLITE_CHECK(p <= std::numeric_limits<int32_t>::max(), "op '", op, "': ", from, " ", pads,
                " has a padding beyond int32");
  }
}
}  // namespace

std::vector<int64_t> ResolvePad3dPaddings(const Pad3dParam& p, const std::string& op) {
  std::vector<int64_t> pads(p.paddings.begin(), p.paddings.end());
  if (p.paddings_tensor) {
    pads = ReadIntValues(*p.paddings_tensor, op, "Paddings");
    CheckPaddings(pads, op, "input 'Paddings'");
  }
  return pads;
}

bool Pad3dOp::CheckShape() const {
  PLITE_CHECK(param_.x->dims().size() == 5, "op '", Type(), "': X must be 5-D, got ",
              param_.x->dims());
  return true;
}

bool Pad3dOp::InferShapeImpl() const {
  const std::vector<int64_t> pads = ResolvePad3dPaddings(param_, Type());
  std::vector<int64_t> dims = param_.x->dims().Vectorize();
  // W, H, D positions in the dims, paired with paddings 0-1, 2-3, 4-5.
  const int first = param_.channel_last ? 1 : 2;
  const int at[3] = {first + 2, first + 1, first};
  const char* names[3] = {"W", "H", "D"};
  for (int k = 0; k < 3; ++k) {
    const int64_t in = dims[at[k]];
    const int64_t lo = pads[2 * k];
    const int64_t hi = pads[2 * k + 1];
    if (param_.mode == "reflect") {
      PLITE_CHECK(lo < in && hi < in, "op '", Type(), "': reflect paddings ", lo, ", ", hi,
                  " on ", names[k], " must be smaller than its size ", in);
    } else if (param_.mode != "constant") {
      PLITE_CHECK(in > 0 || (lo == 0 && hi == 0), "op '", Type(), "': ", param_.mode,
                  " padding of the empty dim ", names[k]);
    }
    dims[at[k]] = in + lo + hi;
  }
  param_.out->Resize(DDim(dims));
  return true;
}

bool Pad3dOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = Pad3dParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.paddings_tensor = GetOptionalInputTensor(desc, scope, "Paddings");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.paddings = desc.GetAttrOr<std::vector<int32_t>>("paddings", {0, 0, 0, 0, 0, 0});
  if (!param_.paddings_tensor) {
    CheckPaddings(std::vector<int64_t>(param_.paddings.begin(), param_.paddings.end()), Type(),
                  "attribute 'paddings'");
  }
  param_.mode = desc.GetAttrOr<std::string>("mode", "constant");
  PLITE_CHECK(param_.mode == "constant" || param_.mode == "reflect" ||
                  param_.mode == "replicate" || param_.mode == "circular",
              "op '", Type(), "': attribute 'mode' = \"", param_.mode,
              "\" is not supported (constant, reflect, replicate, circular)");
  param_.value = desc.GetAttrOr<float>("value", 0.f);
  const std::string format = desc.GetAttrOr<std::string>("data_format", "NCDHW");
  PLITE_CHECK(format == "NCDHW" || format == "NDHWC", "op '", Type(),
              "': attribute 'data_format' = \"", format, "\" is not supported (NCDHW, NDHWC)");
  param_.channel_last = format == "NDHWC";
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(pad3d, paddle::lite::operators::Pad3dOp);
