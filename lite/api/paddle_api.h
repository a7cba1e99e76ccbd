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
//
// Every entry point of Paddle Lite's paddle_api.h is declared and defined here, so an app
// written for Paddle Lite compiles and links. Where plite lacks the capability (OpenCL,
// Metal, XPU, NNAdapter, subgraph backends, optimize-time quantization) the setters store
// their value and say so below; docs/paddle_lite_api.md has the table of what works.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "paddle_exception.h"  // NOLINT(build/include): installed side by side
#include "paddle_place.h"      // NOLINT(build/include)

namespace paddle {
namespace lite_api {

using shape_t = std::vector<int64_t>;
using lod_t = std::vector<std::vector<uint64_t>>;

// How an ARM build sizes its per-thread workspace (MobileConfig::SetArmL3CacheSize).
enum class L3CacheSetMethod {
  kDeviceL3Cache = 0,
  kDeviceL2Cache = 1,
  kAbsolute = 2,
};

// Whether OpenCL kernels can run here: a build with OpenCL, the OpenCL library and a device
// with images (with `check_fp16_valid`: and half images too).
bool IsOpenCLBackendValid(bool check_fp16_valid = false);
// The OpenCL device's vendor class (0 unknown, 1 Adreno, 2 Mali, 3 PowerVR, 4 other), or
// -1 without a usable OpenCL device.
int GetOpenCLDeviceType();

// A view of one of the predictor's tensors; valid while the predictor lives.
class Tensor {
 public:
  explicit Tensor(void* raw);
  explicit Tensor(const void* raw);

  void Resize(const shape_t& shape);
  shape_t shape() const;
  int64_t numel() const;
  // Whether the tensor holds data (was written or had memory shared in).
  bool IsInitialized() const;

  // Typed access for float, double, int8_t, uint8_t, int16_t, int32_t, int64_t, bool
  // (data<void>() too); a read of the wrong type throws naming both types.
  template <typename T>
  const T* data() const;
  template <typename T>
  T* mutable_data(TargetType type = TargetType::kHost) const;
  // Metal textures: no Metal backend, throws.
  void* mutable_metal_data(void* ptr) const;
  // Copies numel() elements in / out (Resize first when copying in). The target may be
  // kHost, kX86 or kARM (host memory); kOpenCL, kCUDA and kMLU throw: no such backend.
  template <typename T, TargetType type = TargetType::kHost>
  void CopyFromCpu(const T* data);
  template <typename T>
  void CopyToCpu(T* data) const;
  // Uses the caller's memory as this tensor's data (no copy; the caller keeps it alive).
  void ShareExternalMemory(void* data, size_t memory_size, TargetType target);

  TargetType target() const;
  PrecisionType precision() const;
  void SetPrecision(PrecisionType precision);
  // The memory order of the data; dims follow it (an NHWC tensor's shape is [N, H, W, C]).
  DataLayoutType layout() const;
  lod_t lod() const;
  void SetLoD(const lod_t& lod);

 private:
  void* raw_tensor_;
};

class PaddlePredictor {
 public:
  PaddlePredictor() = default;
  virtual ~PaddlePredictor() = default;
  // threads_ and mode_ below hold the config's thread count and power mode.

