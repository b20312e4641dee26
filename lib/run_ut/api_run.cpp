#include "run_ut/api_run.hpp"

#include <ATen/autocast_mode.h>
#include <fmt/format.h>

#include <set>

#include "dump/json_view.hpp"
#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using tensor::DType;
using precision::OutputValue;


DType to_precision_dtype(at::ScalarType t) {
    switch (t) {
        case at::kBool: return DType::Bool;
        case at::kByte: return DType::UInt8;
        case at::kChar: return DType::Int8;
        case at::kShort: return DType::Int16;
        case at::kInt: return DType::Int32;
        case at::kLong: return DType::Int64;
        case at::kHalf: return DType::Float16;
        case at::kBFloat16: return DType::BFloat16;
        case at::kFloat: return DType::Float32;
        case at::kDouble: return DType::Float64;
        case at::kComplexFloat: return DType::Complex64;
        default: return DType::Complex128;
    }
}

void collect_float_dtypes(const PyValue& v, std::set<at::ScalarType>& out) {
    if (v.kind == PyValue::Kind::Tensor) {
        const auto t = v.tensor.scalar_type();
        if (t == at::kHalf || t == at::kBFloat16 || t == at::kFloat) out.insert(t);
    }
    for (const auto& item : v.items) collect_float_dtypes(item, out);
}

struct Raise {
    std::optional<at::ScalarType> raise;     // bench dtype for fp16/bf16/fp32 tensors
    std::optional<at::ScalarType> autocast;  // device autocast dtype
    bool device_autocast = false;
};

// The bench's raised dtype: float32 → float64 when float32 is the only floating dtype, otherwise float16/bfloat16
// → float32; with several floating dtypes the device run autocasts too.
Raise raise_rule(const PyCall& call) {
    std::set<at::ScalarType> d;
    for (const auto& a : call.args) collect_float_dtypes(a, d);
    for (const auto& [k, v] : call.kwargs) collect_float_dtypes(v, d);
    Raise r;
    if (d.empty()) return r;
    if (d.size() == 1) {
        const auto only = *d.begin();
        r.raise = only == at::kFloat ? at::kDouble : at::kFloat;
        r.autocast = only;
        return r;
    }
    r.raise = at::kFloat;
    for (auto t : d) {
        if (t != at::kFloat) {
            r.autocast = t;
            break;
        }
    }
    r.device_autocast = true;
    return r;
}

const std::set<std::string>& no_detach_apis() {
    static const std::set<std::string> names = {"resize_", "resize_as_", "set_",      "transpose_",
                                                "t_",      "squeeze_",   "unsqueeze_"};
    return names;
}

template <typename From, typename To>
void widen(const at::Tensor& src, at::Tensor& out) {
    const From* in = src.data_ptr<From>();
    To* o = out.data_ptr<To>();
    for (std::int64_t i = 0, n = src.numel(); i < n; ++i) o[i] = static_cast<To>(static_cast<float>(in[i]));
}

// src.to(wider) for the bench raises (float16/bfloat16 -> float32, float32 -> float64): widening is
// exact, so a loop gives the same values (and the same strides) without the conversion op's dispatch.
at::Tensor widened_copy(const at::Tensor& src, at::ScalarType wider) {
    const auto from = src.scalar_type();
    const bool exact = (wider == at::kFloat && (from == at::kHalf || from == at::kBFloat16)) ||
                       (wider == at::kDouble && from == at::kFloat);
    if (!exact || !src.is_contiguous()) return src.to(wider);
    auto out = at::empty_strided(src.sizes(), src.strides(), src.options().dtype(wider));
    if (from == at::kHalf) widen<at::Half, float>(src, out);
    if (from == at::kBFloat16) widen<at::BFloat16, float>(src, out);
    if (from == at::kFloat) widen<float, double>(src, out);
    return out;
}

