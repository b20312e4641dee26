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

void read_parallel_merge(const rapidjson::Value& value, const std::string& file, RunInput& input) {
    if (!value.IsObject()) throw Error(file, "'parallel_merge' is not a JSON object");
    const auto npu = value.FindMember("npu");
    const auto bench = value.FindMember("bench");
    if (npu == value.MemberEnd()) throw Error(file, "'parallel_merge' has no 'npu' entry");
    input.npu_parallel = read_parallel_params(npu->value, "npu", file);
    if (!input.bench_path) return;
    if (bench == value.MemberEnd()) throw Error(file, "'parallel_merge' of a compare needs a 'bench' entry");
    input.bench_parallel = read_parallel_params(bench->value, "bench", file);
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
    const auto merge = root.FindMember("parallel_merge");
    if (merge != root.MemberEnd() && !merge->value.IsNull()) read_parallel_merge(merge->value, file.string(), input);
    return input;
}

}  // namespace msprobe::graph
