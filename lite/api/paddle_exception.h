// Public: the one exception type plite throws (lite/utils/exception.h, installed beside this
// header). Every failure the library can detect surfaces as a PaddleLiteException whose
// what() names the file/op/var at fault.
#pragma once

#include "lite/utils/exception.h"
