// Throughput of the fused metric pass on large tensor pairs: the scalar
// reference against every SIMD build available on this CPU, single-threaded
// and with the chunks spread over all hardware threads, under April's
// relative-error epsilon and August's. First, the cost of the self-check each
// process runs once before its first compare.
// Usage: msprobe_metrics_bench [megabytes per tensor, default 256]
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "metrics/half_float.hpp"
#include "metrics/kernel_self_check.hpp"
#include "metrics/tensor_metrics.hpp"

using namespace msprobe;
using namespace msprobe::metrics;

namespace {

std::uint64_t next_random(std::uint64_t& state) {  // xorshift64*: fast enough to fill GBs
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
}

float uniform(std::uint64_t& state) {
    return static_cast<float>(next_random(state) >> 40) * 0x1p-24f * 4.0f - 2.0f;
}

void store(std::byte* out, tensor::DType dtype, float value) {
    if (dtype == tensor::DType::Float32) {
        std::memcpy(out, &value, 4);
        return;
    }
    std::uint16_t bits;
    if (dtype == tensor::DType::Float16) {
        bits = float_to_half(value);
    } else {  // bfloat16, truncated: good enough for timing
        std::uint32_t f;
        std::memcpy(&f, &value, 4);
        bits = static_cast<std::uint16_t>(f >> 16);
    }
    std::memcpy(out, &bits, 2);
}

// A random tensor and a slightly perturbed copy, every 64th bench element 0
// (where the two epsilon rules differ).
std::pair<tensor::TensorView, tensor::TensorView> make_pair(tensor::DType dtype, std::int64_t bytes) {
    const auto element = static_cast<std::int64_t>(tensor::dtype_size(dtype));
    const std::int64_t count = bytes / element;
    auto npu = std::make_shared<std::vector<std::byte>>(static_cast<std::size_t>(count * element));
    auto bench = std::make_shared<std::vector<std::byte>>(npu->size());
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (std::int64_t i = 0; i < count; ++i) {
        const float v = uniform(state);
        store(npu->data() + i * element, dtype, v);
        store(bench->data() + i * element, dtype, i % 64 == 0 ? 0.0f : v * (1.0f + uniform(state) * 1e-3f));
    }
    auto view = [&](const std::shared_ptr<std::vector<std::byte>>& buffer) {
        tensor::TensorView v;
        v.dtype = dtype;
        v.shape = {count};
        v.strides = {1};
        v.data = buffer->data();
        v.owner = buffer;
        return v;
    };
    return {view(npu), view(bench)};
}

ParallelFor thread_pool(unsigned threads) {
    return [threads](std::int64_t count, const std::function<void(std::int64_t)>& body) {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t) {
            pool.emplace_back([&, t] {
                for (std::int64_t c = t; c < count; c += threads) body(c);
            });
        }
        for (auto& thread : pool) thread.join();
    };
}

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Timing {
    double wall = 1e300;  // best wall-clock seconds
    double cpu = 1e300;   // best CPU seconds of the calling thread: robust on a busy machine
};

template <class F>
Timing best_of(int repeats, F run) {
    Timing best;
    for (int r = 0; r < repeats; ++r) {
        const double cpu_start = thread_cpu_seconds();
        const auto start = std::chrono::steady_clock::now();
        run();
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        best.wall = std::min(best.wall, elapsed.count());
        best.cpu = std::min(best.cpu, thread_cpu_seconds() - cpu_start);
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    const std::int64_t megabytes = argc > 1 ? std::atoll(argv[1]) : 256;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (KernelIsa isa : available_kernel_isas()) {
        bool passed = false;
        const Timing check = best_of(100, [&] { passed = kernel_passes_self_check(isa); });
        std::printf("self-check %-7s %s in %.1f us (best of 100; CPU %.1f us)\n",
                    std::string(kernel_isa_name(isa)).c_str(), passed ? "passed" : "FAILED", check.wall * 1e6,
                    check.cpu * 1e6);
    }
    std::printf("pair = two tensors of %lld MB each; GB/s = bytes of both tensors / best of 3 runs (scalar: 1 run)\n",
                static_cast<long long>(megabytes));
    for (tensor::DType dtype : {tensor::DType::Float32, tensor::DType::BFloat16, tensor::DType::Float16}) {
        const auto [npu, bench] = make_pair(dtype, megabytes << 20);
        const double gigabytes = 2.0 * static_cast<double>(megabytes << 20) / 1e9;
        double cosine = 0;
        for (RelativeEpsilon rule : {RelativeEpsilon::Float64, RelativeEpsilon::OfComputeType}) {
            for (KernelIsa isa : available_kernel_isas()) {
                CompareOptions options;
                options.kernel = isa;
                options.relative_epsilon = rule;
                const int repeats = isa == KernelIsa::Scalar ? 1 : 3;
                const Timing single =
                    best_of(repeats, [&] { cosine = compare_tensors(npu, bench, options).cosine.value; });
                const ParallelFor pool = thread_pool(threads);
                const Timing parallel = best_of(repeats, [&] { compare_tensors(npu, bench, options, pool); });
                std::printf(
                    "%-15s %-6s %-7s 1 thread %6.2f GB/s (per CPU second %6.2f)   %u threads %6.2f GB/s   cosine "
                    "%.12f\n",
                    std::string(tensor::torch_name(dtype)).c_str(),
                    rule == RelativeEpsilon::Float64 ? "April" : "August", std::string(kernel_isa_name(isa)).c_str(),
                    gigabytes / single.wall, gigabytes / single.cpu, threads, gigabytes / parallel.wall, cosine);
            }
        }
    }
    return 0;
}
