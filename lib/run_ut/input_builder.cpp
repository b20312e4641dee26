#include "run_ut/input_builder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/memory_budget.hpp"
#include "dump/data_name.hpp"
#include "dump/json_view.hpp"
#include "run_ut/skip_api.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::run_ut {

namespace {

std::string str(dump::JsonView v) { return std::string(v.text()); }

std::string type_of(dump::JsonView record) { return str(record.member("type")); }

bool is_tensor_record(dump::JsonView record) {
    const auto t = type_of(record);
    return t == "torch.Tensor" || t == "torch.nn.parameter.Parameter";
}

// A JSON scalar or array as the Python value json.load gives.
PyValue json_value(dump::JsonView v) {
    if (v.is_null()) return PyValue::none();
    if (const auto b = v.boolean()) return PyValue::of_bool(*b);
    if (const auto i = v.integer()) return PyValue::of_int(*i);
    if (const auto u = v.uint64()) return PyValue::of_int(static_cast<std::int64_t>(*u));
    if (const auto d = v.number()) return PyValue::of_float(*d);
    if (v.is_string()) return PyValue::of_str(str(v));
    if (v.is_array()) {
        std::vector<PyValue> items;
        for (const auto e : v.items()) items.push_back(json_value(e));
        return PyValue::list(std::move(items));
    }
    throw SkipApi("unsupported JSON object as a value");
}

PyValue record_value(dump::JsonView record) {
    const auto v = record.member("value");
    return v ? json_value(v) : PyValue::none();
}

// The integers of a list (a shape or a torch.Size); other items are not dimensions.
std::vector<std::int64_t> int_list(dump::JsonView v) {
    std::vector<std::int64_t> out;
    for (const auto e : v.items()) {
        if (const auto i = e.integer()) out.push_back(*i);
    }
    return out;
}

PyValue int_list_value(dump::JsonView record) {
    std::vector<PyValue> items;
    for (auto i : int_list(record.member("value"))) items.push_back(PyValue::of_int(i));
    return PyValue::list(std::move(items));
}

// A JSON statistic as Python sees it: bools are ints, nullopt for anything not a number.
std::optional<double> statistic(dump::JsonView v) {
    if (const auto b = v.boolean()) return *b ? 1.0 : 0.0;
    return v.number();
}

std::string json_text(dump::JsonView v) {
    if (!v || v.is_null()) return "None";
    if (const auto b = v.boolean()) return *b ? "True" : "False";
    if (const auto d = v.number()) return fmt::format("{}", *d);
    if (v.is_string()) return str(v);
    return "?";
}

// A Min or Max bound of random_tensor: its value when a number, and how an error message spells it.
struct Bound {
    std::optional<double> value;
    std::string text;
};

Bound bound_of(dump::JsonView v) { return {statistic(v), json_text(v)}; }

double finfo_max(at::ScalarType t) {
    switch (t) {
        case at::kHalf: return 65504.0;
        case at::kBFloat16: return 3.3895313892515355e38;
        case at::kFloat: return static_cast<double>(std::numeric_limits<float>::max());
        default: return std::numeric_limits<double>::max();
    }
}

bool truthy(double v) { return v != 0.0; }  // NaN is truthy, as in Python

// flat[index].fill_(value) on a contiguous tensor without the select and fill dispatches: a
// one-element fill stores Scalar::to<scalar_t>() (ATen's scalar_fill), reproduced here on the data.
void set_element(at::Tensor& t, std::int64_t index, double value) {
    AT_DISPATCH_ALL_TYPES_AND2(at::kHalf, at::kBFloat16, t.scalar_type(), "set_element", [&] {
        t.data_ptr<scalar_t>()[index] = at::Scalar(value).to<scalar_t>();
    });
}

// t.mul_(scale).add_(shift) computed on the data for float32/float64, without two TensorIterator
// builds: ATen casts each Python float to the tensor's dtype once and rounds the product and the sum
// once each (its vectorised add is fma(other, alpha = 1, self), exact too). Other dtypes stay with ATen.
template <typename T>
void scale_and_shift_as(at::Tensor& t, double scale, double shift) {
    const T s = static_cast<T>(scale), h = static_cast<T>(shift);
    T* p = t.data_ptr<T>();
    for (std::int64_t i = 0, n = t.numel(); i < n; ++i) {
        const T product = p[i] * s;
        p[i] = product + h;
    }
}

// `t` is contiguous (fresh from rand).
void scale_and_shift(at::Tensor& t, double scale, double shift) {
    if (t.scalar_type() == at::kFloat) return scale_and_shift_as<float>(t, scale, shift);
    if (t.scalar_type() == at::kDouble) return scale_and_shift_as<double>(t, scale, shift);
    t.mul_(scale).add_(shift);
}

// `t` is contiguous (fresh from rand or randint).
void fix_extremes(at::Tensor& t, double low, double high, double low_origin, double high_origin) {
    if (t.numel() == 0) return;
    const auto n = t.numel();
    if (truthy(high_origin) && std::isnan(high_origin)) {
        if (n <= 2) {
            set_element(t, 0, std::nan(""));
            set_element(t, n - 1, high);
        } else {
            set_element(t, 0, low);
            set_element(t, 1, std::nan(""));
            set_element(t, n - 1, high);
        }
        return;
    }
    set_element(t, 0, low);
    set_element(t, n - 1, high);
    if (std::isinf(high_origin)) set_element(t, n - 1, high_origin);
    if (std::isinf(low_origin)) set_element(t, 0, low_origin);
}

at::ScalarType scalar_type_of_view(const tensor::TensorView& view) {
    const auto t = scalar_type_from_name(std::string(tensor::torch_name(view.dtype)));
    if (!t) throw SkipApi("unsupported tensor dtype " + std::string(tensor::torch_name(view.dtype)));
    return *t;
}

}  // namespace

