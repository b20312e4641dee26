#include "mapping/training_inference_keys.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <regex>
#include <unordered_map>
#include <utility>

#include "common/log.hpp"
#include "common/python_str.hpp"

namespace msprobe::mapping {

namespace {

using Pair = std::pair<std::string_view, std::string_view>;

// Module names of the training side and the inference name they stand for.
constexpr std::array<Pair, 5> kFsdpModules = {{{"q_proj", "qkv_proj"},
                                               {"k_proj", "qkv_proj"},
                                               {"v_proj", "qkv_proj"},
                                               {"gate_proj", "gate_up_proj"},
                                               {"up_proj", "gate_up_proj"}}};
constexpr std::array<Pair, 10> kMegatronModules = {{{"word_embeddings", "embed_tokens"},
                                                    {"self_attention", "self_attn"},
                                                    {"linear_qkv", "qkv_proj"},
                                                    {"q_layernorm", "q_norm"},
                                                    {"k_layernorm", "k_norm"},
                                                    {"core_attention", "attn"},
                                                    {"linear_proj", "o_proj"},
                                                    {"router", "gate"},
                                                    {"linear_fc1", "gate_up_proj"},
                                                    {"linear_fc2", "down_proj"}}};

enum class Direction { Forward, Backward, ParametersGrad };

// An entry name taken apart as msprobe does: the name without its call number and
// direction, and the two of them ("forward.0", "0.forward", "parameters_grad").
struct EntryParts {
    std::string module_path;
    std::string call_direction;
    Direction direction = Direction::Forward;
};

std::string joined(const std::vector<std::string_view>& parts, std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) {
        if (i) out += '.';
        out += parts[i];
    }
    return out;
}

// Nothing when the name holds no direction, or nothing before it.
std::optional<EntryParts> entry_parts(std::string_view name) {
    const auto parts = py::split_dots(name);
    const std::string_view last = parts.back();
    const std::string_view second_last = parts.size() >= 2 ? parts[parts.size() - 2] : std::string_view();
    EntryParts out;
    if (last == "parameters_grad" || second_last == "parameters_grad") {
        out = {parts.size() > 1 ? joined(parts, parts.size() - 1) : "", "parameters_grad", Direction::ParametersGrad};
    } else if (last == "forward" || second_last == "forward" || last == "backward" || second_last == "backward") {
        const bool forward = last == "forward" || second_last == "forward";
        out = {parts.size() > 2 ? joined(parts, parts.size() - 2) : "", fmt::format("{}.{}", second_last, last),
               forward ? Direction::Forward : Direction::Backward};
    } else {
        return std::nullopt;
    }
    if (out.module_path.empty()) return std::nullopt;
    return out;
}

bool all_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// The forward call number(s) of `call_direction` replaced by `order`.
std::string renumbered(const std::string& call_direction, std::size_t order) {
    const auto dot = call_direction.rfind('.');
    if (dot == std::string::npos) return call_direction;
    std::string head = call_direction.substr(0, dot), tail = call_direction.substr(dot + 1);
    if (all_digits(head)) head = std::to_string(order);
    if (all_digits(tail)) tail = std::to_string(order);
    return head + "." + tail;
}

std::int64_t layer_number(const std::string& module_path) {
    static const std::regex kLayer(R"(layers\.(\d+))");
    std::smatch match;
    if (!std::regex_search(module_path, match, kLayer)) return -1;
    std::int64_t layer = -1;
    const std::string digits = match[1].str();
    std::from_chars(digits.data(), digits.data() + digits.size(), layer);
    return layer;
}

std::string without_prefix(const std::string& text, const std::regex& prefix) {
    return std::regex_replace(text, prefix, "", std::regex_constants::format_first_only);
}

// "module.Class" of a training entry: what follows the decoder layer (Megatron)
// or the innermost FSDP wrapper, outside the layers without the model's wrappers.
std::string training_module_class(const std::string& module_path, TrainingBackend backend) {
    static const std::regex kFsdpWrapper("_fsdp_wrapped_module.");
    static const std::regex kUpToLayer(R"(^.*layers\.\d+\.)");
    static const std::regex kWrappers(R"(^.*module.module\.)");
    std::string rest;
    if (backend == TrainingBackend::Fsdp) {
        std::size_t after_last = 0;
        for (std::sregex_iterator it(module_path.begin(), module_path.end(), kFsdpWrapper), end; it != end; ++it) {
            after_last = static_cast<std::size_t>(it->position() + it->length());
        }
        rest = module_path.substr(after_last);
    } else {
        rest = without_prefix(module_path, kUpToLayer);
    }
    return without_prefix(rest, kWrappers);
}

std::string inference_module_class(const std::string& module_path) {
    static const std::regex kUpToLayer(R"(^.*layers\.\d+\.)");
    static const std::regex kModel(R"(^Module.model\.)");
    return without_prefix(without_prefix(module_path, kUpToLayer), kModel);
}

// The module part of "module.Class" ("" when there is no dot).
std::string module_of(const std::string& module_class) {
    const auto dot = module_class.rfind('.');
    return dot == std::string::npos ? std::string() : module_class.substr(0, dot);
}

// One kept entry: its parts and module, and the rows it owns.
struct KeptEntry {
    std::size_t api_index;
    EntryParts parts;
    std::string module;
};

// The module names of one side mapped: all but the first dotted part looked up in the
// table. msprobe maps nothing when no module of the side has a dot.
void map_modules(std::vector<KeptEntry>& entries, TrainingBackend backend, const dump::DumpFile& dump) {
    std::vector<std::size_t> rows_of(dump.api_names.size(), 0);
    for (const auto& row : dump.rows) ++rows_of[row.api_index];
    bool any_dotted = false;
    for (const auto& e : entries) {
        any_dotted = any_dotted || (rows_of[e.api_index] > 0 && e.module.find('.') != std::string::npos);
    }
    if (!any_dotted) return;
    for (auto& e : entries) {
        const auto dot = e.module.find('.');
        const std::string last = dot == std::string::npos ? e.module : e.module.substr(dot + 1);
        e.module = std::string(mapped_module_name(backend, last));
    }
}

KeyedRows keyed_rows(const dump::DumpFile& dump, const std::vector<KeptEntry>& entries) {
    std::vector<const KeptEntry*> entry_of(dump.api_names.size(), nullptr);
    for (const auto& e : entries) entry_of[e.api_index] = &e;
    KeyedRows out;
    for (std::size_t r = 0; r < dump.rows.size(); ++r) {
        const auto& row = dump.rows[r];
        const KeptEntry* e = entry_of[row.api_index];
        if (e == nullptr) continue;
        out.rows.push_back(r);
        out.keys.push_back({e->parts.call_direction, py::replace_all(row.name, dump.api_names[row.api_index], ""),
                            layer_number(e->parts.module_path), e->module});
    }
    return out;
}

}  // namespace

