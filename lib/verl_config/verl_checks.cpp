#include "verl_config/verl_checks.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/error.hpp"
#include "common/python_json_writer.hpp"
#include "report/output_file.hpp"
#include "verl_config/hyper_param_table.hpp"
#include "verl_config/python_literal.hpp"
#include "verl_config/verl_log_filter.hpp"
#include "verl_config/yaml_values.hpp"

namespace msprobe::verl_config {

namespace fs = std::filesystem;

const char* const kDefaultVerifyYaml = R"(trainer:
  balance_batch: false

critic:
  shuffle: false
  use_dynamic_bsz: false
  model:
    use_remove_padding: true

data:
  shuffle: false

actor_rollout_ref:
  actor:
    shuffle: false
    load_weight: true
    use_dynamic_bsz: false
    use_remove_padding: true
    megatron:
      override_transformer_config:
        use_ascend_mc2: false
    override_transformer_config:
      calculate_per_token_loss: false
  ref:
    load_weight: true
    log_prob_use_dynamic_bsz: false
  rollout:
    log_prob_use_dynamic_bsz: false
  model:
    use_remove_padding: true

algorithm:
  filter_groups:
    enable: false

VLLM_ASCEND_ENABLE_NZ: 0
)";

namespace {

[[noreturn]] void fail(const fs::path& file, const std::string& reason) {
    throw Error(file.string(), reason, kExitComparisonFailed);
}

bool is_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t extra = 0;
        std::uint32_t code = 0;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            code = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            code = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            code = c & 0x07;
        } else {
            return false;
        }
        if (i + extra >= text.size()) return false;  // truncated
        for (std::size_t k = 1; k <= extra; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80) return false;
            code = (code << 6) | (next & 0x3F);
        }
        if ((extra == 2 && (code < 0x800 || (code >= 0xD800 && code < 0xE000))) ||
            (extra == 3 && (code < 0x10000 || code > 0x10FFFF)))
            return false;
        i += extra + 1;
    }
    return true;
}

std::string read_text(const fs::path& file, const char* what) {
    std::error_code error;
    if (!fs::exists(file, error)) fail(file, fmt::format("the {} does not exist", what));
    if (!fs::is_regular_file(file, error)) fail(file, fmt::format("the {} is not a file", what));
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) fail(file, fmt::format("cannot read the {}", what));
    std::string content = text.str();
    if (!is_utf8(content)) fail(file, fmt::format("the {} is not UTF-8 text", what));
    return content;
}

PyValue config_of_log(const fs::path& log, std::vector<std::string>& warnings) {
    const std::string text = read_text(log, "log");
    try {
        return filter_config(text, &warnings);
    } catch (const LogFilterError& error) {
        fail(log, fmt::format("Failed extract config from {}:{}.", log.string(), error.what()));
    }
}

std::string config_json(const PyValue& config, const fs::path& log) {
    py::JsonWriter json(2);
    try {
        write_json(json, config);
    } catch (const std::invalid_argument& error) {
        fail(log, fmt::format("the config it prints cannot be saved as JSON: {}", error.what()));
    }
    return json.text();
}

std::size_t count_inconsistent(const std::vector<HyperParamRow>& rows) {
    std::size_t count = 0;
    for (const auto& row : rows) count += row.consistent ? 0 : 1;
    return count;
}

// The config as compare reads it back from the file it saved (json.load).
PyValue reloaded(const std::string& json_text) { return *parse_json_text(json_text); }

}  // namespace

VerlOutcome compare_verl_logs(const VerlCompareRequest& request) {
    VerlOutcome outcome;
    const PyValue npu = config_of_log(request.npu_log, outcome.warnings);
    const PyValue bench = config_of_log(request.bench_log, outcome.warnings);
    const std::string npu_json = config_json(npu, request.npu_log);
    const std::string bench_json = config_json(bench, request.bench_log);
    const auto rows = compare_hyper_params(reloaded(npu_json), reloaded(bench_json));
    outcome.rows = rows.size();
    outcome.inconsistent = count_inconsistent(rows);

    report::check_output_dir(request.output_dir);
    report::StagedFiles staged(report::Existing::Replace);
    staged.stage_text(request.output_dir / "NPU_config.json", npu_json);
    staged.stage_text(request.output_dir / "bench_config.json", bench_json);
    staged.stage_text(request.output_dir / "hyper_params_compare.csv", hyper_param_csv(kCompareHeader, rows));
    outcome.written = staged.commit();
    return outcome;
}

VerlOutcome verify_verl_log(const VerlVerifyRequest& request) {
    VerlOutcome outcome;
    PyValue bench;
    if (request.bench_yaml) {
        const fs::path& yaml = *request.bench_yaml;
        if (!yaml.string().ends_with(".yaml")) {
            fail(yaml, fmt::format("不支持的文件格式: {}，仅支持 .json, .yaml格式", yaml.string()));
        }
        try {
            bench = load_yaml_values(read_text(yaml, "benchmark yaml"));
        } catch (const std::invalid_argument& error) {
            fail(yaml, fmt::format("the yaml file failed to load: {}", error.what()));
        }
    } else {
        bench = load_yaml_values(kDefaultVerifyYaml);
    }
    const PyValue target = config_of_log(request.target_log, outcome.warnings);
    const std::string target_json = config_json(target, request.target_log);
    const auto rows = verify_hyper_params(bench, reloaded(target_json));
    outcome.rows = rows.size();
    outcome.inconsistent = count_inconsistent(rows);

    report::check_output_dir(request.output_dir);
    report::StagedFiles staged(report::Existing::Replace);
    staged.stage_text(request.output_dir / "tgt_config.json", target_json);
    staged.stage_text(request.output_dir / "hyper_params_verify.csv", hyper_param_csv(kVerifyHeader, rows));
    outcome.written = staged.commit();
    return outcome;
}

}  // namespace msprobe::verl_config
