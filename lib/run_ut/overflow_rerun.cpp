// run_overflow_check: each forward API of an
// overflow dump re-run on the CPU at its dumped dtypes (no raising); its
// overflow compared with the overflow the dump recorded for the device.
#include "run_ut/overflow_rerun.hpp"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "common/log.hpp"
#include "dump/entry_view.hpp"
#include "dump/json_view.hpp"
#include "dump/non_finite_value.hpp"
#include "precision/api_name.hpp"
#include "precision/csv_dialect.hpp"
#include "precision/run_ut_report.hpp"
#include "report/output_file.hpp"
#include "run_ut/api_executor.hpp"
#include "run_ut/api_registry.hpp"
#include "run_ut/dump_records.hpp"
#include "run_ut/input_builder.hpp"

namespace msprobe::run_ut {

namespace {

// An inf/NaN statistic, spelled as run_ut's overflow rerun accepts it.
bool anomalous(dump::JsonView v) {
    return dump::non_finite_value(v, dump::NonFiniteSpellings::NanInfInfinityPlusInf).has_value();
}

bool records_overflow(dump::JsonView v) {
    if (v.is_array()) {
        for (const auto e : v.items()) {
            if (records_overflow(e)) return true;
        }
        return false;
    }
    if (!v.is_object()) return false;
    for (const char* key : {"Max", "Min"}) {
        if (const auto stat = v.member(key); stat && anomalous(stat)) return true;
    }
    for (const auto& m : v.members()) {
        if (m.value.is_object() || m.value.is_array()) {
            if (records_overflow(m.value)) return true;
        }
    }
    return false;
}

bool input_overflow(const dump::EntryView& forward) {
    return records_overflow(forward.input_args()) || records_overflow(forward.input_kwargs());
}

// The CPU side overflowed: any element of a list or tuple, or a non-empty, non-bool tensor whose max is +inf,
// min is -inf, or either is NaN.
bool overflowed(const c10::IValue& v) {
    if (v.isTuple()) {
        for (const auto& e : v.toTupleRef().elements()) {
            if (overflowed(e)) return true;
        }
        return false;
    }
    if (v.isList()) {
        for (const auto& e : v.toList()) {
            if (overflowed(e)) return true;
        }
        return false;
    }
    if (v.isTensor()) {
        const auto& t = v.toTensor();
        if (t.numel() == 0 || t.scalar_type() == at::kBool || at::isComplexType(t.scalar_type())) return false;
        const double max = t.max().item<double>(), min = t.min().item<double>();
        return max == INFINITY || min == -INFINITY || std::isnan(max) || std::isnan(min);
    }
    if (v.isDouble()) return !std::isfinite(v.toDouble());
    return false;
}

bool holds_python_bool(const c10::IValue& v) {
    if (v.isBool()) return true;
    if (v.isTuple()) {
        for (const auto& e : v.toTupleRef().elements()) {
            if (holds_python_bool(e)) return true;
        }
    }
    if (v.isList()) {
        for (const auto& e : v.toList()) {
            if (holds_python_bool(e)) return true;
        }
    }
    return false;
}

PyValue to_float32(const PyValue& v) {
    PyValue out = v;
    for (auto& item : out.items) item = to_float32(item);
    if (v.kind == PyValue::Kind::Tensor && v.tensor.scalar_type() == at::kHalf) out.tensor = v.tensor.to(at::kFloat);
    return out;
}

c10::IValue to_half(const c10::IValue& v) {
    if (v.isTensor() && at::isFloatingType(v.toTensor().scalar_type())) return c10::IValue(v.toTensor().to(at::kHalf));
    if (v.isTuple()) {
        std::vector<c10::IValue> items;
        for (const auto& e : v.toTupleRef().elements()) items.push_back(to_half(e));
        return c10::ivalue::Tuple::create(std::move(items));
    }
    return v;
}

// The CPU run; float16 kernels libtorch 1.13 lacks run in float32 with floating results rounded back
// to float16 (--half-fallback, on by default for this tool: the verdict needs overflow, not bit-accuracy).
c10::IValue cpu_run(const std::string& family, const std::string& api_name, const PyCall& call, bool& emulated) {
    try {
        return execute_api(family, api_name, call);
    } catch (const c10::Error& e) {
        if (std::string(e.what_without_backtrace()).find("not implemented for 'Half'") == std::string::npos) throw;
    }
    PyCall wide;
    for (const auto& a : call.args) wide.args.push_back(to_float32(a));
    for (const auto& [k, v] : call.kwargs) wide.kwargs.emplace_back(k, to_float32(v));
    emulated = true;
    return to_half(execute_api(family, api_name, wide));
}

std::string python_bool(bool b) { return b ? "True" : "False"; }

}  // namespace

OverflowRerunSummary rerun_overflowed_apis(const std::filesystem::path& api_info, const std::filesystem::path& out_dir,
                                           const std::string& timestamp, std::uint64_t max_tensor_elements) {
    DumpRecords records = read_dump_records(api_info);
    report::ensure_output_dir(out_dir);
    OverflowRerunSummary summary;
    const auto result_at = [&](const std::string& ts) { return out_dir / ("overflow_check_result_" + ts + ".csv"); };
    const std::string used =
        precision::create_new_csvs(timestamp.empty() ? local_timestamp() : timestamp, [&](const std::string& ts) {
            return std::vector<precision::NewCsv>{
                {result_at(ts),
                 {"API name", "Input Overflow", "Device Overflow", "CPU Overflow", "Verdict", "Message"}}};
        });
    summary.result_csv = result_at(used);
    if (!records.data_root) {
        log::warning(
            "The dump holds no tensors: inputs are regenerated from Max/Min, so abnormal verdicts need confirmation.");
    }
    at::manual_seed(1234);
    InputBuilder inputs(records.data_root, max_tensor_elements);
    for (const auto& api : records.apis) {
        const auto parts = precision::split_api_full_name(api.full_name);
        const dump::EntryView forward(api.full_name, api.forward);
        const bool in_overflow = input_overflow(forward);
        const bool device_overflow = records_overflow(forward.output());
        auto write = [&](const std::string& cpu, const std::string& verdict, const std::string& message) {
            precision::append_csv(summary.result_csv,
                                  precision::csv_line({api.full_name, python_bool(in_overflow),
                                                       python_bool(device_overflow), cpu, verdict, message}));
        };
        auto skip = [&](const std::string& message) {
            write(" ", "skipped", message);
            ++summary.skipped;
        };
        // NPU fused operators re-run through their CPU golden (npu_bench_functions) when one exists.
        if (!parts || parts->family == "Distributed" || parts->family == "MindSpeed" ||
            (parts->family == "NPU" && !api_registry().contains("NPU", parts->api_name))) {
            const std::string message =
                fmt::format("{} api is not supported for run ut. SKIP.", parts ? parts->family : api.full_name);
            log::info(message);
            skip(message);
            continue;
        }
        try {
            const PyCall call = inputs.forward_call(api.forward, parts->api_name, !has_out_keyword(api.forward));
            bool emulated = false;
            const c10::IValue out = cpu_run(parts->family, parts->api_name, call, emulated);
            if (out.isNone()) {
                log::warning(
                    fmt::format("The {} overflow is a normal overflow, out and npu_out is None.", api.full_name));
                skip("out and npu_out is None");
                continue;
            }
            if (holds_python_bool(out)) {
                const auto message =
                    fmt::format("The output of {} is bool type.This dtype not support overflow, so it will be skipped.",
                                api.full_name);
                log::warning(message);
                skip(message);
                continue;
            }
            const bool cpu_overflow = overflowed(out);
            const bool normal = cpu_overflow == device_overflow;
            log::warning(
                fmt::format("The {} overflow is {} overflow.", api.full_name, normal ? "a normal" : "an abnormal"));
            write(python_bool(cpu_overflow), normal ? "normal" : "abnormal",
                  emulated ? "float16 kernel missing on CPU: computed in float32, rounded to float16" : "");
            ++summary.checked;
            ++(normal ? summary.normal : summary.abnormal);
        } catch (const std::exception& e) {
            const auto* c10e = dynamic_cast<const c10::Error*>(&e);
            const std::string text = c10e ? c10e->what_without_backtrace() : e.what();
            log::error(fmt::format("Run {} UT Error: {}", api.full_name, text));
            skip(text);
        }
    }
    log::info("UT task completed.");
    return summary;
}

}  // namespace msprobe::run_ut
