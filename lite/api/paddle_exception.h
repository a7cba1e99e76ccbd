// Public: the one exception type plite throws. Every failure the library can detect (bad
// path, malformed model, unsupported op or attribute, missing kernel, wrong input shape)
// surfaces as a PaddleLiteException whose what() names the file/op/var at fault.
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
