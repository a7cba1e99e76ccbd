#include "lite/utils/check.h"

namespace paddle {
namespace lite {

void ThrowError(std::initializer_list<strcat_internal::Piece> pieces) {
  throw PaddleLiteException(strcat_internal::Concat(pieces));
}

}  // namespace lite
}  // namespace paddle
