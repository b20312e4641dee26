#pragma once
// --mapping: a JSON object of text replacements applied to every target name
// before it is typed and stored ({".TE": ".", ".MindSeed": "."}), each in
// the file's order, each replacing every occurrence (Python's str.replace).
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace msprobe::data2db {

class NameMapping {
public:
    NameMapping() = default;
    explicit NameMapping(std::vector<std::pair<std::string, std::string>> replacements)
        : replacements_(std::move(replacements)) {}
    // Throws msprobe::Error naming the file when it cannot be read, is not JSON,
    // or is not an object whose values are texts.
    static NameMapping read(const std::filesystem::path& path);

    bool empty() const { return replacements_.empty(); }
    std::string applied(std::string name) const;

private:
    std::vector<std::pair<std::string, std::string>> replacements_;
};

}  // namespace msprobe::data2db
