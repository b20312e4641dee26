#pragma once
// Which framework wrote a dump.json that carries no "framework" key, read from what its records spell: tensor
// type names ("torch.Tensor" / "mindspore.Tensor"), dtype spellings ("torch.float32" / "Float32") and the
// families of its API names ("Torch." / "Mint."). Commands that pick a checker by the framework ask this
// before refusing a dump without the key.
#include <string>

#include "dump/json_view.hpp"

namespace msprobe::dump {

enum class DumpFramework { PyTorch, MindSpore, Unknown };

struct FrameworkClues {
    DumpFramework framework = DumpFramework::Unknown;  // Unknown when the clues name neither framework, or both
    std::string example;                               // one spelling that decided it, e.g. "mindspore.Tensor"
};

// The framework the "data" entries of a dump.json's `root` point to.
FrameworkClues framework_from_content(JsonView root);

}  // namespace msprobe::dump
