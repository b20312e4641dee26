#pragma once
// Small dump.json files for the compare unit tests, written by the project's
// dump writer: API forwards of 1-d float32 tensors, in the statistics, md5 or
// tensor task (the tensor files beside it in dump_tensor_data/).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/dump_generator.hpp"
#include "support/dump_json_writer.hpp"

namespace msprobe::testing {

struct SmallApi {
    std::string name;  // "Functional.relu.0.forward"
    std::vector<std::vector<float>> inputs;
    std::vector<std::vector<float>> outputs;
};

enum class SmallTask { Statistics, Md5, Tensor };

inline DumpValue small_tensor(const std::vector<float>& values) {
    auto tensor = std::make_shared<SyntheticTensor>();
    tensor->shape = {static_cast<std::int64_t>(values.size())};
    tensor->values = values;
    return DumpValue::tensor(std::move(tensor));
}

// <dir>/dump.json holding `apis` in order; returns its path.
inline std::filesystem::path write_small_dump(const std::filesystem::path& dir, const std::vector<SmallApi>& apis,
                                              SmallTask task = SmallTask::Statistics) {
    std::filesystem::create_directories(dir);
    DumpSettings settings;
    settings.task = task == SmallTask::Tensor ? "tensor" : "statistics";
    settings.md5 = task == SmallTask::Md5;
    if (task == SmallTask::Tensor) {
        settings.tensor_dir = dir / "dump_tensor_data";
        std::filesystem::create_directories(settings.tensor_dir);
        settings.write_tensor_file = write_pt_tensor_file;
    }
    DumpJsonWriter writer(dir / "dump.json", settings);
    for (const auto& api : apis) {
        DumpValue::List inputs, outputs;
        for (const auto& values : api.inputs) inputs.push_back(small_tensor(values));
        for (const auto& values : api.outputs) outputs.push_back(small_tensor(values));
        writer.api_forward(api.name, inputs, {}, outputs);
    }
    writer.finish();
    return dir / "dump.json";
}

}  // namespace msprobe::testing
