#include "ms_api_check/ms_check_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <future>
#include <optional>
#include <thread>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/timestamps.hpp"
#include "ms_api_check/bench_run.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/json_fields.hpp"
#include "ms_api_check/recorded_values.hpp"
#include "ms_api_check/result_files.hpp"
#include "run_ut/api_executor.hpp"

namespace msprobe::ms_api_check {

namespace {

bool present(dump::JsonView v) { return v.present() && !v.is_null(); }

std::vector<std::string> split_name(const std::string& name) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (auto dot = name.find('.'); dot != std::string::npos; dot = name.find('.', start)) {
        parts.push_back(name.substr(start, dot - start));
        start = dot + 1;
    }
    parts.push_back(name.substr(start));
    return parts;
}

// ApiRunner.get_info_from_name and get_api_instance: the torch API the bench runs.
BenchCall bench_api(const std::string& api_name, const MsDump& dump, const MsCheckOptions& options) {
    const auto parts = split_name(api_name);
    if (parts.size() != 3) throw CheckSkipped(kWrongValue);
    const auto& family = parts[0];
    const auto& sub_name = parts[1];
    const bool mindspore = dump.framework == TestedFramework::MindSpore;
    const bool known = mindspore ? (family == "Mint" || family == "MintFunctional" || family == "Tensor" ||
                                    family == "Functional")
                                 : (family == "Torch" || family == "Functional" || family == "Tensor");
    if (!known) throw CheckSkipped(kWrongValue);
    // get_api_instance: the fusion bench for the torch side, whatever the family.
    if (sub_name == "flash_attention_score") return BenchCall{kFusionFamily, sub_name, {}};
    const auto module = bench_module(family, dump.framework);
    const auto family_name = executor_family(family, dump.framework);
    if (family_name.empty() || !run_ut::api_resolves(family_name, sub_name)) {
        if (options.bare_api_wrong_message) throw CheckSkipped(kApiWrong);
        throw CheckSkipped(fmt::format("{}ApiRunner.get_api_instance failed: {}.{} is not found", kApiWrong,
                                       module.empty() ? family : module, sub_name));
    }
    return BenchCall{family_name, sub_name, {}};
}

// ApiAccuracyChecker.process_forward / process_backward up to the compared rows.
std::vector<OutputRow> check_direction(const MsApi& api, const MsDump& dump, const RecordedValues& values,
                                       const MsCheckOptions& options, bool backward) {
    const std::string direction = backward ? "backward" : "forward";
    // prepare_api_input_aggregation: records checked, nothing read yet.
    const auto args = required_field(api.forward, "input_args",
                                     fmt::format("input_args field of {} forward api in api_info.json", api.name),
                                     FieldType::List);
    for (const auto a : args.items()) values.check(a);
    const auto kwargs = required_field(api.forward, "input_kwargs", "input_kwargs in api_info.json", FieldType::Dict);
    for (const auto kw : kwargs.members()) {
        if (!(kw.value.is_array() || kw.value.is_object() || kw.value.is_null())) {
            throw CheckSkipped(kParseJsonFailed);
        }
        values.check(kw.value);
    }
    dump::JsonView grads;
    if (backward) {
        grads = required_field(api.backward, "input",
                               fmt::format("input field of {} backward api in api_info.json", api.name),
                               FieldType::List);
        for (const auto g : grads.items()) values.check(g);
    }
    // run_and_compare_helper: the recorded outputs are the tested side.
    const auto outputs = required_field(backward ? api.backward : api.forward, "output",
                                        fmt::format("output field of {} {} api in api_info.json", api.name, direction),
                                        FieldType::List);
    for (const auto o : outputs.items()) values.check(o);

    BenchCall bench = bench_api(api.name, dump, options);
    for (const auto a : args.items()) bench.call.args.push_back(values.argument(a));
    for (const auto kw : kwargs.members()) {
        bench.call.kwargs.emplace_back(std::string(kw.name), values.argument(kw.value));
    }
    std::vector<CheckedValue> bench_outputs;
    if (backward) {
        std::vector<run_ut::PyValue> gradients;
        for (const auto g : grads.items()) gradients.push_back(values.argument(g));
        bench_outputs = bench_backward(bench, gradients);
    } else {
        bench_outputs = bench_forward(bench);
    }
    std::vector<CheckedValue> tested_outputs;
    for (const auto o : outputs.items()) tested_outputs.push_back(values.recorded(o));

    const auto tested = trimmed(std::move(tested_outputs), backward);
    const auto benched = trimmed(std::move(bench_outputs), backward);
    if (tested.size() != benched.size()) {
        log::warning(fmt::format("{}.{}: {} tested outputs and {} bench outputs; the first {} are compared", api.name,
                                 direction, tested.size(), benched.size(), std::min(tested.size(), benched.size())));
    }
    std::vector<OutputRow> rows;
    for (std::size_t i = 0; i < tested.size() && i < benched.size(); ++i) {
        rows.push_back(OutputRow{fmt::format("{}.{}.output.{}", api.name, direction, i), benched[i].dtype,
                                 tested[i].dtype, shape_text(benched[i].shape), compare_output(benched[i], tested[i])});
    }
    return rows;
}

DirectionOutcome checked_direction(const MsApi& api, const MsDump& dump, const TensorLocations& locations,
                                   const MsCheckOptions& options, bool backward) {
    DirectionOutcome out;
    const RecordedValues values(locations);
    try {
        out.rows = check_direction(api, dump, values, options, backward);
    } catch (const std::exception& e) {
        out.skipped = e.what();
    }
    return out;
}

void tally(const ApiOutcome& outcome, MsCheckSummary& summary) {
    const auto row = result_fields(outcome);
    if (!row) return;
    const auto& f = (*row)[1];
    const auto& b = (*row)[2];
    if (f == "error" || b == "error") {
        ++summary.error;
    } else if (f == "SKIP" || b == "SKIP") {
        ++summary.skip;
    } else {
        ++summary.pass;
    }
}

}  // namespace

