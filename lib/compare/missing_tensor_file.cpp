#include "compare/missing_tensor_file.hpp"

#include "dump/data_name.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

std::optional<fs::path> missing_tensor_file(const dump::DumpFile& dump) {
    const fs::path dir = dump.tensor_dir();
    for (const auto& row : dump.rows) {
        if (!row.data_file || dump::data_name_problem(*row.data_file)) continue;
        const fs::path file = dir / *row.data_file;
        std::error_code ec;
        if (!fs::exists(file, ec)) return file;
    }
    return std::nullopt;
}

}  // namespace msprobe::compare
