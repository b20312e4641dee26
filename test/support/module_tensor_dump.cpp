#include "support/module_tensor_dump.hpp"

#include <memory>

#include "support/dump_generator.hpp"
#include "support/dump_json_writer.hpp"

namespace msprobe::testing {

namespace {

DumpValue::List values_of(const std::vector<SyntheticTensor>& tensors) {
    DumpValue::List out;
    for (const auto& t : tensors) out.push_back(DumpValue::tensor(std::make_shared<SyntheticTensor>(t)));
    return out;
}

}  // namespace

SyntheticTensor float_tensor(std::vector<std::int64_t> shape, std::vector<float> values) {
    SyntheticTensor tensor;
    tensor.shape = std::move(shape);
    tensor.values = std::move(values);
    return tensor;
}

std::vector<float> float_ramp(std::size_t count, float start, float step) {
    std::vector<float> values(count);
    for (std::size_t i = 0; i < count; ++i) values[i] = start + step * static_cast<float>(i);
    return values;
}

std::filesystem::path write_module_tensor_dump(const std::filesystem::path& dir,
                                               const std::vector<ModuleRecord>& records) {
    std::filesystem::create_directories(dir / "dump_tensor_data");
    DumpSettings settings;
    settings.task = "tensor";
    settings.level = "L0";
    settings.tensor_dir = dir / "dump_tensor_data";
    settings.write_tensor_file = write_pt_tensor_file;
    DumpJsonWriter writer(dir / "dump.json", settings);
    for (const auto& record : records) {
        if (record.backward) {
            writer.backward(record.name, values_of(record.inputs), values_of(record.outputs));
            continue;
        }
        NamedValues parameters;
        for (const auto& [key, tensor] : record.parameters) {
            parameters.emplace_back(key, DumpValue::tensor(std::make_shared<SyntheticTensor>(tensor)));
        }
        writer.module_forward(record.name, values_of(record.inputs), {}, values_of(record.outputs), parameters);
    }
    writer.finish();
    return dir / "dump.json";
}

}  // namespace msprobe::testing
