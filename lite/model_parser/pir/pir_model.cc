#include "lite/model_parser/pir/pir_model.h"

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pir {

cpp::ProgramDesc ReadPirProgram(std::string_view json, const std::string& source,
                                PirOpReport* report) {
  const Program program = ParseProgram(json, source);
  return TranslateProgram(program, source, report);
}

std::string PirParamsNote(const cpp::ProgramDesc& program) {
  size_t params = 0;
  for (const cpp::VarDesc& v : program.blocks.at(0).vars) {
    params += v.persistable && v.kind == cpp::VarKind::kLodTensor;
  }
  return StrCat(" (a Paddle 3 params file holds the program's ", params,
                " persistable parameters, one record each, sorted by name; a missing or "
                "extra parameter shows as a record that does not fit)");
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