  virtual std::unique_ptr<Tensor> GetInput(int i) = 0;
  virtual std::unique_ptr<const Tensor> GetOutput(int i) const = 0;
  virtual std::vector<std::string> GetInputNames() = 0;
  virtual std::vector<std::string> GetOutputNames() = 0;
  // The weights (persistable variables) of the optimized model.
  virtual std::vector<std::string> GetParamNames();
  virtual std::unique_ptr<Tensor> GetInputByName(const std::string& name) = 0;
  // Any variable by name (weights and activations); null when there is none so named.
  virtual std::unique_ptr<const Tensor> GetTensor(const std::string& name) const = 0;
  // The same, writable (e.g. to replace a weight); null when there is none so named.
  virtual std::unique_ptr<Tensor> GetMutableTensor(const std::string& name);
  virtual void Run() = 0;
  // A predictor on the same model that shares the weights (no reload, no re-optimize);
  // each predictor may then run on its own thread.
  virtual std::shared_ptr<PaddlePredictor> Clone() = 0;
  // The same, but the weights named in `var_names` are copied: the clone gets its own
  // copies (writes through GetMutableTensor stay on one side). A name that is not a weight
  // of the model throws.
  virtual std::shared_ptr<PaddlePredictor> Clone(const std::vector<std::string>& var_names) = 0;
  virtual std::string GetVersion() const = 0;
  // Frees the activation buffers (inputs, outputs and weights are kept); the next Run()
  // allocates them again. Returns true.
  virtual bool TryShrinkMemory() = 0;
  // Writes the optimized model: kNaiveBuffer -> `model_dir` + ".nb" (what MobileConfig
  // loads); kProtobuf -> Paddle files in `model_dir`. With `record_info`, the lists of ops
  // and kernels the model uses (for a tailored build) go into the directory `model_dir`.
  // Only the full predictor (CxxConfig) can save; the light one throws.
  virtual void SaveOptimizedModel(const std::string& model_dir,
                                  LiteModelType model_type = LiteModelType::kProtobuf,
                                  bool record_info = false);

 protected:
  int threads_{1};
  PowerMode mode_{LITE_POWER_NO_BIND};
};

class ConfigBase {
 public:
  explicit ConfigBase(PowerMode mode = LITE_POWER_NO_BIND, int threads = 1)
      : threads_(threads), mode_(mode) {}

  // CxxConfig: the directory of the Paddle model. MobileConfig: when no model file or
  // buffer is set, the directory holding the one .nb model to load.
  void set_model_dir(const std::string& dir) { model_dir_ = dir; }
  const std::string& model_dir() const { return model_dir_; }
  void set_threads(int threads) { threads_ = threads; }
  int threads() const { return threads_; }
  // Which cores the threads run on: HIGH the big cores, LOW the little ones, FULL all of
  // them (threads capped at that many cores), RAND_HIGH / RAND_LOW as HIGH / LOW starting
  // each predictor on another core of the cluster, NO_BIND (the default) leaves it to the OS.
  // Big cores are those with the highest cpufreq maximum in sysfs; where sysfs does not say,
  // every mode runs as NO_BIND. An unknown mode fails the predictor's creation.
  void set_power_mode(PowerMode mode) { mode_ = mode; }
  PowerMode power_mode() const { return mode_; }
  // LITE_PRECISION_LOW runs the full predictor (CxxConfig) in fp16 where it can: the
  // optimizer gets Place{TARGET(kARM), PRECISION(kFP16)} just before the first ARM valid
  // place (of the default places when none are set), so the ARM fp16 kernels are picked
  // wherever they apply, with calib casts between them and the float ones; outputs stay
  // float. A build without them (LITE_WITH_ARM_FP16) or a CPU without fp16 arithmetic
  // (check_fp16_valid) runs float as before. The light predictor (MobileConfig) runs the
  // kernels its .nb names (opt --enable_fp16 plans fp16 ones): there the mode is stored only.
  void set_precision_mode(PrecisionMode mode) { precision_mode_ = mode; }
  PrecisionMode precision_mode() const { return precision_mode_; }

  // The x86 kernels run on the predictor's one thread pool: this is set_threads().
  void set_x86_math_num_threads(int threads) { threads_ = threads; }
  int x86_math_num_threads() const { return threads_; }
  // Device ordinal for multi-device backends: stored, nothing in plite reads it.
  void set_device_id(int device_id) { device_id_ = device_id; }
  int get_device_id() const { return device_id_; }

  // The optimizer skips this pass (CxxConfig; the light predictor runs no optimizer). An
  // unknown name, or a pass the kernel pick needs, fails CreatePaddlePredictor naming the
  // passes that can be discarded.
  void add_discarded_pass(const std::string pass) { discarded_passes_.push_back(pass); }
  const std::vector<std::string> get_discarded_passes() const { return discarded_passes_; }

