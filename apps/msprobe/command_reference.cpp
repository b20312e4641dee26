#include "command_reference.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "command_line.hpp"

namespace msprobe::cli {

namespace {

// The single-dash spelling argparse accepts for a long flag in this shape ("-tp" for "--target_path"), if any.
std::vector<std::string> single_dash_spellings(const std::string& long_flag, Shape shape) {
    const AliasMap& aliases = shape == Shape::August ? august_single_dash_aliases() : single_dash_aliases();
    std::vector<std::string> out;
    for (const auto& [alias, flag] : aliases) {
        if (flag == long_flag) out.push_back(alias);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<FlagReference> flags_of(const CLI::App& cmd, Shape shape) {
    std::vector<FlagReference> flags;
    for (const CLI::Option* option : cmd.get_options()) {
        if (option->get_group().empty()) continue;  // hidden: other modes' flags, registered only to be refused
        FlagReference flag;
        std::vector<std::string> longs;
        for (const auto& name : option->get_lnames()) longs.push_back("--" + name);
        for (const auto& name : longs) {
            for (auto& alias : single_dash_spellings(name, shape)) flag.spellings.push_back(std::move(alias));
        }
        for (const auto& name : option->get_snames()) flag.spellings.push_back("-" + name);
        flag.spellings.insert(flag.spellings.end(), longs.begin(), longs.end());
        if (flag.spellings.empty()) continue;  // a positional argument
        flag.description = option->get_description();
        flag.takes_value = option->get_expected_max() > 0 && option->get_type_size_max() > 0;
        flags.push_back(std::move(flag));
    }
    return flags;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::vector<std::string> names_of(const std::vector<SubcommandReference>& reference, const Shape* shape) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const auto& sub : reference) {
        if (shape && sub.shape != *shape) continue;
        if (seen.insert(sub.name).second) names.push_back(sub.name);
    }
    return names;
}

std::vector<std::string> flag_words(const SubcommandReference& sub) {
    std::vector<std::string> words;
    for (const auto& flag : sub.flags) words.insert(words.end(), flag.spellings.begin(), flag.spellings.end());
    return words;
}

const char* shape_word(Shape shape) { return shape == Shape::August ? "august" : "april"; }

// troff text: backslashes doubled, minus signs escaped, no line starting with a control character.
std::string troff(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-') {
            out += "\\-";
        } else {
            out += c;
        }
    }
    if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
    return out;
}

std::string troff_flags(const SubcommandReference& sub) {
    std::string out;
    for (const auto& flag : sub.flags) {
        std::string names;
        for (const auto& spelling : flag.spellings) {
            names += (names.empty() ? "" : ", ") + ("\\fB" + troff(spelling) + "\\fR");
        }
        out += ".TP\n" + names + (flag.takes_value ? " \\fIVALUE\\fR" : "") + "\n" + troff(flag.description) + "\n";
    }
    return out;
}

}  // namespace

std::vector<SubcommandReference> command_reference(std::span<const Subcommand> table) {
    std::vector<SubcommandReference> reference;
    for (const auto& row : table) {
        CLI::App scratch;  // the row registers its flags here; its runner is never called
        GlobalOptions global;
        CLI::App* cmd = scratch.add_subcommand(row.name, row.help);
        (void)row.add(*cmd, global);
        reference.push_back({row.name, row.shape, row.help, flags_of(*cmd, row.shape)});
    }
    return reference;
}

std::string bash_completion(const std::vector<SubcommandReference>& reference) {
    const Shape april = Shape::April, august = Shape::August;
    std::string cases;
    for (const auto& sub : reference) {
        cases +=
            fmt::format("      {}:{}) words=\"{}\" ;;\n", shape_word(sub.shape), sub.name, joined(flag_words(sub)));
    }
    return fmt::format(R"(# bash completion for msprobe and msprobe-torch (made by `msprobe --print-completion bash`)
_msprobe() {{
  local cur="${{COMP_WORDS[COMP_CWORD]}}" sub="" framework="" i words
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${{COMP_WORDS[i]}}" in
      -f|--framework) framework=1; ((i++)) ;;
      -*) ;;
      *) sub="${{COMP_WORDS[i]}}"; break ;;
    esac
  done
  if [[ "${{COMP_WORDS[COMP_CWORD-1]}}" == -f || "${{COMP_WORDS[COMP_CWORD-1]}}" == --framework ]]; then
    COMPREPLY=($(compgen -W "pytorch mindspore" -- "$cur"))
    return
  fi
  if [[ -z "$sub" ]]; then
    if [[ -n "$framework" ]]; then
      words="{}"
    else
      words="{} -f --framework -h --help -v --version"
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    return
  fi
  # August's line: one of its names without -f; April's otherwise.
  local shape=april
  if [[ -z "$framework" ]]; then
    case " {} " in *" $sub "*) shape=august ;; esac
  fi
  if [[ "$cur" == -* ]]; then
    words=""
    case "$shape:$sub" in
{}    esac
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}}
complete -o default -o filenames -F _msprobe msprobe msprobe-torch
)",
                       joined(names_of(reference, &april)), joined(names_of(reference, nullptr)),
                       joined(names_of(reference, &august)), cases);
}

