#include "run_ut/collective.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

#include "dump/json_view.hpp"
#include "run_ut/api_run.hpp"
#include "run_ut/private_random_stream.hpp"
#include "run_ut/skip_api.hpp"

namespace msprobe::run_ut {

namespace {

enum class Kind {
    AllReduce,
    Reduce,
    Broadcast,
    AllGather,
    AllGatherIntoTensor,
    ReduceScatter,
    ReduceScatterTensor,
    Gather,
    Scatter,
    AllToAllSingle,
    AllToAll,
};

const std::map<std::string, Kind>& collectives() {
    static const std::map<std::string, Kind> kinds = {
        {"all_reduce", Kind::AllReduce},
        {"reduce", Kind::Reduce},
        {"broadcast", Kind::Broadcast},
        {"all_gather", Kind::AllGather},
        {"all_gather_into_tensor", Kind::AllGatherIntoTensor},
        {"_all_gather_base", Kind::AllGatherIntoTensor},
        {"reduce_scatter", Kind::ReduceScatter},
        {"reduce_scatter_tensor", Kind::ReduceScatterTensor},
        {"_reduce_scatter_base", Kind::ReduceScatterTensor},
        {"gather", Kind::Gather},
        {"scatter", Kind::Scatter},
        {"all_to_all_single", Kind::AllToAllSingle},
        {"all_to_all", Kind::AllToAll},
    };
    return kinds;
}

// An argument of a torch.distributed call: its positional index, or its keyword.
struct Arg {
    std::size_t index;
    const char* keyword;
};

std::size_t positional_count(dump::JsonView forward) { return forward.member("input_args").items().size(); }

dump::JsonView argument(dump::JsonView forward, Arg arg) {
    if (const auto positional = forward.member("input_args").item(arg.index)) return positional;
    return forward.member("input_kwargs").member(arg.keyword);
}

// The argument as it was after the call: a collective's `output` mirrors its positional arguments followed
// by its keyword values.
dump::JsonView argument_after(dump::JsonView forward, Arg arg) {
    const auto out = forward.member("output");
    if (!out.is_array()) return {};
    std::size_t slot = arg.index;
    const std::size_t positional = positional_count(forward);
    if (arg.index >= positional) {
        const auto kwargs = forward.member("input_kwargs");
        if (!kwargs.is_object()) return {};
        slot = positional;
        bool found = false;
        for (const auto& m : kwargs.members()) {
            if (m.name == arg.keyword) {
                found = true;
                break;
            }
            ++slot;
        }
        if (!found) return {};
    }
    return out.item(slot);
}

std::int64_t int_argument(dump::JsonView forward, Arg arg, std::optional<std::int64_t> fallback) {
    if (const auto record = argument(forward, arg)) {
        const auto v = record.is_object() ? record.member("value") : record;
        if (const auto number = v.number()) return static_cast<std::int64_t>(*number);
    }
    if (fallback) return *fallback;
    throw SkipApi(fmt::format("the call records no '{}' argument", arg.keyword));
}

// The global ranks of the call's process group: a recorded torch.ProcessGroup, else every rank dumped.
std::vector<int> group_ranks(dump::JsonView forward, const RankDumps& ranks) {
    for (const char* section : {"input_args", "input_kwargs"}) {
        const auto values = forward.member(section);
        auto visit = [](dump::JsonView v) -> dump::JsonView {
            if (v.member("type").string() != "torch.ProcessGroup") return {};
            return v.member("group_ranks");
        };
        dump::JsonView found;
        for (const auto v : values.items()) found = found ? found : visit(v);
        for (const auto& m : values.members()) found = found ? found : visit(m.value);
        if (found.is_array()) {
            std::vector<int> group;
            for (const auto r : found.items()) {
                if (const auto rank = r.integer()) group.push_back(static_cast<int>(*rank));
            }
            return group;
        }
    }
    // The world, inferred from the rank folders: a lone folder is more likely a copied-out rank of a larger run
    // than a one-process world, where every collective is the identity anyway.
    if (ranks.ranks().size() < 2) {
        throw SkipApi("the call records no process group and no other rank's folder sits beside this one");
    }
    return ranks.ranks();
}

enum class ReduceOp { Sum, Avg, Product, Min, Max, BitAnd, BitOr, BitXor };

// {"type": "torch.distributed.ReduceOp", "value": "RedOpType.SUM"}; SUM when not recorded.
ReduceOp reduce_op(dump::JsonView forward, Arg arg) {
    const auto v = argument(forward, arg).member("value");
    if (!v.is_string()) return ReduceOp::Sum;
    std::string text(v.text());
    text = text.substr(text.rfind('.') + 1);
    static const std::map<std::string, ReduceOp> ops = {
        {"SUM", ReduceOp::Sum},     {"AVG", ReduceOp::Avg},      {"PRODUCT", ReduceOp::Product},
        {"MIN", ReduceOp::Min},     {"MAX", ReduceOp::Max},      {"BAND", ReduceOp::BitAnd},
        {"BOR", ReduceOp::BitOr},   {"BXOR", ReduceOp::BitXor},
    };
    const auto it = ops.find(text);
    if (it == ops.end()) throw SkipApi(fmt::format("reduce op {} is not re-executed", v.text()));
    return it->second;
}

// How one side holds its values: the bench raises floating tensors to float64, the device keeps the dtypes.
using Precision = std::function<at::Tensor(const at::Tensor&)>;

at::Tensor reduce(const std::vector<at::Tensor>& parts, ReduceOp op, const Precision& precision) {
    at::Tensor acc = precision(parts.at(0)).clone();
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const at::Tensor p = precision(parts[i]);
        switch (op) {
            case ReduceOp::Sum:
            case ReduceOp::Avg: acc = acc + p; break;
            case ReduceOp::Product: acc = acc * p; break;
            case ReduceOp::Min: acc = at::minimum(acc, p); break;
            case ReduceOp::Max: acc = at::maximum(acc, p); break;
            case ReduceOp::BitAnd: acc = at::bitwise_and(acc, p); break;
            case ReduceOp::BitOr: acc = at::bitwise_or(acc, p); break;
            case ReduceOp::BitXor: acc = at::bitwise_xor(acc, p); break;
        }
    }
    if (op == ReduceOp::Avg) acc = (acc / static_cast<double>(parts.size())).to(acc.scalar_type());
    return acc;
}

at::Tensor as_tensor(const PyValue& v) {
    if (v.kind != PyValue::Kind::Tensor) throw SkipApi("a collective's data argument is not a tensor");
    return v.tensor;
}

std::vector<at::Tensor> as_tensors(const PyValue& v) {
    if (v.kind != PyValue::Kind::List) throw SkipApi("a collective's data argument is not a tensor list");
    std::vector<at::Tensor> out;
    for (const auto& item : v.items) out.push_back(as_tensor(item));
    return out;
}

std::vector<std::int64_t> split_sizes(const PyValue& v, std::int64_t rows, std::size_t parts) {
    if (v.kind == PyValue::Kind::None) {
        if (rows % static_cast<std::int64_t>(parts) != 0)
            throw SkipApi("input rows do not split evenly over the group");
        return std::vector<std::int64_t>(parts, rows / static_cast<std::int64_t>(parts));
    }
    std::vector<std::int64_t> sizes;
    for (const auto& item : v.items) sizes.push_back(item.integer);
    return sizes;
}

// One call as every member of the group recorded it.
class GroupCall {
public:
    GroupCall(const std::string& full_name, const std::string& api_name, dump::JsonView own, RankDumps& ranks)
        : full_name_(full_name), api_name_(api_name), ranks_(ranks), members_(group_ranks(own, ranks)) {
        const auto it = std::find(members_.begin(), members_.end(), ranks.own_rank());
        if (it == members_.end()) throw SkipApi(fmt::format("rank {} is not in the call's group", ranks.own_rank()));
        own_index_ = static_cast<std::size_t>(it - members_.begin());
    }

