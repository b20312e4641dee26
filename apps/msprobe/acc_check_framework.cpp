#include "acc_check_framework.hpp"

#include <fmt/format.h>

#include <string>

#include "common/error.hpp"
#include "dump/json_file.hpp"

namespace msprobe::cli {

void check_api_info_framework(const std::filesystem::path& api_info) {
    const dump::JsonFile json = dump::JsonFile::load(api_info);
    const dump::JsonView framework = json.root().member("framework");
    if (!framework) throw Error(api_info.string(), fmt::format("Key \"framework\" not found in {}", api_info.string()));
    const std::string name(framework.text());
    if (name == "pytorch" || name == "pt") return;
    if (name == "mindspore" || name == "ms" || name == "mindtorch") {
        throw Error(api_info.string(), fmt::format("framework '{}': msprobe-cpp re-runs PyTorch APIs only; the "
                                                   "MindSpore checker is not provided",
                                                   name));
    }
    throw Error(api_info.string(), fmt::format("Unsupported framework in api_info: {}", name));
}

}  // namespace msprobe::cli