  // OpenCL (docs/opencl.md). Programs built for the device are kept as binaries in `path`
  // (files <name>-<key>.clbin), so a later start loads them instead of compiling; "" keeps
  // none. The cache is the process's: the last predictor created sets it.
  void set_opencl_binary_path_name(const std::string& path, const std::string& name) {
    opencl_bin_path_ = path;
    opencl_bin_name_ = name;
  }
  const std::string& opencl_bin_path() const { return opencl_bin_path_; }
  const std::string& opencl_bin_name() const { return opencl_bin_name_; }
  // Local work-size tuning: with CL_TUNE_RAPID / NORMAL / EXHAUSTIVE each OpenCL launch
  // (kernel and global size) is timed with a few / most / all local sizes the first time
  // it runs, and the fastest kept in <path>/<name> for later starts (docs/opencl.md).
  void set_opencl_tune(CLTuneMode tune_mode = CL_TUNE_NONE, const std::string& path = "",
                       const std::string& name = "", size_t lws_repeats = 4) {
    opencl_tune_mode_ = tune_mode;
    opencl_tune_path_ = path;
    opencl_tune_name_ = name;
    opencl_lws_repeats_ = lws_repeats;
  }
  // Older Paddle Lite releases' form.
  void set_opencl_tune(CLTuneMode tune_mode, size_t lws_repeats) {
    set_opencl_tune(tune_mode, "", "", lws_repeats);
  }
  // Image storage of the OpenCL kernels a CxxConfig plans (a .nb keeps what opt planned):
  // FP32 float images; FP16 half images (float math) where the device has them; AUTO half
  // where the device computes in half (cl_khr_fp16), float elsewhere.
  void set_opencl_precision(CLPrecisionType p = CL_PRECISION_AUTO) { opencl_precision_ = p; }
  CLTuneMode opencl_tune_mode() const { return opencl_tune_mode_; }
  const std::string& opencl_tune_path() const { return opencl_tune_path_; }
  const std::string& opencl_tune_name() const { return opencl_tune_name_; }
  size_t opencl_lws_repeats() const { return opencl_lws_repeats_; }
  CLPrecisionType opencl_precision() const { return opencl_precision_; }

  // Subgraph (NPU/XPU/APU...) and NNAdapter backends: none in plite. Stored and returned,
  // never used.
  void set_subgraph_model_cache_dir(std::string dir) { subgraph_model_cache_dir_ = dir; }
  const std::string& subgraph_model_cache_dir() const { return subgraph_model_cache_dir_; }
  void set_subgraph_model_cache_buffers(const std::string& key, const std::vector<char>& cfg,
                                        const std::vector<char>& bin) {
    subgraph_model_cache_buffers_[key] = std::make_pair(cfg, bin);
  }
  const std::map<std::string, std::pair<std::vector<char>, std::vector<char>>>&
  subgraph_model_cache_buffers() const {
    return subgraph_model_cache_buffers_;
  }
  // No NNAdapter device is valid here: false.
  bool check_nnadapter_device_name(const std::string& device_name);
  void set_nnadapter_device_names(const std::vector<std::string>& names) {
    nnadapter_device_names_ = names;
  }
  const std::vector<std::string>& nnadapter_device_names() const {
    return nnadapter_device_names_;
  }
  void set_nnadapter_context_properties(const std::string& properties) {
    nnadapter_context_properties_ = properties;
  }
  const std::string& nnadapter_context_properties() const {
    return nnadapter_context_properties_;
  }
  void set_nnadapter_context_callback(int (*callback)(int event_id, void* user_data)) {
    nnadapter_context_callback_ = callback;
  }
  int (*nnadapter_context_callback() const)(int event_id, void* user_data) {
    return nnadapter_context_callback_;
  }
  void set_nnadapter_model_cache_dir(const std::string& dir) { nnadapter_model_cache_dir_ = dir; }
  const std::string& nnadapter_model_cache_dir() const { return nnadapter_model_cache_dir_; }
  void set_nnadapter_dynamic_shape_info(
      const std::map<std::string, std::vector<std::vector<int64_t>>>& info) {
    nnadapter_dynamic_shape_info_ = info;
  }
  const std::map<std::string, std::vector<std::vector<int64_t>>>& nnadapter_dynamic_shape_info()
      const {
    return nnadapter_dynamic_shape_info_;
  }
  void set_nnadapter_model_cache_buffers(const std::string& token,
                                         const std::vector<char>& buffer) {
    nnadapter_model_cache_buffers_[token] = buffer;
  }
  const std::map<std::string, std::vector<char>>& nnadapter_model_cache_buffers() const {
    return nnadapter_model_cache_buffers_;
  }

