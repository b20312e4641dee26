#include "verdict_compare/compare_units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "compare/matcher.hpp"
#include "rank_spread/rank_dirs.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDumpJson = "dump.json";
constexpr const char* kDebugJson = "debug.json";

std::string shown(const fs::path& p) { return printable(p.string()); }

// Names of the entries of a folder, sorted; `directories_only` leaves files out.
std::set<std::string> entry_names(const fs::path& dir, bool directories_only) {
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (directories_only && !entry.is_directory()) continue;
        names.insert(entry.path().filename().string());
    }
    if (ec) throw Error(dir.string(), fmt::format("cannot list: {}", ec.message()));
    return names;
}

std::vector<std::string> common_names(const std::set<std::string>& a, const std::set<std::string>& b) {
    std::vector<std::string> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    return both;
}

// Children matching `pattern`, in name order.
std::vector<fs::path> children_matching(const fs::path& dir, const std::regex& pattern) {
    std::vector<fs::path> out;
    for (const auto& name : entry_names(dir, true)) {
        if (std::regex_match(name, pattern)) out.push_back(dir / name);
    }
    return out;
}

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

void check_same_kind(const fs::path& target, const fs::path& golden) {
    for (const auto& p : {target, golden}) {
        std::error_code ec;
        if (!fs::exists(p, ec)) throw Error(p.string(), "path does not exist, please check!");
    }
    std::error_code ec;
    if (fs::is_directory(target, ec) != fs::is_directory(golden, ec)) {
        throw Error("", "The target_path and golden_path need to be of the same type.");
    }
}

CompareUnit file_pair(const fs::path& target, const fs::path& golden, const fs::path& output_subdir) {
    const std::string t = target.filename().string(), g = golden.filename().string();
    if (t != g || (t != kDumpJson && t != kDebugJson)) {
        throw Error("",
                    fmt::format("npu_path and bench_path must both end with dump.json or debug.json (got {} and {})",
                                shown(target), shown(golden)));
    }
    CompareUnit unit;
    unit.output_subdir = output_subdir;
    unit.single_pair = true;
    unit.pairs.push_back({target, golden, "", t == kDebugJson});
    return unit;
}

CompareUnit nothing_to_do(const fs::path& output_subdir, std::string note) {
    CompareUnit unit;
    unit.kind = CompareUnit::Kind::NothingToDo;
    unit.output_subdir = output_subdir;
    unit.note = std::move(note);
    return unit;
}

// The framework of a step compare: the first target rank's file speaks for every rank.
void check_step_framework(const dump::DumpFile& first, const CompareUnitOptions& options) {
    if (first.framework.empty()) {
        log::warning(fmt::format("Unable to get framework information from target {}, default setting is pytorch.",
                                 fs::path(first.path).filename().string()));
        return;
    }
    if (first.framework == "pytorch" || first.framework == "mindspore") return;
    if (first.framework == "mindtorch" && options.mindtorch_steps) return;
    throw Error("", fmt::format("Unrecognized framework, now is {}, please check dump.json.", first.framework));
}

// The dump file a step compare reads in each rank folder, and the first target rank's copy of it;
// nullopt when the first rank folder holds neither dump.json nor debug.json.
struct StepDumpFile {
    std::string name;
    dump::DumpFile first;
};

std::optional<StepDumpFile> step_dump_file(const fs::path& first_rank) {
    StepDumpFile out;
    if (input_path_present(first_rank / kDumpJson)) {
        out.name = kDumpJson;
    } else if (input_path_present(first_rank / kDebugJson)) {
        out.name = kDebugJson;
    } else {
        return std::nullopt;
    }
    out.first = dump::read_dump_file(first_rank / out.name);
    if (out.name == kDumpJson && out.first.level == "debug") {
        out.name = kDebugJson;  // a debug-level run: its debug.json files are compared, rank by rank
        if (is_file(first_rank / out.name)) out.first = dump::read_dump_file(first_rank / out.name);
    }
    return out;
}

