// Type bookkeeping shared by kernel picking, place inference and the cast passes.
#pragma once

#include <string>

#include "lite/optimizer/ssa_graph.h"

namespace paddle {
namespace lite {
namespace mir {

// The parameter of `stmt` that binds input / output `var` (empty if none).
std::string InputParamOf(const Node& stmt, const std::string& var);
std::string OutputParamOf(const Node& stmt, const std::string& var);

// Best knowledge of an arg's precision: its inferred type, else the model's VarDesc,
// else the tensor in scope; kUnk when nothing says.
PrecisionType KnownPrecision(SSAGraph* graph, const Node& arg);

// Types of args nothing in the graph produces (weights and the feed list).
void InferSourceTypes(SSAGraph* graph);
// Types of a stmt's outputs from its picked kernel's declarations; kAny fields take the
// model's declared precision or the first input's target/layout.
void InferOutputTypes(SSAGraph* graph, Node* stmt);

}  // namespace mir
}  // namespace lite
}  // namespace paddle
