#include "support/atb_dump_writer.hpp"

#include <fmt/format.h>

#include <cstring>
#include <fstream>

#include "common/python_str.hpp"
#include "support/element_bytes.hpp"
#include "support/file_text.hpp"
#include "tensor/half.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;

namespace {

template <class Narrow>
std::vector<std::byte> narrowed_bytes(const std::vector<float>& values, Narrow narrow) {
    std::vector<std::uint16_t> bits;
    for (const float v : values) bits.push_back(narrow(v));
    return bytes_of(bits);
}

std::string round_path(const AtbRound& round) {
    return fmt::format("atb_dump_data/data/{}/{}", round.device_and_pid, round.execution_count);
}

}  // namespace

std::vector<std::byte> atb_tensor_bytes(int dtype, const std::vector<std::int64_t>& dims,
                                        const std::vector<std::byte>& data) {
    const std::string header = fmt::format(
        "$Version=1.0\nformat=2\ndtype={}\ndims={}\n$Object.Count=1\n"
        "$Object.Length={}\n$End=1\n",
        dtype, fmt::join(dims, ","), data.size());
    std::vector<std::byte> bytes(header.size());
    std::memcpy(bytes.data(), header.data(), header.size());
    bytes.insert(bytes.end(), data.begin(), data.end());
    return bytes;
}

std::vector<std::byte> float16_bytes(const std::vector<float>& values) {
    return narrowed_bytes(values, [](float v) { return tensor::float_to_half(v); });
}

std::vector<std::byte> bfloat16_bytes(const std::vector<float>& values) {
    return narrowed_bytes(values, [](float v) { return tensor::float_to_bfloat16(v); });
}

std::string atb_statistic_header() {
    return "Device and PID,Execution Count,Op Name,Op Type,Op Id,Input/Output,Index,Dtype,Format,Shape,Max,Min,"
           "Mean,Norm,Tensor Path";
}

std::string atb_tensor_relative_path(const AtbTensorRow& row) {
    const auto names = py::split(row.op_name, '/');
    const auto ids = py::split(row.op_id, '_');
    std::string path;
    for (std::size_t i = 0; i < names.size() && i < ids.size(); ++i) path += fmt::format("{}_{}/", ids[i], names[i]);
    const bool input = row.io == "input";
    return path + fmt::format("{}/{}tensor{}.bin", input ? "before" : "after", input ? "in" : "out", row.index);
}

fs::path write_atb_round(const fs::path& root, const AtbRound& round, const std::string& recorded_root) {
    const fs::path dir = root / round_path(round);
    fs::create_directories(dir);
    std::string csv = atb_statistic_header() + "\n";
    for (const auto& row : round.rows) {
        std::string tensor_path = "N/A";
        if (row.tensor) {
            const std::string relative = atb_tensor_relative_path(row);
            tensor_path = recorded_root + "/" + round_path(round) + "/" + relative;
            const auto bytes = atb_tensor_bytes(row.tensor->dtype, row.tensor->dims, row.tensor->data);
            fs::create_directories((dir / relative).parent_path());
            std::ofstream(dir / relative, std::ios::binary)
                .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        }
        csv += fmt::format("{},{},{},{},{},{},{},{},nd,{},{},{}\n", round.device_and_pid, round.execution_count,
                           row.op_name, row.op_type, row.op_id, row.io, row.index, row.dtype, row.shape,
                           fmt::join(row.statistics, ","), tensor_path);
    }
    write_file(dir / "statistic.csv", csv);
    return dir;
}

}  // namespace msprobe::testing
