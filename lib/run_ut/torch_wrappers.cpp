#include "run_ut/torch_wrappers.hpp"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <numeric>

#include "run_ut/api_executor.hpp"
#include "run_ut/python_signature.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using namespace py;  // signature defaults: none(), i(), f(), b(), s()

PyValue all_dims(const PyValue& input) {
    std::vector<std::int64_t> dims(static_cast<std::size_t>(input.tensor.dim()));
    std::iota(dims.begin(), dims.end(), 0);
    return py::ints(dims);
}

// torch.functional.norm of torch 1.13.
c10::IValue norm(const Bound& a) {
    const auto& input = a.at("input");
    const auto& p = a.at("p");
    const auto& keepdim = a.at("keepdim");
    const auto& dtype = a.at("dtype");
    PyKwargs extra;
    if (a.count("out") && !is_none(a.at("out"))) extra.emplace_back("out", a.at("out"));
    if (is_none(a.at("dim")) && extra.empty() && is_none(dtype) && !is_none(p)) {
        if (p.kind == PyValue::Kind::Str && p.text == "fro")
            return call_aten("frobenius_norm", {input, py::ints({}), keepdim}, {});
        if (p.kind != PyValue::Kind::Str) return call_aten("norm", {input, p, all_dims(input), keepdim}, {});
    }
    PyValue dims = a.at("dim");
    if (dims.kind == PyValue::Kind::Int) dims = py::ints({dims.integer});
    if (p.kind == PyValue::Kind::Str) {
        if (p.text == "fro" || p.text == "nuc") {
            if (!is_none(dtype))
                throw SkipApi(fmt::format("dtype argument is not supported in {} norm",
                                          p.text == "fro" ? "frobenius" : "nuclear"));
            if (p.text == "fro")
                return call_aten("frobenius_norm", {input, is_none(dims) ? all_dims(input) : dims, keepdim}, extra);
            if (is_none(dims)) return call_aten("nuclear_norm", {input, keepdim}, extra);
            return call_aten("nuclear_norm", {input, dims, keepdim}, extra);
        }
        throw SkipApi(fmt::format("only valid string values are 'fro' and 'nuc', found {}", p.text));
    }
    if (!is_none(dtype)) extra.emplace_back("dtype", dtype);
    return call_aten("norm", {input, p, is_none(dims) ? all_dims(input) : dims, keepdim}, extra);
}

c10::IValue tensordot(const Bound& a) {
    const auto& dims = a.at("dims");
    PyValue dims_a, dims_b;
    if (dims.kind == PyValue::Kind::List && dims.items.size() == 2) {
        dims_a = dims.items[0];
        dims_b = dims.items[1];
    } else if (dims.kind == PyValue::Kind::Int) {
        if (dims.integer < 0) throw SkipApi(fmt::format("tensordot expects dims >= 0, but got dims={}", dims.integer));
        std::vector<std::int64_t> first, second;
        for (std::int64_t k = -dims.integer; k < 0; ++k) first.push_back(k);
        for (std::int64_t k = 0; k < dims.integer; ++k) second.push_back(k);
        dims_a = py::ints(first);
        dims_b = py::ints(second);
    } else {
        throw SkipApi("tensordot expects dims to be an int or a pair of dimension lists");
    }
    PyKwargs extra;
    if (!is_none(a.at("out"))) extra.emplace_back("out", a.at("out"));
    return call_aten("tensordot", {a.at("a"), a.at("b"), dims_a, dims_b}, extra);
}

c10::IValue cdist(const Bound& a) {
    const std::string mode = a.at("compute_mode").text;
    PyValue code;
    if (mode == "use_mm_for_euclid_dist_if_necessary") {
        code = none();
    } else if (mode == "use_mm_for_euclid_dist") {
        code = py::i(1);
    } else if (mode == "donot_use_mm_for_euclid_dist") {
        code = py::i(2);
    } else {
        throw SkipApi(fmt::format("{} is not a valid value for compute_mode", mode));
    }
    return call_aten("cdist", {a.at("x1"), a.at("x2"), a.at("p"), code}, {});
}

