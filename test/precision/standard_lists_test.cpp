// The API lists of our standard selection hold the same names as msprobe's
// api_precision_standard.yaml (read in place, never copied).
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <string>

#include "precision/standards.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::precision;

namespace {

// The yaml is a flat "Key:\n  - item" listing; that is all this reader handles.
std::map<std::string, std::set<std::string>> read_flat_yaml_lists(const std::filesystem::path& path) {
    std::map<std::string, std::set<std::string>> lists;
    std::ifstream in(path);
    std::string line, key;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (line[0] != ' ' && line.back() == ':') {
            key = line.substr(0, line.size() - 1);
        } else if (const auto dash = line.find("- "); dash != std::string::npos && !key.empty()) {
            lists[key].insert(line.substr(dash + 2));
        }
    }
    return lists;
}

std::set<std::string> ours(Standard s) {
    std::set<std::string> names;
    for (auto n : standard_api_list(s)) names.emplace(n);
    return names;
}

}  // namespace

TEST_CASE("standard API lists match api_precision_standard.yaml", "[precision][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto lists = read_flat_yaml_lists(*fixtures / "reference_samples" / "api_precision_standard.yaml");
    CHECK(lists.at("AbsoluteThreshStandard") == ours(Standard::AbsoluteThreshold));
    CHECK(lists.at("BinaryCompareStandard") == ours(Standard::BinaryConsistency));
    CHECK(lists.at("ULPStandard") == ours(Standard::Ulp));
    CHECK(lists.at("ThousandthStandard") == ours(Standard::Thousandth));
    CHECK(lists.at("AccumulativeErrorStandard") == ours(Standard::AccumulativeError));
}
