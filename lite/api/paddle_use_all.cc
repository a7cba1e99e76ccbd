// Pulls every op and kernel this build compiled into a static link (generated lists).
#include "lite/gen/paddle_use_kernels.h"
#include "lite/gen/paddle_use_ops.h"

namespace paddle {
namespace lite {

// Every predictor calls this, so linking one from a static archive also links this
// file, whose use lists then link every registration.
int LinkAllRegistrations() { return 0; }

}  // namespace lite
}  // namespace paddle