  // Metal (Apple GPUs): no Metal backend. Stored and returned, never used.
  void set_metal_lib_path(const std::string& path) { metal_path_ = path; }
  void set_metal_use_mps(bool flag) { metal_use_mps_ = flag; }
  void set_metal_use_aggressive(bool flag) { metal_use_aggressive_ = flag; }
  void set_metal_device(void* device) { metal_device_ = device; }
  void set_metal_use_memory_reuse(bool flag) { metal_use_memory_reuse_ = flag; }
  std::string metal_lib_path() const { return metal_path_; }
  bool metal_use_mps() const { return metal_use_mps_; }
  bool metal_use_aggressive() const { return metal_use_aggressive_; }
  void* metal_device() const { return metal_device_; }
  bool metal_use_memory_reuse() const { return metal_use_memory_reuse_; }

 protected:
  std::string model_dir_;
  int threads_{1};
  PowerMode mode_{PowerMode::LITE_POWER_NO_BIND};
  PrecisionMode precision_mode_{LITE_PRECISION_NORMAL};
  int device_id_{0};
  std::vector<std::string> discarded_passes_;
  CLTuneMode opencl_tune_mode_{CL_TUNE_NONE};
  std::string opencl_tune_path_;
  std::string opencl_tune_name_;
  size_t opencl_lws_repeats_{4};
  std::string opencl_bin_path_;
  std::string opencl_bin_name_;
  CLPrecisionType opencl_precision_{CL_PRECISION_AUTO};
  std::string subgraph_model_cache_dir_;
  std::map<std::string, std::pair<std::vector<char>, std::vector<char>>>
      subgraph_model_cache_buffers_;
  std::vector<std::string> nnadapter_device_names_;
  std::string nnadapter_context_properties_;
  int (*nnadapter_context_callback_)(int event_id, void* user_data){nullptr};
  std::string nnadapter_model_cache_dir_;
  std::map<std::string, std::vector<std::vector<int64_t>>> nnadapter_dynamic_shape_info_;
  std::map<std::string, std::vector<char>> nnadapter_model_cache_buffers_;
  std::string metal_path_;
  bool metal_use_mps_{false};
  bool metal_use_aggressive_{false};
  void* metal_device_{nullptr};
  bool metal_use_memory_reuse_{false};
};

// A Paddle model held in memory: the program (the .pdmodel / __model__ bytes) and the
// combined params (.pdiparams bytes; may be empty for a model without weights).
class CxxModelBuffer {
 public:
  CxxModelBuffer() = default;
  CxxModelBuffer(const char* program_buffer, size_t program_buffer_size,
                 const char* params_buffer, size_t params_buffer_size);
  CxxModelBuffer(std::string&& program_buffer, std::string&& params_buffer);
  CxxModelBuffer(const CxxModelBuffer&) = delete;

  const std::string& get_program() const;  // throws when empty
  const std::string& get_params() const;
  bool is_empty() const;

 private:
  std::string program_;
  std::string params_;
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
  // The model from memory instead of files (program bytes + combined params bytes; the
  // buffers are copied). Takes precedence over model_dir / model_file.
  void set_model_buffer(const char* model_buffer, size_t model_buffer_size,
                        const char* param_buffer, size_t param_buffer_size) {
    model_buffer_ = std::make_shared<CxxModelBuffer>(model_buffer, model_buffer_size,
                                                     param_buffer, param_buffer_size);
  }
  void set_model_buffer(std::shared_ptr<CxxModelBuffer> model_buffer) {
    model_buffer_ = std::move(model_buffer);
  }
  // Throws when no buffer was set.
  const CxxModelBuffer& get_model_buffer() const;
  bool is_model_from_memory() const { return static_cast<bool>(model_buffer_); }
  bool model_from_memory() const { return is_model_from_memory(); }

