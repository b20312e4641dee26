#include "checkpoint_compare/megatron_checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string_view>
#include <utility>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_str.hpp"
#include "metrics/scalar_reference.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/strided.hpp"

namespace msprobe::checkpoint_compare {

namespace fs = std::filesystem;
using tensor::TorchObject;

namespace {

// msprobe's name_mapping.yaml, in its order: other implementations' names to Megatron-core's.
constexpr std::pair<std::string_view, std::string_view> kNameMapping[] = {
    {"self_attention.linear_qkv.layer_norm_", "input_layernorm."},
    {"language_model.", ""},
    {"encoder", "decoder"},
    {".input_norm.", ".input_layernorm."},
    {"query_key_value", "linear_qkv"},
    {".dense.", ".linear_proj."},
    {"post_attention_norm", "pre_mlp_layernorm"},
    {"dense_h_to_4h", "linear_fc1"},
    {"dense_4h_to_h", "linear_fc2"},
    {"mlp.local_experts", "mlp.experts.local_experts"},
    {"final_norm", "final_layernorm"},
    {"word_embeddings_for_head", "output_layer"},
};

// Both weight and bias are split along dim 0 across tensor-parallel ranks ...
constexpr std::string_view kColumnParallel[] = {"linear_qkv", "linear_fc1", "word_embeddings.weight",
                                                "output_layer.weight"};
// ... only the weight, along dim 1.
constexpr std::string_view kRowParallel[] = {"linear_fc2.weight", "linear_proj.weight"};

const std::regex& layer_pattern() {
    static const std::regex pattern(R"(layers\.(\d+)\.)");
    return pattern;
}

const std::regex& expert_pattern() {
    static const std::regex pattern(R"(experts\.(\d+)\.)");
    return pattern;
}

constexpr std::string_view kScopeSeparator = "/";  // between a name and its virtual pipeline stage

[[noreturn]] void fail(const fs::path& file, const std::string& reason) {
    throw Error(file.string(), reason, kExitComparisonFailed);
}

// Python's int() of a stripped text: an optional sign, digits, single underscores between them.
std::optional<std::int64_t> python_int(std::string_view text) {
    std::string digits;
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '_' && i > 0 && i + 1 < text.size() && text[i - 1] != '_') continue;
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        digits.push_back(text[i]);
    }
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return negative ? -value : value;
}

std::string python_strip(std::string_view text) {
    constexpr std::string_view kSpace = " \t\n\r\v\f";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(kSpace);
    return std::string(text.substr(first, last - first + 1));
}

std::int64_t parallel_size(const TorchObject& args, std::string_view name, const fs::path& file, bool may_be_none) {
    const TorchObject* value = args.find(name);
    if (value == nullptr) fail(file, fmt::format("the saved args have no {}", name));
    if (value->kind == TorchObject::Kind::None && may_be_none) return 0;
    if (value->kind != TorchObject::Kind::Int || (!may_be_none && value->number < 1)) {
        fail(file, fmt::format("the saved args.{} is not a positive int", name));
    }
    return value->number;
}

tensor::PtObject read_rank_file(const fs::path& file) {
    std::error_code error;
    if (!fs::is_regular_file(file, error)) fail(file, "the checkpoint file of this rank does not exist");
    try {
        return tensor::read_pt_object(file);
    } catch (const Error& unreadable) {
        throw Error(unreadable.file(), unreadable.reason(), kExitComparisonFailed);  // what the run found
    }
}

