// The OpenCL kernel sources of lite/backends/opencl/cl_kernel/, embedded into the library at
// build time (embed_cl_sources.cmake): no .cl file is read at run time.
#pragma once

#include <map>
#include <string>

namespace paddle {
namespace lite {
namespace opencl {

// File name ("layout.cl") -> source text.
const std::map<std::string, std::string>& EmbeddedClSources();

// The source of `file`; an error naming the file and the embedded ones when there is none.
const std::string& ClSource(const std::string& file);

// What a program built from `file` compiles: common.cl (the sampler, lane access and the
// activation functions every kernel file may use) followed by `file`.
std::string ProgramSource(const std::string& file);

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
