#include "support/dump_generator.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>

#include "common/error.hpp"
#include "support/dump_structure_writers.hpp"
#include "support/synthetic_model.hpp"
#include "support/synthetic_ops.hpp"
#include "support/tensor_writers.hpp"

namespace msprobe::testing {

NpuDifferences NpuDifferences::none() {
    NpuDifferences none;
    none.requires_grad_mismatch_at = -1;
    none.bench_only_api_at = -1;
    none.perturbation_from = -1;
    none.bfloat16_from = -1;
    none.npu_only_api_at = -1;
    none.inf_statistic_at = -1;
    return none;
}

// msprobe saves a detached contiguous copy: requires_grad is false in the file.
void write_pt_tensor_file(const std::filesystem::path& file, const SyntheticTensor& tensor) {
    std::vector<std::int64_t> strides(tensor.shape.size(), 1);
    for (std::size_t i = strides.size(); i-- > 1;) strides[i - 1] = strides[i] * tensor.shape[i];
    const std::string bytes = tensor.element_bytes();
    write_pt(file, tensor.dtype, tensor.shape, strides, 0,
             std::as_bytes(std::span<const char>(bytes.data(), bytes.size())), false);
}

namespace {

namespace model = synthetic_model;
namespace ops = synthetic_ops;
using model::Step;
using tensor::DType;
using TensorPtr = DumpValue::TensorPtr;
using Shape = std::vector<std::int64_t>;

enum Side : int { kNpu = 0, kBench = 1 };
constexpr std::array<Side, 2> kSides = {kNpu, kBench};

// Independent random streams, so that turning a difference on or off never
// changes the values of the other side or of the other streams.
enum class Stream : std::uint64_t { Weights = 1, Input, Perturbation, Gradients, GradientNoise, Bucket, BucketNoise };

constexpr double kGradientScale = 0.01;
constexpr double kGradientNoise = 0.01;  // relative noise of npu gradients once the npu diverges
constexpr int kGradientBuckets = 4;      // gradients all_reduced after backward in multi-rank runs
constexpr std::int64_t kNpuFormat = 2;   // npu_format_cast's ACL format argument (ND)

TensorPtr share(SyntheticTensor tensor) { return std::make_shared<const SyntheticTensor>(std::move(tensor)); }

// The run as a number of API calls, and the block each difference falls in.
struct RunPlan {
    int calls = 0;
    int blocks = 0;
    Shape activation_shape;
    int requires_grad_block = -1;
    int bench_only_block = -1;
    int perturbed_from_block = -1;
    int bfloat16_from_block = -1;
    int bfloat16_every = 1;
    int npu_only_block = -1;
    int inf_block = -1;

