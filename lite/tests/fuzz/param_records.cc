#include "lite/tests/fuzz/param_records.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "lite/model_parser/pb/framework.pb.h"

namespace paddle {
namespace lite {
namespace fuzz {

namespace {

namespace proto = ::paddle::framework::proto;

// Bytes per element of a Paddle element type; 0 for a code that is not one.
size_t ElementBytes(int type) {
  switch (type) {
    case proto::VarType::BOOL:
    case proto::VarType::UINT8:
    case proto::VarType::INT8: return 1;
    case proto::VarType::INT16:
    case proto::VarType::FP16:
    case proto::VarType::BF16: return 2;
    case proto::VarType::INT32:
    case proto::VarType::FP32: return 4;
    case proto::VarType::INT64:
    case proto::VarType::FP64:
    case proto::VarType::COMPLEX64: return 8;
    case proto::VarType::COMPLEX128: return 16;
    default: return 0;
  }
}

// Reads little-endian values from `bytes`, failing (returning false) past the end.
class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  size_t pos() const { return pos_; }
  bool done() const { return pos_ == bytes_.size(); }
  bool Skip(uint64_t n) {
    if (n > bytes_.size() - pos_) return false;
    pos_ += n;
    return true;
  }
  template <typename T>
  bool Read(T* value) {
    if (sizeof(T) > bytes_.size() - pos_) return false;
    std::memcpy(value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }

 private:
  const std::string& bytes_;
  size_t pos_{0};
};

}  // namespace

bool SplitParamRecords(const std::string& params, std::vector<ParamRecord>* records) {
  records->clear();
  Reader r(params);
  while (!r.done()) {
    const size_t start = r.pos();
    uint32_t version = 0;
    uint64_t lod_level = 0;
    if (!r.Read(&version) || !r.Read(&lod_level)) return false;
    for (uint64_t level = 0; level < lod_level; ++level) {
      uint64_t level_bytes = 0;
      if (!r.Read(&level_bytes) || !r.Skip(level_bytes)) return false;
    }
    int32_t desc_size = 0;
    if (!r.Read(&version) || !r.Read(&desc_size) || desc_size < 0) return false;
    proto::VarType::TensorDesc desc;
    if (!desc.ParseFromArray(params.data() + r.pos(),
                             static_cast<int>(std::min<uint64_t>(desc_size, params.size() - r.pos()))) ||
        !r.Skip(static_cast<uint64_t>(desc_size))) {
      return false;
    }
    uint64_t elements = 1;
    for (int64_t d : desc.dims()) {
      if (d < 0 || __builtin_mul_overflow(elements, static_cast<uint64_t>(d), &elements)) return false;
    }
    const size_t element_bytes = ElementBytes(desc.data_type());
    uint64_t data_bytes = 0;
    if (element_bytes == 0 || __builtin_mul_overflow(elements, element_bytes, &data_bytes)) return false;
    const size_t data_offset = r.pos() - start;
    if (!r.Skip(data_bytes)) return false;
    records->push_back({params.substr(start, r.pos() - start), data_offset, desc.data_type()});
  }
  return true;
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