// Gradient-tracking copies: raised (bench) or at the dumped dtype (device); tracking tensors made non-leaf.
PyValue copy_value(const PyValue& v, const std::string& api_name, std::optional<at::ScalarType> raise, bool backward,
                   bool is_out, std::vector<at::Tensor>& positional_tensors, bool positional) {
    if (v.kind == PyValue::Kind::List || v.kind == PyValue::Kind::Slice) {
        PyValue out = v;
        for (auto& item : out.items)
            item = copy_value(item, api_name, raise, backward, is_out, positional_tensors, positional);
        return out;
    }
    if (v.kind != PyValue::Kind::Tensor) return v;
    const auto t = v.tensor.scalar_type();
    const bool convertible = t == at::kHalf || t == at::kBFloat16 || t == at::kFloat;
    at::Tensor c;
    if (raise && convertible && t != *raise && api_name != "type_as" &&
        !((api_name == "conv1d" || api_name == "conv2d") && t == at::kFloat)) {
        // A cast to another dtype is already a fresh copy: the clone (and detach) before it would make the
        // same tensor (rebuilt inputs never require grad) at the cost of one more copy.
        c = widened_copy(v.tensor, *raise);
    } else {
        c = v.tensor.clone();
        if (!no_detach_apis().count(api_name) && !is_out) c = c.detach();
    }
    if (backward && v.wants_grad) {
        c.requires_grad_(true);
        c = (c * 1).type_as(c);
        c.retain_grad();
    }
    if (positional) positional_tensors.push_back(c);
    PyValue out = v;
    out.tensor = c;
    return out;
}

PyCall copy_call(const PyCall& call, const std::string& api_name, std::optional<at::ScalarType> raise, bool backward,
                 std::vector<at::Tensor>& positional_tensors) {
    PyCall out;
    for (const auto& a : call.args)
        out.args.push_back(copy_value(a, api_name, raise, backward, false, positional_tensors, true));
    std::vector<at::Tensor> ignored;
    for (const auto& [k, v] : call.kwargs)
        out.kwargs.emplace_back(k, copy_value(v, api_name, raise, backward, k == "out", ignored, false));
    return out;
}

PyValue cast_floating(const PyValue& v, at::ScalarType dtype) {
    PyValue out = v;
    for (auto& item : out.items) item = cast_floating(item, dtype);
    if (v.kind == PyValue::Kind::Tensor && at::isFloatingType(v.tensor.scalar_type()) &&
        v.tensor.scalar_type() != dtype) {
        out.tensor = v.tensor.to(dtype);
    }
    return out;
}

// The device run under the dump's autocast: libtorch's CPU autocast for bfloat16 (what msprobe's own CPU
// run uses), explicit casts of the floating inputs for any other dtype (CPU autocast refuses those).
c10::IValue run_device(const std::string& family, const std::string& api_name, const PyCall& call, const Raise& rule) {
    if (!rule.device_autocast) return execute_api(family, api_name, call);
    if (rule.autocast != at::kBFloat16) {
        PyCall cast;
        for (const auto& a : call.args) cast.args.push_back(cast_floating(a, *rule.autocast));
        for (const auto& [k, v] : call.kwargs) cast.kwargs.emplace_back(k, cast_floating(v, *rule.autocast));
        return execute_api(family, api_name, cast);
    }
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    try {
        auto out = execute_api(family, api_name, call);
        at::autocast::set_cpu_enabled(false);
        at::autocast::clear_cache();
        return out;
    } catch (...) {
        at::autocast::set_cpu_enabled(false);
        at::autocast::clear_cache();
        throw;
    }
}

std::optional<at::ScalarType> output_dtype_hint(dump::JsonView forward) {
    const auto dt = forward.member("output").item(0).member("dtype");
    if (!dt.is_string()) return std::nullopt;
    const auto t = scalar_type_from_name(std::string(dt.text()));
    if (t == at::kBFloat16 || t == at::kHalf || t == at::kFloat || t == at::kDouble) return t;
    return std::nullopt;
}

std::optional<std::int64_t> grad_index(const std::string& api_name) {
    if (api_name == "topk" || api_name == "npu_fusion_attention") return 0;
    return std::nullopt;
}

bool is_sequence(const c10::IValue& v) { return v.isTuple() || v.isList() || v.isTensorList(); }

at::Tensor element(const c10::IValue& v, std::int64_t index) {
    if (v.isTuple()) return v.toTupleRef().elements().at(static_cast<std::size_t>(index)).toTensor();
    return v.toList().get(static_cast<std::size_t>(index)).toTensor();
}

std::vector<OutputValue> gradients(const std::vector<at::Tensor>& tensors) {
    std::vector<OutputValue> out;
    for (const auto& t : tensors) {
        const auto g = t.grad();
        out.push_back(g.defined() ? to_output_value(c10::IValue(g)) : OutputValue::none());
    }
    return out;
}

