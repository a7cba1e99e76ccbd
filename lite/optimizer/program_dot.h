// An optimized program as a Graphviz graph, to see what the optimizer did: which kernel
// each op got and where it inserted casts.
//
//   std::ofstream("model.dot") << ProgramToDot(predictor.optimized_program(), "model");
//   dot -Tsvg model.dot -o model.svg
//
// Block 0 only. Op nodes are boxes labelled "<op type>\n<target>/<precision>/<layout> <alias>"
// (from the kKernelKeyAttr the optimizer set); the casts it inserts (io_copy, calib, layout
// and their *_once forms) are filled with kDotCastColor. Var nodes are ellipses, persistable
// ones (weights, feed/fetch lists) filled grey; a name an op uses without a declaring VarDesc
// is dashed. One edge per argument: var -> op for each input, op -> var for each output,
// labelled with the op's parameter name.
// A var node stands for one value: each var has one node, except that an op writing a var
// whose value was already written or read gets a new node of the same name (after
// memory_optimize several activations share one var; batch_norm writes its Mean in place).
// So the graph follows the data and never loops back.
#pragma once

#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {

constexpr const char* kDotCastColor = "#f4a261";

std::string ProgramToDot(const cpp::ProgramDesc& optimized, const std::string& graph_name);

// `text` as a quoted DOT string: quotes and backslashes escaped, line breaks as \n.
std::string DotQuote(const std::string& text);

// True for the op types the type cast passes insert.
bool IsInsertedCastOp(const std::string& op_type);

}  // namespace lite
}  // namespace paddle