    bool perturbed(int block) const { return perturbed_from_block >= 0 && block >= perturbed_from_block; }
    bool gradients_differ() const { return perturbed_from_block >= 0; }
    bool autocast(int block) const {
        return bfloat16_from_block >= 0 && block >= bfloat16_from_block &&
               (block - bfloat16_from_block) % bfloat16_every == 0;
    }
};

bool records_apis(DumpLevel level) { return level != DumpLevel::L0; }
bool records_modules(DumpLevel level) { return level != DumpLevel::L1; }

// dump.json entries one call adds to the bench side (the block record counted with its first call).
int entries_of_call(int call, DumpLevel level) {
    const Step step = model::step_at(call);
    int entries = 0;
    if (records_apis(level)) entries += model::has_backward(step) ? 2 : 1;
    if (const auto module = model::module_of(step); module && records_modules(level)) {
        entries += module->parameters.empty() ? 1 : 2;  // forward record, parameters_grad record
    }
    if (call % model::kCallsPerBlock == 0 && records_modules(level)) ++entries;  // Block record
    return entries;
}

int difference_block(double fraction, int blocks) {
    if (fraction < 0) return -1;
    return std::min(blocks - 1, static_cast<int>(std::floor(fraction * blocks)));
}

RunPlan make_plan(const DumpPairOptions& options) {
    if (options.apis < 1) throw Error("", "--apis must be at least 1");
    if (options.ranks < 1) throw Error("", "--ranks must be at least 1");
    if (options.tensor_elements < model::kWidth) {
        throw Error("", "--tensor-elements must be at least " + std::to_string(model::kWidth));
    }
    RunPlan plan;
    const bool distributed = options.ranks > 1 && records_apis(options.level);
    const int wanted = std::max(1, options.apis - (distributed ? 2 * kGradientBuckets : 0));
    for (int entries = 0; entries < wanted; ++plan.calls) entries += entries_of_call(plan.calls, options.level);
    plan.blocks = (plan.calls + model::kCallsPerBlock - 1) / model::kCallsPerBlock;
    plan.activation_shape = {options.tensor_elements / model::kWidth, model::kWidth};

    const NpuDifferences& differences = options.differences;
    plan.requires_grad_block = difference_block(differences.requires_grad_mismatch_at, plan.blocks);
    plan.perturbed_from_block = difference_block(differences.perturbation_from, plan.blocks);
    plan.bfloat16_from_block = difference_block(differences.bfloat16_from, plan.blocks);
    plan.bfloat16_every = std::max(1, differences.bfloat16_every);
    plan.inf_block = difference_block(differences.inf_statistic_at, plan.blocks);
    if (records_apis(options.level)) {
        plan.bench_only_block = difference_block(differences.bench_only_api_at, plan.blocks);
        plan.npu_only_block = difference_block(differences.npu_only_api_at, plan.blocks);
    }
    return plan;
}

struct BlockWeights {
    TensorPtr ln_weight, ln_bias, fc1_weight, fc1_bias, fc2_weight, fc2_bias;
};

BlockWeights random_weights(DeterministicRandom& random) {
    const auto parameter = [](SyntheticTensor tensor) {
        tensor.requires_grad = true;
        return share(std::move(tensor));
    };
    const double fc1_bound = 1.0 / std::sqrt(static_cast<double>(model::kWidth));
    const double fc2_bound = 1.0 / std::sqrt(static_cast<double>(model::kHidden));
    BlockWeights weights;
    weights.ln_weight = parameter(normal_tensor(random, {model::kWidth}, 1.0, 0.1));
    weights.ln_bias = parameter(normal_tensor(random, {model::kWidth}, 0.0, 0.1));
    weights.fc1_weight = parameter(uniform_tensor(random, {model::kHidden, model::kWidth}, -fc1_bound, fc1_bound));
    weights.fc1_bias = parameter(uniform_tensor(random, {model::kHidden}, -fc1_bound, fc1_bound));
    weights.fc2_weight = parameter(uniform_tensor(random, {model::kWidth, model::kHidden}, -fc2_bound, fc2_bound));
    weights.fc2_bias = parameter(uniform_tensor(random, {model::kWidth}, -fc2_bound, fc2_bound));
    return weights;
}

TensorPtr perturbed(const TensorPtr& weight, DeterministicRandom& random, double scale) {
    SyntheticTensor copy = *weight;
    for (auto& value : copy.values) value = static_cast<float>(value + scale * random.normal());
    return share(std::move(copy));
}

BlockWeights perturbed(const BlockWeights& weights, DeterministicRandom& random, double scale) {
    return {perturbed(weights.ln_weight, random, scale), perturbed(weights.ln_bias, random, scale),
            perturbed(weights.fc1_weight, random, scale), perturbed(weights.fc1_bias, random, scale),
            perturbed(weights.fc2_weight, random, scale), perturbed(weights.fc2_bias, random, scale)};
}

struct TensorMeta {
    Shape shape;
    DType dtype = DType::Float32;
};

// What the backward of one call needs to know about its forward, per side.
struct CallRecord {
    Step step = Step::LayerNorm;
    int block = 0;
    std::array<std::string, 2> names;  // "Functional.linear.3", per side
    std::array<TensorMeta, 2> output;
    // One slot per gradient the backward returns: the input it belongs to,
    // or nullopt where autograd gives None.
    std::array<std::vector<std::optional<TensorMeta>>, 2> gradient_slots;
};

// One side's files of one rank, and its per-API call counters.
struct SideOutput {
    SideOutput(const std::filesystem::path& rank_dir, const DumpSettings& settings)
        : dir(rank_dir), dump(rank_dir / "dump.json", settings), construct(rank_dir / "construct.json") {}