ParallelSizes read_parallel_sizes(const fs::path& iteration_dir) {
    std::vector<std::string> rank_dirs;
    std::error_code error;
    for (fs::directory_iterator it(iteration_dir, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (name.starts_with("mp_rank_")) rank_dirs.push_back(name);
    }
    if (error) fail(iteration_dir, "cannot list the folder: " + error.message());
    if (rank_dirs.empty()) fail(iteration_dir, "no checkpoint rank directories (mp_rank_*) found");
    std::sort(rank_dirs.begin(), rank_dirs.end());
    const fs::path first = iteration_dir / rank_dirs.front() / "model_optim_rng.pt";
    const tensor::PtObject checkpoint = read_rank_file(first);
    const TorchObject* args = checkpoint.root.find("args");
    if (args == nullptr || args->kind != TorchObject::Kind::Other) fail(first, "the checkpoint holds no saved args");
    ParallelSizes sizes;
    sizes.tensor = parallel_size(*args, "tensor_model_parallel_size", first, false);
    sizes.pipeline = parallel_size(*args, "pipeline_model_parallel_size", first, false);
    sizes.expert = parallel_size(*args, "expert_model_parallel_size", first, false);
    sizes.experts = parallel_size(*args, "num_experts", first, true);
    return sizes;
}

Weight float_weight(const tensor::TensorView& view) {
    Weight weight;
    weight.shape = view.shape;
    weight.values.reserve(static_cast<std::size_t>(view.numel()));
    tensor::for_each_element(view, [&](const std::byte* element) {
        weight.values.push_back(static_cast<float>(metrics::read_element_as_double(element, view.dtype)));
    });
    return weight;
}

using NamedWeights = std::vector<std::pair<std::string, Weight>>;

// msprobe's _get_parameter: nested dicts flattened to dotted names; entries that are neither a
// dict nor a tensor (extra states, None) are left out.
void collect_parameters(const TorchObject& dict, const std::string& prefix, const tensor::PtObject& checkpoint,
                        std::size_t depth, const fs::path& file, std::vector<std::pair<std::string, Weight>>& out) {
    constexpr std::size_t kMaxDepth = 100;
    if (depth > kMaxDepth) fail(file, "the model state is nested more than " + std::to_string(kMaxDepth) + " deep");
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
        const TorchObject& key = dict.items[i];
        const TorchObject& value = dict.items[i + 1];
        if (key.kind != TorchObject::Kind::String) fail(file, "the model state has a key that is not a string");
        std::string name = prefix.empty() ? key.text : prefix + "." + key.text;
        const auto first = name.find_first_not_of('.');
        name = first == std::string::npos ? std::string() : name.substr(first, name.find_last_not_of('.') - first + 1);
        if (value.kind == TorchObject::Kind::Dict) {
            collect_parameters(value, name, checkpoint, depth + 1, file, out);
        } else if (value.kind == TorchObject::Kind::Tensor) {
            out.emplace_back(std::move(name), float_weight(checkpoint.tensors[static_cast<std::size_t>(value.number)]));
        }
    }
}

// get_weights_from_state_dict: "model", or "model0", "model1", ... with virtual pipeline stages;
// each name gets "/<stage>".
NamedWeights rank_weights(const fs::path& file) {
    const tensor::PtObject checkpoint = read_rank_file(file);
    NamedWeights weights;
    const auto add_stage = [&](const TorchObject& model, int stage) {
        if (model.kind != TorchObject::Kind::Dict) fail(file, "the model state is not a dict");
        NamedWeights stage_weights;
        collect_parameters(model, "", checkpoint, 0, file, stage_weights);
        for (auto& [name, weight] : stage_weights) {
            weights.emplace_back(mcore_local_name(name) + std::string(kScopeSeparator) + std::to_string(stage),
                                 std::move(weight));
        }
    };
    if (const TorchObject* model = checkpoint.root.find("model")) {
        add_stage(*model, 0);
    } else {
        for (int stage = 0;; ++stage) {
            const TorchObject* chunk = checkpoint.root.find("model" + std::to_string(stage));
            if (chunk == nullptr) break;
            add_stage(*chunk, stage);
        }
    }
    return weights;
}

bool contains_any(std::string_view text, std::span<const std::string_view> parts) {
    return std::any_of(parts.begin(), parts.end(), [&](std::string_view part) { return py::contains(text, part); });
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> dims;
    for (const auto dim : shape) dims.push_back(std::to_string(dim));
    return "(" + fmt::format("{}", fmt::join(dims, ", ")) + (shape.size() == 1 ? ",)" : ")");
}

