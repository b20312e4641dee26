#pragma once
// The data_name of a tensor leaf names one file of the dump's
// dump_tensor_data folder: msprobe's dumper writes bare file names
// ("Functional.relu.0.forward.input.0.pt"). A name that is a path would make
// a reader open a file outside the dump, so every place that resolves one
// goes through here.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::dump {

// Why `data_name` does not name a file inside its folder (absolute, holds a
// path separator, ".", "..", empty, holds a NUL byte), or nullopt for a bare
// file name.
std::optional<std::string> data_name_problem(std::string_view data_name);

// tensor_dir / data_name. Throws msprobe::Error (exit 2) naming `dump_json`,
// the entry (when not empty) and the refused name when data_name_problem()
// finds one.
std::filesystem::path data_file_path(const std::filesystem::path& tensor_dir, std::string_view data_name,
                                     const std::string& dump_json, std::string_view entry);

// The message of that refusal, for callers that report it per row.
std::string data_name_refusal(std::string_view data_name, std::string_view entry, const std::string& problem);

}  // namespace msprobe::dump