    // "Functional.linear.3": the API and its call index in this step.
    std::string peek_call(const std::string& api) const {
        const auto count = call_counts.find(api);
        return api + "." + std::to_string(count == call_counts.end() ? 0 : count->second);
    }
    std::string next_call(const std::string& api) {
        std::string name = peek_call(api);
        ++call_counts[api];
        return name;
    }

    std::filesystem::path dir;
    DumpJsonWriter dump;
    ConstructJsonWriter construct;
    StackJsonWriter stack;
    std::unordered_map<std::string, int> call_counts;
};

// The inputs, outputs and module parameters of one forward call on one side.
struct ForwardCall {
    DumpValue::List args;
    NamedValues kwargs;
    TensorPtr output;
    NamedValues parameters;  // of the enclosing module
    std::vector<std::optional<TensorMeta>> gradient_slots;
};

TensorMeta meta_of(const TensorPtr& tensor) { return {tensor->shape, tensor->dtype}; }

// Generates one rank of the pair, forward calls first, then the backward
// pass, then (several ranks) the gradient all_reduce.
class RankGenerator {
public:
    RankGenerator(const DumpPairOptions& options, const RunPlan& plan, int rank,
                  const std::array<std::filesystem::path, 2>& rank_dirs)
        : options_(options),
          plan_(plan),
          rank_(rank),
          weight_random_(DeterministicRandom::keyed(options.seed, Stream::Weights)),
          perturbation_random_(DeterministicRandom::keyed(options.seed, Stream::Perturbation)),
          gradient_random_(DeterministicRandom::keyed(options.seed, Stream::Gradients, rank)),
          gradient_noise_random_(DeterministicRandom::keyed(options.seed, Stream::GradientNoise, rank)) {
        for (const Side side : kSides) {
            DumpSettings settings;
            settings.task = options.task == DumpTask::Tensor ? "tensor" : "statistics";
            settings.level = level_text();
            settings.md5 = options.summary_mode == SummaryMode::Md5;
            settings.tensor_dir = rank_dirs[side] / "dump_tensor_data";
            settings.write_tensor_file =
                options.write_tensor_file ? options.write_tensor_file : TensorPayloadWriter(write_pt_tensor_file);
            if (options.task == DumpTask::Tensor) std::filesystem::create_directories(settings.tensor_dir);
            sides_[side] = std::make_unique<SideOutput>(rank_dirs[side], settings);
        }
        auto input_random = DeterministicRandom::keyed(options.seed, Stream::Input, rank);
        const TensorPtr input = share(normal_tensor(input_random, plan.activation_shape, 0.0, 1.0));
        activation_ = {input, input};
        sites_.nonfinite_inputs.resize(1);
        sites_.nonfinite_outputs.resize(1);
    }

    GeneratedDumpPair run() {
        for (int call = 0; call < plan_.calls; ++call) forward(call);
        backward();
        if (options_.ranks > 1 && records_apis(options_.level)) all_reduce_gradients();
        GeneratedDumpPair result;
        for (const Side side : kSides) {
            auto& out = *sides_[side];
            out.dump.finish();
            out.construct.finish();
            out.stack.write(out.dir / "stack.json");
        }
        result.npu_entries = sides_[kNpu]->dump.entries();
        result.bench_entries = sides_[kBench]->dump.entries();
        result.sites = sites_;
        return result;
    }

private:
    std::string level_text() const {
        switch (options_.level) {
            case DumpLevel::L1: return "L1";
            case DumpLevel::L0: return "L0";
            case DumpLevel::Mix: return "mix";
        }
        return {};
    }

