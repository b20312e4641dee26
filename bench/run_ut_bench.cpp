// Per-API overhead of run_ut outside the operators: parse the dump, rebuild
// and bind the arguments, run bench and device, compare, write the CSV rows.
// Usage: msprobe_run_ut_bench [APIS]   (default 2000 tiny float32 APIs, forward only)
#include <ATen/ATen.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "run_ut/dump_records.hpp"
#include "run_ut/run_ut_options.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const char* kRecord =
    R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [16], "Max": 2.0, "Min": -1.0, "Mean": 0.5, "Norm": 3.0, "requires_grad": false})";

std::filesystem::path write_dump(const std::filesystem::path& dir, int apis) {
    std::filesystem::create_directories(dir);
    const char* names[] = {"Functional.relu", "Torch.add", "Functional.softmax", "Tensor.mul"};
    std::string data;
    for (int i = 0; i < apis; ++i) {
        const int kind = i % 4;
        std::string args = fmt::format("[{}]", kRecord);
        std::string kwargs = "{}";
        if (kind == 1 || kind == 3) args = fmt::format("[{}, {}]", kRecord, kRecord);
        if (kind == 2) kwargs = R"({"dim": {"type": "int", "value": -1}})";
        data += fmt::format(R"({}"{}.{}.forward": {{"input_args": {}, "input_kwargs": {}, "output": [{}]}})",
                            i ? ",\n" : "", names[kind], i / 4, args, kwargs, kRecord);
    }
    const auto path = dir / "dump.json";
    std::ofstream(path)
        << R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {)" << data
        << "}}";
    return path;
}

// The operators alone: the same calls on ready tensors, bench (float64) and device (float32).
double operators_only(int apis) {
    const auto x32 = at::rand({16}), y32 = at::rand({16});
    const auto x64 = x32.to(at::kDouble), y64 = y32.to(at::kDouble);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < apis; ++i) {
        for (const auto* p : {&x64, &x32}) {
            const auto& x = *p;
            const auto& y = p == &x64 ? y64 : y32;
            switch (i % 4) {
                case 0: (void)at::relu(x); break;
                case 1: (void)at::add(x, y); break;
                case 2: (void)at::softmax(x, -1); break;
                default: (void)at::mul(x, y); break;
            }
        }
    }
    return seconds_since(t0);
}

}  // namespace

int main(int argc, char** argv) {
    const int apis = argc > 1 ? std::atoi(argv[1]) : 2000;
    const auto dir = std::filesystem::temp_directory_path() / "msprobe_run_ut_bench";
    std::filesystem::remove_all(dir);
    const auto dump = write_dump(dir, apis);

    auto t0 = std::chrono::steady_clock::now();
    const auto records = msprobe::run_ut::read_dump_records(dump);
    const double parse = seconds_since(t0);

    msprobe::run_ut::RunUtOptions options;
    options.api_info = dump;
    options.out_dir = dir / "out";
    t0 = std::chrono::steady_clock::now();
    (void)msprobe::run_ut::run_ut(options);
    const double total = seconds_since(t0);
    const double ops = operators_only(apis);

    fmt::print("{} APIs ({} entries parsed)\n", apis, records.apis.size());
    fmt::print("parse dump.json:        {:8.1f} us/API\n", parse / apis * 1e6);
    fmt::print("run_ut end to end:      {:8.1f} us/API\n", total / apis * 1e6);
    fmt::print("operators alone (x2):   {:8.1f} us/API\n", ops / apis * 1e6);
    fmt::print("overhead outside ops:   {:8.1f} us/API (rebuild inputs, bind, compare, write)\n",
               (total - ops) / apis * 1e6);
    return 0;
}