  // For tests of the optimizer: a non-empty list replaces the optimizer's pass list (run
  // in this order; names are checked as for add_discarded_pass).
  void set_passes_internal(const std::vector<std::string>& passes = {}) {
    passes_internal_ = passes;
  }
  const std::vector<std::string>& get_passes_internal() const { return passes_internal_; }

  // Paddle Lite quantizes weights (quant_model) or detects sparse convolutions
  // (sparse_model) while optimizing; plite does neither: CreatePaddlePredictor fails with
  // either switched on. Quantize with PaddleSlim before loading instead.
  void set_quant_model(bool quant_model) { quant_model_ = quant_model; }
  bool quant_model() const { return quant_model_; }
  void set_quant_type(QuantType quant_type) { quant_type_ = quant_type; }
  QuantType quant_type() const { return quant_type_; }
  void set_sparse_model(bool sparse_model) { sparse_model_ = sparse_model; }
  bool sparse_model() const { return sparse_model_; }
  void set_sparse_threshold(float sparse_threshold) { sparse_threshold_ = sparse_threshold; }
  float sparse_threshold() const { return sparse_threshold_; }

  // Kunlun XPU settings: no XPU backend, these do nothing.
  void set_xpu_workspace_l3_size_per_thread(int l3_size = 0x4000000) {}
  void set_xpu_l3_cache_method(size_t l3_size, bool locked = false) {}
  void set_xpu_l3_cache_autotune(bool autotune = true) {}
  void set_xpu_gm_workspace_method(size_t gm_size) {}
  void set_xpu_conv_autotune(bool autotune = true, const std::string& autotune_file = "") {}
  void set_xpu_dev_per_thread(int dev_no = 0) {}
  void enable_xpu_multi_stream() {}
  void set_xpu_multi_encoder_precision(const std::string& precision = "int16") {}
  void set_xpu_multi_encoder_method(const std::string& precision = "int16",
                                    bool adaptive_seqlen = false) {}
  void set_xpu_cluster_num(const int num) {}
  void set_xpu_sdnn_num(const int num) {}
  void set_xpu_local_quant(bool local_quant = false) {}
  void set_xpu_compute_precision(const std::string& precision = "int16") {}
  // Backend-specific runtime options (XPU in Paddle Lite): none here, null.
  const std::shared_ptr<void> get_runtime_option() const { return nullptr; }

  // Warm-up: CreatePaddlePredictor runs the model once per group on these inputs (input
  // `tensor_idx` of group `group_idx`: `shape`, `lod`, and `data` when given, else every
  // element `fill_value`). T is float, double, int32_t or int64_t and must be the input's
  // type. A group that leaves an input unset fails creation naming it.
  template <class T>
  void set_preferred_inputs_for_warmup(const int group_idx, const int tensor_idx,
                                       const shape_t& shape, const lod_t& lod = {},
                                       const T fill_value = 0, const void* data = nullptr);
  const std::map<int, std::vector<std::shared_ptr<void>>>& preferred_inputs_for_warmup() const {
    return preferred_inputs_for_warmup_;
  }

