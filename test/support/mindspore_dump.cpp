#include "support/mindspore_dump.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <fstream>
#include <span>
#include <utility>

#include "support/file_text.hpp"
#include "support/tensor_writers.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

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

std::string npy_file_name(const std::string& pt_name) {
    std::string name = mindspore_dump_name(pt_name);
    if (name.ends_with(".pt")) name.replace(name.size() - 3, 3, ".npy");
    return name;
}

// Every value of a dump entry: tensor leaves get MindSpore's type, dtype and file name.
void convert_value(Json& value) {
    if (value.is_array()) {
        for (auto& item : value) convert_value(item);
        return;
    }
    if (!value.is_object()) return;
    for (auto& [key, item] : value.items()) {
        if (key == "type" && item == "torch.Tensor") {
            item = "mindspore.Tensor";
        } else if (key == "dtype" && item.is_string()) {
            for (const auto& [torch_name, ms_name] : kDtypes) {
                if (item == torch_name) item = ms_name;
            }
        } else if (key == "data_name" && item.is_string()) {
            item = npy_file_name(item.get<std::string>());
        } else {
            convert_value(item);
        }
    }
}

Json read_json(const fs::path& file) { return Json::parse(read_file_text(file)); }

void write_json(const fs::path& file, const Json& json) { write_file(file, json.dump(1) + "\n"); }

// A stack.json in either layout: {name: [lines]} or {"0": [[names], [lines]]}.
Json converted_stack(const Json& stack) {
    Json out = Json::object();
    for (const auto& [key, value] : stack.items()) {
        if (value.is_array() && value.size() == 2 && value[0].is_array()) {
            Json group = value;
            for (auto& name : group[0]) name = mindspore_dump_name(name.get<std::string>());
            out[key] = group;
        } else {
            out[mindspore_dump_name(key)] = value;
        }
    }
    return out;
}

Json converted_construct(const Json& construct) {
    Json out = Json::object();
    for (const auto& [key, parent] : construct.items()) {
        out[mindspore_dump_name(key)] = parent.is_string() ? Json(mindspore_dump_name(parent.get<std::string>()))
                                                           : parent;
    }
    return out;
}

// The tensor file MindSpore's dumper writes: .npy under the converted name, bfloat16 widened to float32.
void write_mindspore_tensor_file(const fs::path& pt_file, const SyntheticTensor& tensor) {
    const fs::path file = pt_file.parent_path() / npy_file_name(pt_file.filename().string());
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

void convert_rank_dir_to_mindspore(const fs::path& rank_dir) {
    for (const char* name : {"dump.json", "debug.json"}) {
        const fs::path file = rank_dir / name;
        if (!fs::exists(file)) continue;
        Json dump = read_json(file);
        dump["framework"] = "mindspore";
        Json data = Json::object();
        for (auto& [key, entry] : dump["data"].items()) {
            convert_value(entry);
            data[mindspore_dump_name(key)] = entry;
        }
        dump["data"] = data;
        write_json(file, dump);
    }
    if (fs::exists(rank_dir / "stack.json")) {
        write_json(rank_dir / "stack.json", converted_stack(read_json(rank_dir / "stack.json")));
    }
    if (fs::exists(rank_dir / "construct.json")) {
        write_json(rank_dir / "construct.json", converted_construct(read_json(rank_dir / "construct.json")));
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
