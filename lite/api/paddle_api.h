// plite's public C++ API, source-compatible with Paddle Lite's paddle_api.h:
//
//   paddle::lite_api::CxxConfig config;
//   config.set_model_dir("mobilenet_v2");            // or set_model_file + set_param_file
//   config.set_valid_places({paddle::lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
//   auto predictor = paddle::lite_api::CreatePaddlePredictor(config);
//   auto input = predictor->GetInput(0);
//   input->Resize({1, 3, 224, 224});
//   float* data = input->mutable_data<float>();  // fill it
//   predictor->Run();
//   auto output = predictor->GetOutput(0);         // output->shape(), output->data<float>()
//
// Every failure (bad path, malformed model, unsupported op, missing kernel, wrong input)
// throws paddle::lite_api::PaddleLiteException with a message naming what is wrong.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "paddle_exception.h"  // NOLINT(build/include): installed side by side
#include "paddle_place.h"      // NOLINT(build/include)

namespace paddle {
namespace lite_api {

using shape_t = std::vector<int64_t>;
using lod_t = std::vector<std::vector<uint64_t>>;

// A view of one of the predictor's tensors; valid while the predictor lives.
class Tensor {
 public:
  explicit Tensor(void* raw);
  explicit Tensor(const void* raw);

  void Resize(const shape_t& shape);
  shape_t shape() const;
  int64_t numel() const;

  // Typed access: float, int8_t, uint8_t, int32_t, int64_t, bool.
  template <typename T>
  const T* data() const;
  template <typename T>
  T* mutable_data(TargetType type = TargetType::kHost) const;
  // Copies numel() elements in / out (Resize first when copying in).
  template <typename T, TargetType type = TargetType::kHost>
  void CopyFromCpu(const T* data);
  template <typename T>
  void CopyToCpu(T* data) const;
  // Uses the caller's memory as this tensor's data (no copy; the caller keeps it alive).
  void ShareExternalMemory(void* data, size_t memory_size, TargetType target);

  TargetType target() const;
  PrecisionType precision() const;
  void SetPrecision(PrecisionType precision);
  lod_t lod() const;
  void SetLoD(const lod_t& lod);

 private:
  void* raw_tensor_;
};

class PaddlePredictor {
 public:
  virtual ~PaddlePredictor() = default;

  virtual std::unique_ptr<Tensor> GetInput(int i) = 0;
  virtual std::unique_ptr<const Tensor> GetOutput(int i) const = 0;
  virtual std::vector<std::string> GetInputNames() = 0;
  virtual std::vector<std::string> GetOutputNames() = 0;
  virtual std::unique_ptr<Tensor> GetInputByName(const std::string& name) = 0;
  virtual std::unique_ptr<const Tensor> GetTensor(const std::string& name) const = 0;
  virtual void Run() = 0;
  // A predictor on the same model that shares the weights (no reload, no re-optimize);
  // each predictor may then run on its own thread.
  virtual std::shared_ptr<PaddlePredictor> Clone() = 0;
  virtual std::string GetVersion() const = 0;
  // Writes the optimized model: kNaiveBuffer -> `model_dir` + ".nb" (what MobileConfig
  // loads); kProtobuf -> Paddle files in `model_dir`. With `record_info`, the lists of ops
  // and kernels the model uses (for a tailored build) go into the directory `model_dir`.
  // Only the full predictor (CxxConfig) can save; the light one throws.
  virtual void SaveOptimizedModel(const std::string& model_dir,
                                  LiteModelType model_type = LiteModelType::kProtobuf,
                                  bool record_info = false);
};

class ConfigBase {
 public:
  void set_model_dir(const std::string& dir) { model_dir_ = dir; }
  const std::string& model_dir() const { return model_dir_; }
  void set_threads(int threads) { threads_ = threads; }
  int threads() const { return threads_; }
  void set_power_mode(PowerMode mode) { mode_ = mode; }
  PowerMode power_mode() const { return mode_; }

 protected:
  std::string model_dir_;
  int threads_{1};
  PowerMode mode_{PowerMode::LITE_POWER_NO_BIND};
};

// Loads a Paddle inference model (protobuf program + params) and optimizes it on load.
class CxxConfig : public ConfigBase {
 public:
  // The places the optimizer may pick kernels for, in priority order (none: float kernels of
  // the CPU target this build has, x86 or arm, then host).
  // Checked at CreatePaddlePredictor: a place with a target, precision or layout outside
  // its enum is an error naming it; a place whose target has no kernels in this build
  // (kOpenCL without OpenCL, kARM on x86) is dropped with a warning while another place
  // remains, and is an error naming the targets this build has when none remains.
  void set_valid_places(const std::vector<Place>& places) { valid_places_ = places; }
  const std::vector<Place>& valid_places() const { return valid_places_; }
  // The program file (any name) and the combined params file; without a param file the
  // params are looked for beside the model, combined or one file per variable.
  void set_model_file(const std::string& path) { model_file_ = path; }
  const std::string& model_file() const { return model_file_; }
  void set_param_file(const std::string& path) { param_file_ = path; }
  const std::string& param_file() const { return param_file_; }

  // plite: switch groups of optimizer passes (on by default), e.g. to compare results.
  void set_fusion_passes(bool on) { fusion_passes_ = on; }
  bool fusion_passes() const { return fusion_passes_; }
  void set_memory_optimize(bool on) { memory_optimize_ = on; }
  bool memory_optimize() const { return memory_optimize_; }
  // Runs chains of x86 convolutions in the channel-blocked NCHW16c layout (layout casts at
  // their ends); only matters with x86 among the valid places.
  void set_x86_blocked_layout(bool on) { x86_blocked_layout_ = on; }
  bool x86_blocked_layout() const { return x86_blocked_layout_; }

 private:
  std::vector<Place> valid_places_;
  std::string model_file_;
  std::string param_file_;
  bool fusion_passes_{true};
  bool memory_optimize_{true};
  bool x86_blocked_layout_{true};
};

// Loads an optimized `.nb` model (written by `opt` or SaveOptimizedModel) into the light
// predictor: no optimizer runs, weights are used in place from the mapped file.
class MobileConfig : public ConfigBase {
 public:
  void set_model_from_file(const std::string& path) {
    lite_model_file_ = path;
    lite_model_buffer_.clear();
    from_memory_ = false;
  }
  // The predictor keeps its own copy of the bytes.
  void set_model_from_buffer(const std::string& buffer) {
    set_model_from_buffer(buffer.data(), buffer.size());
  }
  void set_model_from_buffer(const char* buffer, size_t size) {
    lite_model_buffer_.assign(buffer, size);
    lite_model_file_.clear();
    from_memory_ = true;
  }
  bool is_model_from_memory() const { return from_memory_; }
  const std::string& lite_model_file() const { return lite_model_file_; }
  const std::string& lite_model_buffer() const { return lite_model_buffer_; }

  // plite: compare every weight with the CRC32C opt stored for it when the model loads, so
  // a corrupted file (storage, download) is an error naming the weight instead of wrong
  // results. Off by default: it reads all weight bytes once (docs/model_format.md gives
  // the cost). The model's structure is always checked.
  void set_check_weight_checksums(bool on) { check_weight_checksums_ = on; }
  bool check_weight_checksums() const { return check_weight_checksums_; }

 private:
  std::string lite_model_file_;
  std::string lite_model_buffer_;
  bool from_memory_{false};
  bool check_weight_checksums_{false};
};

template <typename ConfigT>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor(const ConfigT& config);

}  // namespace lite_api
}  // namespace paddle
