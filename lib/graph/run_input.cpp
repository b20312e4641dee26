#include "graph/run_input.hpp"

#include "common/error.hpp"
#include "dump/json_file.hpp"

namespace msprobe::graph {

namespace {

std::filesystem::path existing_folder(std::string_view text) {
    const std::filesystem::path path(text);
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
        throw Error(path.string(), std::filesystem::exists(path, error) ? "not a folder" : "no such folder");
    }
    return path;
}

void read_parallel_merge(dump::JsonView value, const std::string& file, RunInput& input) {
    if (!value.is_object()) throw Error(file, "'parallel_merge' is not a JSON object");
    const dump::JsonView npu = value.member("npu");
    const dump::JsonView bench = value.member("bench");
    if (!npu) throw Error(file, "'parallel_merge' has no 'npu' entry");
    input.npu_parallel = read_parallel_params(npu, "npu", file);
    if (!input.bench_path) return;
    if (!bench) throw Error(file, "'parallel_merge' of a compare needs a 'bench' entry");
    input.bench_parallel = read_parallel_params(bench, "bench", file);
}

}  // namespace

RunInput read_run_input(const std::filesystem::path& file) {
    const dump::JsonFile json = dump::JsonFile::load(file);
    const dump::JsonView root = json.root();
    if (!root.is_object()) throw Error(file.string(), "the input is not a JSON object");
    const auto npu = root.member("npu_path").string();
    if (!npu) throw Error(file.string(), "'npu_path' is missing or not a text");
    RunInput input;
    input.npu_path = existing_folder(*npu);
    const dump::JsonView bench = root.member("bench_path");
    if (bench && !bench.is_null()) {
        if (!bench.is_string()) throw Error(file.string(), "'bench_path' is not a text");
        if (!bench.text().empty()) input.bench_path = existing_folder(bench.text());
    }
    const dump::JsonView merge = root.member("parallel_merge");
    if (merge && !merge.is_null()) read_parallel_merge(merge, file.string(), input);
    return input;
}

}  // namespace msprobe::graph
