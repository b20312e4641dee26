#include "kernel_dump_compare/dump_folder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <regex>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "tensor/bin_dump_name.hpp"

namespace msprobe::kernel_dump_compare {

namespace fs = std::filesystem;

namespace {

// cmp_utils/reg_manager.py. The Offline pattern is anchored at the start only, as msaccucmp matches it.
const std::regex& offline_pattern() {
    static const std::regex re(
        R"(^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[0-9]+(\.[0-9]+)?\.[0-9]{1,255}(\.[0-9]+\.[0-9]+\.[0-9]+)?(\.[0-9]+)?)");
    return re;
}

struct KindGrammar {
    DumpKind kind;
    std::string suffix;
    std::regex pattern;
    std::string grammar;  // ConstManager.*_FILE_NAME, quoted by the warning
};

const std::vector<KindGrammar>& golden_grammars() {
    static const std::vector<KindGrammar> grammars = {
        {DumpKind::Numpy, ".npy", std::regex(R"(^([\.A-Za-z0-9_-]+\.[0-9]+)\.[0-9]{1,255}\.npy$)"),
         "{op_name}.{output_index}.{timestamp}.npy"},
        {DumpKind::Standard, ".pb", std::regex(R"(^([A-Za-z0-9_-]+\.[0-9]+)\.[0-9]{1,255}\.pb$)"),
         "{op_name}.{output_index}.{timestamp}.pb"},
        {DumpKind::Quant, ".quant", std::regex(R"(^([A-Za-z0-9_-]+\.[0-9]+)\.[0-9]{1,255}\.quant$)"),
         "{op_name}.{output_index}.{timestamp}.quant"},
    };
    return grammars;
}

constexpr const char* kOfflineGrammar =
    "{op_type}.{op_name}.{task_id}.{stream_id}.{timestamp} or {op_type}.{op_name}.{task_id}.{timestamp}";

bool ends_with(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A field all_digits() accepted, as a number.
std::uint64_t number(std::string_view digits) {
    std::uint64_t value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return value;
}

// dump.py handle_op_name: how an FFTS+ manual slice or a subgraph prefix shows in an op name.
std::string handled_op_name(std::string name, bool fusion_rule_given) {
    if (fusion_rule_given && name.find("_lxslice") != std::string::npos) return without_slice_marks(name);
    if (name.find("_lxslice") == std::string::npos && name.find("_sgt_graph") == std::string::npos) return name;
    if (name.find("_lxslice") != std::string::npos) {
        static const std::regex slice("lxslice[0-9]+");
        std::smatch first;
        if (std::regex_search(name, first, slice) &&
            static_cast<std::size_t>(first.position(0) + first.length(0)) == name.size() && first.position(0) > 0) {
            name = name.substr(0, static_cast<std::size_t>(first.position(0)) - 1);
        }
    }
    if (name.find("_sgt_graph") != std::string::npos) {
        static const std::regex sgt("sgt_graph_[0-9]+");
        std::size_t end = std::string::npos;
        for (std::sregex_iterator it(name.begin(), name.end(), sgt), last; it != last; ++it) {
            end = static_cast<std::size_t>(it->position(0) + it->length(0));
        }
        if (end != std::string::npos && end != name.size()) name = name.substr(std::min(end + 1, name.size()));
    }
    return name;
}

// ConstManager.QUANT_OP_NANE_SUFFIX_LIST + DEQUANT_OP_NANE_SUFFIX_LIST: any of them marks a quantized model.
bool names_quant_op(const std::string& op_name) {
    static const std::vector<std::string> marks = {
        "_quant_layer",  "_anti_quant_layer", "AscendQuant",    "AscendWeightQuant", "AntiQuant", "_quant",
        "_weight_quant", "_anti_quant",       "_dequant_layer", "AscendDequant",     "_dequant"};
    return std::any_of(marks.begin(), marks.end(),
                       [&](const std::string& m) { return op_name.find(m) != std::string::npos; });
}

}  // namespace

std::uint64_t ffts_timestamp(const std::string& name) {
    const auto fields = py::split_dots(name);
    if (fields.size() <= 4 || fields[4].size() != 16 || !all_digits(fields[4])) return 0;
    return number(fields[4]);
}

std::string without_slice_marks(const std::string& name) {
    static const std::regex slice("_lxslice[0-9]+");
    return std::regex_replace(name, slice, "");
}

std::uint64_t file_timestamp(const std::string& name) {
    const auto parts = py::split_dots(name);
    const bool golden = ends_with(name, ".pb") || ends_with(name, ".npy") || ends_with(name, ".quant");
    const std::string_view field = golden ? (parts.size() > 2 ? parts[2] : parts.back()) : parts.back();
    if (field.size() != 16 || !all_digits(field)) return 0;
    return number(field);
}

std::string op_type_of_file(const std::string& name) {
    std::string replaced = name;
    std::replace(replaced.begin(), replaced.end(), '*', '0');
    if (!std::regex_search(replaced, offline_pattern(), std::regex_constants::match_continuous)) return "NaN";
    return replaced.substr(0, replaced.find('.'));
}

DumpFolder::DumpFolder(const fs::path& folder, bool fusion_rule_given) : path_(folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) throw Error(folder.string(), "is not a directory");
    std::vector<std::string> mapping_warnings;
    const std::map<std::string, std::string> mapping = tensor::read_dump_mapping(folder, mapping_warnings);
    for (const auto& w : mapping_warnings) warnings_.push_back(w);

    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name == "mapping.csv" || name == "convert_failed_file_list.txt") continue;
        if (entry.is_regular_file(ec)) files.push_back(entry.path());
    }
    if (ec) throw Error(folder.string(), "cannot be listed: " + ec.message());
    std::sort(files.begin(), files.end());

    std::optional<DumpKind> kind;
    for (const auto& file : files) {
        std::string item = file.filename().string();
        if (ends_with(item, ".npy")) holds_npy_ = true;
        const std::string stem = ends_with(item, ".npy") ? item.substr(0, item.size() - 4) : item;
        if (all_digits(item) || (all_digits(stem) && ends_with(item, ".npy"))) {
            const auto it = mapping.find(item);
            if (it == mapping.end()) {
                warnings_.push_back(fmt::format("The file name \"{}\" in the file \"{}\" is not exist.", item,
                                                (folder / "mapping.csv").string()));
                continue;
            }
            item = it->second;
        }
        std::string key;
        DumpKind file_kind = DumpKind::Offline;
        bool matched = false;
        for (const auto& g : golden_grammars()) {
            if (!ends_with(item, g.suffix)) continue;
            std::smatch m;
            if (std::regex_match(item, m, g.pattern)) {
                key = m[1].str();
                matched = true;
            } else {
                warnings_.push_back(fmt::format("The file name \"{}\" in the path \"{}\"is invalid, only supports {}",
                                                item, folder.string(), g.grammar));
            }
            file_kind = g.kind;
            break;
        }
        if (key.empty() && !ends_with(item, ".npy") && !ends_with(item, ".pb") && !ends_with(item, ".quant")) {
            std::smatch m;
            if (std::regex_search(item, m, offline_pattern(), std::regex_constants::match_continuous)) {
                key = m[1].str();
                matched = true;
            } else {
                warnings_.push_back(fmt::format("The file name \"{}\" in the path \"{}\"is invalid, only supports {}",
                                                item, folder.string(), kOfflineGrammar));
            }
        }
        if (!matched) continue;
        key = handled_op_name(key, fusion_rule_given);
        if (key.find("_lxslice") != std::string::npos) continue;

        // dump.py _check_task_type
        TaskMode mode = TaskMode::Normal;
        if (!ends_with(item, ".npy")) {
            const auto fields = py::split_dots(item);
            if (fields.size() > 5) {
                const std::string_view task_type = fields[fields.size() - 4];
                if (task_type.size() != 1 || task_type[0] < '0' || task_type[0] > '4') {
                    throw Error(file.string(), fmt::format("the task type '{}' of the file name is none of 0 "
                                                           "(AICORE) to 4 (FFTSPLUS)",
                                                           task_type));
                }
                if (task_type == "4") {
                    mode = item.find("_lxslice") != std::string::npos ? TaskMode::FftsManual : TaskMode::FftsAutomatic;
                }
            }
        }
        if (file_kind == DumpKind::Offline || file_kind == DumpKind::Numpy) {
            if (names_quant_op(key)) quantized_ = true;
        }
        if (!kind) {
            kind = file_kind;
        } else if (*kind != file_kind) {
            throw Error(folder.string(),
                        fmt::format("Not all files in the path are of the same type, such as \"{}\".", item));
        }
        auto [it, added] = index_.emplace(key, ops_.size());
        if (added) ops_.push_back({key, OpFiles{}});
        OpFiles& op = ops_[it->second].second;
        op.mode = mode;
        op.files.push_back({file, item});
    }
    if (!kind) throw Error(folder.string(), "No valid dump files in the path.");
    kind_ = *kind;
    if (kind_ == DumpKind::Numpy) kind_ = quantized_ ? DumpKind::Quant : DumpKind::Standard;
    for (auto& entry : ops_) {
        // dump_utils.sort_dump_file_list: by time stamp (stable), FFTS+ slices then by thread or slice number.
        OpFiles& op = entry.second;
        const auto by = [&](auto key) {
            std::stable_sort(op.files.begin(), op.files.end(),
                             [&](const DumpFile& a, const DumpFile& b) { return key(a.name) < key(b.name); });
        };
        if (op.mode == TaskMode::Normal) {
            by(file_timestamp);
            continue;
        }
        by(ffts_timestamp);
        if (op.mode == TaskMode::FftsAutomatic) {
            by([](const std::string& name) {
                const auto fields = py::split_dots(name);
                return fields.size() >= 2 && all_digits(fields[fields.size() - 2])
                           ? number(fields[fields.size() - 2])
                           : 2ULL;  // INVALID_THREAD_ID
            });
        } else {
            by([](const std::string& name) {
                const auto fields = py::split_dots(name);
                const char last = fields.size() > 1 && !fields[1].empty() ? fields[1].back() : 'x';
                return last >= '0' && last <= '9' ? static_cast<unsigned long long>(last - '0')
                                                  : 3ULL;  // INVALID_SLICE_X
            });
        }
    }
}

const OpFiles* DumpFolder::find(const std::string& op_name, std::optional<std::size_t> output_index) const {
    std::string key = op_name;
    std::replace(key.begin(), key.end(), '/', '_');
    std::replace(key.begin(), key.end(), '.', '_');
    if (output_index) key += fmt::format(".{}", *output_index);
    const auto it = index_.find(key);
    if (it == index_.end() || ops_[it->second].second.files.empty()) return nullptr;
    return &ops_[it->second].second;
}

std::string DumpFolder::data_info() const {
    std::string info = "side is dump data of the ";
    const std::string prefix = quantized_ ? "quantized" : "unquantized";
    switch (kind_) {
        case DumpKind::Offline: info += prefix + " model executed on the AI processor"; break;
        case DumpKind::Standard: info += "unquantized original model"; break;
        case DumpKind::Quant: info += "quantized original model"; break;
        case DumpKind::Numpy: break;
    }
    return info;
}

}  // namespace msprobe::kernel_dump_compare
