#include "support/dump_json_writer.hpp"

#include "common/python_text.hpp"

namespace msprobe::testing {

DumpJsonWriter::DumpJsonWriter(const std::filesystem::path& file, DumpSettings settings)
    : json_(file), settings_(std::move(settings)) {
    json_.begin_object();
    json_.key("task");
    json_.string(settings_.task);
    json_.key("level");
    json_.string(settings_.level);
    json_.key("framework");
    json_.string("pytorch");
    json_.key("dump_data_dir");
    if (settings_.task == "tensor") {
        json_.string(std::filesystem::absolute(settings_.tensor_dir).string());
    } else {
        json_.null();
    }
    json_.key("data");
    json_.begin_object();
}

void DumpJsonWriter::api_forward(const std::string& name, const DumpValue::List& args, const NamedValues& kwargs,
                                 const DumpValue::List& outputs) {
    json_.key(name);
    json_.begin_object();
    json_.key("input_args");
    list(args, name + ".input");
    json_.key("input_kwargs");
    named(kwargs, name + ".kwargs");
    json_.key("is_recompute");
    json_.boolean(false);
    json_.key("output");
    list(outputs, name + ".output");
    json_.end_object();
    ++entries_;
}

// Module records put the output before the parameters and is_recompute last.
void DumpJsonWriter::module_forward(const std::string& name, const DumpValue::List& args, const NamedValues& kwargs,
                                    const DumpValue::List& outputs, const NamedValues& parameters) {
    json_.key(name);
    json_.begin_object();
    json_.key("input_args");
    list(args, name + ".input");
    json_.key("input_kwargs");
    named(kwargs, name + ".kwargs");
    json_.key("output");
    list(outputs, name + ".output");
    json_.key("parameters");
    named(parameters, name + ".parameters");
    json_.key("is_recompute");
    json_.boolean(false);
    json_.end_object();
    ++entries_;
}

void DumpJsonWriter::backward(const std::string& name, const DumpValue::List& inputs,
                              const DumpValue::List& outputs) {
    json_.key(name);
    json_.begin_object();
    json_.key("input");
    list(inputs, name + ".input");
    json_.key("output");
    list(outputs, name + ".output");
    json_.end_object();
    ++entries_;
}

// {"weight": [leaf], ...}: the one-element list adds nothing to the file name.
void DumpJsonWriter::parameters_grad(const std::string& name, const NamedValues& gradients) {
    json_.key(name);
    json_.begin_object();
    for (const auto& [parameter, gradient] : gradients) {
        json_.key(parameter);
        json_.begin_array();
        value(gradient, name + "." + parameter);
        json_.end_array();
    }
    json_.end_object();
    ++entries_;
}

void DumpJsonWriter::finish() {
    json_.end_object();  // data
    json_.end_object();
    json_.finish();
}

void DumpJsonWriter::list(const DumpValue::List& values, const std::string& data_stem) {
    json_.begin_array();
    for (std::size_t i = 0; i < values.size(); ++i) value(values[i], data_stem + "." + std::to_string(i));
    json_.end_array();
}

void DumpJsonWriter::named(const NamedValues& values, const std::string& data_stem) {
    json_.begin_object();
    for (const auto& [key, item] : values) {
        json_.key(key);
        value(item, data_stem + "." + key);
    }
    json_.end_object();
}

void DumpJsonWriter::value(const DumpValue& value, const std::string& data_stem) {
    const auto scalar = [&](const char* type, auto write_value) {
        json_.begin_object();
        json_.key("type");
        json_.string(type);
        json_.key("value");
        write_value();
        json_.end_object();
    };
    std::visit(
        [&](const auto& item) {
            using T = std::decay_t<decltype(item)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                json_.null();
            } else if constexpr (std::is_same_v<T, bool>) {
                scalar("bool", [&] { json_.boolean(item); });
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                scalar("int", [&] { json_.integer(item); });
            } else if constexpr (std::is_same_v<T, double>) {
                scalar("float", [&] { json_.number(item); });
            } else if constexpr (std::is_same_v<T, std::string>) {
                scalar("str", [&] { json_.string(item); });
            } else if constexpr (std::is_same_v<T, DumpValue::TensorPtr>) {
                tensor_leaf(*item, data_stem);
            } else {
                list(item, data_stem);
            }
        },
        value.storage());
}

void DumpJsonWriter::tensor_leaf(const SyntheticTensor& tensor, const std::string& data_stem) {
    const TensorStatistics statistics = tensor.statistics();
    json_.begin_object();
    json_.key("type");
    json_.string("torch.Tensor");
    json_.key("dtype");
    json_.string(tensor::torch_name(tensor.dtype));
    json_.key("shape");
    json_.begin_array();
    for (const auto dim : tensor.shape) json_.integer(dim);
    json_.end_array();
    json_.key("Max");
    json_.number(statistics.max);
    json_.key("Min");
    json_.number(statistics.min);
    json_.key("Mean");
    json_.number(statistics.mean);
    json_.key("Norm");
    json_.number(statistics.norm);
    json_.key("requires_grad");
    json_.boolean(tensor.requires_grad);
    if (settings_.md5) {
        json_.key("md5");
        json_.string(py::crc32_hex(tensor.element_bytes()));
    }
    if (settings_.task == "tensor") {
        const std::string data_name = data_stem + ".pt";
        json_.key("data_name");
        json_.string(data_name);
        settings_.write_tensor_file(settings_.tensor_dir / data_name, tensor);
    }
    json_.end_object();
}

}  // namespace msprobe::testing
