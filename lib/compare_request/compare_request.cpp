#include "compare_request/compare_request.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <set>

#include "common/error.hpp"
#include "common/path_status.hpp"
#include "dump/dump_layout.hpp"
#include "dump/json_tree.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

// The members of one compare.json; every error names the file.
class CompareJson {
public:
    CompareJson(nlohmann::json config, fs::path file) : config_(std::move(config)), file_(std::move(file)) {}

    bool has(const char* key) const { return config_.contains(key); }

    // A path member: relative to the working directory, as in msprobe; when
    // that finds nothing, relative to the compare.json itself.
    fs::path path(const char* key) const {
        const auto it = config_.find(key);
        if (it == config_.end() || !it->is_string() || it->get<std::string>().empty()) {
            fail(fmt::format("missing {} in the configuration file", key));
        }
        return resolve(it->get<std::string>());
    }

    fs::path existing_path(const char* key) const {
        fs::path p = path(key);
        if (!fs::exists(path_status(p))) throw Error(p.string(), "no such file or directory");
        return p;
    }

    std::optional<fs::path> stack_path() const {
        const auto it = config_.find("stack_path");
        if (it == config_.end() || it->is_null()) return std::nullopt;
        if (!it->is_string()) fail("stack_path must be a string");
        return resolve(it->get<std::string>());
    }

    void check_print_log_flag() const {
        if (auto it = config_.find("is_print_compare_log"); it != config_.end() && !it->is_boolean()) {
            fail("is_print_compare_log must be true or false");
        }
    }

    bool single_point() const {
        const auto it = config_.find("common");
        return it != config_.end() && it->is_boolean() && it->get<bool>();
    }

    // rank_id and step_id: both lists, booleans refused, other non-integers
    // become -1 as in msprobe.
    std::vector<std::int64_t> id_list(const char* key) const {
        std::vector<std::int64_t> ids;
        for (const auto& item : config_.at(key)) {
            if (item.is_boolean()) fail(fmt::format("{} must hold integers, not booleans", key));
            ids.push_back(item.is_number_integer() ? item.get<std::int64_t>() : -1);
        }
        return ids;
    }

    KernelDirs kernel_dirs() const {
        const auto rank = config_.find("rank_id");
        const auto step = config_.find("step_id");
        if (rank == config_.end() || step == config_.end() || !rank->is_array() || !step->is_array()) {
            fail("'rank_id' and 'step_id' should both be lists, please check!");
        }
        KernelDirs out;
        out.rank_ids = id_list("rank_id");
        out.step_ids = id_list("step_id");
        out.npu_path = existing_path("npu_path");
        out.bench_path = existing_path("bench_path");
        return out;
    }

    std::map<std::string, std::string> map_dict() const {
        std::map<std::string, std::string> map_dict;
        const auto it = config_.find("map_dict");
        if (it == config_.end() || it->is_null()) return map_dict;
        if (!it->is_object()) fail("map_dict must be an object of names");
        for (const auto& [key, value] : it->items()) {
            if (!value.is_string()) fail(fmt::format("map_dict entry '{}' must be a string", key));
            map_dict[key] = value.get<std::string>();
        }
        return map_dict;
    }

    [[noreturn]] void fail(const std::string& reason) const { throw Error(file_.string(), reason); }

private:
    fs::path resolve(const fs::path& configured) const {
        if (configured.is_absolute() || fs::exists(path_status(configured))) return configured;
        const fs::path beside = file_.parent_path() / configured;
        return fs::exists(path_status(beside)) ? beside : configured;
    }

    nlohmann::json config_;
    fs::path file_;
};

// The legacy layouts of two directories; nullopt when they are neither.
std::optional<CompareRequest> legacy_dirs_request(const fs::path& npu, const fs::path& bench) {
    if (dump::is_ptdbg_rank_layout(npu)) return PtdbgRankDirs{npu, bench};
    if (dump::is_dispatch_run_folder(npu)) {
        return DispatchDirs{npu / "npu", dump::is_dispatch_run_folder(bench) ? bench / "cpu" : bench};
    }
    if (dump::holds_npy_files(npu) && dump::holds_npy_files(bench)) return DispatchDirs{npu, bench};
    return std::nullopt;
}

// Names both folders hold (files count too), in name order.
std::vector<std::string> names_in_both(const fs::path& a, const fs::path& b) {
    auto names = [](const fs::path& dir) {
        std::set<std::string> out;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir, ec)) out.insert(entry.path().filename().string());
        if (ec) throw Error(dir.string(), fmt::format("cannot list: {}", ec.message()));
        return out;
    };
    const auto in_a = names(a), in_b = names(b);
    std::vector<std::string> both;
    std::set_intersection(in_a.begin(), in_a.end(), in_b.begin(), in_b.end(), std::back_inserter(both));
    return both;
}

