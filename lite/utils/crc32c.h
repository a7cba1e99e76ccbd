// CRC32C (Castagnoli polynomial 0x1EDC6F41, reflected 0x82F63B78): the checksum iSCSI,
// ext4, LevelDB and RocksDB use for stored blocks. It detects every error of 1 to 3 bits
// and every burst of up to 32 bits in blocks far larger than a model's meta section, and
// CPUs compute it with one instruction (SSE4.2 crc32 on x86, the ARMv8 CRC extension).
// It guards against accidental corruption only: anyone editing a file can recompute it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace paddle {
namespace lite {

// The CRC32C of `size` bytes at `data`, continuing from `crc`, the CRC32C of the bytes
// before them (0 to start): Crc32c(b, n2, Crc32c(a, n1)) is the CRC32C of a then b.
// Uses the CPU instruction where the CPU has it (checked at run time), else a table-driven
// loop giving identical results.
uint32_t Crc32c(const void* data, size_t size, uint32_t crc = 0);

namespace crc32c_internal {
// Table-driven, a byte at a time: every CPU.
uint32_t Portable(const void* data, size_t size, uint32_t crc);
// Whether Hardware() may be called on this CPU.
bool HasHardware();
// The CPU instruction; only where HasHardware() is true.
uint32_t Hardware(const void* data, size_t size, uint32_t crc);
}  // namespace crc32c_internal

}  // namespace lite
}  // namespace paddle
