// -save_error_data: the tensors of a failing API as torch.save files.
#include "run_ut/error_data.hpp"

#include <torch/csrc/jit/serialization/pickle.h>

#include <fmt/format.h>

#include <fstream>

#include "common/error.hpp"

namespace msprobe::run_ut {

namespace {

void write_tensor(const std::filesystem::path& file, const at::Tensor& t) {
    const auto bytes = torch::jit::pickle_save(c10::IValue(t.detach().contiguous().cpu()));
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw Error(file.string(), "cannot be written");
}

// Depth-first: every tensor gets a file, every leaf (tensor or not) advances the counter.
void walk(const c10::IValue& v, const std::filesystem::path& dir, const std::string& prefix, int& k) {
    if (v.isTuple()) {
        for (const auto& e : v.toTupleRef().elements()) walk(e, dir, prefix, k);
        return;
    }
    if (v.isList()) {
        for (const auto& e : v.toList()) walk(e, dir, prefix, k);
        return;
    }
    if (v.isTensor()) write_tensor(dir / fmt::format("{}.{}.pt", prefix, k), v.toTensor());
    ++k;
}

void walk(const PyValue& v, const std::filesystem::path& dir, const std::string& prefix, int& k) {
    if (v.kind == PyValue::Kind::List) {
        for (const auto& e : v.items) walk(e, dir, prefix, k);
        return;
    }
    if (v.kind == PyValue::Kind::Tensor) write_tensor(dir / fmt::format("{}.{}.pt", prefix, k), v.tensor);
    ++k;
}

void walk_all(const std::vector<c10::IValue>& values, const std::filesystem::path& dir, const std::string& prefix) {
    int k = 0;
    for (const auto& v : values) walk(v, dir, prefix, k);
}

}  // namespace

void save_error_data(const std::filesystem::path& dir, const std::string& full_name, const ApiRunArtifacts& a) {
    std::filesystem::create_directories(dir);
    int k = 0;
    for (const auto& arg : a.inputs.args) walk(arg, dir, full_name + ".forward.input", k);
    for (const auto& [name, value] : a.inputs.kwargs) walk(value, dir, full_name + ".forward.input", k);
    k = 0;
    walk(a.bench_out, dir, full_name + ".forward.output.bench", k);
    k = 0;
    if (!a.device_out.isNone()) walk(a.device_out, dir, full_name + ".forward.output.device", k);
    k = 0;
    if (!a.backward_input.isNone()) walk(a.backward_input, dir, full_name + ".backward.input", k);
    walk_all(a.bench_grads, dir, full_name + ".backward.output.bench");
    walk_all(a.device_grads, dir, full_name + ".backward.output.device");
}

}  // namespace msprobe::run_ut
