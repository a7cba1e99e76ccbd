// The one exception type plite throws. Every failure the library can detect (bad path,
// malformed model, unsupported op or attribute, missing kernel, wrong input shape) surfaces
// as a PaddleLiteException whose what() names the file/op/var at fault. At the bottom of the
// layers (every layer throws it); lite/api/paddle_exception.h presents it to apps.
// Self-contained: installed with the public headers.
#pragma once

#include <stdexcept>
#include <string>

namespace paddle {
namespace lite_api {

class PaddleLiteException : public std::runtime_error {
 public:
  explicit PaddleLiteException(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace lite_api
}  // namespace paddle
