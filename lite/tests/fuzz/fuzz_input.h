// The input formats the fuzz targets read, shared with the seed maker that writes them.
//   pb input: uint32 little-endian length L | L bytes of ProgramDesc protobuf | combined params
//   pir input: the same with L bytes of Paddle 3 PIR JSON (inference.json) as the program
//   nb input: the bytes of a .nb file
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace paddle {
namespace lite {
namespace fuzz {

struct PbInput {
  std::string program;
  std::string params;
};

// A length longer than the bytes that follow takes them all as program (mutations then
// still reach the parser instead of being thrown away).
inline PbInput SplitPbInput(const uint8_t* data, size_t size) {
  PbInput in;
  if (size < 4) return in;
  const uint32_t declared = uint32_t{data[0]} | uint32_t{data[1]} << 8 |
                            uint32_t{data[2]} << 16 | uint32_t{data[3]} << 24;
  const size_t rest = size - 4;
  const size_t len = declared < rest ? declared : rest;
  in.program.assign(reinterpret_cast<const char*>(data) + 4, len);
  in.params.assign(reinterpret_cast<const char*>(data) + 4 + len, rest - len);
  return in;
}

// What the targets run on one input (fuzz_targets.cc): load the model and run it on small
// inputs (program_runner.h). True when the program ran, false when it was too big to run;
// they throw PaddleLiteException for a bad model.
bool LoadAndOptimizePb(const uint8_t* data, size_t size);
bool LoadAndOptimizePir(const uint8_t* data, size_t size);
bool LoadAndBuildNb(const uint8_t* data, size_t size);

inline std::string JoinPbInput(const std::string& program, const std::string& params) {
  std::string out(4, '\0');
  const auto len = static_cast<uint32_t>(program.size());
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>((len >> (8 * i)) & 0xff);
  return out + program + params;
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
