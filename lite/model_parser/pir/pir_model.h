// Paddle 3 models (a PIR program, `inference.json`, with its params): the front end's entry
// point. The params are the legacy LoDTensor records of the program's persistable
// parameters, sorted by name, so lite/model_parser/pb reads them once the program is
// translated.
#pragma once

#include <string>
#include <string_view>

#include "lite/core/program_desc.h"
#include "lite/model_parser/pir/pir_program.h"
#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

// Parses and translates the JSON text of a PIR program (`source` names it in errors);
// `report`, when given, receives what each PIR op type became.
cpp::ProgramDesc ReadPirProgram(std::string_view json, const std::string& source,
                                PirOpReport* report = nullptr);

// The note added to a params error of a PIR model: what the params file must hold.
std::string PirParamsNote(const cpp::ProgramDesc& program);

}  // namespace pir
}  // namespace lite
}  // namespace paddle
