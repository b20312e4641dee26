#include "dump/data_name.hpp"

#include "common/error.hpp"

namespace msprobe::dump {

std::optional<std::string> data_name_problem(std::string_view data_name) {
    if (data_name.empty()) return "it is empty";
    if (data_name.find('\0') != std::string_view::npos) return "it holds a NUL byte";
    if (data_name == "." || data_name == "..") return "it names a folder";
    if (data_name.front() == '/') return "it is an absolute path";
    if (data_name.find_first_of("/\\") != std::string_view::npos) return "it is a path, not a file name";
    return std::nullopt;
}

std::string data_name_refusal(std::string_view data_name, std::string_view entry, const std::string& problem) {
    const std::string where = entry.empty() ? std::string() : "entry " + std::string(entry) + ": ";
    return "E_SECURITY: " + where + "data_name '" + std::string(data_name) +
           "' refused, a tensor file must lie in dump_tensor_data: " + problem;
}

std::filesystem::path data_file_path(const std::filesystem::path& tensor_dir, std::string_view data_name,
                                     const std::string& dump_json, std::string_view entry) {
    if (const auto problem = data_name_problem(data_name)) {
        throw Error(dump_json, data_name_refusal(data_name, entry, *problem));
    }
    return tensor_dir / std::string(data_name);
}

}  // namespace msprobe::dump