    void forward(int call) {
        const int block = call / model::kCallsPerBlock;
        const Step step = model::step_at(call);
        if (step == Step::LayerNorm) start_block(block);
        CallRecord record;
        record.step = step;
        record.block = block;
        for (const Side side : kSides) {
            ForwardCall forward = compute(step, block, side);
            apply_output_differences(step, block, side, forward.output);
            record.names[side] = sides_[side]->next_call(model::api_name(step, block));
            record.output[side] = meta_of(forward.output);
            record.gradient_slots[side] = forward.gradient_slots;
            write_forward(side, step, block, record.names[side], forward);
            if (side == kNpu) note_nonfinite(record.names[side] + ".forward", forward);
            activation_[side] = forward.output;
        }
        if (model::has_backward(step)) records_.push_back(std::move(record));
        const bool block_ends = step == Step::Scale || call + 1 == plan_.calls;
        if (block_ends && records_modules(options_.level)) {
            for (const Side side : kSides) write_block_record(side, block);
        }
    }

    static bool has_nonfinite(const SyntheticTensor& tensor) {
        return std::any_of(tensor.values.begin(), tensor.values.end(), [](float v) { return !std::isfinite(v); });
    }

    void note_nonfinite(const std::string& name, const ForwardCall& forward) {
        if (!records_apis(options_.level)) return;
        const bool bad_input = std::any_of(forward.args.begin(), forward.args.end(), [](const DumpValue& arg) {
            const auto* tensor = std::get_if<TensorPtr>(&arg.storage());
            return tensor && has_nonfinite(**tensor);
        });
        if (bad_input) sites_.nonfinite_inputs.back().push_back(name);
        if (has_nonfinite(*forward.output)) sites_.nonfinite_outputs.back().push_back(name);
    }

    void start_block(int block) {
        const BlockWeights weights = random_weights(weight_random_);
        weights_[kBench] = weights;
        weights_[kNpu] =
            plan_.perturbed(block) ? perturbed(weights, perturbation_random_, options_.differences.perturbation_scale)
                                   : weights;
        if (block == plan_.bench_only_block)
            side_only_call(kBench, "Tensor.contiguous", {}, model::CallSite::BenchOnlyApi);
        if (block == plan_.npu_only_block) {
            side_only_call(kNpu, "NPU.npu_format_cast", {DumpValue::integer(kNpuFormat)}, model::CallSite::NpuOnlyApi);
        }
        block_input_ = activation_;
    }

    // A call only one side makes; it returns its input unchanged, and has no backward.
    void side_only_call(Side side, const std::string& api, DumpValue::List extra_args, model::CallSite site) {
        auto& out = *sides_[side];
        const std::string name = out.next_call(api) + ".forward";
        DumpValue::List args = {DumpValue::tensor(activation_[side])};
        for (auto& arg : extra_args) args.push_back(std::move(arg));
        const TensorPtr output = share(ops::copy(*activation_[side]));
        out.dump.api_forward(name, args, {}, {DumpValue::tensor(output)});
        out.stack.add(static_cast<int>(site), model::frames(static_cast<int>(site)), name);
        if (options_.level == DumpLevel::Mix) out.construct.add(name, std::nullopt);
        activation_[side] = output;
        (side == kBench ? sites_.bench_only_api : sites_.npu_only_api) = name;
    }