c10::IValue unique(const Bound& a) {
    const bool inverse = truthy(a.at("return_inverse"));
    const bool counts = truthy(a.at("return_counts"));
    const c10::IValue all =
        is_none(a.at("dim"))
            ? call_aten("_unique2", {a.at("input"), a.at("sorted"), b(inverse), b(counts)}, {})
            : call_aten("unique_dim", {a.at("input"), a.at("dim"), a.at("sorted"), b(inverse), b(counts)}, {});
    const auto& parts = all.toTupleRef().elements();
    if (!inverse && !counts) return parts.at(0);
    std::vector<c10::IValue> out = {parts.at(0)};
    if (inverse) out.push_back(parts.at(1));
    if (counts) out.push_back(parts.at(2));
    return c10::ivalue::Tuple::create(std::move(out));
}

// torch.functional.stft of torch 1.13: `center` reflect-pads the signal by n_fft // 2 before aten::stft.
c10::IValue stft(const Bound& a) {
    PyValue input = a.at("input");
    if (input.kind != PyValue::Kind::Tensor) throw SkipApi("stft needs a tensor input");
    const auto n_fft = a.at("n_fft").integer;
    if (truthy(a.at("center"))) {
        const auto signal_dim = input.tensor.dim();
        std::vector<std::int64_t> extended(static_cast<std::size_t>(std::max<std::int64_t>(0, 3 - signal_dim)), 1);
        for (const auto d : input.tensor.sizes()) extended.push_back(d);
        const auto pad = n_fft / 2;
        auto padded =
            call_aten("pad", {PyValue::of_tensor(input.tensor.view(extended)), py::ints({pad, pad}), a.at("pad_mode")},
                      {})
                .toTensor();
        const auto shape = padded.sizes().slice(static_cast<std::size_t>(padded.dim() - signal_dim)).vec();
        input = PyValue::of_tensor(padded.view(shape));
    }
    return call_aten("stft", {input, a.at("n_fft"), a.at("hop_length"), a.at("win_length"), a.at("window"),
                              a.at("normalized"), a.at("onesided"), a.at("return_complex")}, {});
}

// torch.functional.lu: aten::_lu_with_info, the infos returned only when asked for.
c10::IValue lu(const Bound& a) {
    const bool infos = truthy(a.at("get_infos"));
    const auto all = call_aten("_lu_with_info", {a.at("A"), a.at("pivot"), b(!infos)}, {});
    if (infos) return all;
    const auto& parts = all.toTupleRef().elements();
    return c10::ivalue::Tuple::create({parts.at(0), parts.at(1)});
}

}  // namespace

void register_torch_wrappers(ApiRegistry& registry) {
    registry.add("Torch", "norm",
                 {{"input", none()},
                  {"p", s("fro")},
                  {"dim", none()},
                  {"keepdim", b(false)},
                  {"out", none()},
                  {"dtype", none()}},
                 norm);
    registry.add("Tensor", "norm",
                 {{"input", none()}, {"p", s("fro")}, {"dim", none()}, {"keepdim", b(false)}, {"dtype", none()}}, norm);
    for (const char* family : {"Torch", "Tensor"}) {
        registry.add(family, "unique", {{"input", none()}, {"sorted", b(true)}, {"return_inverse", b(false)},
                                        {"return_counts", b(false)}, {"dim", none()}}, unique);
        registry.add(family, "stft",
                     {{"input", none()},
                      {"n_fft", none()},
                      {"hop_length", none()},
                      {"win_length", none()},
                      {"window", none()},
                      {"center", b(true)},
                      {"pad_mode", s("reflect")},
                      {"normalized", b(false)},
                      {"onesided", none()},
                      {"return_complex", none()}},
                     stft);
        registry.add(family, "lu", {{"A", none()}, {"pivot", b(true)}, {"get_infos", b(false)}, {"out", none()}}, lu);
    }
    registry.add("Torch", "tensordot", {{"a", none()}, {"b", none()}, {"dims", py::i(2)}, {"out", none()}}, tensordot);
    registry.add("Torch", "cdist", {{"x1", none()}, {"x2", none()}, {"p", py::f(2.0)},
                                    {"compute_mode", s("use_mm_for_euclid_dist_if_necessary")}}, cdist);
}

}  // namespace msprobe::run_ut