// Rank (or proc) folders paired by position: each pair's dump.json, or
// debug.json when the first target folder says so. `step_file`: that folder's
// file when the caller has read it already.
CompareUnit rank_pairs(const std::vector<fs::path>& targets, const std::vector<fs::path>& goldens,
                       const fs::path& output_subdir, const CompareUnitOptions& options,
                       std::optional<StepDumpFile> step_file = std::nullopt) {
    if (targets.size() != goldens.size()) {
        throw Error("", fmt::format("The number of ranks in the two runs are different. Unable to match the ranks. "
                                    "target has {}, golden has {}.",
                                    targets.size(), goldens.size()));
    }
    if (!step_file) step_file = step_dump_file(targets.front());
    if (!step_file) {
        return nothing_to_do(output_subdir, fmt::format("neither dump.json nor debug.json in {}: nothing to compare.",
                                                        shown(targets.front())));
    }
    const std::string& name = step_file->name;
    check_step_framework(step_file->first, options);
    CompareUnit unit;
    unit.output_subdir = output_subdir;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const fs::path t = targets[i] / name, g = goldens[i] / name;
        if (!input_path_present(t) || !input_path_present(g)) {
            const std::string line = fmt::format("{} is not found in dump dir {}.", name,
                                                 shown(input_path_present(t) ? goldens[i] : targets[i]));
            if (name == kDumpJson) {
                log::error(line);
            } else {
                log::warning(line);
            }
            continue;
        }
        unit.pairs.push_back({t, g, targets[i].filename().string(), name == kDebugJson});
    }
    return unit;
}

// The one proc<N> folder of each side (a layout without rank folders).
fs::path single_proc_dir(const fs::path& dir) {
    static const std::regex kProc("^proc[0-9]+$");
    const auto procs = children_matching(dir, kProc);
    if (procs.size() != 1) {
        throw Error("", fmt::format("No or multiple proc directories were found in the {}. Expected exactly one.",
                                    shown(dir)));
    }
    return procs.front();
}

class Planner {
public:
    explicit Planner(const CompareUnitOptions& options) : options_(options) {}

    void plan(const fs::path& target, const fs::path& golden, const fs::path& output_subdir, int mix_depth) {
        check_same_kind(target, golden);
        if (!fs::is_directory(target)) {
            units_.push_back(file_pair(target, golden, output_subdir));
            return;
        }
        if (plan_mix(target, golden, output_subdir, mix_depth)) return;
        if (options_.kernel_compare) {
            units_.push_back(two_folders(CompareUnit::Kind::KernelCompare, target, golden, output_subdir));
            return;
        }
        if (options_.diff_analyze) return plan_diff_analyze(target, golden, output_subdir);
        const auto ranks = list_rank_dirs(target, OtherEntries::Ignore);
        if (!ranks.empty()) {
            units_.push_back(rank_pairs(ranks, list_rank_dirs(golden, OtherEntries::Ignore), output_subdir, options_));
            return;
        }
        static const std::regex kProc("^proc[0-9]+$");
        if (children_matching(target, kProc).empty()) {
            // Beyond msprobe: a rank folder is its dump file pair, a dump root is every step of both sides.
            if (const auto file = dump_file_in(target)) {
                units_.push_back(file_pair(target / *file, golden / *file, output_subdir));
                return;
            }
            if (plan_steps(target, golden, output_subdir)) return;
        }
        const fs::path target_proc = single_proc_dir(target);  // the target side is named first
        units_.push_back(rank_pairs({target_proc}, {single_proc_dir(golden)}, output_subdir, options_));
    }

    std::vector<CompareUnit> take() { return std::move(units_); }

private:
    // graph/ and pynative/ on both sides: each step below them, one level down.
    bool plan_mix(const fs::path& target, const fs::path& golden, const fs::path& output_subdir, int mix_depth) {
        std::vector<std::string> halves;
        for (const auto& name : common_names(entry_names(target, false), entry_names(golden, false))) {
            if (name == "graph" || name == "pynative") halves.push_back(name);
        }
        if (halves.empty()) return false;
        if (mix_depth > 0) throw Error("", "Recursive compare error, depth exceeds 2.");
        log::info("Start mix compare.");
        for (const auto& half : halves) {
            for (const auto& step :
                 common_names(entry_names(target / half, false), entry_names(golden / half, false))) {
                log::info(fmt::format("[mix compare] Start comparing {}/{}", half, step));
                plan(target / half / step, golden / half / step, output_subdir / half / step, mix_depth + 1);
            }
        }
        return true;
    }