// np.concatenate of the shards along `axis` (0 or 1).
Weight concatenate(const std::vector<Weight>& shards, std::size_t axis, const std::string& name, const fs::path& dir) {
    const auto& first = shards.front().shape;
    if (first.size() <= axis) {
        fail(dir, fmt::format("the shards of {} have {} dimensions, cannot be joined along dimension {}", name,
                              first.size(), axis));
    }
    Weight joined;
    joined.shape = first;
    joined.shape[axis] = 0;
    for (const auto& shard : shards) {
        bool fits = shard.shape.size() == first.size();
        for (std::size_t d = 0; fits && d < first.size(); ++d) fits = d == axis || shard.shape[d] == first[d];
        if (!fits) {
            fail(dir, fmt::format("the shards of {} do not fit together: shapes {} and {}", name, shape_text(first),
                                  shape_text(shard.shape)));
        }
        joined.shape[axis] += shard.shape[axis];
    }
    std::size_t outer = 1;
    for (std::size_t d = 0; d < axis; ++d) outer *= static_cast<std::size_t>(first[d]);
    std::size_t inner = 1;
    for (std::size_t d = axis + 1; d < first.size(); ++d) inner *= static_cast<std::size_t>(first[d]);
    std::size_t total = 0;
    for (const auto& shard : shards) total += shard.values.size();
    joined.values.reserve(total);
    for (std::size_t row = 0; row < outer; ++row) {
        for (const auto& shard : shards) {
            const std::size_t block = static_cast<std::size_t>(shard.shape[axis]) * inner;
            const auto begin = shard.values.begin() + static_cast<std::ptrdiff_t>(row * block);
            joined.values.insert(joined.values.end(), begin, begin + static_cast<std::ptrdiff_t>(block));
        }
    }
    return joined;
}

// np.allclose with its defaults (rtol 1e-05, atol 1e-08, NaN unequal).
bool all_close(const Weight& a, const Weight& b) {
    if (a.shape != b.shape) return false;
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        const double x = a.values[i];
        const double y = b.values[i];
        if (x == y) continue;
        if (!(std::fabs(x - y) <= 1e-08 + 1e-05 * std::fabs(y))) return false;
    }
    return true;
}

// _consolidate_tp_weights, in the order the names first appeared.
NamedWeights join_tensor_parallel(std::vector<std::pair<std::string, std::vector<Weight>>> partition,
                                  const fs::path& dir) {
    NamedWeights joined;
    for (auto& [name, shards] : partition) {
        if (contains_any(name, kColumnParallel)) {
            joined.emplace_back(name, concatenate(shards, 0, name, dir));
        } else if (contains_any(name, kRowParallel)) {
            joined.emplace_back(name, concatenate(shards, 1, name, dir));
        } else {
            for (std::size_t i = 1; i < shards.size(); ++i) {
                if (!all_close(shards.front(), shards[i])) {
                    log::warning(fmt::format("Inconsistent values for {} across TP ranks", name));
                    break;
                }
            }
            joined.emplace_back(name, std::move(shards.front()));
        }
    }
    return joined;
}

std::int64_t layers_per_stage(const std::vector<std::pair<std::string, std::vector<Weight>>>& partition) {
    std::int64_t highest = -1;
    for (const auto& entry : partition) {
        std::smatch match;
        if (std::regex_search(entry.first, match, layer_pattern())) {
            highest = std::max(highest, python_int(match[1].str()).value_or(0));
        }
    }
    return highest < 0 ? 1 : highest + 1;
}

// _parse_real_layer_idx: the stage suffix taken off, a local layer number made global.
std::string global_layer_name(const std::string& name, std::int64_t per_stage, const ParallelSizes& sizes,
                              std::int64_t pipeline_rank, const fs::path& dir) {
    std::smatch match;
    const bool has_layer = std::regex_search(name, match, layer_pattern());
    const auto parts = py::split(name, kScopeSeparator.front());
    if (parts.size() != 2) fail(dir, fmt::format("parameter name {} holds a '/' of its own", name));
    const std::string base(parts[0]);
    if (!has_layer) return base;
    const std::int64_t local = python_int(match[1].str()).value_or(0);
    const std::int64_t stage = python_int(parts[1]).value_or(0);
    const std::int64_t global = local + (sizes.pipeline * stage + pipeline_rank) * per_stage;
    return py::replace_all(base, fmt::format("layers.{}", local), fmt::format("layers.{}", global));
}

