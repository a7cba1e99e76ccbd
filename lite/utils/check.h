// The runtime's check macros. A failed check throws PaddleLiteException with the message
// built from the remaining arguments; nothing in the runtime aborts the process.
//   PLITE_CHECK(dims.size() == 4, "conv2d: Input must be 4-D, got ", dims);
#pragma once

#include "lite/utils/exception.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {

using lite_api::PaddleLiteException;

// Throws PaddleLiteException with the pieces' text (StrCat). Out of line: a failed check's
// site only fills the array of pieces and calls it.
[[noreturn]] void ThrowError(std::initializer_list<strcat_internal::Piece> pieces);

template <typename... Args>
[[noreturn]] inline void ThrowMessage(const Args&... args) {
  ThrowError({strcat_internal::Piece(args)...});
}

}  // namespace lite
}  // namespace paddle

#define PLITE_THROW(...) ::paddle::lite::ThrowMessage(__VA_ARGS__)

#define PLITE_CHECK(cond, ...) \
  do {                         \
    if (!(cond)) {             \
      PLITE_THROW(__VA_ARGS__); \
    }                          \
  } while (0)

// Comparisons that print both sides: PLITE_CHECK_EQ(a, b, "what is compared").
#define PLITE_CHECK_OP_(a, b, op, ...)                                              \
  do {                                                                               \
    const auto& plite_a_ = (a);                                                      \
    const auto& plite_b_ = (b);                                                      \
    if (!(plite_a_ op plite_b_)) {                                                   \
      PLITE_THROW(__VA_ARGS__, " (expected ", #a, " " #op " ", #b, ", got ", plite_a_, \
                  " vs ", plite_b_, ")");                                           \
    }                                                                                \
  } while (0)
#define PLITE_CHECK_EQ(a, b, ...) PLITE_CHECK_OP_(a, b, ==, __VA_ARGS__)
#define PLITE_CHECK_NE(a, b, ...) PLITE_CHECK_OP_(a, b, !=, __VA_ARGS__)
#define PLITE_CHECK_GT(a, b, ...) PLITE_CHECK_OP_(a, b, >, __VA_ARGS__)
#define PLITE_CHECK_GE(a, b, ...) PLITE_CHECK_OP_(a, b, >=, __VA_ARGS__)
#define PLITE_CHECK_LT(a, b, ...) PLITE_CHECK_OP_(a, b, <, __VA_ARGS__)
#define PLITE_CHECK_LE(a, b, ...) PLITE_CHECK_OP_(a, b, <=, __VA_ARGS__)
