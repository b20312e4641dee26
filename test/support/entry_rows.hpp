#pragma once
// A parsed dump made in memory: entries by name, each with the suffixes of its
// rows (".input.0", ".parameters.weight", ...), for the tests of keys and matching.
#include <string>
#include <utility>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::testing {

using EntryRows = std::vector<std::pair<std::string, std::vector<std::string>>>;

inline dump::DumpFile dump_of_entries(const EntryRows& entries) {
    dump::DumpFile dump;
    dump.path = "dump.json";
    for (const auto& [entry, suffixes] : entries) {
        const auto api_index = static_cast<std::uint32_t>(dump.api_names.size());
        dump.api_names.push_back(entry);
        for (const auto& suffix : suffixes) {
            dump::DumpRow row;
            row.name = entry + suffix;
            row.state = suffix.find(".output.") != std::string::npos ? dump::RowState::Output : dump::RowState::Input;
            row.api_index = api_index;
            dump.rows.push_back(row);
        }
    }
    return dump;
}

}  // namespace msprobe::testing
