// Ascend layout conversion throughput (lib/tensor/layout_conversion): NC1HWC0
// and FRACTAL_NZ float16 device tensors converted to their logical arrays,
// against a plain pass over the same bytes in the same run.
//
//   layout_bench [MB] [DIR]   (default 1024: half NC1HWC0, half FRACTAL_NZ;
//                              each is also written to DIR, default /tmp, as
//                              a kernel dump file and read back from there)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/thread_pool.hpp"
#include "tensor/layout_conversion.hpp"
#include "tensor/layout_plan.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/bin_tensor_layout.hpp"
#include "tensor/dump_data.pb.h"

using namespace msprobe::tensor;
using Shape = std::vector<std::int64_t>;

namespace {

struct DeviceTensor {
    std::string name;
    AscendFormat format;
    Shape original;
    TensorView view;
};

DeviceTensor make_device(std::string name, AscendFormat format, Shape device_shape, Shape original) {
    std::int64_t count = 1;
    for (const auto d : device_shape) count *= d;
    auto values = std::make_shared<std::vector<std::uint16_t>>(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < values->size(); ++i) (*values)[i] = static_cast<std::uint16_t>(i * 2654435761U >> 16);
    TensorView view;
    view.dtype = DType::Float16;
    view.shape = device_shape;
    view.strides.assign(device_shape.size(), 1);
    for (std::size_t i = device_shape.size(); i-- > 1;) view.strides[i - 1] = view.strides[i] * device_shape[i];
    view.data = reinterpret_cast<const std::byte*>(values->data());
    view.owner = values;
    return {std::move(name), format, std::move(original), std::move(view)};
}

std::size_t byte_size(const TensorView& view) { return static_cast<std::size_t>(view.numel()) * 2; }

// Best of `runs` wall times, in seconds.
double best_of(int runs, const std::function<void()>& work) {
    double best = 1e30;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

volatile std::uint64_t g_sink = 0;

// read(2) of the whole file, into one fresh buffer or through a reused one.
void read_file(const std::filesystem::path& path, bool fresh_buffer) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) std::abort();
    const auto size = static_cast<std::size_t>(std::filesystem::file_size(path));
    static std::vector<std::byte> chunk(1 << 20);
    std::unique_ptr<std::byte[]> whole(fresh_buffer ? new std::byte[size] : nullptr);
    std::size_t done = 0;
    while (done < size) {
        std::byte* into = fresh_buffer ? whole.get() + done : chunk.data();
        const std::size_t want = fresh_buffer ? size - done : std::min(chunk.size(), size - done);
        const auto got = ::read(fd, into, want);
        if (got <= 0) std::abort();
        done += static_cast<std::size_t>(got);
    }
    ::close(fd);
}

// A kernel dump file (length prefix, DumpData header, data section) whose one
// output is the device tensor, as the runtime writes it.
void write_kernel_dump(const std::filesystem::path& path, const DeviceTensor& t, std::size_t bytes) {
    msprobe::tensor::dumpdata::DumpData message;
    message.set_op_name("bench/" + t.name);
    auto* output = message.add_output();
    output->set_data_type(2);  // DT_FLOAT16
    output->set_format(static_cast<std::int32_t>(t.format));
    for (const auto d : t.view.shape) output->mutable_shape()->add_dim(static_cast<std::uint64_t>(d));
    for (const auto d : t.original) output->mutable_original_shape()->add_dim(static_cast<std::uint64_t>(d));
    output->set_size(bytes);
    const std::string header = message.SerializeAsString();
    const std::uint64_t length = header.size();
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(&length), sizeof length);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    out.write(reinterpret_cast<const char*>(t.view.data), static_cast<std::streamsize>(bytes));
}

// What `parse -d` does to a file before writing it: read it, convert its output.
std::uint64_t read_and_convert(const std::filesystem::path& path, msprobe::ThreadPool* pool) {
    const auto dump = msprobe::tensor::read_bin_dump(path);
    const auto logical =
        msprobe::tensor::logical_values(dump.outputs.front(), dump.header.outputs.front(), path.string(), pool);
    return static_cast<std::uint64_t>(logical.data[0]);
}

}  // namespace

