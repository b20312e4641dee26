#include "run_ut/tensor_indexing.hpp"

#include <ATen/ATen.h>
#include <ATen/TensorIndexing.h>
#include <fmt/format.h>

#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

using at::indexing::TensorIndex;

c10::optional<std::int64_t> slice_bound(const PyValue& v) {
    if (v.kind == PyValue::Kind::None) return c10::nullopt;
    if (v.kind == PyValue::Kind::Int) return v.integer;
    if (v.kind == PyValue::Kind::Bool) return static_cast<std::int64_t>(v.boolean);
    throw SkipApi("slice indices must be integers or None");
}

TensorIndex index_element(const PyValue& v) {
    switch (v.kind) {
        case PyValue::Kind::None: return TensorIndex(at::indexing::None);
        case PyValue::Kind::Ellipsis: return TensorIndex(at::indexing::Ellipsis);
        case PyValue::Kind::Bool: return TensorIndex(v.boolean);
        case PyValue::Kind::Int: return TensorIndex(v.integer);
        case PyValue::Kind::Slice: {
            if (v.items.size() != 3) throw SkipApi("a slice record needs [start, stop, step]");
            return TensorIndex(
                at::indexing::Slice(slice_bound(v.items[0]), slice_bound(v.items[1]), slice_bound(v.items[2])));
        }
        case PyValue::Kind::Tensor: {
            // msprobe's wrapper (and Python) read a uint8 index as a mask.
            const auto& t = v.tensor;
            return TensorIndex(t.scalar_type() == at::kByte ? t.to(at::kBool) : t);
        }
        default:
            throw SkipApi(fmt::format("only integers, slices, ellipsis, None, booleans and tensors are valid indices"));
    }
}

// A JSON array in the dump is a Python tuple of indices (x[:, 0]); a list of plain ints (x[[0, 2]]) is recorded
// the same way and read as a tuple too (docs/compatibility.md).
std::vector<TensorIndex> indices(const PyValue& index) {
    std::vector<TensorIndex> out;
    if (index.kind == PyValue::Kind::List) {
        for (const auto& item : index.items) out.push_back(index_element(item));
    } else {
        out.push_back(index_element(index));
    }
    return out;
}

const at::Tensor& self_of(const PyCall& call, const char* api) {
    if (call.args.empty() || call.args[0].kind != PyValue::Kind::Tensor) {
        throw SkipApi(fmt::format("Tensor.{} needs a tensor self", api));
    }
    return call.args[0].tensor;
}

c10::IValue getitem(const PyCall& call) {
    const auto& self = self_of(call, "__getitem__");
    if (call.args.size() != 2) throw SkipApi("Tensor.__getitem__ takes exactly one index");
    return c10::IValue(self.index(indices(call.args[1])));
}

c10::IValue setitem(const PyCall& call) {
    auto self = self_of(call, "__setitem__");
    if (call.args.size() != 3) throw SkipApi("Tensor.__setitem__ takes an index and a value");
    const auto& value = call.args[2];
    if (value.kind == PyValue::Kind::Tensor) {
        self.index_put_(indices(call.args[1]), value.tensor);
    } else if (value.is_number()) {
        const at::Scalar scalar = value.kind == PyValue::Kind::Float ? at::Scalar(value.real)
                                  : value.kind == PyValue::Kind::Int ? at::Scalar(value.integer)
                                                                     : at::Scalar(value.boolean);
        self.index_put_(indices(call.args[1]), scalar);
    } else {
        throw SkipApi("Tensor.__setitem__ needs a tensor or a number to assign");
    }
    return c10::IValue();
}

}  // namespace

void register_tensor_indexing(ApiRegistry& registry) {
    registry.add("Tensor", "__getitem__", getitem);
    registry.add("Tensor", "__setitem__", setitem);
}

}  // namespace msprobe::run_ut