std::optional<at::ScalarType> scalar_type_from_name(const std::string& name) {
    static const std::pair<const char*, at::ScalarType> kNames[] = {
        {"torch.float16", at::kHalf},   {"torch.half", at::kHalf},       {"torch.bfloat16", at::kBFloat16},
        {"torch.float32", at::kFloat},  {"torch.float", at::kFloat},     {"torch.float64", at::kDouble},
        {"torch.double", at::kDouble},  {"torch.int8", at::kChar},       {"torch.int16", at::kShort},
        {"torch.short", at::kShort},    {"torch.int32", at::kInt},       {"torch.int", at::kInt},
        {"torch.int64", at::kLong},     {"torch.long", at::kLong},       {"torch.uint8", at::kByte},
        {"torch.bool", at::kBool},      {"torch.complex64", at::kComplexFloat},
        {"torch.complex128", at::kComplexDouble}, {"torch.cfloat", at::kComplexFloat},
    };
    for (const auto& [n, t] : kNames) {
        if (name == n) return t;
    }
    return std::nullopt;
}

bool has_out_keyword(dump::JsonView forward) { return forward.member("input_kwargs").has_member("out"); }

namespace {

at::Tensor random_tensor_between(at::ScalarType dtype, at::IntArrayRef shape, const Bound& min, const Bound& max) {
    double low, high;
    const bool empty = std::find(shape.begin(), shape.end(), 0) != shape.end();
    if (empty) {
        low = high = 0.0;
    } else {
        if (!min.value || !max.value) {
            throw SkipApi(fmt::format("Data info Min: {} , Max: {}, info type must be int or float.", min.text,
                                      max.text));
        }
        low = *min.value;
        high = *max.value;
    }
    const double low_origin = low, high_origin = high;
    const auto options = at::TensorOptions().dtype(dtype);
    if (dtype == at::kBool) {
        auto lo = static_cast<std::int64_t>(low), hi = static_cast<std::int64_t>(high);
        if (lo > hi) std::swap(lo, hi);
        return at::randint(lo, hi + 1, shape, at::TensorOptions().dtype(at::kLong)).gt(0);
    }
    if (at::isFloatingType(dtype)) {
        if (std::isnan(high)) return at::full(shape, std::nan(""), options);
        if (truthy(high_origin) && std::isinf(high)) {
            auto t = at::full(shape, high, options);
            if (t.dim() == 0) throw SkipApi("invalid index of a 0-dim tensor.");
            t.select(0, -1).fill_(low);
            return t;
        }
        const double low_scale = std::isinf(low) ? (low > 0 ? finfo_max(dtype) : -finfo_max(dtype)) : low;
        const double high_scale = std::isinf(high) ? (high > 0 ? finfo_max(dtype) : -finfo_max(dtype)) : high;
        const double scale = high_scale - low_scale;
        auto t = at::rand(shape, options);
        scale_and_shift(t, scale, low_scale);
        fix_extremes(t, low, high, low_origin, high_origin);
        return t;
    }
    if (at::isIntegralType(dtype, /*includeBool=*/false)) {
        auto t = at::randint(static_cast<std::int64_t>(low), static_cast<std::int64_t>(high) + 1, shape, options);
        fix_extremes(t, low, high, low_origin, high_origin);
        return t;
    }
    throw SkipApi("");  // "Dtype is not supported" is raised with an empty message by the reference
}

}  // namespace

