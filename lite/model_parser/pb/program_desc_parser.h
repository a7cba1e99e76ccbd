// Paddle ProgramDesc protobuf bytes <-> the plain cpp::ProgramDesc.
//
// What the conversion keeps and drops:
//  - Attributes of every kind Paddle defines map to the cpp kind of the same name (FLOAT64 to
//    double). Kinds plite has no slot for are kept in a form that any numeric read rejects,
//    so an op that needs one fails at attach naming the op and attribute instead of silently
//    using a default: VAR -> STRING (the var name), VARS -> STRINGS. SCALAR becomes BOOLEAN /
//    LONG / FLOAT64 after its own type, SCALARS becomes BOOLEANS / LONGS / FLOAT64S; a
//    complex scalar becomes a STRING such as "complex(1, 2)". An unknown attribute type is an
//    error. Bookkeeping attributes (op_role, op_callstack, use_mkldnn, ...) are kept as they are.
//  - Vars: LOD_TENSOR -> kLodTensor with its element type and dims (element types plite
//    cannot hold, e.g. BF16 or COMPLEX64, are an error naming the var); FEED_MINIBATCH and
//    FEED_LIST -> kFeedList; FETCH_LIST -> kFetchList; LOD_TENSOR_ARRAY -> kTensorArray; any
//    other kind -> kOther (saved back as RAW). lod_level, need_check_feed, stop_gradient and
//    forward_block_idx are not kept.
//  - op_version_map -> ProgramDesc::op_versions (checked by cpp::AddModelOpVersion: an empty
//    op name, a negative version or an op named twice is an error); written back when
//    non-empty.
#pragma once

#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace pb {

// Parses serialized ProgramDesc bytes. `source` names the file in messages. Any failure
// (malformed bytes, missing required fields, no block 0, blocks out of order, an
// unsupported var data type, an unknown attribute type, a BLOCK attribute pointing outside
// the program) throws PaddleLiteException "failed to parse program <source>: <reason>".
cpp::ProgramDesc ParseProgramDesc(const std::string& bytes,
                                  const std::string& source = "<memory>");

// Serializes a program the way Paddle writes it. Throws naming the var or attribute when a
// value cannot be written (a tensor var without a Paddle data type, an attribute whose
// value does not match its declared kind).
std::string SerializeProgramDesc(const cpp::ProgramDesc& program);

}  // namespace pb
}  // namespace lite
}  // namespace paddle
