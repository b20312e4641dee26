#include "report/output_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ctime>

#include "common/error.hpp"

namespace msprobe::report {

void ensure_output_dir(const std::filesystem::path& dir) {
    std::error_code ec;
    if (std::filesystem::exists(dir, ec)) {
        if (!std::filesystem::is_directory(dir, ec)) throw Error(dir.string(), "output path exists and is not a directory");
    } else {
        std::filesystem::create_directories(dir, ec);
        if (ec) throw Error(dir.string(), fmt::format("cannot create the output directory: {}", ec.message()));
        ::chmod(dir.c_str(), 0750);
    }
    if (::access(dir.c_str(), W_OK | X_OK) != 0) throw Error(dir.string(), "output directory is not writable");
}

void write_atomically(const std::filesystem::path& target,
                      const std::function<void(const std::filesystem::path&)>& write) {
    const auto temp = target.parent_path() / fmt::format(".{}.partial-{}", target.filename().string(), ::getpid());
    try {
        write(temp);
        ::chmod(temp.c_str(), 0640);
        std::error_code ec;
        std::filesystem::rename(temp, target, ec);
        if (ec) throw Error(target.string(), fmt::format("cannot move the result into place: {}", ec.message()));
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        throw;
    }
}

std::string file_timestamp() {
    char text[16];
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &local);
    return text;
}

}  // namespace msprobe::report
