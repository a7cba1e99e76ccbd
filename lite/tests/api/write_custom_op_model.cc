// Writes the Paddle models of the custom op example (examples/custom_op) into DIR:
//   relu_rms_softsign.pdmodel  x [1, 4, 3, 3] -> relu -> channel_rms_norm (epsilon 1e-5)
//                              -> softsign -> fetch
//   softsign.pdmodel           x [1, 4, 3, 3] -> softsign -> fetch
// Neither has weights. channel_rms_norm and softsign are op types plite lacks: the example
// registers the first, its plugin the second.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/core/program_test_util.h"

namespace {

void Write(const std::string& path, const paddle::lite::cpp::ProgramDesc& program) {
  std::ofstream(path, std::ios::binary) << paddle::lite::pb::SerializeProgramDesc(program);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::printf("usage: write_custom_op_model DIR\n");
    return 2;
  }
  using paddle::lite::test::Builder;
  const std::string dir = argv[1];
  std::filesystem::create_directories(dir);
  const std::vector<int64_t> dims = {1, 4, 3, 3};
  Builder full(dims);
  full.Op("relu", {{"X", "x"}}, {{"Out", "r"}}, {{"r", dims}});
  full.Op("channel_rms_norm", {{"X", "r"}}, {{"Out", "n"}}, {{"n", dims}})
      .SetAttr<float>("epsilon", 1e-5f);
  full.Op("softsign", {{"X", "n"}}, {{"Out", "y"}}, {{"y", dims}});
  full.Fetch("y", 0);
  Write(dir + "/relu_rms_softsign.pdmodel", full.program());
  Builder softsign(dims);
  softsign.Op("softsign", {{"X", "x"}}, {{"Out", "y"}}, {{"y", dims}});
  softsign.Fetch("y", 0);
  Write(dir + "/softsign.pdmodel", softsign.program());
  return 0;
}
