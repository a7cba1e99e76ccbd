// Graph helpers shared by the fusion passes.
#pragma once

#include <string>

#include "lite/optimizer/ssa_graph.h"

namespace paddle {
namespace lite {
namespace mir {

// The arg bound to param[0] of a stmt (nullptr if absent).
Node* InputOf(Node* stmt, const std::string& param);
Node* OutputOf(Node* stmt, const std::string& param);
// The one stmt reading `arg`, or nullptr when there are none or several.
Node* SoleConsumer(Node* arg);
// True if `arg` is a weight with a tensor of `precision` in the scope and no other reader
// than `reader`.
bool IsPrivateWeight(SSAGraph* graph, Node* arg, Node* reader,
                     PrecisionType precision = PrecisionType::kFloat);

// True when no stmt reads any output of `stmt` other than `param`'s.
bool OtherOutputsUnused(Node* stmt, const std::string& param);

// Folds `second` (which reads `first`'s output param `first_out`) into `first`: `first`
// now writes what `second` wrote to `second_out`; `second`, the intermediate arg and
// `second`'s inputs that nothing else reads are removed. `first` is re-attached.
void FoldInto(SSAGraph* graph, Node* first, const std::string& first_out, Node* second,
              const std::string& second_out);

// Each reader of `from` other than `except` reads `to` instead (by name and by edge).
void MoveReaders(SSAGraph* graph, Node* from, Node* to, const Node* except);

// True when a fetch reads `arg` (its name is a user-visible output).
bool ReadByFetch(const Node* arg);

// The fc in_num_col_dims a mul / matmul / matmul_v2 by a right-hand matrix equals (no
// transposes, alpha 1, X of known rank >= 2), or -1 when it is no fc. `x_var`: the var
// whose declared rank counts for X (default: X's own).
int FcInNumColDims(SSAGraph* graph, Node* stmt, const std::string& x_var = "");

// Adds a persistable float tensor `name` of `dims` to the weight scope and an arg for it.
Tensor* NewWeight(SSAGraph* graph, const std::string& name, const DDim& dims);

}  // namespace mir
}  // namespace lite
}  // namespace paddle