ApiOutcome check_api(const MsApi& api, const MsDump& dump, const TensorLocations& locations,
                     const MsCheckOptions& options) {
    ApiOutcome outcome;
    outcome.api_name = api.name;
    if (dump.task == DumpTask::Statistics) {
        if (present(api.forward)) outcome.forward.skipped = kStatisticsSkip;
        if (present(api.backward)) outcome.backward.skipped = "";
        return outcome;
    }
    if (present(api.forward)) outcome.forward = checked_direction(api, dump, locations, options, false);
    if (present(api.backward)) outcome.backward = checked_direction(api, dump, locations, options, true);
    if (options.split_over_devices && !options.split_records_skips) {
        outcome.forward.skipped.reset();
        outcome.backward.skipped.reset();
    }
    return outcome;
}

MsCheckSummary run_ms_check(const MsCheckOptions& options) {
    const auto formulas = options.verbatim_formulas ? report::FormulaCells::Verbatim : report::FormulaCells::Guarded;
    std::optional<ResultFiles> files;
    if (!options.resume_csv.empty()) files = ResultFiles::resume(options.resume_csv, formulas);
    const MsDump dump = read_ms_dump(options.api_info);
    if (!dump.framework_warning.empty()) log::warning(fmt::format("{}: {}", options.api_info.string(),
                                                                  dump.framework_warning));
    const TensorLocations locations(options.api_info, dump.dump_data_dir, options.tensors_where_written);

    MsCheckSummary summary;
    summary.statistics_dump = dump.task == DumpTask::Statistics;
    summary.apis = dump.apis.size();
    summary.left_out = dump.left_out;
    summary.left_out_example = dump.left_out_example;

    std::error_code ec;
    std::filesystem::create_directories(options.out_dir, ec);
    if (options.save_error_data) std::filesystem::create_directories(options.out_dir / "error_data", ec);
    if (ec) throw Error(options.out_dir.string(), fmt::format("cannot create the output folder: {}", ec.message()));

    std::vector<const MsApi*> to_check;
    for (const auto& api : dump.apis) {
        if (files && files->recorded_apis().count(api.name) != 0) {
            ++summary.already_recorded;
        } else {
            to_check.push_back(&api);
        }
    }
    if (to_check.empty()) {
        if (files) {
            summary.result_csv = files->result_path();
            summary.details_csv = files->details_path();
        }
        return summary;
    }
    if (!files) files = ResultFiles::create(options.out_dir, options.timestamp.empty() ? local_timestamp()
                                                                                        : options.timestamp,
                                            formulas);
    summary.result_csv = files->result_path();
    summary.details_csv = files->details_path();

    const std::size_t workers = options.split_over_devices ? std::max<std::size_t>(options.devices.size(), 1) : 1;
    std::vector<std::promise<ApiOutcome>> promised(to_check.size());
    std::vector<std::future<ApiOutcome>> outcomes;
    for (auto& p : promised) outcomes.push_back(p.get_future());
    std::vector<std::jthread> threads;
    for (std::size_t w = 0; w < workers; ++w) {
        threads.emplace_back([&, w] {
            // msprobe's split: API i goes to worker i % workers.
            for (std::size_t i = w; i < to_check.size(); i += workers) {
                try {
                    promised[i].set_value(check_api(*to_check[i], dump, locations, options));
                } catch (...) {
                    promised[i].set_exception(std::current_exception());
                }
            }
        });
    }
    for (auto& future : outcomes) {
        const auto outcome = future.get();
        files->append(outcome);
        tally(outcome, summary);
    }
    return summary;
}

}  // namespace msprobe::ms_api_check