at::Tensor random_tensor(at::ScalarType dtype, at::IntArrayRef shape, dump::JsonView min, dump::JsonView max) {
    return random_tensor_between(dtype, shape, bound_of(min), bound_of(max));
}

at::Tensor round_to_hf32(const at::Tensor& t) {
    auto out = t.contiguous().clone();
    auto* p = out.data_ptr<float>();
    for (std::int64_t i = 0; i < out.numel(); ++i) {
        const std::uint32_t u = std::bit_cast<std::uint32_t>(p[i]);
        p[i] = std::bit_cast<float>((((u >> 11) + 1) >> 1) << 12);
    }
    return out;
}

std::optional<at::Tensor> InputBuilder::real_tensor(dump::JsonView record) const {
    std::filesystem::path file;
    if (const auto dp = record.member("datapath"); dp.is_string()) {
        file = std::filesystem::path(str(dp));
        if (file.is_relative() && data_root_) file = *data_root_ / file;
    } else if (const auto dn = record.member("data_name"); dn.is_string() && data_root_) {
        file = dump::data_file_path(*data_root_, str(dn), data_root_->parent_path().string(), "");
    } else {
        return std::nullopt;
    }
    const auto ext = file.extension();
    if (ext != ".pt" && ext != ".npy")
        throw SkipApi(fmt::format("The file: {} is not a pt or numpy file.", file.string()));
    const auto view = tensor::read_tensor_file(file);
    const auto dtype = scalar_type_of_view(view);
    std::vector<std::int64_t> strides = view.strides;
    auto owner = view.owner;
    auto borrowed = at::from_blob(const_cast<std::byte*>(view.data), view.shape, strides, [owner](void*) {},
                                  at::TensorOptions().dtype(dtype));
    return borrowed.clone(at::MemoryFormat::Contiguous);
}

std::uint64_t generated_element_limit(std::uint64_t requested) {
    if (requested != 0) return requested;
    constexpr std::uint64_t kUnknownMemory = std::uint64_t{1} << 31;  // 2^31 elements when memory cannot be read
    const auto available = available_memory_bytes();
    return available ? std::max<std::uint64_t>(*available / 16 / sizeof(double), 1) : kUnknownMemory;
}

at::Tensor InputBuilder::tensor_from_record(dump::JsonView record, const std::string& api_name,
                                            std::optional<double> min_override,
                                            std::optional<at::ScalarType> dtype_override) {
    at::Tensor t;
    if (auto real = real_tensor(record)) {
        t = *real;
    } else {
        const std::string dtype_name = str(record.member("dtype"));
        auto dtype = dtype_override ? dtype_override : scalar_type_from_name(dtype_name);
        if (!dtype) throw SkipApi(fmt::format("Dtype is not supported: {}", dtype_name));
        if (api_name == "cross_entropy" && *dtype == at::kInt) dtype = at::kLong;
        if (api_name == "histc" && *dtype == at::kLong) dtype = at::kFloat;
        const auto shape = int_list(record.member("shape"));
        // A count past int64 is too large too; a negative dimension is torch's to refuse.
        const auto n = tensor::element_count(shape);
        if (!n || (*n > 0 && static_cast<std::uint64_t>(*n) > max_elements_)) {
            throw SkipApi(fmt::format("an input of shape [{}] has {} elements, more than the {} a generated tensor may "
                                      "have (--max_tensor_elements raises it)",
                                      fmt::join(shape, ", "), n ? fmt::format("{}", *n) : "over 2^63",
                                      max_elements_));
        }
        auto min = record.member("Min_except_inf_nan");
        auto max = record.member("Max_except_inf_nan");
        if (!min) min = record.member("Min");
        if (!max) max = record.member("Max");
        const Bound low = min_override ? Bound{min_override, fmt::format("{}", *min_override)} : bound_of(min);
        t = random_tensor_between(*dtype, shape, low, bound_of(max));
    }
    if (api_name == "cross_entropy" && t.scalar_type() == at::kInt) t = t.to(at::kLong);
    if (api_name == "histc" && t.scalar_type() == at::kLong) t = t.to(at::kFloat);
    if ((api_name == "conv1d" || api_name == "conv2d") && t.scalar_type() == at::kFloat) t = round_to_hf32(t);
    return t;
}

