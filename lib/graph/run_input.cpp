#include "graph/run_input.hpp"

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "dump/json_file.hpp"

namespace msprobe::graph {

namespace {

std::filesystem::path existing_folder(const std::string& text) {
    const std::filesystem::path path(text);
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
        throw Error(path.string(), std::filesystem::exists(path, error) ? "not a folder" : "no such folder");
    }
    return path;
}

}  // namespace

RunInput read_run_input(const std::filesystem::path& file) {
    const dump::JsonFile json = dump::JsonFile::load(file);
    const rapidjson::Value& root = json.document();
    if (!root.IsObject()) throw Error(file.string(), "the input is not a JSON object");
    const auto npu = root.FindMember("npu_path");
    if (npu == root.MemberEnd() || !npu->value.IsString()) throw Error(file.string(), "'npu_path' is missing or not a text");
    RunInput input;
    input.npu_path = existing_folder(npu->value.GetString());
    const auto bench = root.FindMember("bench_path");
    if (bench != root.MemberEnd() && !bench->value.IsNull()) {
        if (!bench->value.IsString()) throw Error(file.string(), "'bench_path' is not a text");
        if (bench->value.GetStringLength() > 0) input.bench_path = existing_folder(bench->value.GetString());
    }
    return input;
}

}  // namespace msprobe::graph
