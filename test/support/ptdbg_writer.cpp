#include "support/ptdbg_writer.hpp"

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <optional>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "support/tensor_writers.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;
using tensor::DType;

namespace {

struct Values {
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<double> data;
};

// One ptdbg record: its npu and bench tensors (a Python scalar when `scalar`).
struct Record {
    std::string io;  // "input.0", "output", ...
    Values npu;
    Values bench;
    bool scalar = false;
};

struct Call {
    std::string prefix;  // "Torch_relu_0_forward"
    std::vector<Record> records;
    bool npu_only = false;
    bool bench_only = false;
};

Values f32(std::vector<std::int64_t> shape, std::vector<double> data) {
    return {DType::Float32, std::move(shape), std::move(data)};
}

std::vector<Call> ptdbg_calls(bool perturb) {
    auto same = [](std::string io, Values v) { return Record{std::move(io), v, v, false}; };
    auto pair = [&](std::string io, Values npu, Values bench) {
        return perturb ? Record{std::move(io), std::move(npu), std::move(bench), false} : same(std::move(io), bench);
    };
    const Values two = {DType::Float64, {}, {2.0}};
    std::vector<Call> calls = {
        {"Functional_linear_0_forward",
         {same("input.0", f32({2, 2}, {1, 2, 3, 4})), same("input.1", f32({2, 2}, {0.5, -0.5, 0.25, 1})),
          same("output", f32({2, 2}, {1.5, 1.5, 3.25, 5}))}},
        {"Torch_relu_0_forward",
         {same("input.0", f32({4}, {1, -2, 3, -4})), pair("output", f32({4}, {1, 0, 3, 0.5}), f32({4}, {1, 0, 3, 0}))}},
        {"Tensor_add_0_forward",
         {same("input.0", f32({3}, {1, 2, 3})), Record{"input.1", two, two, true},
          pair("output", f32({3}, {3, 4, 5.01}), f32({3}, {3, 4, 5}))}},
        {"Tensor_contiguous_0_forward", {same("input.0", f32({3}, {3, 4, 5})), same("output", f32({3}, {3, 4, 5}))}},
        {"NPU_npu_format_cast_0_forward", {same("input.0", f32({2}, {1, 2})), same("output", f32({2}, {1, 2}))}},
        {"Functional_conv2d_0_forward",
         {same("input.0", f32({4}, {1, 2, 3, 4})), pair("output", f32({2, 2}, {1, 2, 3, 4}), f32({4}, {1, 2, 3, 4}))}},
        {"Functional_linear_0_backward",
         {same("input.0", f32({2, 2}, {0.1, 0.2, 0.3, 0.4})), same("output.0", f32({2, 2}, {0.1, 0.2, 0.3, 0.4}))}},
    };
    calls[3].bench_only = perturb;
    calls[4].npu_only = perturb;
    if (!perturb) calls.erase(calls.begin() + 3, calls.begin() + 5);
    return calls;
}

// The stored value of one element (float32 data is rounded to float32).
double stored(const Values& v, double x) {
    return v.dtype == DType::Float32 ? static_cast<double>(static_cast<float>(x)) : x;
}

void write_values(const fs::path& file, const Values& v) {
    std::string bytes;
    for (double x : v.data) {
        if (v.dtype == DType::Float32) {
            const float f = static_cast<float>(x);
            bytes.append(reinterpret_cast<const char*>(&f), sizeof f);
        } else if (v.dtype == DType::Float64) {
            bytes.append(reinterpret_cast<const char*>(&x), sizeof x);
        } else if (v.dtype == DType::Int64) {
            const auto i = static_cast<std::int64_t>(x);
            bytes.append(reinterpret_cast<const char*>(&i), sizeof i);
        } else {
            throw Error(file.string(), "unsupported dtype in the legacy writer");
        }
    }
    write_npy(file, v.dtype, v.shape, std::as_bytes(std::span(bytes.data(), bytes.size())));
}

std::string json_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "]";
}

// A data record as ptdbg's dumper wrote it: max, min and mean of the tensor
// (torch's float32 mean for float32 data), shape as a list, "[]" for scalars.
std::string data_line(const std::string& name, const Record& r, const Values& v) {
    double max = stored(v, v.data[0]), min = max, sum = 0;
    for (double x : v.data) {
        max = std::max(max, stored(v, x));
        min = std::min(min, stored(v, x));
        sum += stored(v, x);
    }
    double mean = sum / static_cast<double>(v.data.size());
    if (v.dtype == DType::Float32) mean = static_cast<double>(static_cast<float>(mean));
    std::vector<std::string> shape;
    for (auto d : v.shape) shape.push_back(std::to_string(d));
    const std::string dtype = r.scalar ? "<class 'float'>" : std::string(tensor::torch_name(v.dtype));
    return fmt::format(R"(["{}", 1, [], "{}", {}, {}])", name, dtype, r.scalar ? "\"[]\"" : json_list(shape),
                       json_list({py::float_repr(max), py::float_repr(min), py::float_repr(mean)}));
}