// Dumped outputs of a real-data dump: tensor records loaded, anything else by its recorded value.
OutputValue dumped_value(dump::JsonView record, InputBuilder& inputs) {
    if (record.is_array()) {
        std::vector<OutputValue> items;
        for (const auto e : record.items()) items.push_back(dumped_value(e, inputs));
        return OutputValue::sequence(std::move(items));
    }
    if (record.is_null()) return OutputValue::none();
    if (auto t = inputs.real_tensor(record)) return to_output_value(c10::IValue(*t));
    const auto v = record.member("value");
    if (!v || v.is_null()) return OutputValue::none();
    if (const auto b = v.boolean()) return OutputValue::of_bool(*b);
    if (const auto i = v.integer()) return OutputValue::of_int(*i);
    if (const auto d = v.number()) return OutputValue::of_float(*d);
    if (v.is_string()) return OutputValue::of_str(std::string(v.text()));
    throw SkipApi("a dumped output record cannot be read");
}

OutputValue dumped_outputs(dump::JsonView list, InputBuilder& inputs) {
    if (!list.is_array()) throw SkipApi("the dumped output is not a list");
    if (list.size() == 1) return dumped_value(list.item(0), inputs);
    return dumped_value(list, inputs);
}

// The values widened to double on the host, as t.to(kDouble) gives them (every real dtype converts
// exactly or by the same static_cast), without the conversion dispatch and its temporary tensor.
std::vector<double> as_doubles(const at::Tensor& t) {
    const auto type = t.scalar_type();
    const bool plain = at::isFloatingType(type) || at::isIntegralType(type, /*includeBool=*/true);
    if (!plain || t.is_quantized()) {
        const auto d = t.detach().to(at::kDouble).contiguous();
        return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
    }
    const auto c = t.is_contiguous() ? t : t.detach().contiguous();
    std::vector<double> out(static_cast<std::size_t>(c.numel()));
    AT_DISPATCH_ALL_TYPES_AND3(at::kHalf, at::kBFloat16, at::kBool, type, "as_doubles", [&] {
        const scalar_t* p = c.data_ptr<scalar_t>();
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<double>(p[i]);
    });
    return out;
}

}  // namespace

precision::OutputValue to_output_value(const c10::IValue& value) {
    if (value.isNone()) return OutputValue::none();
    if (value.isTensor()) {
        const auto& t = value.toTensor();
        precision::TensorData data;
        data.dtype = to_precision_dtype(t.scalar_type());
        data.shape = t.sizes().vec();
        if (at::isComplexType(t.scalar_type())) throw SkipApi("complex outputs cannot be compared");
        data.values = as_doubles(t);
        return OutputValue::of_tensor(std::move(data));
    }
    if (value.isBool()) return OutputValue::of_bool(value.toBool());
    if (value.isInt()) return OutputValue::of_int(value.toInt());
    if (value.isDouble()) return OutputValue::of_float(value.toDouble());
    if (value.isString()) return OutputValue::of_str(value.toStringRef());
    if (value.isScalar()) {
        const auto s = value.toScalar();
        if (s.isBoolean()) return OutputValue::of_bool(s.toBool());
        if (s.isIntegral(false)) return OutputValue::of_int(s.toLong());
        return OutputValue::of_float(s.toDouble());
    }
    if (value.isTuple()) {
        std::vector<OutputValue> items;
        for (const auto& e : value.toTupleRef().elements()) items.push_back(to_output_value(e));
        return OutputValue::sequence(std::move(items));
    }
    if (value.isList()) {
        std::vector<OutputValue> items;
        for (const auto& e : value.toList()) items.push_back(to_output_value(e));
        return OutputValue::sequence(std::move(items));
    }
    OutputValue other;
    other.kind = OutputValue::Kind::Other;
    return other;
}

bool backward_not_supported(const std::string& api_name, std::string& message, bool need_grad) {
    if (!need_grad)
        message += "function with out=... arguments don't support automatic differentiation, skip backward.";
    if (api_name == "repeat_interleave") message += "This API does not have backward input data, skip backward.";
    if (api_name == "masked_select") message += "This API does not support backward ut, skip backward.";
    return !message.empty();
}