// msprobe's mix compare: the graph/ and pynative/ halves both roots hold, each step of both halves.
std::optional<MixedHalvesDirs> mixed_halves_request(const fs::path& npu, const fs::path& bench) {
    MixedHalvesDirs mixed{npu, bench, {}};
    bool halves = false;
    for (const auto& half : names_in_both(npu, bench)) {
        if (half != "graph" && half != "pynative") continue;
        halves = true;
        if (!fs::is_directory(path_status(npu / half)) || !fs::is_directory(path_status(bench / half))) continue;
        for (const auto& step : names_in_both(npu / half, bench / half)) {
            const fs::path n = npu / half / step, b = bench / half / step;
            if (!fs::is_directory(path_status(n)) || !fs::is_directory(path_status(b))) continue;
            mixed.steps.push_back({fs::path(half) / step, StepDirs{n, b}});
        }
    }
    if (!halves) return std::nullopt;
    return mixed;
}

CompareRequest dump_request(const CompareJson& config) {
    const fs::path npu = config.path("npu_path");
    const fs::path bench = config.path("bench_path");
    const std::optional<fs::path> stack = config.stack_path();
    config.check_print_log_flag();
    for (const auto& p : {npu, bench}) {
        if (!fs::exists(path_status(p))) throw Error(p.string(), "no such file or directory");
    }
    const bool npu_is_dir = fs::is_directory(path_status(npu));
    if (npu_is_dir != fs::is_directory(path_status(bench))) {
        throw Error(bench.string(),
                    fmt::format("bench_path is a {} but npu_path is a {}; both must be files or both directories",
                                npu_is_dir ? "file" : "directory", npu_is_dir ? "directory" : "file"));
    }
    if (npu_is_dir) return StepDirs{npu, bench};
    return DumpFilePair{npu, bench, stack};
}

}  // namespace

CompareRequest read_compare_request(const fs::path& compare_json) {
    nlohmann::json tree = dump::load_json_tree(compare_json);
    if (!tree.is_object()) throw Error(compare_json.string(), "expected a JSON object with npu_path and bench_path");
    const CompareJson config(std::move(tree), compare_json);

    if (config.has("npu_pkl_path")) {
        config.check_print_log_flag();
        PtdbgPklPair pair;
        pair.npu_pkl = config.path("npu_pkl_path");
        pair.bench_pkl = config.path("bench_pkl_path");
        pair.npu_data_dir = config.path("npu_dump_data_dir");
        pair.bench_data_dir = config.path("bench_dump_data_dir");
        for (const auto& p : {pair.npu_pkl, pair.bench_pkl}) {
            if (!fs::is_regular_file(path_status(p))) throw Error(p.string(), "no such pkl file");
        }
        return pair;
    }
    if (config.has("npu_path") && config.has("bench_path")) {
        const fs::path npu = config.path("npu_path");
        const fs::path bench = config.path("bench_path");
        // The dispatch and rank folders are recognised only without the static-graph keys.
        const bool dirs = fs::is_directory(path_status(npu)) && fs::is_directory(path_status(bench));
        if (dirs && !config.has("rank_id") && !config.has("common")) {
            if (auto legacy = legacy_dirs_request(npu, bench)) {
                config.check_print_log_flag();
                return *legacy;
            }
        }
        if (dirs) {
            if (auto mixed = mixed_halves_request(npu, bench)) {
                config.check_print_log_flag();
                return *mixed;
            }
        }
    }
    if (config.has("rank_id")) return config.kernel_dirs();
    if (config.single_point()) {
        SinglePointDirs dirs;
        dirs.npu_path = config.existing_path("npu_path");
        dirs.bench_path = config.existing_path("bench_path");
        dirs.map_dict = config.map_dict();
        return dirs;
    }
    return dump_request(config);
}

std::vector<fs::path> paths_read(const CompareRequest& request) {
    struct Paths {
        std::vector<fs::path> operator()(const DumpFilePair& r) const {
            std::vector<fs::path> paths{r.npu_json, r.bench_json, r.npu_json.parent_path(), r.bench_json.parent_path()};
            if (r.stack_json) paths.push_back(*r.stack_json);
            return paths;
        }
        std::vector<fs::path> operator()(const StepDirs& r) const { return {r.npu_dir, r.bench_dir}; }
        std::vector<fs::path> operator()(const PtdbgPklPair& r) const {
            return {r.npu_pkl, r.bench_pkl, r.npu_data_dir, r.bench_data_dir};
        }
        std::vector<fs::path> operator()(const PtdbgRankDirs& r) const { return {r.npu_dir, r.bench_dir}; }
        std::vector<fs::path> operator()(const DispatchDirs& r) const { return {r.npu_dir, r.cpu_dir}; }
        std::vector<fs::path> operator()(const KernelDirs& r) const { return {r.npu_path, r.bench_path}; }
        std::vector<fs::path> operator()(const SinglePointDirs& r) const { return {r.npu_path, r.bench_path}; }
        std::vector<fs::path> operator()(const MixedHalvesDirs& r) const { return {r.npu_root, r.bench_root}; }
    };
    return std::visit(Paths{}, request);
}

}  // namespace msprobe::compare
