// NbModelBytes: a private mapping of a .nb file, or an aligned copy of a buffer.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "lite/core/memory.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {

namespace {

class MappedNbBytes : public NbModelBytes {
 public:
  MappedNbBytes(void* data, size_t size, std::string path)
      : data_(data), size_(size), path_(std::move(path)) {}
  ~MappedNbBytes() override { munmap(data_, size_); }
  const uint8_t* data() const override { return static_cast<const uint8_t*>(data_); }
  size_t size() const override { return size_; }
  const std::string& source() const override { return path_; }

 private:
  void* data_;
  size_t size_;
  std::string path_;
};

class CopiedNbBytes : public NbModelBytes {
 public:
  CopiedNbBytes(const void* data, size_t size) : size_(size) {
    // Padding past the end keeps SIMD over-reads of the last param inside the block.
    const size_t space =
        (size + kBufferPadding + kNbParamAlignment - 1) / kNbParamAlignment * kNbParamAlignment;
    data_ = static_cast<uint8_t*>(std::aligned_alloc(kNbParamAlignment, space));
    PLITE_CHECK(data_ != nullptr, "out of memory copying a ", size, "-byte nb model");
    if (size) std::memcpy(data_, data, size);
    std::memset(data_ + size, 0, space - size);
  }
  ~CopiedNbBytes() override { std::free(data_); }
  const uint8_t* data() const override { return data_; }
  size_t size() const override { return size_; }

 private:
  uint8_t* data_{nullptr};
  size_t size_;
};

// Closes the descriptor on every path out of MapFile.
struct FdCloser {
  int fd;
  ~FdCloser() { close(fd); }
};

}  // namespace

const std::string& NbModelBytes::source() const {
  static const std::string kMemory = "<memory buffer>";
  return kMemory;
}

std::shared_ptr<const NbModelBytes> NbModelBytes::MapFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    PLITE_CHECK(err != ENOENT, "missing nb model file ", path);
    PLITE_THROW("cannot open nb model file ", path, ": ", std::strerror(err));
  }
  FdCloser closer{fd};
  struct stat st;
  PLITE_CHECK(fstat(fd, &st) == 0, "cannot stat nb model file ", path, ": ", std::strerror(errno));
  PLITE_CHECK(!S_ISDIR(st.st_mode), "nb model file ", path, " is a directory, not a model file");
  PLITE_CHECK(S_ISREG(st.st_mode), "nb model file ", path, " is not a regular file");
  PLITE_CHECK(st.st_size > 0, "nb model file ", path, " is empty (0 bytes)");
  const auto size = static_cast<size_t>(st.st_size);
  // Writable private pages: nothing reaches the file, and a kernel writing into a weight
  // by mistake gets its own page rather than a fault.
  void* data = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  PLITE_CHECK(data != MAP_FAILED, "cannot map nb model file ", path, " (", size,
              " bytes): ", std::strerror(errno));
  // shared_ptr(new) unmaps through the deleter even if the control block cannot be made.
  return std::shared_ptr<const NbModelBytes>(new MappedNbBytes(data, size, path));
}

std::shared_ptr<const NbModelBytes> NbModelBytes::CopyOf(const void* data, size_t size) {
  PLITE_CHECK(data != nullptr || size == 0, "nb model buffer is null but has ", size, " bytes");
  return std::make_shared<CopiedNbBytes>(data, size);
}

}  // namespace lite
}  // namespace paddle
