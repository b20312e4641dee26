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

    // The entry's stack lines as written (innermost frame first); nullptr when absent.
    const std::vector<std::string>* stack_lines(const std::string& api_name) const;

    // Every entry name the file lists, in file order.
    const std::vector<std::string>& api_names() const { return names_; }

private:
    // A group's keys share one frame list, kept once: a stack.json lists the same frames for thousands of keys.
    std::vector<std::vector<std::string>> line_groups_;
    std::vector<std::string> group_texts_;  // repr() of each group's list
    std::unordered_map<std::string, std::size_t> group_of_;
    std::vector<std::string> names_;
};

}  // namespace msprobe::dump
