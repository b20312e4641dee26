#include "parse/kernel_dump_to_npy.hpp"

#include <algorithm>
#include <ostream>
#include <regex>
#include <system_error>

#include "common/log.hpp"

namespace msprobe::parse {

namespace fs = std::filesystem;

bool listed_in_panel(std::string_view file_name) {
    static const std::regex kConverted(
        R"(([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([0-9]+)(\.[0-9]+)?\.([0-9]{1,255})\.([a-z]+)\.([0-9]{1,255}))"
        R"((\.[x0-9]+)?\.npy)");
    return std::regex_match(file_name.begin(), file_name.end(), kConverted);
}

std::string convert_panel(const std::string& source, const std::vector<fs::path>& written) {
    std::vector<std::string> names;
    for (const auto& file : written) {
        if (listed_in_panel(file.filename().string())) names.push_back(file.filename().string());
    }
    std::sort(names.begin(), names.end());
    std::string text = "SrcFile: " + source + "\n";
    for (const auto& name : names) text += " - " + name + "\n";
    return text;
}

KernelDumpConvertResult convert_to_npy(const NpyConvertRequest& request, ThreadPool& pool, std::ostream& out) {
    std::error_code error;
    if (fs::is_regular_file(request.source, error)) {
        log::info("Covert file is: " + request.source);
    } else if (fs::is_directory(request.source, error)) {
        log::info("Convert all files in path: " + request.source);
    }
    KernelDumpConvertOptions options;
    options.dump_path = request.source;
    options.output_dir = request.output_dir;
    options.type = TensorFileType::Npy;
    options.target_format = request.target_format;
    const KernelDumpConvertResult result = convert_kernel_dumps(options, pool);
    for (const auto& warning : result.warnings) log::warning(warning);
    const fs::path real = fs::weakly_canonical(fs::absolute(request.output_dir), error);
    log::info("Transfer result is saved in : " + (error ? request.output_dir : real).string());
    out << convert_panel(request.source, result.written) << std::flush;
    return result;
}

}  // namespace msprobe::parse
