#pragma once
// Small MindSpore dumps for the MindSpore API checker's tests, in msprobe's MindSpore layout: "framework":
// "mindspore", Mint./MintFunctional./Tensor. entries, "type": "mindspore.Tensor" records with MindSpore dtype
// names, and (tensor task) one .npy file per tensor under dump_tensor_data beside dump.json. The values are the
// test's own, so what a torch bench gives for them is known.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace msprobe::testing {

class MsCheckerDump {
public:
    // `dir` is created; the .npy files go to dir/dump_tensor_data.
    explicit MsCheckerDump(std::filesystem::path dir);

    // A Float32 tensor record (or `dtype`, "Float32"/"Float16"/"BFloat16": stored as float32 as MindSpore's
    // dumper stores bfloat16), its .npy written as <data_name>.
    nlohmann::ordered_json tensor(const std::string& data_name, const std::vector<std::int64_t>& shape,
                                  const std::vector<float>& values, const std::string& dtype = "Float32");
    // An Int64 tensor record.
    nlohmann::ordered_json int_tensor(const std::string& data_name, const std::vector<std::int64_t>& shape,
                                      const std::vector<std::int64_t>& values);
    // A plain value record: {"type": "int", "value": 1}.
    static nlohmann::ordered_json value(const std::string& type, nlohmann::ordered_json v);

    // "<key>": {"input_args", "input_kwargs", "output"}.
    void forward(const std::string& key, nlohmann::ordered_json args, nlohmann::ordered_json outputs,
                 nlohmann::ordered_json kwargs = nlohmann::ordered_json::object());
    // "<key>": {"input": gradients of the outputs, "output": gradients of the inputs}.
    void backward(const std::string& key, nlohmann::ordered_json input_grads, nlohmann::ordered_json output_grads);
    // Any entry as given.
    void entry(const std::string& key, nlohmann::ordered_json value);

    // Writes dir/dump.json; `task` "tensor" or "statistics"; `framework` empty leaves the key out.
    std::filesystem::path write(const std::string& task = "tensor", const std::string& framework = "mindspore") const;

    const std::filesystem::path& dir() const { return dir_; }

private:
    std::filesystem::path dir_;
    nlohmann::ordered_json data_ = nlohmann::ordered_json::object();
};

}  // namespace msprobe::testing