    std::size_t size() const { return members_.size(); }
    std::size_t own_index() const { return own_index_; }
    std::size_t index_of(int rank) const {
        const auto it = std::find(members_.begin(), members_.end(), rank);
        if (it == members_.end()) throw SkipApi(fmt::format("rank {} is not in the call's group", rank));
        return static_cast<std::size_t>(it - members_.begin());
    }

    // `arg` as rank `rank` passed it, rebuilt; a statistics record is drawn under the rank's own seed, so
    // every rank's run of run_ut sees the same inputs of the others.
    PyValue input(int rank, Arg arg) {
        const auto forward = ranks_.forward_entry(rank, full_name_);
        if (!forward) throw SkipApi(fmt::format("rank {}'s dump.json has no {}", rank, full_name_));
        const auto record = argument(forward, arg);
        if (!record) throw SkipApi(fmt::format("rank {} recorded no '{}' argument", rank, arg.keyword));
        PrivateRandomStream stream(kSeed + static_cast<std::uint64_t>(rank));
        return ranks_.inputs(rank).positional(record, api_name_, false);
    }

    // An argument the call may leave at its default: None when not recorded.
    PyValue optional_input(int rank, Arg arg) {
        const auto forward = ranks_.forward_entry(rank, full_name_);
        return forward && argument(forward, arg) ? input(rank, arg) : PyValue::none();
    }

