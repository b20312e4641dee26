#include "support/analysis_outputs.hpp"

#include <catch2/catch.hpp>

#include "support/file_text.hpp"

namespace fs = std::filesystem;

namespace msprobe::testing {

std::map<std::string, fs::path> outputs_by_stem(const fs::path& dir) {
    std::map<std::string, fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        const auto underscore = name.rfind('_');
        REQUIRE(underscore != std::string::npos);
        out[name.substr(0, underscore) + ".json"] = entry.path();
    }
    return out;
}

void require_same_files(const fs::path& expected_dir, const fs::path& out_dir) {
    const auto produced = outputs_by_stem(out_dir);
    std::size_t expected_files = 0;
    for (const auto& entry : fs::directory_iterator(expected_dir)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".json") continue;
        ++expected_files;
        INFO(name);
        auto it = produced.find(name);
        REQUIRE(it != produced.end());
        CHECK(read_file_text(it->second) == read_file_text(entry.path()));
    }
    CHECK(produced.size() == expected_files);
}

void require_same_outputs(const fs::path& first_dir, const fs::path& second_dir) {
    const auto first = outputs_by_stem(first_dir);
    const auto second = outputs_by_stem(second_dir);
    for (const auto& [stem, file] : first) {
        INFO(stem);
        auto it = second.find(stem);
        REQUIRE(it != second.end());
        CHECK(read_file_text(it->second) == read_file_text(file));
    }
    CHECK(first.size() == second.size());
}

}  // namespace msprobe::testing