std::string global_expert_name(const std::string& name, std::int64_t per_rank, std::int64_t expert_rank) {
    std::smatch match;
    if (!std::regex_search(name, match, expert_pattern())) return name;
    const std::int64_t local = python_int(match[1].str()).value_or(0);
    return py::replace_all(name, fmt::format("experts.{}", local),
                           fmt::format("experts.{}", local + expert_rank * per_rank));
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace

std::string mcore_local_name(std::string name) {
    for (const auto& [other, mcore] : kNameMapping) name = py::replace_all(name, other, mcore);
    return name;
}

fs::path megatron_iteration_dir(const fs::path& checkpoint) {
    fs::path dir = checkpoint;
    std::optional<std::int64_t> iteration;
    const fs::path tracker = checkpoint / "latest_checkpointed_iteration.txt";
    std::error_code error;
    if (fs::exists(tracker, error)) {
        std::ifstream in(tracker);
        std::stringstream text;
        text << in.rdbuf();
        if (!in) fail(tracker, "cannot read the file");
        const std::string latest = python_strip(text.str());
        if (latest == "release") {
            dir = checkpoint / "release";  // Megatron saves a release checkpoint there
        } else {
            iteration = python_int(latest);
            if (!iteration) {
                fail(tracker, fmt::format("the latest_checkpointed_iteration is supposed to be `release` or an int, "
                                          "but {} is found",
                                          latest.substr(0, 64)));
            }
            dir = checkpoint / fmt::format("iter_{:07d}", *iteration);
        }
    } else {
        static const std::regex iter_dir(R"(iter_(\d{7}))");
        std::smatch match;
        const std::string text = checkpoint.string();
        if (std::regex_search(text, match, iter_dir)) iteration = python_int(match[1].str());
    }
    log::info(iteration ? fmt::format("Loaded checkpoint from iteration {}", *iteration)
                        : std::string("Loaded checkpoint from iteration None"));
    if (!fs::is_directory(dir, error)) fail(dir, "checkpoint directory not found");
    return dir;
}

std::string megatron_rank_dir(std::int64_t tensor_rank, std::int64_t pipeline_rank, std::int64_t expert_rank,
                              const ParallelSizes& sizes) {
    std::string dir = sizes.pipeline > 1 ? fmt::format("mp_rank_{:02d}_{:03d}", tensor_rank, pipeline_rank)
                                         : fmt::format("mp_rank_{:02d}", tensor_rank);
    if (sizes.expert > 1) dir += fmt::format("_{:03d}", expert_rank);
    return dir;
}

Weights load_megatron_weights(const fs::path& checkpoint) {
    const fs::path dir = megatron_iteration_dir(checkpoint);
    const ParallelSizes sizes = read_parallel_sizes(dir);
    Weights combined;
    for (std::int64_t expert_rank = 0; expert_rank < sizes.expert; ++expert_rank) {
        std::int64_t per_stage = 0;
        for (std::int64_t pipeline_rank = 0; pipeline_rank < sizes.pipeline; ++pipeline_rank) {
            std::vector<std::pair<std::string, std::vector<Weight>>> partition;
            std::map<std::string, std::size_t> position;
            for (std::int64_t tensor_rank = 0; tensor_rank < sizes.tensor; ++tensor_rank) {
                const fs::path file =
                    dir / megatron_rank_dir(tensor_rank, pipeline_rank, expert_rank, sizes) / "model_optim_rng.pt";
                for (auto& [name, weight] : rank_weights(file)) {
                    const auto [it, added] = position.emplace(name, partition.size());
                    if (added) partition.emplace_back(name, std::vector<Weight>{});
                    partition[it->second].second.push_back(std::move(weight));
                }
            }
            if (partition.empty()) fail(dir, "no model state loaded (no 'model' or 'model0' in the rank files)");
            if (per_stage == 0) per_stage = layers_per_stage(partition);
            for (auto& [name, weight] : join_tensor_parallel(std::move(partition), dir)) {
                std::string global = global_layer_name(name, per_stage, sizes, pipeline_rank, dir);
                if (sizes.experts != 0) {
                    global = global_expert_name(global, floor_div(sizes.experts, sizes.expert), expert_rank);
                }
                combined[global] = std::move(weight);
            }
        }
    }
    log::info(fmt::format("Found {} total parameters across all ranks", combined.size()));
    return combined;
}

}  // namespace msprobe::checkpoint_compare
