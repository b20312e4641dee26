#include "support/synthetic_model.hpp"

#include <map>

namespace msprobe::testing::synthetic_model {

Step step_at(int position_in_block) { return static_cast<Step>(position_in_block % kCallsPerBlock); }

std::string api_name(Step step, int block) {
    switch (step) {
        case Step::LayerNorm: return "Functional.layer_norm";
        case Step::Linear1:
        case Step::Linear2: return "Functional.linear";
        case Step::Activation: return block % 2 == 0 ? "Functional.gelu" : "Functional.relu";
        case Step::Dropout0:
        case Step::Dropout1: return "Functional.dropout";
        case Step::ResidualAdd: return "Tensor.__add__";
        case Step::Clamp: return "Torch.clamp";
        case Step::Softmax: return "Functional.softmax";
        case Step::Scale: return "Tensor.__mul__";
    }
    return {};
}

bool has_backward(Step step) { return step != Step::Dropout0 && step != Step::Dropout1; }

std::optional<ModuleSlot> module_of(Step step) {
    switch (step) {
        case Step::LayerNorm: return ModuleSlot{"ln", "LayerNorm", 0, {"weight", "bias"}, {"weight", "bias"}};
        case Step::Linear1: return ModuleSlot{"fc1", "Linear", 0, {"weight", "bias"}, {"bias", "weight"}};
        case Step::Linear2: return ModuleSlot{"fc2", "Linear", 0, {"weight", "bias"}, {"bias", "weight"}};
        case Step::Dropout0: return ModuleSlot{"drop", "Dropout", 0, {}, {}};
        case Step::Dropout1: return ModuleSlot{"drop", "Dropout", 1, {}, {}};
        default: return std::nullopt;
    }
}

namespace {

std::string module_path(int block, const ModuleSlot& slot) {
    return "Module.blocks." + std::to_string(block) + "." + slot.attribute + "." + slot.class_name;
}

}  // namespace

std::string module_forward_name(int block, const ModuleSlot& slot) {
    return module_path(block, slot) + ".forward." + std::to_string(slot.call);
}

std::string module_parameters_grad_name(int block, const ModuleSlot& slot) {
    return module_path(block, slot) + ".parameters_grad.0";
}

std::string block_module_name(int block) { return "Module.blocks." + std::to_string(block) + ".Block.forward.0"; }

int api_site(Step step, int block) {
    if (step == Step::Activation && block % 2 == 1) return static_cast<int>(CallSite::ReluApi);
    return static_cast<int>(CallSite::BlockApi) + static_cast<int>(step);
}

int module_site(Step step) { return static_cast<int>(CallSite::ModuleRecord) + static_cast<int>(step); }

namespace {

const std::string kScript = "/home/user/train/synthetic_model.py";
const std::string kTorchModules = "/usr/lib/python3/dist-packages/torch/nn/modules/";

std::string frame(const std::string& file, int line, const std::string& function, const std::string& code) {
    return "File " + file + ", line " + std::to_string(line) + ", in " + function + ", \n " + code;
}

const std::string kApiHook = frame("/usr/local/lib/python3.11/site-packages/msprobe/core/data_dump/api_registry.py", 96,
                                   "api_function", "return api_instance(*args, **kwargs)");
const std::string kModuleCall =
    frame(kTorchModules + "module.py", 1194, "_call_impl", "return forward_call(*input, **kwargs)");
const std::string kModuleHook =
    frame(kTorchModules + "module.py", 1215, "_call_impl", "hook_result = hook(self, input, result)");

// The frames from the training script down to the model call.
std::vector<std::string> outer_frames() {
    return {frame(kScript, 97, "train_step", "out = model(x)"),
            frame(kScript, 120, "<module>", "train_step(model, batch)")};
}

// From inside Block.forward (source line `line`) out to the script.
std::vector<std::string> block_frames(int line, const std::string& code) {
    std::vector<std::string> frames = {frame(kScript, line, "forward", code), kModuleCall,
                                       frame(kScript, 71, "forward", "x = block(x)"), kModuleCall};
    for (auto& outer : outer_frames()) frames.push_back(std::move(outer));
    return frames;
}

struct StepSource {
    int line;
    std::string code;
    std::string module_frame;  // the torch.nn module line that calls the API, if any
};

StepSource source_of(Step step) {
    switch (step) {
        case Step::LayerNorm:
            return {41, "h = self.ln(x)",
                    frame(kTorchModules + "normalization.py", 190, "forward", "return F.layer_norm(")};
        case Step::Linear1:
            return {
                42, "h = self.fc1(h)",
                frame(kTorchModules + "linear.py", 114, "forward", "return F.linear(input, self.weight, self.bias)")};
        case Step::Activation: return {43, "h = F.gelu(h, approximate=\"none\")", {}};
        case Step::Dropout0:
        case Step::Dropout1:
            return {step == Step::Dropout0 ? 45 : 47, "h = self.drop(h)",
                    frame(kTorchModules + "dropout.py", 59, "forward",
                          "return F.dropout(input, self.p, self.training, self.inplace)")};
        case Step::Linear2:
            return {
                46, "h = self.fc2(h)",
                frame(kTorchModules + "linear.py", 114, "forward", "return F.linear(input, self.weight, self.bias)")};
        case Step::ResidualAdd: return {48, "h = h + x", {}};
        case Step::Clamp: return {49, "h = torch.clamp(h, min=-4.0, max=4.0)", {}};
        case Step::Softmax: return {50, "h = F.softmax(h, dim=-1, dtype=None)", {}};
        case Step::Scale: return {51, "return h * 16.0", {}};
    }
    return {};
}

std::vector<std::string> api_frames(Step step, int block) {
    StepSource source = source_of(step);
    if (step == Step::Activation && block % 2 == 1) source = {44, "h = F.relu(h, inplace=False)", {}};
    std::vector<std::string> frames = {kApiHook};
    if (!source.module_frame.empty()) {
        frames.push_back(source.module_frame);
        frames.push_back(kModuleCall);
    }
    for (auto& inner : block_frames(source.line, source.code)) frames.push_back(std::move(inner));
    return frames;
}

std::vector<std::string> script_frames(const std::vector<std::string>& innermost) {
    std::vector<std::string> frames = innermost;
    for (auto& outer : outer_frames()) frames.push_back(std::move(outer));
    return frames;
}

std::map<int, std::vector<std::string>> all_frames() {
    std::map<int, std::vector<std::string>> sites;
    for (int position = 0; position < kCallsPerBlock; ++position) {
        const Step step = step_at(position);
        sites[api_site(step, 0)] = api_frames(step, 0);
        sites[api_site(step, 1)] = api_frames(step, 1);
        if (module_of(step)) {
            std::vector<std::string> frames = {kModuleHook};
            for (auto& inner : block_frames(source_of(step).line, source_of(step).code))
                frames.push_back(std::move(inner));
            sites[module_site(step)] = frames;
        }
    }
    sites[static_cast<int>(CallSite::BlockRecord)] = {kModuleHook, frame(kScript, 71, "forward", "x = block(x)"),
                                                      kModuleCall, frame(kScript, 97, "train_step", "out = model(x)"),
                                                      frame(kScript, 120, "<module>", "train_step(model, batch)")};
    sites[static_cast<int>(CallSite::BenchOnlyApi)] =
        script_frames({kApiHook, frame(kScript, 69, "forward", "x = x.contiguous()"), kModuleCall});
    sites[static_cast<int>(CallSite::NpuOnlyApi)] =
        script_frames({kApiHook, frame(kScript, 70, "forward", "x = torch_npu.npu_format_cast(x, 2)"), kModuleCall});
    sites[static_cast<int>(CallSite::AllReduce)] = {kApiHook,
                                                    frame(kScript, 104, "train_step", "dist.all_reduce(param.grad)"),
                                                    frame(kScript, 120, "<module>", "train_step(model, batch)")};
    sites[static_cast<int>(CallSite::GradientDivide)] = {
        kApiHook, frame(kScript, 105, "train_step", "param.grad.div_(world_size)"),
        frame(kScript, 120, "<module>", "train_step(model, batch)")};
    return sites;
}

}  // namespace

const std::vector<std::string>& frames(int site) {
    static const std::map<int, std::vector<std::string>> sites = all_frames();
    return sites.at(site);
}

}  // namespace msprobe::testing::synthetic_model