std::string zsh_completion(const std::vector<SubcommandReference>& reference) {
    const Shape april = Shape::April, august = Shape::August;
    std::string cases;
    for (const auto& sub : reference) {
        cases += fmt::format("    {}:{}) flags=({}) ;;\n", shape_word(sub.shape), sub.name, joined(flag_words(sub)));
    }
    return fmt::format(R"(#compdef msprobe msprobe-torch
# zsh completion for msprobe and msprobe-torch (made by `msprobe --print-completion zsh`)
local sub="" framework="" i
for ((i = 2; i < CURRENT; i++)); do
  case "${{words[i]}}" in
    -f|--framework) framework=1; ((i++)) ;;
    -*) ;;
    *) sub="${{words[i]}}"; break ;;
  esac
done
if [[ "${{words[CURRENT-1]}}" == (-f|--framework) ]]; then
  compadd -- pytorch mindspore
  return
fi
if [[ -z "$sub" ]]; then
  if [[ -n "$framework" ]]; then
    compadd -- {}
  else
    compadd -- {} -f --framework -h --help -v --version
  fi
  return
fi
local shape=april
if [[ -z "$framework" && " {} " == *" $sub "* ]]; then shape=august; fi
if [[ "$PREFIX" == -* ]]; then
  local -a flags
  case "$shape:$sub" in
{}  esac
  compadd -- $flags
  return
fi
_files
)",
                       joined(names_of(reference, &april)), joined(names_of(reference, nullptr)),
                       joined(names_of(reference, &august)), cases);
}

std::string man_page(const std::vector<SubcommandReference>& reference, const std::string& version) {
    std::string page = fmt::format(
        ".TH MSPROBE 1 \"\" \"msprobe\\-cpp {}\" \"User Commands\"\n"
        ".SH NAME\n"
        "msprobe \\- precision debugging of PyTorch and MindSpore dumps: compare, acc_check, graph and msprobe's "
        "other offline tools, natively\n"
        ".SH SYNOPSIS\n"
        ".B msprobe\n\\fISUBCOMMAND\\fR [\\fIOPTIONS\\fR] \\(em August 2026's line\n.br\n"
        ".B msprobe \\-f\n\\fBpytorch\\fR|\\fBmindspore\\fR \\fISUBCOMMAND\\fR [\\fIOPTIONS\\fR] \\(em April 2026's "
        "line\n"
        ".SH DESCRIPTION\n"
        "msprobe\\-cpp reads both command lines of msprobe and writes the same result files. The first word after "
        "\\fBmsprobe\\fR decides: one of August's subcommand names reads the line as August's; anything else "
        "(\\fB\\-f\\fR \\fIframework\\fR, \\fBrun_ut\\fR, ...) as April's. \\fBmsprobe \\-\\-version\\fR says which "
        "kernel this CPU runs and what the build holds.\n",
        version);
    const std::pair<Shape, const char*> sections[] = {
        {Shape::August, "AUGUST 2026 SUBCOMMANDS"},
        {Shape::April, "APRIL 2026 SUBCOMMANDS (msprobe \\-f FRAMEWORK ...)"},
    };
    for (const auto& [shape, title] : sections) {
        page += fmt::format(".SH \"{}\"\n", title);
        for (const auto& sub : reference) {
            if (sub.shape != shape) continue;
            page += ".SS " + troff(sub.name) + "\n" + troff(sub.help) + "\n" + troff_flags(sub);
        }
    }
    page +=
        ".SH ENVIRONMENT\n.TP\n\\fBMSPROBE_KERNEL_ISA\\fR\nscalar, sse2, avx2, avx512 or neon: the metric kernel to "
        "run instead of the widest one this CPU offers.\n"
        ".TP\n\\fBMSPROBE_TENSOR_POSTPROCESS_DIR\\fR\nthe folder of right_matmul yamls that August's "
        "real\\-data compare and graph_visualize apply (default: share/msprobe/tensor_postprocess beside the "
        "binary).\n"
        ".SH \"EXIT STATUS\"\n0 on success. August's lines: 2 for what the argument parser refuses, 1 for what the "
        "run finds, 3 for an internal error. April's lines: 2 for bad input. \\fB\\-\\-fail\\-on\\fR turns result "
        "levels into exit 1.\n"
        ".SH \"SEE ALSO\"\nThe README and docs/ of msprobe\\-cpp; docs/compatibility.md lists where it differs from "
        "msprobe.\n";
    return page;
}

}  // namespace msprobe::cli
