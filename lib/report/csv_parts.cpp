#include "report/csv_parts.hpp"

#include <fmt/format.h>

namespace msprobe::report {

std::vector<std::filesystem::path> csv_part_files(std::size_t rows, const std::filesystem::path& path,
                                                  std::size_t part_rows) {
    if (rows <= part_rows) return {path};
    std::vector<std::filesystem::path> files;
    for (std::size_t first = 0, part = 1; first < rows; first += part_rows, ++part) {
        files.push_back(path.parent_path() / fmt::format("{}_part_{}.csv", path.stem().string(), part));
    }
    return files;
}

}  // namespace msprobe::report
