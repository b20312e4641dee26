#include "common/run_inputs.hpp"

#include <mutex>
#include <set>
#include <utility>

namespace msprobe {

namespace {

struct RunInputs {
    std::mutex mutex;
    std::set<std::pair<dev_t, ino_t>> files;
};

RunInputs& run_inputs() {
    static RunInputs inputs;
    return inputs;
}

}  // namespace

void note_run_input(const struct stat& opened) {
    auto& inputs = run_inputs();
    const std::lock_guard lock(inputs.mutex);
    inputs.files.emplace(opened.st_dev, opened.st_ino);
}

bool is_run_input(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return false;
    auto& inputs = run_inputs();
    const std::lock_guard lock(inputs.mutex);
    return inputs.files.count({st.st_dev, st.st_ino}) > 0;
}

}  // namespace msprobe
