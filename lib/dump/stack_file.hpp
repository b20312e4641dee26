#pragma once
// stack.json: the Python call stack of every dumped entry, in either of the two
// formats msprobe writes ({"0": [[keys...], [lines...]], ...} or {key: [lines...]}).
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace msprobe::dump {

class StackFile {
public:
    // Throws msprobe::Error naming the file on a malformed stack.json.
    static StackFile load(const std::filesystem::path& path);

    // repr() of the entry's line list, as msprobe writes it into NPU_Stack_Info.
    std::optional<std::string> stack_text(const std::string& api_name) const;

    // The stack lines of one entry, read afresh from the file (for the rare
    // caller that wants frames rather than the column text); empty when absent.
    static std::vector<std::string> frames_of(const std::filesystem::path& path, const std::string& api_name);

private:
    std::unordered_map<std::string, std::string> texts_;
};

}  // namespace msprobe::dump
