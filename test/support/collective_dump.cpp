#include "support/collective_dump.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <functional>
#include <string>
#include <variant>

#include "support/run_ut_dump.hpp"
#include "support/synthetic_tensor.hpp"

namespace msprobe::testing {

namespace {

using Json = nlohmann::ordered_json;
using Tensors = std::vector<SyntheticTensor>;
// An argument as the dump records it: a tensor, a tensor list, or a plain record (int, group, op, null).
using Value = std::variant<SyntheticTensor, Tensors, Json>;

constexpr std::int64_t kColumns = 4;
constexpr std::int64_t kRows = 2;  // rows of one rank's block

SyntheticTensor zeros(std::int64_t rows) {
    SyntheticTensor t;
    t.shape = {rows, kColumns};
    t.values.assign(static_cast<std::size_t>(rows * kColumns), 0.0f);
    return t;
}

SyntheticTensor rows_of(const SyntheticTensor& t, std::int64_t first, std::int64_t count) {
    SyntheticTensor out;
    out.shape = {count, kColumns};
    const auto begin = t.values.begin() + static_cast<std::ptrdiff_t>(first * kColumns);
    out.values.assign(begin, begin + static_cast<std::ptrdiff_t>(count * kColumns));
    return out;
}

SyntheticTensor concat(const Tensors& parts) {
    SyntheticTensor out;
    out.shape = {0, kColumns};
    for (const auto& p : parts) {
        out.values.insert(out.values.end(), p.values.begin(), p.values.end());
        out.shape[0] += p.shape[0];
    }
    return out;
}

// Element-wise fold over the parts in double, stored as float32 (as a float32 reduction records it).
SyntheticTensor fold(const Tensors& parts, const std::function<double(double, double)>& op, double scale = 1.0) {
    SyntheticTensor out = parts.at(0);
    for (std::size_t i = 0; i < out.values.size(); ++i) {
        double acc = parts[0].values[i];
        for (std::size_t p = 1; p < parts.size(); ++p) acc = op(acc, parts[p].values[i]);
        out.values[i] = static_cast<float>(acc * scale);
    }
    return out;
}

double plus(double a, double b) { return a + b; }
double larger(double a, double b) { return std::max(a, b); }

Json int_record(int v) { return Json{{"type", "int"}, {"value", v}}; }
Json reduce_op(const char* op) {
    return Json{{"type", "torch.distributed.ReduceOp"}, {"value", std::string("RedOpType.") + op}};
}
Json process_group(const std::vector<int>& ranks) {
    return Json{{"type", "torch.ProcessGroup"}, {"group_ranks", ranks}, {"group_id", "00000000"}};
}

class RankWriter {
public:
    explicit RankWriter(std::filesystem::path dir) : dir_(std::move(dir)), data_dir_(dir_ / "dump_tensor_data") {
        std::filesystem::create_directories(data_dir_);
    }

    // One call: positional arguments before and after it, keyword arguments (unchanged by the call).
    void call(const std::string& name, const std::vector<Value>& before, const std::vector<Value>& after,
              const std::vector<std::pair<std::string, Value>>& kwargs = {}) {
        const std::string prefix = name + ".forward.";
        Json args = Json::array();
        Json output = Json::array();
        for (std::size_t i = 0; i < before.size(); ++i) {
            args.push_back(record(before[i], prefix + "input." + std::to_string(i)));
            output.push_back(record(after[i], prefix + "output." + std::to_string(i)));
        }
        Json keywords = Json::object();
        for (std::size_t i = 0; i < kwargs.size(); ++i) {
            keywords[kwargs[i].first] = record(kwargs[i].second, prefix + "input." + kwargs[i].first);
            output.push_back(record(kwargs[i].second, prefix + "output." + std::to_string(before.size() + i)));
        }
        data_[prefix.substr(0, prefix.size() - 1)] = {
            {"input_args", args}, {"input_kwargs", keywords}, {"output", output}};
    }

    void write() const {
        Json dump;
        dump["task"] = "tensor";
        dump["level"] = "L1";
        dump["framework"] = "pytorch";
        dump["dump_data_dir"] = data_dir_.string();
        dump["data"] = data_;
        std::ofstream(dir_ / "dump.json") << dump.dump(1);
    }

private:
    Json record(const Value& v, const std::string& name) const {
        if (const auto* t = std::get_if<SyntheticTensor>(&v)) return real_tensor_record(*t, data_dir_, name + ".pt");
        if (const auto* list = std::get_if<Tensors>(&v)) {
            Json out = Json::array();
            for (std::size_t j = 0; j < list->size(); ++j) {
                out.push_back(real_tensor_record((*list)[j], data_dir_, name + "." + std::to_string(j) + ".pt"));
            }
            return out;
        }
        return std::get<Json>(v);
    }