int main(int argc, char** argv) {
    const double megabytes = argc > 1 ? std::atof(argv[1]) : 1024.0;
    const std::filesystem::path dir = argc > 2 ? argv[2] : "/tmp";
    const double half_bytes = megabytes * 1024 * 1024 / 2;
    // NC1HWC0: C = 250 (16 blocks of 16, 6 padding channels), 56×56 images.
    const std::int64_t image_bytes = 16 * 56 * 56 * 16 * 2;
    const auto n = std::max<std::int64_t>(1, static_cast<std::int64_t>(half_bytes / image_bytes));
    // FRACTAL_NZ: 1000×1000 matrices (63×63 fractals of 16×16).
    const std::int64_t matrix_bytes = 63 * 63 * 16 * 16 * 2;
    const auto batch = std::max<std::int64_t>(1, static_cast<std::int64_t>(half_bytes / matrix_bytes));
    std::vector<DeviceTensor> tensors;
    tensors.push_back(make_device("NC1HWC0", AscendFormat::NC1HWC0, {n, 16, 56, 56, 16}, {n, 250, 56, 56}));
    tensors.push_back(
        make_device("FRACTAL_NZ", AscendFormat::FRACTAL_NZ, {batch, 63, 63, 16, 16}, {batch, 1000, 1000}));

    msprobe::ThreadPool pool(std::max(1U, std::thread::hardware_concurrency()));
    const std::string pool_label = "to_logical_layout, " + std::to_string(pool.size()) + " threads";
    std::printf("%-11s %9s  %-40s %8s %8s %9s\n", "format", "MB", "pass", "seconds", "GB/s", "vs memcpy");
    for (const auto& t : tensors) {
        const std::size_t bytes = byte_size(t.view);
        const auto size = static_cast<double>(bytes);
        const auto report = [&](const char* pass, double seconds, double baseline) {
            std::printf("%-11s %9.1f  %-40s %8.3f %8.2f %9.2f\n", t.name.c_str(), size / 1048576.0, pass, seconds,
                        size / seconds / 1e9, baseline / seconds);
        };
        // Baselines: a fresh buffer filled by memcpy (what reading the file
        // into memory costs), and a read-only sum of the bytes.
        const double copy_seconds = best_of(3, [&] {
            std::unique_ptr<std::byte[]> buffer(new std::byte[bytes]);
            std::memcpy(buffer.get(), t.view.data, bytes);
            g_sink = g_sink + static_cast<std::uint64_t>(buffer[bytes / 2]);
        });
        report("memcpy into a fresh buffer", copy_seconds, copy_seconds);
        std::unique_ptr<std::byte[]> reused(new std::byte[bytes]);
        std::memset(reused.get(), 0, bytes);
        const double warm_copy_seconds = best_of(3, [&] { std::memcpy(reused.get(), t.view.data, bytes); });
        report("memcpy into a reused buffer", warm_copy_seconds, copy_seconds);
        const double sum_seconds = best_of(3, [&] {
            std::uint64_t sum = 0;
            for (std::size_t i = 0; i + 8 <= bytes; i += 8) {
                std::uint64_t word = 0;
                std::memcpy(&word, t.view.data + i, 8);
                sum += word;
            }
            g_sink = g_sink + sum;
        });
        report("sum of the bytes (read only)", sum_seconds, copy_seconds);
        const double fast_seconds = best_of(3, [&] {
            const auto logical = to_logical_layout(t.view, t.format, t.original, t.name);
            g_sink = g_sink + static_cast<std::uint64_t>(logical.data[0]);
        });
        report("to_logical_layout (fast copy)", fast_seconds, copy_seconds);
        const double pooled_seconds = best_of(3, [&] {
            const auto logical = to_logical_layout(t.view, t.format, t.original, t.name, 0, &pool);
            g_sink = g_sink + static_cast<std::uint64_t>(logical.data[0]);
        });
        report(pool_label.c_str(), pooled_seconds, copy_seconds);
        const auto plan = plan_logical_layout(t.view.shape, t.format, t.original, t.name);
        const double warm_fast_seconds = best_of(3, [&] { run_layout_plan_into(t.view, plan, reused.get()); });
        report("fast copy into a reused buffer", warm_fast_seconds, copy_seconds);
        const double xtensor_seconds = best_of(1, [&] {
            const auto logical = run_layout_plan(t.view, plan, CopyEngine::Reference);
            g_sink = g_sink + static_cast<std::uint64_t>(logical.data[0]);
        });
        report("xtensor strided assign (reference)", xtensor_seconds, copy_seconds);

        const auto path = dir / ("Bench." + t.name + ".1.0.1700000000000000");
        write_kernel_dump(path, t, bytes);
        const double cat_seconds = best_of(3, [&] { read_file(path, false); });
        report("file: read(2) through a 1 MiB buffer", cat_seconds, copy_seconds);
        const double read_seconds = best_of(3, [&] { read_file(path, true); });
        report("file: read(2) into a fresh buffer", read_seconds, copy_seconds);
        const double dump_seconds = best_of(3, [&] { g_sink = g_sink + read_and_convert(path, nullptr); });
        report("file: read_bin_dump + to_logical_layout", dump_seconds, copy_seconds);
        const double dump_pooled_seconds = best_of(3, [&] { g_sink = g_sink + read_and_convert(path, &pool); });
        report(("file: read_bin_dump + " + pool_label).c_str(), dump_pooled_seconds, copy_seconds);
        std::printf("%-11s %9.1f  %-40s %8.2f\n", t.name.c_str(), size / 1048576.0, "read_bin_dump + convert vs cat",
                    cat_seconds / dump_seconds);
        std::filesystem::remove(path);
    }
    return 0;
}