    ForwardCall compute(Step step, int block, Side side) const {
        const TensorPtr& x = activation_[side];
        const BlockWeights& w = weights_[side];
        const DType linear_dtype = side == kNpu && plan_.autocast(block) ? DType::BFloat16 : DType::Float32;
        const auto as_value = [](const TensorPtr& t) { return DumpValue::tensor(t); };
        ForwardCall call;
        call.args = {as_value(x)};
        switch (step) {
            case Step::LayerNorm:
                call.args.push_back(DumpValue::list({DumpValue::integer(model::kWidth)}));
                call.args.push_back(as_value(w.ln_weight));
                call.args.push_back(as_value(w.ln_bias));
                call.args.push_back(DumpValue::real(model::kLayerNormEps));
                call.output = share(ops::layer_norm(*x, *w.ln_weight, *w.ln_bias, model::kLayerNormEps));
                call.parameters = {{"weight", as_value(w.ln_weight)}, {"bias", as_value(w.ln_bias)}};
                call.gradient_slots = {x->requires_grad ? std::optional(meta_of(x)) : std::nullopt,
                                       meta_of(w.ln_weight), meta_of(w.ln_bias)};
                break;
            case Step::Linear1:
            case Step::Linear2: {
                const TensorPtr& weight = step == Step::Linear1 ? w.fc1_weight : w.fc2_weight;
                const TensorPtr& bias = step == Step::Linear1 ? w.fc1_bias : w.fc2_bias;
                call.args.push_back(as_value(weight));
                call.args.push_back(as_value(bias));
                call.output = share(ops::linear(*x, *weight, *bias, linear_dtype));
                call.parameters = {{"weight", as_value(weight)}, {"bias", as_value(bias)}};
                call.gradient_slots = {meta_of(x), meta_of(weight), meta_of(bias)};
                break;
            }
            case Step::Activation:
                if (block % 2 == 0) {
                    call.kwargs = {{"approximate", DumpValue::text("none")}};
                    call.output = share(ops::gelu(*x));
                } else {
                    call.kwargs = {{"inplace", DumpValue::boolean(false)}};
                    call.output = share(ops::relu(*x));
                }
                call.gradient_slots = {meta_of(x)};
                break;
            case Step::Dropout0:
            case Step::Dropout1:
                call.args.push_back(DumpValue::real(0.0));
                call.args.push_back(DumpValue::boolean(true));
                call.args.push_back(DumpValue::boolean(false));
                call.output = share(ops::copy(*x));
                break;
            case Step::ResidualAdd:
                call.args.push_back(as_value(block_input_[side]));
                call.output = share(ops::add(*x, *block_input_[side]));
                call.gradient_slots = {meta_of(x), meta_of(block_input_[side])};
                break;
            case Step::Clamp:
                call.kwargs = {{"min", DumpValue::real(-model::kClampLimit)},
                               {"max", DumpValue::real(model::kClampLimit)}};
                call.output = share(ops::clamp(*x, -model::kClampLimit, model::kClampLimit));
                call.gradient_slots = {meta_of(x)};
                break;
            case Step::Softmax:
                call.kwargs = {{"dim", DumpValue::integer(-1)}, {"dtype", DumpValue::none()}};
                call.output = share(ops::softmax(*x));
                call.gradient_slots = {meta_of(x)};
                break;
            case Step::Scale:
                call.args.push_back(DumpValue::real(static_cast<double>(model::kWidth)));
                call.output = share(ops::scale(*x, static_cast<double>(model::kWidth)));
                call.gradient_slots = {meta_of(x), std::nullopt};
                break;
        }
        return call;
    }

    void apply_output_differences(Step step, int block, Side side, TensorPtr& output) {
        if (side != kNpu) return;
        const bool linear = step == Step::Linear1 || step == Step::Linear2;
        const auto shown_as = [&] { return entry_name_for_sites(step, block, side); };
        if (linear && plan_.autocast(block)) sites_.bfloat16_outputs.push_back(shown_as());
        if (step == Step::Linear1 && block == plan_.requires_grad_block) {
            SyntheticTensor changed = *output;
            changed.requires_grad = false;
            output = share(std::move(changed));
            sites_.requires_grad_mismatch = shown_as();
        }
        const int inf_rank = options_.differences.inf_statistic_rank;
        if (step == Step::Linear2 && block == plan_.inf_block && (inf_rank < 0 || inf_rank == rank_)) {
            SyntheticTensor changed = *output;
            changed.values.front() = options_.differences.inf_statistic_value;
            output = share(std::move(changed));
            sites_.inf_statistic = shown_as();
        }
        if (step == Step::LayerNorm && block == plan_.perturbed_from_block) sites_.first_perturbed = shown_as();
    }