std::string_view mapped_module_name(TrainingBackend backend, std::string_view module) {
    const auto lookup = [module](const auto& table) -> std::string_view {
        for (const auto& [from, to] : table) {
            if (from == module) return to;
        }
        return module;
    };
    return backend == TrainingBackend::Fsdp ? lookup(kFsdpModules) : lookup(kMegatronModules);
}

KeyedRows training_row_keys(const dump::DumpFile& training, const TrainingKeyOptions& options) {
    // The model class whose backward ends a forward pass, and the embedding class whose forward starts one.
    static const std::array<std::string_view, 3> kFsdpModels = {"Qwen2Model", "Qwen3Model", "Qwen3MoeModel"};
    const bool fsdp = options.backend == TrainingBackend::Fsdp;
    const std::string_view resumes_in = fsdp ? "Embedding" : "VocabParallelEmbedding";
    std::vector<KeptEntry> entries;
    std::unordered_map<std::string, std::size_t> forward_calls;
    bool reading = true;
    for (std::size_t a = 0; a < training.api_names.size(); ++a) {
        const std::string& name = training.api_names[a];
        const auto parts = py::split_dots(name);
        if (parts.size() < 3) {
            log::error(
                fmt::format("Length of op name in dump.json is not as expected. The division should be no "
                            "less than 3. Op_name is {}. Please check.",
                            name));
            if (options.strict_compat) reading = false;
            continue;
        }
        const std::string_view module_class = parts[parts.size() - 3];
        const std::string_view direction = parts[parts.size() - 2];
        const bool model = fsdp ? std::find(kFsdpModels.begin(), kFsdpModels.end(), module_class) != kFsdpModels.end()
                                : module_class == "GPTModel";
        // msprobe tests the class name as a substring of the embedding's class name.
        if (model && direction == "backward") {
            reading = false;
        } else if (resumes_in.find(module_class) != std::string_view::npos && direction == "forward") {
            reading = true;
        }
        if (!reading) continue;
        auto entry = entry_parts(name);
        if (!entry) continue;
        if (entry->direction == Direction::Forward) {
            const std::size_t order = forward_calls[entry->module_path]++;
            entry->call_direction = renumbered(entry->call_direction, order);
        }
        std::string module = module_of(training_module_class(entry->module_path, options.backend));
        entries.push_back({a, std::move(*entry), std::move(module)});
    }
    map_modules(entries, options.backend, training);
    return keyed_rows(training, entries);
}

KeyedRows inference_row_keys(const dump::DumpFile& inference, TrainingBackend backend) {
    std::vector<KeptEntry> entries;
    for (std::size_t a = 0; a < inference.api_names.size(); ++a) {
        auto entry = entry_parts(inference.api_names[a]);
        if (!entry) continue;
        std::string module = module_of(inference_module_class(entry->module_path));
        entries.push_back({a, std::move(*entry), std::move(module)});
    }
    if (backend == TrainingBackend::Fsdp) {
        // FSDP's inference names are compared by their last module part, unmapped.
        for (auto& e : entries) {
            const auto dot = e.module.rfind('.');
            if (dot != std::string::npos) e.module = e.module.substr(dot + 1);
        }
    } else {
        map_modules(entries, backend, inference);
    }
    return keyed_rows(inference, entries);
}

}  // namespace msprobe::mapping
