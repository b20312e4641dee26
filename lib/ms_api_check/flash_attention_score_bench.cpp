#include "ms_api_check/flash_attention_score_bench.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string>

#include "ms_api_check/check_skipped.hpp"

namespace msprobe::ms_api_check {

namespace {

using run_ut::PyValue;

// Python's truthiness of kwargs.get(name).
const PyValue* truthy_kwarg(const run_ut::PyCall& call, const std::string& name) {
    const PyValue* v = call.kwarg(name);
    if (v == nullptr || v->kind == PyValue::Kind::None) return nullptr;
    if (v->is_number() && v->number() == 0.0) return nullptr;
    if (v->kind == PyValue::Kind::Str && v->text.empty()) return nullptr;
    return v;
}

// get_head_num / get_input_layout: the keyword when truthy, else the positional argument.
const PyValue& keyword_or_position(const run_ut::PyCall& call, const std::string& name, std::size_t position) {
    if (const auto* v = truthy_kwarg(call, name)) return *v;
    if (call.args.size() > position) return call.args[position];
    throw CheckSkipped(fmt::format("Unsupported npu_fusion_attention args: {} positional arguments and no {}",
                                   call.args.size(), name));
}

const at::Tensor& tensor_at(const run_ut::PyCall& call, std::size_t position) {
    if (call.args.size() <= position || call.args[position].kind != PyValue::Kind::Tensor) {
        throw CheckSkipped(fmt::format("flash_attention_score: argument {} is not a tensor", position));
    }
    return call.args[position].tensor;
}

struct Dims {
    std::int64_t b = 0, s1 = 0, s2 = 0, n1 = 0, n2 = 0, d = 0;
};

// parse_bsnd_args.
Dims parse_dims(const at::Tensor& q, const at::Tensor& k, std::int64_t head_num, const std::string& layout) {
    if (layout != "BSH" && layout != "SBH" && layout != "BSND" && layout != "BNSD" && layout != "TND") {
        throw CheckSkipped("Invalid input_layout arg which must be one of ['BSH', 'SBH', 'BSND', 'BNSD', 'TND'].");
    }
    if (layout == "TND") throw CheckSkipped("input_layout TND does not supported for now.");
    if (head_num == 0) throw CheckSkipped("parse_bsnd_args: head_num (n1) must not be 0");
    const auto three = layout == "BSH" || layout == "SBH";
    if (q.dim() != (three ? 3 : 4) || k.dim() != (three ? 3 : 4)) {
        throw CheckSkipped(fmt::format("query.shape: [{}], key.shape: [{}], parse_bsnd_args error: wrong rank for {}",
                                       fmt::join(q.sizes(), ", "), fmt::join(k.sizes(), ", "), layout));
    }
    Dims d;
    d.n1 = head_num;
    if (three) {
        const bool bsh = layout == "BSH";
        d.b = q.size(bsh ? 0 : 1);
        d.s1 = q.size(bsh ? 1 : 0);
        d.s2 = k.size(bsh ? 1 : 0);
        d.d = q.size(2) / d.n1;
        if (d.d == 0) throw CheckSkipped("parse_bsnd_args: the head dimension d must not be 0");
        d.n2 = k.size(2) / d.d;
    } else {
        const bool bsnd = layout == "BSND";
        d.b = q.size(0);
        d.s1 = q.size(bsnd ? 1 : 2);
        d.n1 = q.size(bsnd ? 2 : 1);
        d.d = q.size(3);
        d.s2 = k.size(bsnd ? 1 : 2);
        d.n2 = k.size(bsnd ? 2 : 1);
        if (d.d == 0) throw CheckSkipped("parse_bsnd_args: the head dimension d must not be 0");
    }
    return d;
}

// convert_to_bnsd, in float64 (GTYPE).
at::Tensor to_bnsd(const at::Tensor& t, std::int64_t n, const std::string& layout) {
    at::Tensor out = t;
    if (layout == "BSH") out = t.reshape({t.size(0), t.size(1), n, t.size(2) / n}).permute({0, 2, 1, 3});
    if (layout == "SBH") out = t.reshape({t.size(0), t.size(1), n, t.size(2) / n}).permute({1, 2, 0, 3});
    if (layout == "BSND") out = t.permute({0, 2, 1, 3});
    return out.to(at::kDouble);
}

// convert_from_bnsd.
at::Tensor from_bnsd(const at::Tensor& t, const std::string& layout) {
    if (layout == "BSH") return t.permute({0, 2, 1, 3}).reshape({t.size(0), t.size(2), t.size(1) * t.size(3)});
    if (layout == "SBH") return t.permute({2, 0, 1, 3}).reshape({t.size(2), t.size(0), t.size(1) * t.size(3)});
    if (layout == "BSND") return t.permute({0, 2, 1, 3}).contiguous();
    return t;
}

// np.triu(np.ones(shape), k) as float64.
at::Tensor upper(std::int64_t s1, std::int64_t s2, std::int64_t k) { return at::ones({s1, s2}, at::kDouble).triu(k); }

[[noreturn]] void none_plus_int() { throw CheckSkipped("unsupported operand type(s) for +: 'NoneType' and 'int'"); }

// generate_attn_mask with next_tokens None (the forward reads "next_tokens" from a dict that has "next_tockens").
std::optional<at::Tensor> attention_mask(std::int64_t sparse_mode, std::optional<at::Tensor> given, const Dims& d,
                                         at::ScalarType dtype) {
    if (given) {
        const auto& m = *given;
        if ((sparse_mode == 2 || sparse_mode == 3 || sparse_mode == 4) && m.dim() == 2 && m.size(0) == 2048 &&
            m.size(1) == 2048 && at::equal(m, upper(2048, 2048, 1).to(m.scalar_type()))) {
            if (sparse_mode == 4) none_plus_int();
            return upper(d.s1, d.s2, sparse_mode == 2 ? 1 : d.s2 - d.s1 + 1).to(dtype);
        }
        return m.to(dtype);
    }
    switch (sparse_mode) {
        case 0:
        case 4: none_plus_int();
        case 1: return at::zeros({d.s1, d.s2}, at::kDouble).to(dtype);
        case 2: return upper(d.s1, d.s2, 1).to(dtype);
        case 3: return upper(d.s1, d.s2, d.s2 - d.s1 + 1).to(dtype);
        default: throw CheckSkipped("'NoneType' object has no attribute 'to'");
    }
}

}  // namespace

c10::IValue flash_attention_score_bench(const run_ut::PyCall& call) {
    const PyValue& head = keyword_or_position(call, "head_num", 3);
    const PyValue& layout_value = keyword_or_position(call, "input_layout", 4);
    if (head.kind != PyValue::Kind::Int) throw CheckSkipped("flash_attention_score: head_num is not an int");
    if (layout_value.kind != PyValue::Kind::Str) {
        throw CheckSkipped("Invalid input_layout arg which must be one of ['BSH', 'SBH', 'BSND', 'BNSD', 'TND'].");
    }
    const std::string layout = layout_value.text;
    const at::Tensor& query = tensor_at(call, 0);
    const at::Tensor& key = tensor_at(call, 1);
    const at::Tensor& value = tensor_at(call, 2);
    const Dims d = parse_dims(query, key, head.integer, layout);
    if (d.n2 == 0) throw CheckSkipped("n2 must not be 0");
    if (!(d.n1 % d.n2 == 0 && d.n1 >= d.n2)) {
        throw CheckSkipped(fmt::format("N1 and N2 do not match: n1 = {}, n2 = {}.", d.n1, d.n2));
    }
    double scalar_value = 1.0 / std::sqrt(static_cast<double>(d.d));
    if (const PyValue* s = call.kwarg("scalar_value")) {
        if (!s->is_number()) throw CheckSkipped("flash_attention_score: scalar_value is not a number");
        scalar_value = s->number();
    }
    std::int64_t sparse_mode = 0;
    if (const PyValue* s = call.kwarg("sparse_mode"); s && s->kind == PyValue::Kind::Int) sparse_mode = s->integer;
    std::optional<at::Tensor> given;
    if (const PyValue* m = call.kwarg("attn_mask"); m && m->kind == PyValue::Kind::Tensor) given = m->tensor;
    const auto mask = attention_mask(sparse_mode, given, d, query.scalar_type());

    const auto q = to_bnsd(query, d.n1, layout);
    const auto k = to_bnsd(key, d.n2, layout);
    const auto v = to_bnsd(value, d.n2, layout);
    // calculate_qk (no pse), softmax_forward, the attention: as fusion_attention_forward computes them.
    auto qk = at::matmul(q, k.permute({0, 1, 3, 2})).mul(scalar_value);
    if (mask && mask->dim() > 0) qk = qk + mask->to(at::kBool).to(at::kFloat) * -40000.0;
    const auto row_max = std::get<0>(at::max(qk, -1, true));
    const auto e = at::exp(qk.sub(row_max));
    const auto row_sum = e.sum(-1, true);
    const auto y = from_bnsd(at::matmul(e.div(row_sum), v), layout);
    return c10::ivalue::Tuple::create({y, row_max.repeat({1, 1, 1, 8}), row_sum.repeat({1, 1, 1, 8})});
}

}  // namespace msprobe::ms_api_check
