// August's join keys: backward call numbers replaced by their order of occurrence.
#include <catch2/catch.hpp>

#include "compare/occurrence_keys.hpp"

using namespace msprobe;
using msprobe::compare::occurrence_compare_keys;

namespace {

// One row "<entry>.input.0" per entry.
dump::DumpFile dump_of(const std::vector<std::string>& entries, bool debug = false) {
    dump::DumpFile d;
    d.is_debug = debug;
    d.api_names = entries;
    for (std::uint32_t i = 0; i < entries.size(); ++i) {
        dump::DumpRow row;
        row.name = entries[i] + ".input.0";
        row.api_index = i;
        d.rows.push_back(row);
    }
    return d;
}

}  // namespace

TEST_CASE("august keys number backward entries by their order per API and module") {
    const auto keys = occurrence_compare_keys(dump_of({"Functional.linear.0.forward", "Functional.linear.1.forward",
                                                   "Functional.linear.1.backward", "Tensor.float.0.backward",
                                                   "Functional.linear.0.backward", "Module.fc1.Linear.backward.3",
                                                   "Module.fc1.Linear.forward.0"}));
    CHECK(keys == std::vector<std::string>{
                      "Functional.linear.0.forward.input.0", "Functional.linear.1.forward.input.0",
                      "Functional.linear.0.backward.input.0", "Tensor.float.0.backward.input.0",
                      "Functional.linear.1.backward.input.0", "Module.fc1.Linear.backward.0.input.0",
                      "Module.fc1.Linear.forward.0.input.0"});
}

TEST_CASE("august keys of a debug.json are its row names") {
    const auto keys = occurrence_compare_keys(dump_of({"Functional.linear.2.backward"}, true));
    CHECK(keys == std::vector<std::string>{"Functional.linear.2.backward.input.0"});
}