  // NNAdapter subgraph partition and mixed precision: no NNAdapter, stored only.
  void set_nnadapter_subgraph_partition_config_path(const std::string& path) {
    nnadapter_subgraph_partition_config_path_ = path;
  }
  const std::string& nnadapter_subgraph_partition_config_path() const {
    return nnadapter_subgraph_partition_config_path_;
  }
  void set_nnadapter_subgraph_partition_config_buffer(const std::string& buffer) {
    nnadapter_subgraph_partition_config_buffer_ = buffer;
  }
  const std::string& nnadapter_subgraph_partition_config_buffer() const {
    return nnadapter_subgraph_partition_config_buffer_;
  }
  void set_nnadapter_mixed_precision_quantization_config_path(const std::string& path) {
    nnadapter_mixed_precision_quantization_config_path_ = path;
  }
  const std::string& nnadapter_mixed_precision_quantization_config_path() const {
    return nnadapter_mixed_precision_quantization_config_path_;
  }
  void set_nnadapter_mixed_precision_quantization_config_buffer(const std::string& buffer) {
    nnadapter_mixed_precision_quantization_config_buffer_ = buffer;
  }
  const std::string& nnadapter_mixed_precision_quantization_config_buffer() const {
    return nnadapter_mixed_precision_quantization_config_buffer_;
  }

  // plite: switch groups of optimizer passes (on by default), e.g. to compare results.
  void set_fusion_passes(bool on) { fusion_passes_ = on; }
  bool fusion_passes() const { return fusion_passes_; }
  void set_memory_optimize(bool on) { memory_optimize_ = on; }
  bool memory_optimize() const { return memory_optimize_; }
  // Runs chains of convolutions in the channel-blocked layout their target's kernels offer
  // (x86 NCHW16c, ARM NCHW4c; layout casts at their ends); only matters with such a target
  // among the valid places. set_x86_blocked_layout is the earlier name of the same switch.
  void set_blocked_layout(bool on) { blocked_layout_ = on; }
  bool blocked_layout() const { return blocked_layout_; }
  void set_x86_blocked_layout(bool on) { set_blocked_layout(on); }
  bool x86_blocked_layout() const { return blocked_layout(); }

  // Custom kernels (paddle_custom_op.h, paddle_op_plugin.h): kernels of these providers,
  // first preferred, win over the built-in kernels of the same op type. Kernels of other
  // providers run only op types plite lacks. When a provider named here has a kernel for
  // an op type plite has, the fusion passes are off (a fusion could fold that op away).
  void set_kernel_providers(const std::vector<std::string>& providers) {
    kernel_providers_ = providers;
  }
  const std::vector<std::string>& kernel_providers() const { return kernel_providers_; }

  // Mixed precision: in a plan with fp16 places (or LITE_PRECISION_LOW), the ops named here
  // keep fp32 kernels, calib casts around them. Each entry is an op type ("softmax") or a
  // variable an op writes in the optimized program (after fusions, so a conv fused with
  // its activation is named by the activation's output); an entry naming nothing is an
  // error. For the layers a model's accuracy is sensitive to (docs/arm_fp16.md).
  void set_keep_fp32_ops(const std::vector<std::string>& ops) { keep_fp32_ops_ = ops; }
  const std::vector<std::string>& keep_fp32_ops() const { return keep_fp32_ops_; }

  // Ops kept off the GPU: the ops named here run on CPU kernels, with casts around them.
  // Each entry is an op type or a variable an op reads or writes in the optimized program;
  // an entry naming nothing is an error. For tensors larger than the device's largest
  // image (OpenCL keeps activations in images): the predictor adds the ones its runs meet
  // by itself (docs/opencl.md), a .nb needs them from opt's --keep_cpu_ops.
  void set_keep_cpu_ops(const std::vector<std::string>& ops) { keep_cpu_ops_ = ops; }
  const std::vector<std::string>& keep_cpu_ops() const { return keep_cpu_ops_; }

