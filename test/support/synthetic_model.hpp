#pragma once
// The model the synthetic dumps pretend to have run: a stack of blocks
// (model.blocks[b]), each making the same ten API calls
//
//   h = self.ln(x)                          Functional.layer_norm  in LayerNorm "ln"
//   h = self.fc1(h)                         Functional.linear      in Linear "fc1" (16 → 32)
//   h = F.gelu(h, approximate="none")       Functional.gelu (even blocks) / Functional.relu (odd blocks)
//   h = self.drop(h)                        Functional.dropout     in Dropout "drop" (p = 0), call 0
//   h = self.fc2(h)                         Functional.linear      in Linear "fc2" (32 → 16)
//   h = self.drop(h)                        Functional.dropout     in Dropout "drop", call 1
//   h = h + x                               Tensor.__add__
//   h = torch.clamp(h, min=-4.0, max=4.0)   Torch.clamp            (scalar kwargs)
//   h = F.softmax(h, dim=-1, dtype=None)    Functional.softmax     (a None kwarg)
//   return h * 16.0                         Tensor.__mul__
//
// on activations of shape [rows, 16]. This header names the calls, their
// modules and call stacks; synthetic_ops.hpp computes them.
#include <optional>
#include <string>
#include <vector>

namespace msprobe::testing::synthetic_model {

constexpr long kWidth = 16;
constexpr long kHidden = 32;
constexpr int kCallsPerBlock = 10;
constexpr double kClampLimit = 4.0;
constexpr double kLayerNormEps = 1e-05;

enum class Step { LayerNorm, Linear1, Activation, Dropout0, Linear2, Dropout1, ResidualAdd, Clamp, Softmax, Scale };

Step step_at(int position_in_block);

// "Functional.layer_norm", ...: the entry name without call index and direction.
std::string api_name(Step step, int block);

// Dropout with p = 0 returns its input unchanged: autograd records no backward.
bool has_backward(Step step);

// The nn.Module a step runs in (block-level steps have none).
struct ModuleSlot {
    std::string attribute;   // "ln", "fc1", "drop", "fc2"
    std::string class_name;  // "LayerNorm", "Linear", "Dropout"
    int call = 0;            // the Dropout module is called twice per block
    std::vector<std::string> parameters;           // in named_parameters() order
    std::vector<std::string> gradient_order;       // order of its parameters_grad record
};
std::optional<ModuleSlot> module_of(Step step);

// Module record names: "Module.blocks.3.fc1.Linear.forward.0",
// "Module.blocks.3.fc1.Linear.parameters_grad.0", "Module.blocks.3.Block.forward.0".
std::string module_forward_name(int block, const ModuleSlot& slot);
std::string module_parameters_grad_name(int block, const ModuleSlot& slot);
std::string block_module_name(int block);

// Call sites: each has one call stack; records of the same site share a
// stack.json group, as the same source line does in real runs.
enum class CallSite : int {
    BlockApi = 0,            // + position in block; the odd-block ReLU has its own site
    ReluApi = 20,
    ModuleRecord = 30,       // + position in block
    BlockRecord = 40,
    BenchOnlyApi,
    NpuOnlyApi,
    AllReduce,
    GradientDivide,
};
int api_site(Step step, int block);
int module_site(Step step);
const std::vector<std::string>& frames(int site);

}  // namespace msprobe::testing::synthetic_model
