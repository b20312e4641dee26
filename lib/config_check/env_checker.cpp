// The env checker: the variables of msprobe's resource/env.yaml, each named as the device type of a pack has it
// (NPU when any variable of the pack contains "ASCEND", else GPU) and taking its listed default when unset.
#include <array>
#include <optional>
#include <string>

#include "common/error.hpp"
#include "config_check/checker_support.hpp"
#include "config_check/json_cell.hpp"
#include "config_check/pack_checkers.hpp"
#include "dump/json_file.hpp"
#include "dump/parsed_json_text.hpp"
#include "dump/python_equality.hpp"

namespace msprobe::config_check {

namespace {

struct DeviceName {
    const char* name = nullptr;          // nullptr: the variable does not exist for this device type
    const char* default_json = nullptr;  // the default as env.yaml's loader makes it, as JSON
};

struct EnvVariable {
    DeviceName npu;
    DeviceName gpu;
};

// env.yaml in its order. Its defaults are Python values of mixed types (False, the string "None", 0, 1) that are
// compared with the packs' strings, as msprobe compares them.
constexpr std::array<EnvVariable, 6> kVariables{{
    {{"HCCL_DETERMINISTIC", "false"}, {"NCCL_DETERMINISTIC", "false"}},
    {{"HCCL_ALGO", "\"None\""}, {"NCCL_ALGO", "\"None\""}},
    {{"HCCL_INTRA_ROCE_ENABLE", "0"}, {}},
    {{"HCCL_INTRA_ROCE_ENABLE", "1"}, {}},  // env.yaml's HCCL_INTRA_PICE_ENABLE entry names the ROCE variable
    {{"ASCEND_LAUNCH_BLOCKING", "0"}, {"CUDA_LAUNCH_BLOCKING", "0"}},
    {{"ASCEND_RT_VISIBLE_DEVICES", "\"None\""}, {"CUDA_VISIBLE_DEVICES", "\"None\""}},
}};

bool is_npu(dump::JsonView env) {
    for (const auto& member : env.members()) {
        if (member.name.find("ASCEND") != std::string_view::npos) return true;
    }
    return false;
}

const DeviceName& named_for(const EnvVariable& variable, bool npu) { return npu ? variable.npu : variable.gpu; }

}  // namespace

// msprobe's compare_env_data(first, second): `first`'s variables go under the cmp_* columns, `second`'s under
// bench_*; an unset one takes its default (the second side also when it is set to an empty string).
std::optional<CheckerResult> check_env(const fs::path& bench_dir, const fs::path& cmp_dir, EnvColumns columns) {
    if (!both_have(bench_dir, cmp_dir, "env")) return std::nullopt;
    const bool swapped = columns == EnvColumns::Swapped;
    const auto first = dump::JsonFile::load((swapped ? bench_dir : cmp_dir) / "env");
    const auto second = dump::JsonFile::load((swapped ? cmp_dir : bench_dir) / "env");
    for (const auto* file : {&first, &second}) {
        if (!file->root().is_object()) throw Error(file->path(), "is not a JSON object of environment variables");
    }
    const dump::JsonView cmp_data = first.root();
    const dump::JsonView bench_data = second.root();
    const bool cmp_npu = is_npu(cmp_data);
    const bool bench_npu = is_npu(bench_data);

    CheckerResult result{
        "env", CheckLevel::Pass, {{"bench_env_name", "cmp_env_name", "bench_value", "cmp_value", "level"}, {}, {}}};
    std::vector<CheckLevel> levels;
    const auto add = [&](std::vector<report::Cell> row, CheckLevel level) {
        row.emplace_back(level_text(level));
        result.table.rows.push_back(std::move(row));
        levels.push_back(level);
    };
    for (const auto& variable : kVariables) {
        const DeviceName& cmp_env = named_for(variable, cmp_npu);
        const DeviceName& bench_env = named_for(variable, bench_npu);
        if (cmp_env.name == nullptr && bench_env.name == nullptr) continue;
        if (cmp_env.name != nullptr) {
            const dump::ParsedJsonText cmp_default(cmp_env.default_json);
            const dump::JsonView set_cmp = cmp_data.member(cmp_env.name);
            const dump::JsonView cmp_value = set_cmp ? set_cmp : cmp_default.root();
            if (bench_env.name == nullptr) {
                add({"only cmp has this env", cmp_env.name, "", json_cell(cmp_value)}, CheckLevel::Warning);
                continue;
            }
            const dump::ParsedJsonText bench_default(bench_env.default_json);
            const dump::JsonView set_bench = bench_data.member(bench_env.name);
            const dump::JsonView bench_value = set_bench ? set_bench : bench_default.root();
            if (!dump::python_equal(cmp_value, bench_value)) {
                add({bench_env.name, cmp_env.name, json_cell(bench_value), json_cell(cmp_value)}, CheckLevel::Error);
            }
        } else {
            const dump::ParsedJsonText bench_default(bench_env.default_json);
            const dump::JsonView set_bench = bench_data.member(bench_env.name);
            const dump::JsonView bench_value = set_bench.truthy() ? set_bench : bench_default.root();
            add({bench_env.name, "only bench has this env", json_cell(bench_value), ""}, CheckLevel::Warning);
        }
    }
    result.pass_check = worst_level(levels);
    return result;
}

}  // namespace msprobe::config_check
