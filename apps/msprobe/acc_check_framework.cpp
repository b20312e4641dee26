#include "acc_check_framework.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "common/error.hpp"
#include "common/log.hpp"
#include "dump/dump_framework.hpp"
#include "dump/json_file.hpp"

namespace msprobe::cli {

CheckerFramework api_info_framework(const std::filesystem::path& api_info, bool strict_compat, bool announce) {
    const dump::JsonFile json = dump::JsonFile::load(api_info);
    const dump::JsonView framework = json.root().member("framework");
    if (!framework || framework.is_null() || (framework.is_string() && framework.text().empty())) {
        const std::string missing = fmt::format("Key \"framework\" not found in {}", api_info.string());
        if (strict_compat) throw Error(api_info.string(), missing);
        const auto clues = dump::framework_from_content(json.root());
        if (clues.framework == dump::DumpFramework::Unknown) {
            throw Error(api_info.string(),
                        missing + ", and its records do not tell which framework wrote it: add \"framework\": "
                                  "\"mindspore\" or \"framework\": \"pytorch\" to the file's top level");
        }
        const bool mindspore = clues.framework == dump::DumpFramework::MindSpore;
        if (announce) {
            log::info(fmt::format("{} has no \"framework\" key; its records spell {} ('{}'): checked as "
                                  "\"framework\": \"{}\"",
                                  api_info.string(), mindspore ? "MindSpore's" : "PyTorch's", clues.example,
                                  mindspore ? "mindspore" : "pytorch"));
        }
        return mindspore ? CheckerFramework::MindSpore : CheckerFramework::PyTorch;
    }
    // msprobe: str(framework).lower().
    std::string name(framework.is_string() ? framework.text() : "");
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name == "pytorch" || name == "pt") return CheckerFramework::PyTorch;
    if (name == "mindspore" || name == "ms" || name == "mindtorch") return CheckerFramework::MindSpore;
    throw Error(api_info.string(), fmt::format("Unsupported framework in api_info: {}", name));
}

}  // namespace msprobe::cli
