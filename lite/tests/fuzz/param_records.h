// The records of a combined Paddle params file (format in lite/model_parser/pb/params_io.h),
// split without a program so the program mutator can drop or edit one weight's record.
#pragma once

#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace fuzz {

struct ParamRecord {
  std::string bytes;    // the whole record
  size_t data_offset;   // where its raw elements start in `bytes`
  int data_type;        // Paddle VarType.Type code of the elements
};

// The records of `params` in file order; false when the bytes are not a sequence of
// well-formed records (a fuzzed file), leaving `records` unspecified.
bool SplitParamRecords(const std::string& params, std::vector<ParamRecord>* records);

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
