// The custom op example: a model using (a) acme's relu, (b) channel_rms_norm and (c) the
// softsign plugin runs through CxxConfig, then through a .nb and MobileConfig; the outputs
// are checked against a naive computation of the same three steps. Optionally, a .nb that
// the installed `opt` made from a softsign-only model runs through MobileConfig too.
//   PLITE_OP_PLUGIN_PATH=DIR_OF_softsign_plugin.so \
//     custom_op_app relu_rms_softsign.pdmodel OUT_DIR [softsign_by_opt.nb]
#include <atomic>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "paddle_api.h"
#include "paddle_custom_op.h"

using namespace paddle::lite_api;  // NOLINT

extern std::atomic<int> acme_relu_runs;

namespace {

const shape_t kShape = {1, 4, 3, 3};  // NCHW

std::vector<float> Input() {
  std::vector<float> x(36);
  for (size_t i = 0; i < x.size(); ++i) x[i] = 0.5f * static_cast<float>(int(i % 7) - 3) + 0.1f;
  return x;
}

float Softsign(float v) { return v / (1.f + std::fabs(v)); }

// relu -> RMS over each pixel's 4 channels (epsilon 1e-5) -> softsign, on NCHW data.
std::vector<float> Expected(const std::vector<float>& x) {
  const int channels = 4, plane = 9;
  std::vector<float> out(x.size());
  for (int p = 0; p < plane; ++p) {
    double squares = 0;
    for (int c = 0; c < channels; ++c) squares += std::pow(std::fmax(x[c * plane + p], 0.f), 2);
    const double scale = 1 / std::sqrt(squares / channels + 1e-5);
    for (int c = 0; c < channels; ++c) {
      out[c * plane + p] = Softsign(float(std::fmax(x[c * plane + p], 0.f) * scale));
    }
  }
  return out;
}

bool Check(PaddlePredictor* predictor, const std::vector<float>& want, const char* what) {
  auto input = predictor->GetInput(0);
  input->Resize(kShape);
  const std::vector<float> x = Input();
  input->CopyFromCpu(x.data());
  predictor->Run();
  auto output = predictor->GetOutput(0);
  if (output->shape() != kShape) return std::printf("%s: wrong output shape\n", what), false;
  float worst = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    worst = std::fmax(worst, std::fabs(output->data<float>()[i] - want[i]));
  }
  std::printf("%s: max |diff| %g\n", what, worst);
  return worst < 1e-5f;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::printf("usage: custom_op_app MODEL_FILE OUT_DIR [SOFTSIGN_NB]\n");
    return 2;
  }
  try {
    CxxConfig config;
    config.set_model_file(argv[1]);
    config.set_valid_places({Place{TARGET(kHost), PRECISION(kFloat)}});
    config.set_kernel_providers({"acme"});
    auto full = CreatePaddlePredictor<CxxConfig>(config);
    bool ok = Check(full.get(), Expected(Input()), "CxxConfig") && acme_relu_runs == 1;

    const std::string nb = std::string(argv[2]) + "/relu_rms_softsign";
    full->SaveOptimizedModel(nb, LiteModelType::kNaiveBuffer);
    MobileConfig light;
    light.set_model_from_file(nb + ".nb");
    ok = Check(CreatePaddlePredictor<MobileConfig>(light).get(), Expected(Input()),
               "MobileConfig") && acme_relu_runs == 2 && ok;

    if (argc > 3) {  // softsign alone, optimized by opt
      std::vector<float> want;
      for (float v : Input()) want.push_back(Softsign(v));
      light.set_model_from_file(argv[3]);
      ok = Check(CreatePaddlePredictor<MobileConfig>(light).get(), want, "opt's .nb") && ok;
    }
    std::printf("custom op example: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
  } catch (const PaddleLiteException& e) {
    std::printf("custom op example: %s\n", e.what());
    return 1;
  }
}
