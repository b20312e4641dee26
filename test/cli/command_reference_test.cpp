// The completion scripts and the man page come from the one table of
// subcommands: every subcommand and every flag a user can type is in all
// three, and the bash script completes what the table registers.
#include <catch2/catch.hpp>

#include <algorithm>

#include "command_reference.hpp"
#include "msprobe_process.hpp"
#include "subcommand_table.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::cli;
using namespace msprobe::testing;

namespace {

bool has_spelling(const SubcommandReference& sub, const std::string& spelling) {
    return std::any_of(sub.flags.begin(), sub.flags.end(), [&](const FlagReference& f) {
        return std::find(f.spellings.begin(), f.spellings.end(), spelling) != f.spellings.end();
    });
}

const SubcommandReference& row(const std::vector<SubcommandReference>& reference, Shape shape,
                               const std::string& name) {
    const auto it = std::find_if(reference.begin(), reference.end(),
                                 [&](const SubcommandReference& s) { return s.shape == shape && s.name == name; });
    REQUIRE(it != reference.end());
    return *it;
}

std::string man_spelling(const std::string& spelling) {
    std::string out;
    for (const char c : spelling) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

// COMPREPLY of the bash script for a command line whose last word is being completed.
std::string bash_completes(const fs::path& script, const std::string& words) {
    const fs::path dir = script.parent_path();
    const std::string cmd = "bash -c 'source " + script.string() + "; COMP_WORDS=(" + words +
                            "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _msprobe; echo \"${COMPREPLY[*]}\"' > " +
                            (dir / "reply.txt").string();
    REQUIRE(std::system(cmd.c_str()) == 0);
    return read_file_text(dir / "reply.txt");
}

// The words the zsh script offers for a command line (its last word being completed): compadd and _files stubbed.
std::string zsh_offers(const fs::path& script, const std::string& words, const std::string& prefix) {
    const fs::path dir = script.parent_path();
    const std::string cmd =
        "zsh -c 'compadd() { [[ $1 == -- ]] && shift; print -r -- \"$@\"; }; "
        "_files() { print FILES; }; words=(" +
        words + "); CURRENT=${#words}; PREFIX=" + prefix + "; source " + script.string() + "' > " +
        (dir / "offers.txt").string();
    REQUIRE(std::system(cmd.c_str()) == 0);
    return read_file_text(dir / "offers.txt");
}

}  // namespace

TEST_CASE("command reference: the rows' flags as typed, argparse's single-dash spellings included", "[cli]") {
    const auto reference = command_reference(subcommand_table());
    REQUIRE(reference.size() == subcommand_table().size());
    const auto& august_compare = row(reference, Shape::August, "compare");
    for (const char* spelling : {"-tp", "--target_path", "-gp", "-fm", "-tensor_log", "--xlsx", "--strict_compat",
                                 "-fr", "--close_fusion_rule_file"}) {
        CHECK(has_spelling(august_compare, spelling));
    }
    CHECK_FALSE(has_spelling(august_compare, "--input_shape"));  // offline_model's flags are hidden, to be refused
    const auto& april_compare = row(reference, Shape::April, "compare");
    for (const char* spelling : {"-i", "--input_path", "-hl", "-s", "-am", "--format"}) {
        CHECK(has_spelling(april_compare, spelling));
    }
    CHECK_FALSE(has_spelling(april_compare, "-tp"));
}

TEST_CASE("command reference: every subcommand and flag is in both completions and the man page", "[cli]") {
    const auto reference = command_reference(subcommand_table());
    const std::string bash = bash_completion(reference);
    const std::string zsh = zsh_completion(reference);
    const std::string man = man_page(reference, "1.2.3");
    CHECK(man.rfind(".TH MSPROBE 1", 0) == 0);
    CHECK(man.find("msprobe\\-cpp 1.2.3") != std::string::npos);
    for (const auto& sub : reference) {
        INFO(sub.name);
        const std::string key = std::string(sub.shape == Shape::August ? "august:" : "april:") + sub.name + ")";
        const auto bash_at = bash.find(key), zsh_at = zsh.find(key);
        REQUIRE(bash_at != std::string::npos);
        REQUIRE(zsh_at != std::string::npos);
        // The line's words, each between spaces.
        auto words_at = [](const std::string& script, std::size_t at) {
            std::string line = script.substr(at, script.find('\n', at) - at) + " ";
            std::replace_if(
                line.begin(), line.end(), [](char c) { return c == '"' || c == '(' || c == ')'; }, ' ');
            return line;
        };
        const std::string bash_words = words_at(bash, bash_at), zsh_words = words_at(zsh, zsh_at);
        // August's subcommands come first in the page, April's after their own title.
        const auto april_title = man.find(".SH \"APRIL");
        REQUIRE(april_title != std::string::npos);
        const std::string section = ".SS " + man_spelling(sub.name) + "\n";
        const auto man_at = man.find(section, sub.shape == Shape::April ? april_title : 0);
        if (sub.shape == Shape::August) CHECK(man_at < april_title);
        REQUIRE(man_at != std::string::npos);
        const std::string man_section = man.substr(man_at, man.find(".SS ", man_at + 1) - man_at);
        for (const auto& flag : sub.flags) {
            for (const auto& spelling : flag.spellings) {
                INFO(spelling);
                CHECK(bash_words.find(" " + spelling + " ") != std::string::npos);
                CHECK(zsh_words.find(" " + spelling + " ") != std::string::npos);
                CHECK(man_section.find("\\fB" + man_spelling(spelling) + "\\fR") != std::string::npos);
            }
        }
    }
}

TEST_CASE("command reference: the binary prints them, and bash completes with the table's words", "[cli]") {
    const fs::path dir = scratch_dir("command_reference_bash");
    const auto printed = run_msprobe({"--print-completion", "bash"}, dir);
    REQUIRE(printed.exit_code == 0);
    CHECK(printed.out == bash_completion(command_reference(subcommand_table())));
    write_file(dir / "msprobe.bash", printed.out);
    CHECK(bash_completes(dir / "msprobe.bash", "msprobe acc_") == "acc_check\n");
    CHECK(bash_completes(dir / "msprobe.bash", "msprobe compare -t") == "-tp -tensor_log\n");
    // After -f the line is April's: its compare has -hl, August's has not.
    CHECK(bash_completes(dir / "msprobe.bash", "msprobe -f pytorch compare -h") == "-h -hl\n");
    CHECK(bash_completes(dir / "msprobe.bash", "msprobe compare -h") == "-h\n");
    CHECK(bash_completes(dir / "msprobe.bash", "msprobe -f \"\"") == "pytorch mindspore\n");
    const auto man = run_msprobe({"--print-man-page"}, dir);
    REQUIRE(man.exit_code == 0);
    CHECK(man.out.rfind(".TH MSPROBE 1", 0) == 0);
    CHECK(run_msprobe({"--print-completion", "fish"}, dir).exit_code != 0);
}

TEST_CASE("command reference: zsh offers the table's words for the line typed", "[cli]") {
    const fs::path dir = scratch_dir("command_reference_zsh");
    const auto printed = run_msprobe({"--print-completion", "zsh"}, dir);
    REQUIRE(printed.exit_code == 0);
    CHECK(printed.out.rfind("#compdef msprobe msprobe-torch\n", 0) == 0);
    write_file(dir / "_msprobe", printed.out);
    const auto reference = command_reference(subcommand_table());
    auto flags_of = [&](Shape shape, const std::string& name) {
        std::string out;
        for (const auto& flag : row(reference, shape, name).flags) {
            for (const auto& spelling : flag.spellings) out += (out.empty() ? "" : " ") + spelling;
        }
        return out + "\n";
    };
    // zsh filters by the prefix itself: the script offers every flag of the line's subcommand.
    CHECK(zsh_offers(dir / "_msprobe", "msprobe compare -t", "-t") == flags_of(Shape::August, "compare"));
    CHECK(zsh_offers(dir / "_msprobe", "msprobe -f pytorch compare -h", "-h") == flags_of(Shape::April, "compare"));
    CHECK(zsh_offers(dir / "_msprobe", "msprobe -f \"\"", "") == "pytorch mindspore\n");
    CHECK(zsh_offers(dir / "_msprobe", "msprobe compare npu/", "npu/") == "FILES\n");
    const std::string first = zsh_offers(dir / "_msprobe", "msprobe \"\"", "");
    CHECK(first.find("acc_check") != std::string::npos);
    CHECK(first.find("run_ut") != std::string::npos);
}
