// Pulls every op and kernel this build compiled into a static link (generated lists).
#include "lite/gen/paddle_use_kernels.h"
#include "lite/gen/paddle_use_ops.h"
