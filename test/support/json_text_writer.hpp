#pragma once
// The dump writers' JSON: Python's json.dump(obj, f, indent=1) layout, which
// msprobe's dumper uses (the writer itself lives in lib/common).
#include <filesystem>

#include "common/python_json_writer.hpp"

namespace msprobe::testing {

class JsonTextWriter : public py::JsonWriter {
public:
    JsonTextWriter() : py::JsonWriter(1) {}
    explicit JsonTextWriter(const std::filesystem::path& file) : py::JsonWriter(file, 1) {}
};

}  // namespace msprobe::testing
