#include "tensor_postprocess_config.hpp"

#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/error.hpp"
#include "self_executable.hpp"

namespace msprobe::cli {

namespace fs = std::filesystem;

std::shared_ptr<const compare::TensorPostprocessFolder> tensor_postprocess_folder() {
    fs::path dir;
    std::error_code ec;
    const char* chosen = std::getenv(kTensorPostprocessVariable);
    if (chosen != nullptr && *chosen != '\0') {
        dir = chosen;
        if (!fs::is_directory(dir, ec)) {
            throw Error(dir.string(),
                        std::string("the folder ") + kTensorPostprocessVariable + " names does not exist");
        }
    } else {
        // bin/msprobe → share/msprobe/tensor_postprocess; a folder absent (a build tree) means none.
        dir = self_executable().parent_path().parent_path() / "share" / "msprobe" / "tensor_postprocess";
        if (!fs::is_directory(dir, ec)) return nullptr;
    }
    // Named as msprobe names its folder: without links and dots.
    const fs::path canonical = fs::weakly_canonical(dir, ec);
    return std::make_shared<compare::TensorPostprocessFolder>(ec ? dir : canonical);
}

}  // namespace msprobe::cli