    std::vector<PyValue> inputs(Arg arg) {
        std::vector<PyValue> out;
        for (const int r : members_) out.push_back(input(r, arg));
        return out;
    }

    int member(std::size_t index) const { return members_.at(index); }

private:
    static constexpr std::uint64_t kSeed = 1234;
    std::string full_name_;
    std::string api_name_;
    RankDumps& ranks_;
    std::vector<int> members_;
    std::size_t own_index_ = 0;
};

struct Recomputed {
    c10::IValue bench;
    c10::IValue device;  // at the recorded dtypes
    Arg result;          // the argument that holds this rank's result after the call
};

std::vector<at::Tensor> each(const std::vector<at::Tensor>& parts, const Precision& precision) {
    std::vector<at::Tensor> out;
    for (const auto& t : parts) out.push_back(precision(t));
    return out;
}

c10::IValue tensor_list(std::vector<at::Tensor> tensors) { return c10::IValue(std::move(tensors)); }

Recomputed recompute(Kind kind, dump::JsonView own, GroupCall& call, int own_rank) {
    const Precision bench = [](const at::Tensor& t) {
        return at::isFloatingType(t.scalar_type()) ? t.to(at::kDouble) : t;
    };
    const Precision device = [](const at::Tensor& t) { return t; };
    const std::size_t me = call.own_index();
    auto both = [&](const std::function<c10::IValue(const Precision&)>& f, Arg result) {
        return Recomputed{f(bench), f(device), result};
    };
    auto tensors = [](const std::vector<PyValue>& values) {
        std::vector<at::Tensor> out;
        for (const auto& v : values) out.push_back(as_tensor(v));
        return out;
    };
    switch (kind) {
        case Kind::AllReduce:
        case Kind::Reduce: {
            if (kind == Kind::Reduce) {
                const auto dst = int_argument(own, {1, "dst"}, std::nullopt);
                if (dst != own_rank) throw SkipApi(fmt::format("only the destination rank {} holds the result", dst));
            }
            const auto op = reduce_op(own, {kind == Kind::Reduce ? 2u : 1u, "op"});
            const auto parts = tensors(call.inputs({0, "tensor"}));
            return both([&](const Precision& p) { return c10::IValue(reduce(parts, op, p)); }, {0, "tensor"});
        }
        case Kind::Broadcast: {
            const int src = static_cast<int>(int_argument(own, {1, "src"}, std::nullopt));
            const auto sent = as_tensor(call.input(src, {0, "tensor"}));
            return both([&](const Precision& p) { return c10::IValue(p(sent)); }, {0, "tensor"});
        }
        case Kind::AllGather: {
            const auto parts = tensors(call.inputs({1, "tensor"}));
            return both([&](const Precision& p) { return tensor_list(each(parts, p)); }, {0, "tensor_list"});
        }
        case Kind::AllGatherIntoTensor: {
            const auto parts = tensors(call.inputs({1, "input_tensor"}));
            return both([&](const Precision& p) { return c10::IValue(at::cat(each(parts, p), 0)); },
                        {0, "output_tensor"});
        }
        case Kind::ReduceScatter: {
            const auto op = reduce_op(own, {2, "op"});
            std::vector<at::Tensor> parts;
            for (const auto& list : call.inputs({1, "input_list"})) parts.push_back(as_tensors(list).at(me));
            return both([&](const Precision& p) { return c10::IValue(reduce(parts, op, p)); }, {0, "output"});
        }
        case Kind::ReduceScatterTensor: {
            const auto op = reduce_op(own, {2, "op"});
            const auto parts = tensors(call.inputs({1, "input"}));
            const auto n = static_cast<std::int64_t>(call.size());
            return both([&](const Precision& p) {
                return c10::IValue(reduce(parts, op, p).chunk(n, 0).at(me).contiguous());
            }, {0, "output"});
        }
        case Kind::Gather: {
            const auto dst = int_argument(own, {2, "dst"}, 0);
            if (dst != own_rank) throw SkipApi(fmt::format("only the destination rank {} holds the result", dst));
            const auto parts = tensors(call.inputs({0, "tensor"}));
            return both([&](const Precision& p) { return tensor_list(each(parts, p)); }, {1, "gather_list"});
        }
        case Kind::Scatter: {
            const int src = static_cast<int>(int_argument(own, {2, "src"}, 0));
            const auto sent = as_tensors(call.input(src, {1, "scatter_list"})).at(me);
            return both([&](const Precision& p) { return c10::IValue(p(sent)); }, {0, "tensor"});
        }
        case Kind::AllToAllSingle: {
            std::vector<at::Tensor> pieces;
            for (std::size_t i = 0; i < call.size(); ++i) {
                const int r = call.member(i);
                const auto input = as_tensor(call.input(r, {1, "input"}));
                const auto sizes =
                    split_sizes(call.optional_input(r, {3, "input_split_sizes"}), input.size(0), call.size());
                pieces.push_back(input.split_with_sizes(sizes, 0).at(me));
            }
            return both([&](const Precision& p) { return c10::IValue(at::cat(each(pieces, p), 0)); }, {0, "output"});
        }
        case Kind::AllToAll: {
            std::vector<at::Tensor> pieces;
            for (const auto& list : call.inputs({1, "input_tensor_list"})) pieces.push_back(as_tensors(list).at(me));
            return both([&](const Precision& p) { return tensor_list(each(pieces, p)); }, {0, "output_tensor_list"});
        }
    }
    throw std::logic_error("unhandled collective");
}

// What this rank recorded for the result argument after the call (real-data dumps).
precision::OutputValue recorded_result(dump::JsonView own, Arg result, InputBuilder& inputs) {
    const auto record = argument_after(own, result);
    if (!record) throw SkipApi(fmt::format("the dump records no '{}' after the call", result.keyword));
    if (record.is_array()) {
        std::vector<precision::OutputValue> items;
        for (const auto e : record.items()) {
            const auto t = inputs.real_tensor(e);
            if (!t) throw SkipApi("the recorded result has no tensor file");
            items.push_back(to_output_value(c10::IValue(*t)));
        }
        return precision::OutputValue::sequence(std::move(items));
    }
    const auto t = inputs.real_tensor(record);
    if (!t) throw SkipApi("the recorded result has no tensor file");
    return to_output_value(c10::IValue(*t));
}

}  // namespace

std::optional<std::string> collective_unsupported(const std::string& api_name) {
    if (collectives().count(api_name)) return std::nullopt;
    return fmt::format("{} is not a collective with a result to recompute (point-to-point, barrier or object calls "
                       "are not re-executed)", api_name);
}

precision::ApiComparison run_collective(const std::string& full_name, const std::string& api_name,
                                        dump::JsonView forward, RankDumps& ranks, bool device_from_dump) {
    const auto kind = collectives().find(api_name);
    if (kind == collectives().end()) throw SkipApi(*collective_unsupported(api_name));
    GroupCall call(full_name, api_name, forward, ranks);
    const Recomputed result = recompute(kind->second, forward, call, ranks.own_rank());
    precision::ApiOutputs outputs;
    outputs.full_name = full_name;
    outputs.bench_forward = to_output_value(result.bench);
    outputs.device_forward = device_from_dump ? recorded_result(forward, result.result, ranks.inputs(ranks.own_rank()))
                                              : to_output_value(result.device);
    return precision::compare_api(outputs);
}

}  // namespace msprobe::run_ut
