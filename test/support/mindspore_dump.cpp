#include "support/mindspore_dump.hpp"

#include <array>
#include <regex>
#include <span>
#include <utility>

#include "common/python_str.hpp"
#include "support/file_text.hpp"
#include "support/tensor_writers.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::pair<const char*, const char*>, 3> kPrefixes = {
    {{"Module.", "Cell."}, {"Torch.", "Mint."}, {"Functional.", "MintFunctional."}}};

constexpr std::array<std::pair<const char*, const char*>, 8> kDtypes = {{{"torch.float32", "Float32"},
                                                                         {"torch.float16", "Float16"},
                                                                         {"torch.bfloat16", "BFloat16"},
                                                                         {"torch.float64", "Float64"},
                                                                         {"torch.int64", "Int64"},
                                                                         {"torch.int32", "Int32"},
                                                                         {"torch.int8", "Int8"},
                                                                         {"torch.bool", "Bool"}}};

// The dump files are rewritten as text: a statistics dump may hold Infinity and NaN, which JSON parsers refuse.

// Every dump name in the text (a quoted string starting with a PyTorch prefix) in MindSpore's spelling.
std::string converted_names(std::string text) {
    for (const auto& [torch_prefix, ms_prefix] : kPrefixes) {
        text = py::replace_all(text, std::string("\"") + torch_prefix, std::string("\"") + ms_prefix);
    }
    return text;
}

std::string converted_dump(std::string text) {
    text = py::replace_all(text, "\"framework\": \"pytorch\"", "\"framework\": \"mindspore\"");
    text = py::replace_all(text, "\"type\": \"torch.Tensor\"", "\"type\": \"mindspore.Tensor\"");
    for (const auto& [torch_name, ms_name] : kDtypes) {
        text = py::replace_all(text, std::string("\"dtype\": \"") + torch_name + "\"",
                               std::string("\"dtype\": \"") + ms_name + "\"");
    }
    static const std::regex kPtFile(R"(("data_name": "[^"]*)\.pt")");
    text = std::regex_replace(text, kPtFile, "$1.npy\"");
    return converted_names(std::move(text));
}

// The tensor file MindSpore's dumper writes: .npy under the converted name, bfloat16 widened to float32.
void write_mindspore_tensor_file(const fs::path& pt_file, const SyntheticTensor& tensor) {
    const fs::path file = pt_file.parent_path() / mindspore_tensor_file_name(pt_file.filename().string());
    std::span<const float> values(tensor.values);
    write_npy(file, tensor::DType::Float32, tensor.shape, std::as_bytes(values));
}

}  // namespace

std::string mindspore_dump_name(const std::string& pytorch_name) {
    for (const auto& [torch_prefix, ms_prefix] : kPrefixes) {
        if (pytorch_name.starts_with(torch_prefix)) {
            return ms_prefix + pytorch_name.substr(std::string(torch_prefix).size());
        }
    }
    return pytorch_name;
}

std::string mindspore_dtype_name(const std::string& pytorch_dtype) {
    for (const auto& [torch_name, ms_name] : kDtypes) {
        if (pytorch_dtype == torch_name) return ms_name;
    }
    return pytorch_dtype;
}

std::string mindspore_tensor_file_name(const std::string& pt_file_name) {
    std::string name = mindspore_dump_name(pt_file_name);
    if (name.ends_with(".pt")) name.replace(name.size() - 3, 3, ".npy");
    return name;
}

void convert_rank_dir_to_mindspore(const fs::path& rank_dir) {
    for (const char* name : {"dump.json", "debug.json"}) {
        const fs::path file = rank_dir / name;
        if (fs::exists(file)) write_file(file, converted_dump(read_file_text(file)));
    }
    for (const char* name : {"stack.json", "construct.json"}) {
        const fs::path file = rank_dir / name;
        if (fs::exists(file)) write_file(file, converted_names(read_file_text(file)));
    }
}

GeneratedDumpPair generate_mindspore_dump_pair(DumpPairOptions options) {
    options.write_tensor_file = write_mindspore_tensor_file;
    GeneratedDumpPair pair = generate_dump_pair(options);
    for (const auto* dirs : {&pair.npu_rank_dirs, &pair.bench_rank_dirs}) {
        for (const auto& dir : *dirs) convert_rank_dir_to_mindspore(dir);
    }
    return pair;
}

}  // namespace msprobe::testing
