#include "ms_api_check/bench_run.hpp"

#include <c10/util/Exception.h>
#include <torch/csrc/autograd/autograd.h>

#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/flash_attention_score_bench.hpp"
#include "ms_api_check/ms_dtypes.hpp"
#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::ms_api_check {

namespace {

std::vector<c10::IValue> as_tuple(const c10::IValue& result) {
    if (result.isTuple()) {
        const auto& e = result.toTupleRef().elements();
        return std::vector<c10::IValue>(e.begin(), e.end());
    }
    if (result.isList()) {
        std::vector<c10::IValue> out;
        for (const auto& item : result.toList()) out.push_back(item);
        return out;
    }
    return {result};
}

// A failure inside libtorch is the API's SKIP message, as msprobe records str(exception).
template <typename F>
auto guarded(F&& run) {
    try {
        return run();
    } catch (const run_ut::SkipApi& e) {
        throw CheckSkipped(e.what());
    } catch (const c10::Error& e) {
        throw CheckSkipped(e.what_without_backtrace());
    }
}

c10::IValue run(const BenchCall& bench, const run_ut::PyCall& call) {
    if (bench.family == kFusionFamily) return flash_attention_score_bench(call);
    return run_ut::execute_api(bench.family, bench.api_name, call);
}

bool is_floating(const at::Tensor& t) { return is_float_dtype(dtype_text_of(t.scalar_type())); }

}  // namespace

CheckedValue checked_value_of(const c10::IValue& value) {
    CheckedValue out;
    if (value.isNone()) return out;
    out.kind = CheckedValue::Kind::Other;
    if (value.isTensor()) {
        const auto& t = value.toTensor();
        out.kind = CheckedValue::Kind::Tensor;
        out.dtype = dtype_text_of(t.scalar_type());
        out.shape = t.sizes().vec();
        const auto d = t.detach().to(at::kDouble).contiguous();
        out.values.assign(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
    } else if (value.isBool()) {
        out.dtype = "bool";
    } else if (value.isInt()) {
        out.dtype = "int";
    } else if (value.isDouble()) {
        out.dtype = "float";
    } else if (value.isString()) {
        out.dtype = "str";
    } else if (value.isTuple() || value.isList()) {
        out.dtype = "tuple";
    }
    return out;
}

std::vector<CheckedValue> bench_forward(const BenchCall& bench) {
    return guarded([&] {
        const auto result = run(bench, bench.call);
        std::vector<CheckedValue> out;
        for (const auto& v : as_tuple(result)) out.push_back(checked_value_of(v));
        return out;
    });
}

std::vector<CheckedValue> bench_backward(const BenchCall& bench, const std::vector<run_ut::PyValue>& gradients) {
    return guarded([&] {
        run_ut::PyCall call = bench.call;
        std::vector<at::Tensor> tracked;
        for (auto& arg : call.args) {
            if (arg.kind == run_ut::PyValue::Kind::Tensor && is_floating(arg.tensor)) {
                arg.tensor = arg.tensor.detach().clone().requires_grad_(true);
                tracked.push_back(arg.tensor);
            }
        }
        const auto outputs = as_tuple(run(bench, call));
        // zip(forward_results, gradient_inputs): the shorter one ends it; no graph is retained between seeds.
        for (std::size_t i = 0; i < outputs.size() && i < gradients.size(); ++i) {
            if (!outputs[i].isTensor()) {
                throw CheckSkipped("'" + outputs[i].tagKind() + "' object has no attribute 'backward'");
            }
            const auto& g = gradients[i];
            const at::Tensor seed = g.kind == run_ut::PyValue::Kind::Tensor ? g.tensor : at::Tensor();
            torch::autograd::backward({outputs[i].toTensor()}, {seed});
        }
        std::vector<CheckedValue> out;
        for (const auto& t : tracked) {
            out.push_back(checked_value_of(t.grad().defined() ? c10::IValue(t.grad()) : c10::IValue()));
        }
        return out;
    });
}

}  // namespace msprobe::ms_api_check
