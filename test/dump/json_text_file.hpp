#pragma once
// A hand-written JSON text, written to a scratch file and loaded as a dump
// reader loads it (msprobe's dialect: NaN / Infinity tokens).
#include <fstream>
#include <string>

#include "dump/json_file.hpp"
#include "support/shared_fixtures.hpp"

namespace msprobe::testing {

inline dump::JsonFile load_json_text(const std::string& text, const std::string& file_name = "text.json") {
    const auto path = scratch_dir("dump_views") / file_name;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    return dump::JsonFile::load(path);
}

}  // namespace msprobe::testing