 private:
  std::vector<Place> valid_places_;
  std::vector<std::string> kernel_providers_;
  std::vector<std::string> keep_fp32_ops_;
  std::vector<std::string> keep_cpu_ops_;
  std::string model_file_;
  std::string param_file_;
  std::shared_ptr<CxxModelBuffer> model_buffer_;
  std::vector<std::string> passes_internal_;
  bool quant_model_{false};
  QuantType quant_type_{QuantType::QUANT_INT16};
  bool sparse_model_{false};
  float sparse_threshold_{0.6f};
  std::map<int, std::vector<std::shared_ptr<void>>> preferred_inputs_for_warmup_;
  std::string nnadapter_subgraph_partition_config_path_;
  std::string nnadapter_subgraph_partition_config_buffer_;
  std::string nnadapter_mixed_precision_quantization_config_path_;
  std::string nnadapter_mixed_precision_quantization_config_buffer_;
  bool fusion_passes_{true};
  bool memory_optimize_{true};
  bool blocked_layout_{true};
};

// Loads an optimized `.nb` model (written by `opt` or SaveOptimizedModel) into the light
// predictor: no optimizer runs, weights are used in place from the mapped file. The model
// comes from set_model_from_file, else set_model_from_buffer, else the one .nb file in
// set_model_dir's directory.
class MobileConfig : public ConfigBase {
 public:
  void set_model_from_file(const std::string& path) {
    lite_model_file_ = path;
    ClearBuffers();
    from_memory_ = false;
  }
  // The predictor keeps its own copy of the bytes.
  void set_model_from_buffer(const std::string& buffer) {
    set_model_from_buffer(buffer.data(), buffer.size());
  }
  void set_model_from_buffer(std::string&& buffer) {
    ClearBuffers();
    lite_model_buffer_ = std::move(buffer);
    lite_model_file_.clear();
    from_memory_ = true;
  }
  void set_model_from_buffer(const char* buffer, size_t size) {
    ClearBuffers();
    lite_model_buffer_.assign(buffer, size);
    lite_model_file_.clear();
    from_memory_ = true;
  }
  bool is_model_from_memory() const { return from_memory_; }
  bool model_from_memory() const { return from_memory_; }
  const std::string& lite_model_file() const { return lite_model_file_; }
  const std::string& lite_model_buffer() const { return lite_model_buffer_; }

  // Deprecated in Paddle Lite (program + params buffers of an unoptimized model): stored,
  // but CreatePaddlePredictor fails: the light predictor loads only .nb models; convert
  // with opt and use set_model_from_buffer.
  void set_model_buffer(const char* model_buffer, size_t model_buffer_size,
                        const char* param_buffer, size_t param_buffer_size) {
    ClearBuffers();
    model_buffer_.assign(model_buffer, model_buffer_size);
    param_buffer_.assign(param_buffer, param_buffer_size);
    deprecated_buffers_ = true;
    lite_model_file_.clear();
    from_memory_ = true;
  }
  const std::string& model_buffer() const { return model_buffer_; }
  const std::string& param_buffer() const { return param_buffer_; }
  bool uses_deprecated_model_buffer() const { return deprecated_buffers_; }

  // ARM workspace sizing: no ARM runtime in this build, does nothing.
  void SetArmL3CacheSize(L3CacheSetMethod method = L3CacheSetMethod::kDeviceL3Cache,
                         int absolute_val = -1) {}
  // Whether fp16 kernels can run here: an ARM build with the fp16 kernels
  // (LITE_WITH_ARM_FP16) on a CPU with ARMv8.2 half-precision arithmetic. An fp16 .nb loaded
  // where this is false fails to load, naming the kernel's missing CPU feature.
  bool check_fp16_valid();

  // plite: compare every weight with the CRC32C opt stored for it when the model loads, so
  // a corrupted file (storage, download) is an error naming the weight instead of wrong
  // results. Off by default: it reads all weight bytes once (docs/model_format.md gives
  // the cost). The model's structure is always checked.
  void set_check_weight_checksums(bool on) { check_weight_checksums_ = on; }
  bool check_weight_checksums() const { return check_weight_checksums_; }

 private:
  void ClearBuffers() {
    lite_model_buffer_.clear();
    model_buffer_.clear();
    param_buffer_.clear();
    deprecated_buffers_ = false;
  }

  std::string lite_model_file_;
  std::string lite_model_buffer_;
  std::string model_buffer_;  // the deprecated set_model_buffer's
  std::string param_buffer_;
  bool deprecated_buffers_{false};
  bool from_memory_{false};
  bool check_weight_checksums_{false};
};

template <typename ConfigT>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor(const ConfigT& config);

}  // namespace lite_api
}  // namespace paddle
