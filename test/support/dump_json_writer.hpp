#pragma once
// Writes a dump.json the way msprobe's PyTorch dumper does (formats.md §5):
// the header keys, then one entry per API / module record in call order, with
// tensor leaves {type, dtype, shape, Max, Min, Mean, Norm, requires_grad,
// [md5], [data_name]}, scalar leaves {type, value} and None as null. In the
// tensor task every tensor leaf also gets its data file, through one hook.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "support/json_text_writer.hpp"
#include "support/synthetic_tensor.hpp"

namespace msprobe::testing {

// One Python value an API or module received or returned.
class DumpValue {
public:
    using TensorPtr = std::shared_ptr<const SyntheticTensor>;
    using List = std::vector<DumpValue>;

    static DumpValue none() { return DumpValue(std::monostate{}); }
    static DumpValue boolean(bool value) { return DumpValue(value); }
    static DumpValue integer(std::int64_t value) { return DumpValue(value); }
    static DumpValue real(double value) { return DumpValue(value); }  // a Python float
    static DumpValue text(std::string value) { return DumpValue(std::move(value)); }
    static DumpValue tensor(TensorPtr value) { return DumpValue(std::move(value)); }
    static DumpValue list(List items) { return DumpValue(std::move(items)); }

    using Storage = std::variant<std::monostate, bool, std::int64_t, double, std::string, TensorPtr, List>;
    const Storage& storage() const { return value_; }

private:
    explicit DumpValue(Storage value) : value_(std::move(value)) {}
    Storage value_;
};

using NamedValues = std::vector<std::pair<std::string, DumpValue>>;  // in keyword / parameter order

// Receives each tensor file of the tensor task: its path and contents.
using TensorPayloadWriter = std::function<void(const std::filesystem::path&, const SyntheticTensor&)>;

struct DumpSettings {
    std::string task = "statistics";  // "statistics" or "tensor"
    std::string level = "L1";         // "L1", "L0" or "mix"
    bool md5 = false;                 // summary_mode md5: a CRC-32 per tensor leaf
    std::filesystem::path tensor_dir;  // dump_tensor_data/, tensor task only
    TensorPayloadWriter write_tensor_file;  // tensor task only
};

class DumpJsonWriter {
public:
    DumpJsonWriter(const std::filesystem::path& file, DumpSettings settings);

    void api_forward(const std::string& name, const DumpValue::List& args, const NamedValues& kwargs,
                     const DumpValue::List& outputs);
    void module_forward(const std::string& name, const DumpValue::List& args, const NamedValues& kwargs,
                        const DumpValue::List& outputs, const NamedValues& parameters);
    // inputs: gradients w.r.t. the forward outputs; outputs: w.r.t. its inputs.
    void backward(const std::string& name, const DumpValue::List& inputs, const DumpValue::List& outputs);
    void parameters_grad(const std::string& name, const NamedValues& gradients);

    void finish();
    std::size_t entries() const { return entries_; }

private:
    void value(const DumpValue& value, const std::string& data_stem);
    void tensor_leaf(const SyntheticTensor& tensor, const std::string& data_stem);
    void list(const DumpValue::List& values, const std::string& data_stem);
    void named(const NamedValues& values, const std::string& data_stem);

    JsonTextWriter json_;
    DumpSettings settings_;
    std::size_t entries_ = 0;
};

}  // namespace msprobe::testing