PyValue InputBuilder::positional(dump::JsonView record, const std::string& api_name, bool need_grad) {
    if (record.is_array()) {
        std::vector<PyValue> items;
        for (const auto e : record.items()) items.push_back(positional(e, api_name, need_grad));
        return PyValue::list(std::move(items));
    }
    if (record.is_null()) return PyValue::none();
    if (!record.is_object()) throw SkipApi("");
    const std::string type = type_of(record);
    if (is_tensor_record(record)) {
        const bool wants = need_grad && record.member("requires_grad").boolean().value_or(false);
        return PyValue::of_tensor(tensor_from_record(record, api_name), wants);
    }
    if (type.rfind("numpy", 0) == 0 || type.rfind("float", 0) == 0 || type.rfind("int", 0) == 0 || type == "bool_") {
        if (type == "numpy.ndarray") throw SkipApi("numpy.ndarray arguments are not rebuilt");
        return record_value(record);
    }
    if (type == "torch.Size") return int_list_value(record);
    if (type == "slice") {
        PyValue v = record_value(record);
        v.kind = PyValue::Kind::Slice;
        return v;
    }
    if (type == "ellipsis") {
        PyValue v;
        v.kind = PyValue::Kind::Ellipsis;
        return v;
    }
    if (type.empty()) throw SkipApi("an argument record without a type cannot be rebuilt");
    if (type == "torch.dtype") {
        const auto t = scalar_type_from_name(str(record.member("value")));
        if (!t) throw SkipApi("unsupported dtype " + str(record.member("value")));
        return PyValue::of_dtype(*t);
    }
    return record_value(record);
}

PyValue InputBuilder::keyword(const std::string& key, dump::JsonView record, const std::string& api_name,
                              const PyKwargs&) {
    if (record.is_array()) {
        std::vector<PyValue> items;
        for (const auto e : record.items()) {
            if (is_tensor_record(e)) {
                items.push_back(PyValue::of_tensor(tensor_from_record(e, api_name)));
            } else if (type_of(e) == "torch.Size") {
                items.push_back(int_list_value(e));
            } else if (e.is_object()) {
                items.push_back(record_value(e));
            } else {
                items.push_back(json_value(e));
            }
        }
        return PyValue::list(std::move(items));
    }
    if (record.is_null()) return PyValue::none();
    (void)key;
    const std::string type = type_of(record);
    if (is_tensor_record(record) || type.rfind("numpy", 0) == 0) return positional(record, api_name, true);
    if (type == "torch.dtype") return positional(record, api_name, true);
    if (type == "torch.Size") return int_list_value(record);
    return record_value(record);
}

namespace {

// npu_fusion_attention's sparse_mode (a record's value or a bare int; 0 when absent) is 2, 3 or 4.
bool compressed_mask_mode(dump::JsonView kwargs) {
    auto mode = kwargs.member("sparse_mode");
    if (mode.is_object()) mode = mode.member("value");
    const auto value = mode.number();
    return value && (*value == 2 || *value == 3 || *value == 4);
}

}  // namespace

PyCall InputBuilder::forward_call(dump::JsonView forward, const std::string& api_name, bool need_grad) {
    PyCall call;
    if (const auto kwargs = forward.member("input_kwargs"); kwargs.is_object()) {
        for (const auto& m : kwargs.members()) {
            const std::string key(m.name);
            if (type_of(m.value) == "torch.device") continue;  // CPU only: the device keyword is dropped
            if (key == "atten_mask" && api_name == "npu_fusion_attention" && compressed_mask_mode(kwargs)) {
                // Sparse modes 2-4 take the fixed 2048x2048 causal mask (no random draw).
                const auto real = real_tensor(m.value);
                call.kwargs.emplace_back(key,
                                         PyValue::of_tensor(real ? *real : at::ones({2048, 2048}, at::kBool).triu(1)));
                continue;
            }
            call.kwargs.emplace_back(key, keyword(key, m.value, api_name, call.kwargs));
        }
    }
    std::size_t index = 0;
    for (const auto a : forward.member("input_args").items()) {
        // The reference's per-API argument fixes, applied to the record before generation.
        if (api_name == "cross_entropy" && index == 1 && is_tensor_record(a) && !real_tensor(a)) {
            const auto lo = statistic(a.member("Min"));
            const bool wants = need_grad && a.member("requires_grad").boolean().value_or(false);
            call.args.push_back(PyValue::of_tensor(
                tensor_from_record(a, api_name, lo && *lo <= 0 ? std::optional<double>(0.0) : std::nullopt), wants));
        } else if (api_name == "histc" && index == 0 && is_tensor_record(a) && !real_tensor(a)) {
            const std::string name = str(a.member("dtype"));
            const bool is_int = name == "torch.int8" || name == "torch.int32" || name == "torch.int64";
            call.args.push_back(PyValue::of_tensor(
                tensor_from_record(a, api_name, std::nullopt, is_int ? std::optional(at::kFloat) : std::nullopt)));
        } else {
            call.args.push_back(positional(a, api_name, need_grad));
        }
        ++index;
    }
    return call;
}

}  // namespace msprobe::run_ut
