#include "support/ms_checker_dump.hpp"

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <span>

#include "support/tensor_writers.hpp"

namespace msprobe::testing {

namespace {

template <typename T>
std::span<const std::byte> bytes_of(const std::vector<T>& v) {
    return std::as_bytes(std::span<const T>(v));
}

nlohmann::ordered_json tensor_record(const std::string& dtype, const std::vector<std::int64_t>& shape, double max,
                                     double min, const std::string& data_name) {
    return {{"type", "mindspore.Tensor"}, {"dtype", dtype},   {"shape", shape},          {"Max", max},
            {"Min", min},                 {"requires_grad", false}, {"data_name", data_name}};
}

}  // namespace

MsCheckerDump::MsCheckerDump(std::filesystem::path dir) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_ / "dump_tensor_data");
}

nlohmann::ordered_json MsCheckerDump::tensor(const std::string& data_name, const std::vector<std::int64_t>& shape,
                                             const std::vector<float>& values, const std::string& dtype) {
    write_npy(dir_ / "dump_tensor_data" / data_name, tensor::DType::Float32, shape, bytes_of(values));
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return tensor_record(dtype, shape, values.empty() ? 0.0 : *hi, values.empty() ? 0.0 : *lo, data_name);
}

nlohmann::ordered_json MsCheckerDump::int_tensor(const std::string& data_name, const std::vector<std::int64_t>& shape,
                                                 const std::vector<std::int64_t>& values) {
    write_npy(dir_ / "dump_tensor_data" / data_name, tensor::DType::Int64, shape, bytes_of(values));
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return tensor_record("Int64", shape, values.empty() ? 0.0 : static_cast<double>(*hi),
                         values.empty() ? 0.0 : static_cast<double>(*lo), data_name);
}

nlohmann::ordered_json MsCheckerDump::value(const std::string& type, nlohmann::ordered_json v) {
    return {{"type", type}, {"value", std::move(v)}};
}

void MsCheckerDump::forward(const std::string& key, nlohmann::ordered_json args, nlohmann::ordered_json outputs,
                            nlohmann::ordered_json kwargs) {
    data_[key] = {{"input_args", std::move(args)}, {"input_kwargs", std::move(kwargs)}, {"output", std::move(outputs)}};
}

void MsCheckerDump::backward(const std::string& key, nlohmann::ordered_json input_grads,
                             nlohmann::ordered_json output_grads) {
    data_[key] = {{"input", std::move(input_grads)}, {"output", std::move(output_grads)}};
}

void MsCheckerDump::entry(const std::string& key, nlohmann::ordered_json value) { data_[key] = std::move(value); }

std::filesystem::path MsCheckerDump::write(const std::string& task, const std::string& framework) const {
    nlohmann::ordered_json root;
    root["task"] = task;
    root["level"] = "L1";
    if (!framework.empty()) root["framework"] = framework;
    if (task == "tensor") root["dump_data_dir"] = (dir_ / "dump_tensor_data").string();
    root["data"] = data_;
    const auto path = dir_ / "dump.json";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << root.dump(1);
    return path;
}

}  // namespace msprobe::testing
