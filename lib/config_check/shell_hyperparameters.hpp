#pragma once
// msprobe's ShellParser: the hyperparameters of a training launch script, by its own rules, quirks included
// (docs/config_check.md lists them):
//   * comment lines go; on other lines everything from the first "#" goes (inside quotes too);
//   * the launch command is the first `msrun`, `torchrun` or `python[N] -m torch.distributed.launch` followed by a
//     space, up to the next "|" or the end of the script (continuation lines included);
//   * each `NAME_ARGS="..."` block of the script (NAME of 1 to 20 letters, digits or "_") replaces "$NAME_ARGS" in
//     that command, its newlines as spaces;
//   * every `--key` of the command is a hyperparameter; the word after it, when one follows (not starting with a
//     backslash), is its value, even when that word is itself a `--flag` (which is then not read as a key) or a
//     `key=value` word (`--lr=0.1` gives lr = True);
//   * a value `$VAR` or `${VAR}` becomes the rest of the line after the last `VAR=` of the script;
//   * a key without a value is True; a later key of the same name replaces the value in the earlier one's place.
#include <string_view>

#include <nlohmann/json.hpp>

namespace msprobe::config_check {

// The hyperparameters of the script text (already decoded, newlines as "\n"): an object of texts and true.
nlohmann::ordered_json shell_hyperparameters(std::string_view script);

}  // namespace msprobe::config_check