    // The record a difference shows in: the API entry, or the module one in L0.
    std::string entry_name_for_sites(Step step, int block, Side side) const {
        if (records_apis(options_.level)) return sides_[side]->peek_call(model::api_name(step, block)) + ".forward";
        return model::module_forward_name(block, *model::module_of(step));
    }

    void write_forward(Side side, Step step, int block, const std::string& call_name, const ForwardCall& forward) {
        auto& out = *sides_[side];
        const std::string block_name = model::block_module_name(block);
        const auto module = model::module_of(step);
        const std::string module_name = module ? model::module_forward_name(block, *module) : std::string();
        if (records_apis(options_.level)) {
            const std::string name = call_name + ".forward";
            out.dump.api_forward(name, forward.args, forward.kwargs, {DumpValue::tensor(forward.output)});
            const int site = model::api_site(step, block);
            out.stack.add(site, model::frames(site), name);
            if (options_.level == DumpLevel::Mix) {
                // A node, then its enclosing modules not yet seen, outermost first (as msprobe orders them).
                out.construct.add(name, module ? module_name : block_name);
                out.construct.add(block_name, std::nullopt);
                if (module) out.construct.add(module_name, block_name);
            }
        }
        if (module && records_modules(options_.level)) {
            out.dump.module_forward(module_name, {forward.args.front()}, {}, {DumpValue::tensor(forward.output)},
                                    forward.parameters);
            out.stack.add(model::module_site(step), model::frames(model::module_site(step)), module_name);
            out.construct.add(module_name, block_name);
            out.construct.add(block_name, std::nullopt);
        }
    }

    void write_block_record(Side side, int block) {
        auto& out = *sides_[side];
        const std::string name = model::block_module_name(block);
        out.dump.module_forward(name, {DumpValue::tensor(block_input_[side])}, {},
                                {DumpValue::tensor(activation_[side])}, {});
        const int site = static_cast<int>(model::CallSite::BlockRecord);
        out.stack.add(site, model::frames(site), name);
        out.construct.add(name, std::nullopt);
    }

    // The npu's version of a bench gradient: the same values (with 1 % noise
    // once the npu diverges), in the npu tensor's dtype.
    TensorPtr npu_gradient(const SyntheticTensor& bench, DType dtype, DeterministicRandom& noise) const {
        SyntheticTensor npu = bench;
        if (plan_.gradients_differ()) {
            for (auto& value : npu.values) value = static_cast<float>(value * (1.0 + kGradientNoise * noise.normal()));
        }
        convert_to(npu, dtype);
        return share(std::move(npu));
    }

    static TensorPtr as_dtype(const TensorPtr& tensor, DType dtype) {
        if (tensor->dtype == dtype) return tensor;
        SyntheticTensor converted = *tensor;
        convert_to(converted, dtype);
        return share(std::move(converted));
    }

    std::array<TensorPtr, 2> fresh_gradient(const TensorMeta& bench_meta, const TensorMeta& npu_meta) {
        SyntheticTensor bench = normal_tensor(gradient_random_, bench_meta.shape, 0.0, kGradientScale);
        convert_to(bench, bench_meta.dtype);
        std::array<TensorPtr, 2> gradient;
        gradient[kNpu] = npu_gradient(bench, npu_meta.dtype, gradient_noise_random_);
        gradient[kBench] = share(std::move(bench));
        return gradient;
    }

