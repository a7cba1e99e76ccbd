// CRC32C against published check values, on the hardware path (where this CPU has it) and
// the portable path, which must agree on every length, alignment and split.
#include "lite/utils/crc32c.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace {

using Crc32cFn = uint32_t (*)(const void*, size_t, uint32_t);

struct Path {
  const char* name;
  Crc32cFn fn;
};

std::vector<Path> Paths() {
  std::vector<Path> paths = {{"portable", &crc32c_internal::Portable}};
  if (crc32c_internal::HasHardware()) paths.push_back({"hardware", &crc32c_internal::Hardware});
  return paths;
}

// The "check" value of the CRC catalogue (CRC-32/ISCSI) and RFC 3720 appendix B.4.
TEST(Crc32c, PublishedCheckValues) {
  std::vector<uint8_t> zeros(32, 0x00), ones(32, 0xFF), ascending(32), descending(32);
  for (int i = 0; i < 32; ++i) {
    ascending[i] = static_cast<uint8_t>(i);
    descending[i] = static_cast<uint8_t>(31 - i);
  }
  for (const Path& path : Paths()) {
    SCOPED_TRACE(path.name);
    EXPECT_EQ(path.fn("123456789", 9, 0), 0xE3069283u);
    EXPECT_EQ(path.fn(zeros.data(), 32, 0), 0x8A9136AAu);
    EXPECT_EQ(path.fn(ones.data(), 32, 0), 0x62A8AB43u);
    EXPECT_EQ(path.fn(ascending.data(), 32, 0), 0x46DD794Eu);
    EXPECT_EQ(path.fn(descending.data(), 32, 0), 0x113FDB5Cu);
    EXPECT_EQ(path.fn(nullptr, 0, 0), 0u);
  }
  EXPECT_EQ(Crc32c("123456789", 9), 0xE3069283u);
}

TEST(Crc32c, ReportsWhichPathThisCpuUses) {
  std::printf("[crc32c] hardware instruction: %s\n",
              crc32c_internal::HasHardware() ? "yes" : "no (portable tables)");
#if defined(__x86_64__)
  __builtin_cpu_init();
  EXPECT_EQ(crc32c_internal::HasHardware(), static_cast<bool>(__builtin_cpu_supports("sse4.2")));
#elif defined(__aarch64__)
  // An ARM kernel's /proc/cpuinfo lists the extension among "Features" (qemu-user shows the
  // host's, without them: nothing to compare there).
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string text((std::istreambuf_iterator<char>(cpuinfo)), std::istreambuf_iterator<char>());
  if (text.find("Features") != std::string::npos) {
    EXPECT_EQ(crc32c_internal::HasHardware(), text.find(" crc32") != std::string::npos);
  }
#endif
}

TEST(Crc32c, PathsAgreeOnEveryLengthAlignmentAndSplit) {
  std::mt19937 rng(3720);
  std::vector<uint8_t> buf(4096 + 16);
  for (auto& b : buf) b = static_cast<uint8_t>(rng());
  for (size_t offset = 0; offset < 16; ++offset) {
    for (size_t len : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 63u, 64u, 65u, 1000u, 4096u}) {
      const uint8_t* p = buf.data() + offset;
      const uint32_t whole = crc32c_internal::Portable(p, len, 0);
      for (const Path& path : Paths()) {
        EXPECT_EQ(path.fn(p, len, 0), whole) << path.name << " offset " << offset << " len " << len;
        const size_t cut = len / 3;
        EXPECT_EQ(path.fn(p + cut, len - cut, path.fn(p, cut, 0)), whole)
            << path.name << " split at " << cut << " of " << len;
      }
    }
  }
}

// CRC32C changes whenever one bit changes (here every bit of a 256-byte block).
TEST(Crc32c, EverySingleBitFlipChangesTheValue) {
  std::vector<uint8_t> block(256);
  for (size_t i = 0; i < block.size(); ++i) block[i] = static_cast<uint8_t>(i * 7);
  const uint32_t good = Crc32c(block.data(), block.size());
  for (size_t bit = 0; bit < block.size() * 8; ++bit) {
    block[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    EXPECT_NE(Crc32c(block.data(), block.size()), good) << "bit " << bit;
    block[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle
