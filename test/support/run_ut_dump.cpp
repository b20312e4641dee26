#include "support/run_ut_dump.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

#include "support/dump_generator.hpp"
#include "support/synthetic_tensor.hpp"

namespace msprobe::testing {

namespace {

SyntheticTensor matmul(const SyntheticTensor& a, const SyntheticTensor& b, bool in_bfloat16) {
    const auto m = a.shape[0], k = a.shape[1], n = b.shape[1];
    SyntheticTensor out;
    out.shape = {m, n};
    out.values.resize(static_cast<std::size_t>(m * n));
    auto at = [](const SyntheticTensor& t, std::int64_t i, std::int64_t j) {
        return t.values[static_cast<std::size_t>(i * t.shape[1] + j)];
    };
    for (std::int64_t i = 0; i < m; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
            double sum = 0;
            for (std::int64_t p = 0; p < k; ++p) {
                const float x = in_bfloat16 ? round_to_bfloat16(at(a, i, p)) : at(a, i, p);
                const float y = in_bfloat16 ? round_to_bfloat16(at(b, p, j)) : at(b, p, j);
                sum += static_cast<double>(x) * static_cast<double>(y);
            }
            const auto v = static_cast<float>(sum);
            out.values[static_cast<std::size_t>(i * n + j)] = in_bfloat16 ? round_to_bfloat16(v) : v;
        }
    }
    return out;
}

}  // namespace

nlohmann::ordered_json real_tensor_record(const SyntheticTensor& t, const std::filesystem::path& data_dir,
                                          const std::string& data_name) {
    write_pt_tensor_file(data_dir / data_name, t);
    const auto s = t.statistics();
    nlohmann::ordered_json r;
    r["type"] = "torch.Tensor";
    r["dtype"] = t.dtype == tensor::DType::BFloat16 ? "torch.bfloat16" : "torch.float32";
    r["shape"] = t.shape;
    r["Max"] = s.max;
    r["Min"] = s.min;
    r["Mean"] = s.mean;
    r["Norm"] = s.norm;
    r["requires_grad"] = t.requires_grad;
    r["data_name"] = data_name;
    return r;
}

std::filesystem::path write_run_ut_dump(const std::filesystem::path& dir, bool imprecise_matmul, std::uint64_t seed) {
    const auto data_dir = dir / "dump_tensor_data";
    std::filesystem::create_directories(data_dir);
    DeterministicRandom random(seed);
    const auto a = uniform_tensor(random, {8, 16}, -1.0, 1.0);
    const auto b = uniform_tensor(random, {16, 8}, -1.0, 1.0);
    const auto x = uniform_tensor(random, {64}, -1.0, 1.0);
    SyntheticTensor relu = x;
    for (auto& v : relu.values) v = v > 0 ? v : 0.0f;

    nlohmann::ordered_json data;
    data["Torch.matmul.0.forward"] = {
        {"input_args",
         {real_tensor_record(a, data_dir, "Torch.matmul.0.forward.input.0.pt"),
          real_tensor_record(b, data_dir, "Torch.matmul.0.forward.input.1.pt")}},
        {"input_kwargs", nlohmann::ordered_json::object()},
        {"output",
         {real_tensor_record(matmul(a, b, imprecise_matmul), data_dir, "Torch.matmul.0.forward.output.0.pt")}}};
    data["Functional.relu.0.forward"] = {
        {"input_args", {real_tensor_record(x, data_dir, "Functional.relu.0.forward.input.0.pt")}},
        {"input_kwargs", nlohmann::ordered_json::object()},
        {"output", {real_tensor_record(relu, data_dir, "Functional.relu.0.forward.output.0.pt")}}};
    nlohmann::ordered_json dump;
    dump["task"] = "tensor";
    dump["level"] = "L1";
    dump["framework"] = "pytorch";
    dump["dump_data_dir"] = data_dir.string();
    dump["data"] = data;
    const auto path = dir / "dump.json";
    std::ofstream(path) << dump.dump(1);
    return path;
}

}  // namespace msprobe::testing