    // Reverse call order; each backward's input is the gradient its successor
    // returned for the activation, so neighbouring records agree.
    void backward() {
        if (records_.empty()) return;
        std::array<TensorPtr, 2> incoming =
            fresh_gradient(records_.back().output[kBench], records_.back().output[kNpu]);
        for (auto record = records_.rbegin(); record != records_.rend(); ++record) {
            std::array<DumpValue::List, 2> outputs;
            std::array<TensorPtr, 2> to_activation = incoming;  // d(a + b)/da = the incoming gradient itself
            NamedValues parameter_gradients[2];
            const auto& bench_slots = record->gradient_slots[kBench];
            const auto module = model::module_of(record->step);  // slots 1.. are its parameters
            for (std::size_t slot = 0; slot < bench_slots.size(); ++slot) {
                if (!bench_slots[slot]) {
                    for (const Side side : kSides) outputs[side].push_back(DumpValue::none());
                    continue;
                }
                const auto& npu_slot = record->gradient_slots[kNpu][slot];
                const TensorMeta& npu_meta = npu_slot ? *npu_slot : *bench_slots[slot];
                const std::array<TensorPtr, 2> gradient =
                    record->step == Step::ResidualAdd
                        ? std::array<TensorPtr, 2>{as_dtype(incoming[kNpu], npu_meta.dtype), incoming[kBench]}
                        : fresh_gradient(*bench_slots[slot], npu_meta);
                if (slot == 0) to_activation = gradient;
                for (const Side side : kSides) {
                    outputs[side].push_back(DumpValue::tensor(gradient[side]));
                    if (slot > 0 && module) {
                        parameter_gradients[side].emplace_back(module->parameters[slot - 1],
                                                               DumpValue::tensor(gradient[side]));
                    }
                }
            }
            for (const Side side : kSides) {
                write_backward(side, *record, {DumpValue::tensor(incoming[side])}, outputs[side],
                               parameter_gradients[side]);
            }
            incoming = to_activation;
        }
    }

    void write_backward(Side side, const CallRecord& record, const DumpValue::List& inputs,
                        const DumpValue::List& outputs, const NamedValues& parameter_gradients) {
        auto& out = *sides_[side];
        if (records_apis(options_.level)) {
            const std::string name = record.names[side] + ".backward";
            out.dump.backward(name, inputs, outputs);
            if (options_.level == DumpLevel::Mix) out.construct.add(name, std::nullopt);
        }
        const auto module = model::module_of(record.step);
        if (!module || parameter_gradients.empty() || !records_modules(options_.level)) return;
        NamedValues ordered;  // msprobe's record lists the gradients in the order autograd produced them
        for (const auto& parameter : module->gradient_order) {
            for (const auto& [name, gradient] : parameter_gradients) {
                if (name == parameter) ordered.emplace_back(name, gradient);
            }
        }
        out.dump.parameters_grad(model::module_parameters_grad_name(record.block, *module), ordered);
    }

    // One bucket's gradient as rank `rank` holds it.
    TensorPtr bucket_gradient(int bucket, int rank, Side side) const {
        auto random = DeterministicRandom::keyed(options_.seed, Stream::Bucket, rank, bucket);
        SyntheticTensor bench = normal_tensor(random, {model::kHidden, model::kWidth}, 0.0, kGradientScale);
        if (side == kBench) return share(std::move(bench));
        auto noise = DeterministicRandom::keyed(options_.seed, Stream::BucketNoise, rank, bucket);
        return npu_gradient(bench, DType::Float32, noise);
    }

    // dist.all_reduce(grad) then grad.div_(world_size) for a few gradients;
    // the reduced values are the true sums over every rank's bucket.
    void all_reduce_gradients() {
        for (int bucket = 0; bucket < kGradientBuckets; ++bucket) {
            for (const Side side : kSides) {
                auto& out = *sides_[side];
                const TensorPtr own = bucket_gradient(bucket, rank_, side);
                SyntheticTensor reduced = *own;
                std::vector<double> sums(reduced.values.size(), 0.0);
                for (int rank = 0; rank < options_.ranks; ++rank) {
                    const TensorPtr part = rank == rank_ ? own : bucket_gradient(bucket, rank, side);
                    for (std::size_t i = 0; i < sums.size(); ++i) sums[i] += part->values[i];
                }
                for (std::size_t i = 0; i < sums.size(); ++i) reduced.values[i] = static_cast<float>(sums[i]);
                const TensorPtr reduced_ptr = share(std::move(reduced));
                const std::string reduce_name = out.next_call("Distributed.all_reduce") + ".forward";
                out.dump.api_forward(reduce_name, {DumpValue::tensor(own)}, {}, {DumpValue::tensor(reduced_ptr)});
                SyntheticTensor divided = ops::scale(*reduced_ptr, 1.0 / options_.ranks);
                divided.requires_grad = false;  // a .grad tensor
                const TensorPtr averaged = share(std::move(divided));
                const std::string divide_name = out.next_call("Tensor.div_") + ".forward";
                out.dump.api_forward(divide_name, {DumpValue::tensor(reduced_ptr), DumpValue::integer(options_.ranks)},
                                     {}, {DumpValue::tensor(averaged)});
                const int reduce_site = static_cast<int>(model::CallSite::AllReduce);
                const int divide_site = static_cast<int>(model::CallSite::GradientDivide);
                out.stack.add(reduce_site, model::frames(reduce_site), reduce_name);
                out.stack.add(divide_site, model::frames(divide_site), divide_name);
                if (options_.level == DumpLevel::Mix) {
                    out.construct.add(reduce_name, std::nullopt);
                    out.construct.add(divide_name, std::nullopt);
                }
            }
        }
    }