    void plan_diff_analyze(const fs::path& target, const fs::path& golden, const fs::path& output_subdir) {
        static const char* kNoDiffNode = "Cannot find any diff node, no need to generate analyze file.";
        const auto ranks = list_rank_dirs(target, OtherEntries::Ignore);
        if (ranks.empty()) {
            units_.push_back(nothing_to_do(output_subdir, kNoDiffNode));
            return;
        }
        if (options_.mindspore_diff_analyze_compares) {
            auto step_file = step_dump_file(ranks.front());
            if (step_file && step_file->first.framework == "mindspore") {
                // The first rank's file, read once here, also names the file every rank pair compares.
                CompareUnit unit = rank_pairs(ranks, list_rank_dirs(golden, OtherEntries::Ignore), output_subdir,
                                              options_, std::move(step_file));
                unit.default_table = true;
                unit.note = kNoDiffNode;
                units_.push_back(std::move(unit));
                return;
            }
        }
        units_.push_back(two_folders(CompareUnit::Kind::DiffAnalyze, target, golden, output_subdir));
    }

    static CompareUnit two_folders(CompareUnit::Kind kind, const fs::path& target, const fs::path& golden,
                                  const fs::path& output_subdir) {
        CompareUnit unit;
        unit.kind = kind;
        unit.output_subdir = output_subdir;
        unit.target_dir = target;
        unit.golden_dir = golden;
        return unit;
    }

    static std::optional<std::string> dump_file_in(const fs::path& dir) {
        for (const char* name : {kDumpJson, kDebugJson}) {
            if (is_file(dir / name)) return name;
        }
        return std::nullopt;
    }

    // Step folders (step0, step1, ...) on both sides, each into <output>/<step>; one-sided steps are named.
    bool plan_steps(const fs::path& target, const fs::path& golden, const fs::path& output_subdir) {
        static const std::regex kStep("^step[0-9]+$");
        std::set<std::string> t, g;
        for (const auto& p : children_matching(target, kStep)) t.insert(p.filename().string());
        for (const auto& p : children_matching(golden, kStep)) g.insert(p.filename().string());
        const auto both = common_names(t, g);
        if (both.empty()) return false;
        for (const auto& [side, mine, other] : {std::tuple{&target, &t, &g}, std::tuple{&golden, &g, &t}}) {
            for (const auto& step : *mine) {
                if (other->count(step) == 0) {
                    log::warning(fmt::format("{} has no partner on the other side; not compared.",
                                             shown(*side / step)));
                }
            }
        }
        for (const auto& step : both) plan(target / step, golden / step, output_subdir / step, 1);
        return true;
    }

    const CompareUnitOptions& options_;
    std::vector<CompareUnit> units_;
};

}  // namespace

std::vector<CompareUnit> compare_units(const fs::path& target, const fs::path& golden,
                                     const CompareUnitOptions& options) {
    Planner planner(options);
    planner.plan(target, golden, "", 0);
    return planner.take();
}

void check_pair_frameworks(const dump::DumpFile& target, const dump::DumpFile& golden, bool api_mapping) {
    std::string t = target.framework, g = golden.framework;
    for (auto [framework, side, file] : {std::tuple{&t, "target", &target}, std::tuple{&g, "golden", &golden}}) {
        if (!framework->empty()) continue;
        log::warning(fmt::format("Unable to get framework information from {} {}, default setting is pytorch.", side,
                                 fs::path(file->path).filename().string()));
        *framework = "pytorch";
    }
    if (t == "pytorch" && g == "pytorch") {
        if (api_mapping) throw Error("", "Argument -am is not supported in PyTorch framework");
        return;
    }
    if (dump::is_mindspore_framework(t) && (g == "pytorch" || g == "mindspore")) return;
    std::string message =
        fmt::format("Unrecognized framework, target now is {}, golden now is {}, please check dump.json.", t, g);
    // The MindSpore side is always the target: a PyTorch run can be the golden of a MindSpore one, not the reverse.
    if (t == "pytorch" && dump::is_mindspore_framework(g)) {
        message += fmt::format(" The {} dump ({}) goes to -tp and the PyTorch one ({}) to -gp: swap them.", g,
                               shown(golden.path), shown(target.path));
    }
    throw Error("", message);
}

void check_cross_framework_mapping(const dump::DumpFile& target, const dump::DumpFile& golden, bool mapped) {
    if (mapped || !is_cross_framework(target, golden)) return;
    throw Error(target.path,
                fmt::format("a {} dump against a PyTorch golden ({}) needs a mapping: API and cell names differ "
                            "between the frameworks, so without one almost no row pairs. Add -am (API names), -cm "
                            "(cell names), -lm (layers) or -dm (a data mapping yaml); --strict_compat compares "
                            "without one as msprobe does",
                            target.framework, shown(golden.path)));
}

}  // namespace msprobe::compare