    std::filesystem::path dir_;
    std::filesystem::path data_dir_;
    Json data_ = Json::object();
};

}  // namespace

std::vector<std::filesystem::path> write_collective_dumps(const std::filesystem::path& dir, std::uint64_t seed) {
    constexpr int n = kCollectiveRanks;
    // The data rank `rank` passes to call `call` (part `part` of a list argument).
    auto block = [seed](int rank, int call, int part = 0, std::int64_t rows = kRows) {
        auto random = DeterministicRandom::keyed(seed, rank, call, part);
        return uniform_tensor(random, {rows, kColumns}, -1.0, 1.0);
    };
    auto per_rank = [&](const std::function<SyntheticTensor(int)>& f, const std::vector<int>& ranks) {
        Tensors out;
        for (const int q : ranks) out.push_back(f(q));
        return out;
    };
    std::vector<int> world(n);
    for (int q = 0; q < n; ++q) world[static_cast<std::size_t>(q)] = q;
    const std::int64_t big = kRows * n;

    std::vector<std::filesystem::path> dirs;
    for (int r = 0; r < n; ++r) {
        RankWriter w(dir / ("rank" + std::to_string(r)));
        const Tensors zeros_list(static_cast<std::size_t>(n), zeros(kRows));

        const auto own0 = block(r, 0);
        w.call("Distributed.all_reduce.0", {own0}, {fold(per_rank([&](int q) { return block(q, 0); }, world), plus)});

        const std::vector<int> half = r % 2 == 0 ? std::vector<int>{0, 2} : std::vector<int>{1, 3};
        w.call("Distributed.all_reduce.1", {block(r, 1)},
               {fold(per_rank([&](int q) { return block(q, 1); }, half), larger)},
               {{"op", reduce_op("MAX")}, {"group", process_group(half)}});

        w.call("Distributed.broadcast.0", {block(r, 2), int_record(2)}, {block(2, 2), int_record(2)});

        w.call("Distributed.all_gather.0", {zeros_list, block(r, 3)},
               {per_rank([&](int q) { return block(q, 3); }, world), block(r, 3)});

        w.call("Distributed.all_gather_into_tensor.0", {zeros(big), block(r, 4)},
               {concat(per_rank([&](int q) { return block(q, 4); }, world)), block(r, 4)});

        const auto mean = fold(per_rank([&](int q) { return block(q, 5, 0, big); }, world), plus, 1.0 / n);
        w.call("Distributed.reduce_scatter_tensor.0", {zeros(kRows), block(r, 5, 0, big)},
               {rows_of(mean, r * kRows, kRows), block(r, 5, 0, big)}, {{"op", reduce_op("AVG")}});

        const auto own_list = per_rank([&](int j) { return block(r, 6, j); }, world);
        w.call("Distributed.reduce_scatter.0", {zeros(kRows), own_list},
               {fold(per_rank([&](int q) { return block(q, 6, r); }, world), plus), own_list});

        w.call("Distributed.all_to_all_single.0", {zeros(big), block(r, 7, 0, big)},
               {concat(per_rank([&](int q) { return rows_of(block(q, 7, 0, big), r * kRows, kRows); }, world)),
                block(r, 7, 0, big)});

        const auto sent = per_rank([&](int j) { return block(r, 8, j); }, world);
        w.call("Distributed.all_to_all.0", {zeros_list, sent},
               {per_rank([&](int q) { return block(q, 8, r); }, world), sent});

        const Value scatter_list =
            r == 0 ? Value(per_rank([&](int j) { return block(0, 9, j); }, world)) : Value(Json());
        w.call("Distributed.scatter.0", {zeros(kRows), scatter_list, int_record(0)},
               {block(0, 9, r), scatter_list, int_record(0)});

        const Value gather_before = r == 0 ? Value(zeros_list) : Value(Json());
        const Value gather_after = r == 0 ? Value(per_rank([&](int q) { return block(q, 10); }, world)) : Value(Json());
        w.call("Distributed.gather.0", {block(r, 10), gather_before, int_record(0)},
               {block(r, 10), gather_after, int_record(0)});

        const auto reduced = r == 1 ? fold(per_rank([&](int q) { return block(q, 11); }, world), plus) : block(r, 11);
        w.call("Distributed.reduce.0", {block(r, 11), int_record(1)}, {reduced, int_record(1)});

        w.call("Distributed.send.0", {block(r, 12), int_record((r + 1) % n)}, {block(r, 12), int_record((r + 1) % n)});
        w.write();
        dirs.push_back(dir / ("rank" + std::to_string(r)));
    }
    return dirs;
}

}  // namespace msprobe::testing