    const DumpPairOptions& options_;
    const RunPlan& plan_;
    int rank_;
    DeterministicRandom weight_random_;
    DeterministicRandom perturbation_random_;
    DeterministicRandom gradient_random_;
    DeterministicRandom gradient_noise_random_;
    std::array<std::unique_ptr<SideOutput>, 2> sides_;
    std::array<BlockWeights, 2> weights_;
    std::array<TensorPtr, 2> activation_;
    std::array<TensorPtr, 2> block_input_;
    std::vector<CallRecord> records_;
    DifferenceSites sites_;
};

void write_compare_json(const std::filesystem::path& file, const std::string& npu, const std::string& bench,
                        const std::optional<std::string>& stack) {
    JsonTextWriter json(file);
    json.begin_object();
    json.key("npu_path");
    json.string(npu);
    json.key("bench_path");
    json.string(bench);
    if (stack) {
        json.key("stack_path");
        json.string(*stack);
    }
    json.key("is_print_compare_log");
    json.boolean(true);
    json.end_object();
    json.finish();
}

}  // namespace

GeneratedDumpPair generate_dump_pair(const DumpPairOptions& options) {
    const RunPlan plan = make_plan(options);
    GeneratedDumpPair result;
    for (int rank = 0; rank < options.ranks; ++rank) {
        // A single process writes "rank" (torch.distributed not initialised).
        const std::string rank_folder = options.ranks == 1 ? "rank" : "rank" + std::to_string(rank);
        const std::string relative = "step0/" + rank_folder;
        const std::array<std::filesystem::path, 2> dirs = {options.out / "npu" / relative,
                                                           options.out / "bench" / relative};
        for (const auto& dir : dirs) std::filesystem::create_directories(dir);
        GeneratedDumpPair rank_result = RankGenerator(options, plan, rank, dirs).run();
        if (rank == 0) {
            result = std::move(rank_result);
        } else {
            result.sites.nonfinite_inputs.push_back(rank_result.sites.nonfinite_inputs.front());
            result.sites.nonfinite_outputs.push_back(rank_result.sites.nonfinite_outputs.front());
            if (result.sites.inf_statistic.empty()) result.sites.inf_statistic = rank_result.sites.inf_statistic;
        }
        result.npu_rank_dirs.push_back(dirs[kNpu]);
        result.bench_rank_dirs.push_back(dirs[kBench]);

        // Paths inside compare*.json are relative to <out>, as in the fixtures.
        const std::string compare_name =
            rank == 0 ? "compare.json" : "compare_step0_" + rank_folder + ".json";
        write_compare_json(options.out / compare_name, "npu/" + relative + "/dump.json",
                           "bench/" + relative + "/dump.json", "npu/" + relative + "/stack.json");
    }
    write_compare_json(options.out / "compare_dir_step0.json", "npu/step0", "bench/step0", std::nullopt);
    return result;
}

}  // namespace msprobe::testing
