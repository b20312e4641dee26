#pragma once
// stack.json: the Python call stack of every dumped entry, in either of the two
// formats msprobe writes ({"0": [[keys...], [lines...]], ...} or {key: [lines...]}).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/name_table.hpp"

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
    std::vector<std::string> api_names() const;

private:
    // The group of the name's last listing, as a dict keeps a repeated key's last value; nullopt when unlisted.
    std::optional<std::size_t> group_of(std::string_view api_name) const;

    // A group's keys share one frame list, kept once: a stack.json lists the same frames for thousands of keys.
    std::vector<std::vector<std::string>> line_groups_;
    std::vector<std::string> group_texts_;  // repr() of each group's list
    // The listed names, each with its group: a stack.json names every dumped API.
    NameTable names_;
    std::vector<std::uint32_t> groups_;
};

}  // namespace msprobe::dump