void write_text_file(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out.flush()) throw Error(file.string(), "write failed");
}

// One side's rank folder: <stem>.pkl and the <stem>/ npy folder.
fs::path write_ptdbg_rank(const fs::path& rank_dir, const std::vector<Call>& calls, bool npu_side, bool stack) {
    const std::string stem = stack ? "api_stack_dump" : "dump";
    const fs::path data_dir = rank_dir / stem;
    fs::create_directories(data_dir);
    std::string pkl;
    for (const auto& call : calls) {
        if ((npu_side && call.bench_only) || (!npu_side && call.npu_only)) continue;
        for (const auto& r : call.records) {
            const std::string name = call.prefix + "_" + r.io;
            const Values& v = npu_side ? r.npu : r.bench;
            pkl += data_line(name, r, v) + "\n";
            write_values(data_dir / (name + ".npy"), v);
        }
        if (stack) {
            pkl +=
                fmt::format(R"json(["{}_stack_info", [["/home/user/train.py", "42", "forward", "y = model(x)"]]])json",
                            call.prefix) +
                "\n";
        }
    }
    const fs::path pkl_file = rank_dir / (stem + ".pkl");
    write_text_file(pkl_file, pkl);
    return pkl_file;
}

void write_dispatch_run(const fs::path& run, bool perturb) {
    struct Output {
        std::string name;
        Values npu;
        Values cpu;
    };
    const std::vector<Output> outputs = {
        {"add_1_output", f32({4}, {2, 4, 6, 8}), f32({4}, {2, 4, 6, 8})},
        {"matmul_1_output", f32({2, 2}, {100, 200, 300, 402}), f32({2, 2}, {100, 200, 300, 400})},
        {"native_batch_norm_backward_10_output.0", f32({4}, {1, -1, 1, -1}), f32({4}, {1, 1, 1, 1})},
        {"native_batch_norm_backward_10_output.1", f32({2}, {0.5, 0.25}), f32({2}, {0.5, 0.25})},
        {"sum_2_output", f32({}, {10}), f32({}, {10})},
    };
    fs::create_directories(run / "npu");
    fs::create_directories(run / "cpu");
    for (const auto& o : outputs) {
        write_values(run / "npu" / (o.name + ".npy"), perturb ? o.npu : o.cpu);
        write_values(run / "cpu" / (o.name + ".npy"), o.cpu);
    }
    // Inputs are saved on the npu side only.
    write_values(run / "npu" / "add_1_input.0.npy", f32({4}, {1, 2, 3, 4}));
    write_values(run / "npu" / "add_1_input.1.npy", f32({4}, {1, 2, 3, 4}));
    write_values(run / "npu" / "add_1_input_alpha.npy", {DType::Int64, {}, {1}});
}

}  // namespace

LegacyPair write_legacy_pair(const LegacyPairOptions& options) {
    LegacyPair out;
    const auto calls = ptdbg_calls(options.perturb);
    const fs::path tag = "ptdbg_dump_v2.0";
    fs::path npu_pkl, bench_pkl;
    for (int rank = 0; rank < options.ranks; ++rank) {
        const std::string rank_name = fmt::format("rank{}", rank);
        const fs::path npu = options.out / "npu" / tag / rank_name;
        const fs::path bench = options.out / "bench" / tag / rank_name;
        const fs::path n = write_ptdbg_rank(npu, calls, true, options.stack);
        const fs::path b = write_ptdbg_rank(bench, calls, false, options.stack);
        if (rank == 0) {
            npu_pkl = n;
            bench_pkl = b;
            out.npu_rank0 = npu;
            out.bench_rank0 = bench;
        }
    }
    auto relative = [&](const fs::path& p) { return fs::relative(p, options.out).generic_string(); };
    out.ptdbg_compare_json = options.out / "compare_ptdbg.json";
    write_text_file(out.ptdbg_compare_json,
                    fmt::format(R"({{"npu_pkl_path": "{}", "bench_pkl_path": "{}", "npu_dump_data_dir": "{}", )"
                                R"("bench_dump_data_dir": "{}", "is_print_compare_log": true}})",
                                relative(npu_pkl), relative(bench_pkl),
                                relative(npu_pkl.parent_path() / npu_pkl.stem()),
                                relative(bench_pkl.parent_path() / bench_pkl.stem())) + "\n");
    out.ptdbg_distributed_json = options.out / "compare_ptdbg_distributed.json";
    write_text_file(out.ptdbg_distributed_json,
                    fmt::format(R"({{"npu_path": "npu/{}", "bench_path": "bench/{}"}})", tag.string(), tag.string()) +
                        "\n");
    out.dispatch_run = options.out / "msprobe_rank0_20230911170521";
    write_dispatch_run(out.dispatch_run, options.perturb);
    out.dispatch_compare_json = options.out / "compare_dispatch.json";
    write_text_file(out.dispatch_compare_json,
                    fmt::format(R"({{"npu_path": "{0}/npu", "bench_path": "{0}/cpu"}})", relative(out.dispatch_run)) +
                        "\n");
    return out;
}

}  // namespace msprobe::testing
