#include "lite/utils/place.h"

#include <functional>
#include <tuple>
#include <vector>

#include "lite/utils/exception.h"
#include "lite/utils/place_spellings.h"

namespace paddle {
namespace lite_api {

namespace {

using spellings::Spelling;

// The tables of std::string the API returns references into, built from the spellings
// (place_spellings.h) by one loop (initialising std::string arrays element by element costs
// code per element).
struct EnumName {
  int value;
  std::string name;
  std::string repr;
};
class EnumNames {
 public:
  template <size_t N>
  explicit EnumNames(const Spelling (&table)[N]) : EnumNames(table, N) {}
  // The entry for `value`, or the first ("unk") for values outside the enum.
  const EnumName& Lookup(int value) const {
    for (const EnumName& e : entries_) {
      if (e.value == value) return e;
    }
    return entries_.front();
  }

 private:
  EnumNames(const Spelling* table, size_t count) {
    entries_.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      entries_.push_back({table[i].value, table[i].name, table[i].repr});
    }
  }
  std::vector<EnumName> entries_;
};

constexpr Spelling kTuneModes[] = {{-1, "unk", "unk"},
                                   {0, "CL_TUNE_NONE", ""},
                                   {1, "CL_TUNE_RAPID", ""},
                                   {2, "CL_TUNE_NORMAL", ""},
                                   {3, "CL_TUNE_EXHAUSTIVE", ""}};
constexpr Spelling kClPrecisions[] = {{-1, "unk", "unk"},
                                      {0, "CL_PRECISION_AUTO", ""},
                                      {1, "CL_PRECISION_FP32", ""},
                                      {2, "CL_PRECISION_FP16", ""}};

// Function-local tables: kernel registrations name places during static initialization.
const EnumName& TargetEntry(TargetType target) {
  static const EnumNames names(spellings::kTargets);
  return names.Lookup(static_cast<int>(target));
}
const EnumName& PrecisionEntry(PrecisionType precision) {
  static const EnumNames names(spellings::kPrecisions);
  return names.Lookup(static_cast<int>(precision));
}
const EnumName& LayoutEntry(DataLayoutType layout) {
  static const EnumNames names(spellings::kLayouts);
  return names.Lookup(static_cast<int>(layout));
}

}  // namespace

const std::string& TargetToStr(TargetType target) { return TargetEntry(target).name; }
const std::string& PrecisionToStr(PrecisionType precision) {
  return PrecisionEntry(precision).name;
}
const std::string& DataLayoutToStr(DataLayoutType layout) {
  return LayoutEntry(layout).name;
}
const std::string& TargetRepr(TargetType target) { return TargetEntry(target).repr; }
const std::string& PrecisionRepr(PrecisionType precision) {
  return PrecisionEntry(precision).repr;
}
const std::string& DataLayoutRepr(DataLayoutType layout) {
  return LayoutEntry(layout).repr;
}

const std::string& CLTuneModeToStr(CLTuneMode mode) {
  static const EnumNames names(kTuneModes);
  return names.Lookup(static_cast<int>(mode)).name;
}

const std::string& CLPrecisionTypeToStr(CLPrecisionType type) {
  static const EnumNames names(kClPrecisions);
  return names.Lookup(static_cast<int>(type)).name;
}

namespace {
// Every value in [1, NUM) but kAny, plus `extra`; or just {value} when it is not kAny.
template <typename Enum>
std::set<Enum> Expand(Enum value, std::initializer_list<Enum> extra = {}) {
  if (value != Enum::kAny) return {value};
  std::set<Enum> all(extra);
  for (int v = 1; v < static_cast<int>(Enum::NUM); ++v) {
    if (static_cast<Enum>(v) != Enum::kAny) all.insert(static_cast<Enum>(v));
  }
  return all;
}
}  // namespace

std::set<TargetType> ExpandValidTargets(TargetType target) { return Expand(target); }
std::set<PrecisionType> ExpandValidPrecisions(PrecisionType precision) {
  return Expand(precision);
}
std::set<DataLayoutType> ExpandValidLayouts(DataLayoutType layout) {
  return Expand(layout, {DATALAYOUT(kNCHW4c), DATALAYOUT(kNCHW8c), DATALAYOUT(kNCHW16c)});
}

size_t PrecisionTypeLength(PrecisionType precision) {
  switch (precision) {
    case PRECISION(kFloat):
    case PRECISION(kInt32):
      return 4;
    case PRECISION(kInt8):
    case PRECISION(kBool):
    case PRECISION(kUInt8):
      return 1;
    case PRECISION(kFP16):
    case PRECISION(kInt16):
      return 2;
    case PRECISION(kInt64):
    case PRECISION(kFP64):
      return 8;
    default:
      return 0;
  }
}

int LayoutChannelBlock(DataLayoutType layout) {
  switch (layout) {
    case DATALAYOUT(kNCHW4c): return 4;
    case DATALAYOUT(kNCHW8c): return 8;
    case DATALAYOUT(kNCHW16c): return 16;
    default: return 0;
  }
}

std::string Place::DebugString() const {
  return TargetToStr(target) + "/" + PrecisionToStr(precision) + "/" + DataLayoutToStr(layout);
}

size_t Place::hash() const {
  size_t h = std::hash<int>()(static_cast<int>(target));
  for (int v : {static_cast<int>(precision), static_cast<int>(layout), static_cast<int>(device)}) {
    h ^= std::hash<int>()(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

std::string Place::Serialize() const {
  return std::to_string(static_cast<int>(target)) + "/" +
         std::to_string(static_cast<int>(precision)) + "/" +
         std::to_string(static_cast<int>(layout));
}

void Place::Deserialize(const std::string& buffer) {
  int fields[3];
  size_t pos = 0;
  for (int i = 0; i < 3; ++i) {
    const size_t end = i < 2 ? buffer.find('/', pos) : buffer.size();
    const std::string part =
        end == std::string::npos ? std::string() : buffer.substr(pos, end - pos);
    size_t used = 0;
    bool ok = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    if (ok) {
      try {
        fields[i] = std::stoi(part, &used);
      } catch (const std::exception&) {
        ok = false;
      }
    }
    if (!ok || used != part.size()) {
      throw PaddleLiteException("Place::Deserialize: '" + buffer +
                                "' is not target/precision/layout as three numbers");
    }
    pos = end + 1;
  }
  target = static_cast<TargetType>(fields[0]);
  precision = static_cast<PrecisionType>(fields[1]);
  layout = static_cast<DataLayoutType>(fields[2]);
}

bool operator<(const Place& a, const Place& b) {
  return std::make_tuple(a.target, a.precision, a.layout, a.device) <
         std::make_tuple(b.target, b.precision, b.layout, b.device);
}

}  // namespace lite_api
}  // namespace paddle