precision::ApiComparison run_api(const ApiRunRequest& request, InputBuilder& inputs, ApiRunArtifacts* artifacts) {
    const auto forward = request.forward;
    const bool need_grad = !has_out_keyword(forward);
    std::string backward_message;
    backward_not_supported(request.api_name, backward_message, need_grad);
    const bool backward_wanted = request.backward && backward_message.empty();

    const PyCall call = inputs.forward_call(forward, request.api_name, need_grad);
    Raise rule = raise_rule(call);
    if (!rule.device_autocast) {
        if (const auto hint = output_dtype_hint(forward)) {
            rule.device_autocast = rule.autocast != hint;
            rule.autocast = hint;
        }
    }

    std::vector<at::Tensor> bench_tensors;
    const PyCall bench_call = copy_call(call, request.api_name, rule.raise, backward_wanted, bench_tensors);
    const c10::IValue bench_out = execute_api(request.family, request.api_name, bench_call);

    // The device forward: the dumped outputs when the dump holds them, else a run at the dumped dtypes.
    // Backward always runs the device side again (msprobe's dumped input gradients of some APIs, e.g.
    // Tensor.float, belong to another autograd node, so they cannot be judged).
    std::vector<at::Tensor> device_tensors;
    c10::IValue device_out;
    OutputValue device_value;
    if (!request.device_from_dump || backward_wanted) {
        const PyCall device_call = copy_call(call, request.api_name, std::nullopt, backward_wanted, device_tensors);
        device_out = run_device(request.family, request.api_name, device_call, rule);
    }
    device_value = request.device_from_dump ? dumped_outputs(forward.member("output"), inputs)
                                            : to_output_value(device_out);

    if (artifacts) {
        artifacts->inputs = call;
        artifacts->bench_out = bench_out;
        if (!request.device_from_dump) artifacts->device_out = device_out;
    }
    precision::ApiOutputs outputs;
    outputs.full_name = request.full_name;
    outputs.bench_forward = to_output_value(bench_out);
    outputs.device_forward = device_value;
    if (request.api_name == "npu_fusion_attention") {
        // Only the attention output is judged (softmax_max/sum are layout-specific intermediates).
        for (auto* v : {&outputs.bench_forward, &outputs.device_forward}) {
            if (v->kind == OutputValue::Kind::Sequence && !v->items.empty()) *v = OutputValue(v->items.front());
        }
    }

    if (backward_wanted && !bench_out.isNone()) {
        const auto index = grad_index(request.api_name);
        if (!index && is_sequence(bench_out)) {
            backward_message += "Multiple backward is not supported.";
        } else {
            const auto grad_records = request.backward.member("input");
            if (grad_records.items().empty()) throw SkipApi("the backward entry has no input gradient");
            const PyValue grad = inputs.positional(grad_records.item(0), request.api_name, true);
            if (grad.kind != PyValue::Kind::Tensor) throw SkipApi("the backward input gradient is not a tensor");
            at::Tensor bench_grad = grad.tensor.detach();
            const auto gt = bench_grad.scalar_type();
            if (gt == at::kHalf || gt == at::kBFloat16) bench_grad = bench_grad.to(at::kFloat);
            if (gt == at::kFloat) bench_grad = bench_grad.to(at::kDouble);
            at::Tensor bench_seed = index ? element(bench_out, *index) : bench_out.toTensor();
            bench_seed.backward(bench_grad);
            outputs.bench_grads = gradients(bench_tensors);
            if (artifacts) {
                artifacts->backward_input = c10::IValue(bench_grad);
                for (const auto& bt : bench_tensors)
                    artifacts->bench_grads.emplace_back(bt.grad().defined() ? c10::IValue(bt.grad()) : c10::IValue());
            }
            at::Tensor device_seed = index ? element(device_out, *index) : device_out.toTensor();
            device_seed.backward(grad.tensor.detach());
            outputs.device_grads = gradients(device_tensors);
            if (artifacts) {
                for (const auto& dt : device_tensors)
                    artifacts->device_grads.emplace_back(dt.grad().defined() ? c10::IValue(dt.grad()) : c10::IValue());
            }
        }
    }
    outputs.backward_message = backward_message;
    return precision::compare_api(outputs);
}

}  // namespace msprobe::run_ut
