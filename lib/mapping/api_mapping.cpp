#include "mapping/api_mapping.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "common/error.hpp"
#include "common/log.hpp"
#include "mapping/builtin_api_table.hpp"
#include "common/python_str.hpp"
#include "mapping/yaml_file.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

std::string api_name_of(std::string_view row_name, const std::string& file) {
    const std::size_t first = row_name.find('.');
    if (first == std::string_view::npos) {
        throw Error(file, fmt::format("row '{}': failed to retrieve API name, please check if the dump data is "
                                      "reasonable",
                                      row_name));
    }
    const std::size_t second = row_name.find('.', first + 1);
    return std::string(row_name.substr(0, second));
}

std::string builtin_api_key(const std::string& row_name, const std::string& file) {
    const std::string api = api_name_of(row_name, file);
    const std::string_view prefix = std::string_view(api).substr(0, api.find('.'));
    if (prefix == "Mint") return py::replace_all(row_name, "Mint", "Torch");
    if (prefix == "MintFunctional") return py::replace_all(row_name, "MintFunctional", "Functional");
    const auto& table = builtin_api_table();
    if (auto it = table.find(api); it != table.end()) return py::replace_all(row_name, api, it->second);
    return row_name;
}

bool ApiMappingRecord::lengths_agree() const {
    return ms_args.size() == pt_args.size() && ms_outputs.size() == pt_outputs.size() &&
           ms_parameters.size() == pt_parameters.size() && ms_parameters_grad.size() == pt_parameters_grad.size();
}

namespace {

std::vector<std::string> position_list(const YAML::Node& record, const char* key, const fs::path& path) {
    std::vector<std::string> out;
    const YAML::Node list = record[key];
    if (!list || list.IsNull()) return out;  // msprobe crashes on an explicit null; treat it as empty
    if (!list.IsSequence()) throw Error(path.string(), fmt::format("'{}' must be a list of positions", key));
    for (const auto& item : list) out.push_back(scalar_text(item, path, key));
    return out;
}

ApiMappingRecord read_record(const YAML::Node& node, const fs::path& path) {
    if (!node.IsMap()) throw Error(path.string(), "expected API mapping records (ms_api, pt_api, ms_args, ...)");
    ApiMappingRecord record;
    for (const char* key : {"ms_api", "pt_api"}) {
        if (!node[key] || node[key].IsNull()) throw Error(path.string(), fmt::format("a record has no '{}'", key));
    }
    record.ms_api = scalar_text(node["ms_api"], path, "ms_api");
    record.pt_api = scalar_text(node["pt_api"], path, "pt_api");
    record.ms_args = position_list(node, "ms_args", path);
    record.pt_args = position_list(node, "pt_args", path);
    auto outputs = [&](const char* plural, const char* singular) {
        return node[plural] ? position_list(node, plural, path) : position_list(node, singular, path);
    };
    record.ms_outputs = outputs("ms_outputs", "ms_output");
    record.pt_outputs = outputs("pt_outputs", "pt_output");
    record.ms_parameters = position_list(node, "ms_parameters", path);
    record.pt_parameters = position_list(node, "pt_parameters", path);
    record.ms_parameters_grad = position_list(node, "ms_parameters_grad", path);
    record.pt_parameters_grad = position_list(node, "pt_parameters_grad", path);
    return record;
}

std::unordered_map<std::string, std::vector<std::size_t>> rows_by_api(const dump::DumpFile& dump) {
    std::unordered_map<std::string, std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < dump.rows.size(); ++i) out[api_name_of(dump.rows[i].name, dump.path)].push_back(i);
    return out;
}

}  // namespace

std::vector<ApiMappingRecord> load_api_mapping(const fs::path& path) {
    const YAML::Node doc = load_yaml_file(path);
    std::vector<ApiMappingRecord> records;
    if (doc.IsNull()) return records;
    if (doc.IsMap()) {
        records.push_back(read_record(doc, path));
    } else if (doc.IsSequence()) {
        for (const auto& node : doc) records.push_back(read_record(node, path));
    } else {
        throw Error(path.string(), "expected a list of API mapping records");
    }
    return records;
}

void apply_user_api_mapping(const std::vector<ApiMappingRecord>& records, const dump::DumpFile& npu,
                            const dump::DumpFile& bench, std::vector<std::string>& npu_keys) {
    if (records.empty()) return;
    const auto npu_apis = rows_by_api(npu);
    const auto bench_apis = rows_by_api(bench);
    for (const auto& record : records) {
        if (!record.lengths_agree()) {
            log::warning("The user-defined mapping table is incorrect, make sure that the number of parameters is "
                         "equal");
            continue;
        }
        const auto rows = npu_apis.find(record.ms_api);
        if (rows == npu_apis.end() || !bench_apis.contains(record.pt_api)) continue;
        for (std::size_t index : rows->second) {
            const auto& row = npu.rows[index];
            const std::string renamed = py::replace_first(row.name, record.ms_api, record.pt_api);
            const std::string origin = py::replace_first(npu.api_names[row.api_index], record.ms_api, record.pt_api);
            const std::vector<std::string>* ms = nullptr;
            const std::vector<std::string>* pt = nullptr;
            std::string_view infix;
            switch (row.state) {
                case dump::RowState::Input: infix = ".input.", ms = &record.ms_args, pt = &record.pt_args; break;
                case dump::RowState::Output:
                    infix = ".output.", ms = &record.ms_outputs, pt = &record.pt_outputs;
                    break;
                case dump::RowState::Parameters:
                    infix = ".parameters.", ms = &record.ms_parameters, pt = &record.pt_parameters;
                    break;
                case dump::RowState::ParametersGrad:
                    infix = ".parameters_grad.", ms = &record.ms_parameters_grad, pt = &record.pt_parameters_grad;
                    break;
                case dump::RowState::Debug:
                    throw Error(npu.path, fmt::format("Excepted op_name: {} (a user API mapping cannot place "
                                                      "debug rows)",
                                                      renamed));
            }
            const std::string prefix = origin + std::string(infix);
            const std::string_view rest = renamed.rfind(prefix, 0) == 0
                                              ? std::string_view(renamed).substr(prefix.size())
                                              : std::string_view(renamed);
            std::string key = renamed + "abandoned";
            for (std::size_t i = 0; i < ms->size(); ++i) {
                if ((*ms)[i] != rest) continue;  // the last listed duplicate wins, as in msprobe
                key = py::replace_all(renamed, std::string(infix) + (*ms)[i], std::string(infix) + (*pt)[i]);
            }
            npu_keys[index] = std::move(key);
        }
    }
}

}  // namespace msprobe::mapping
