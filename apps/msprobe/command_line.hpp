#pragma once
// msprobe's command line is Python argparse; users' scripts type its
// spellings. This unit rewrites argv the way argparse (3.8-3.11, allow_abbrev)
// reads it into the spellings CLI11 parses: single-dash multi-letter flags
// (-hl, -am, -api_info), "-o=DIR", "-oDIR", unique prefixes of long options
// ("--input" for "--input_path"). It also refuses what argparse would let
// through unnoticed and a script never means: an empty value, a value option
// given twice.
#include <CLI/CLI.hpp>

#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace msprobe::cli {

// One option of one parser.
struct OptionSpelling {
    std::vector<std::string> strings;  // every spelling, registration order: "-i", "--input_path"
    std::string canonical;             // the one handed to CLI11: "--input_path"
    bool takes_value = false;          // false for flags
    bool repeatable = false;           // takes several values (-d 0 1) or may be given again
    bool abbreviable = true;           // argparse's prefixes reach it; false: read only as spelt in full
};

// The options of one parser (the global one or a subcommand), in registration order.
using ParserSpelling = std::vector<OptionSpelling>;

struct CommandSpelling {
    ParserSpelling global;
    std::unordered_map<std::string, ParserSpelling> subcommands;
};

// A usage error, in argparse's words; `command` is the subcommand it concerns ("" before one).
class UsageError : public std::runtime_error {
public:
    UsageError(std::string command, const std::string& message)
        : std::runtime_error(message), command_(std::move(command)) {}
    const std::string& command() const noexcept { return command_; }

private:
    std::string command_;
};

// argv without the program name, rewritten: every option argparse would
// recognise becomes its canonical spelling ("--name" or "--name=value"); an
// unknown token is left for CLI11 to report; nothing after "--" is touched.
// Throws UsageError for an ambiguous prefix ("ambiguous option: --f could
// match --fuzzy_match, --format"), an explicit value given to a flag, an empty
// value, or a value option given twice.
// `typed`, when given, receives every option token as typed with the
// canonical spelling it was read as ("--out" → "--output_path").
struct TypedOption {
    std::string typed;
    std::string canonical;
};
std::vector<std::string> normalize_arguments(const std::vector<std::string>& args, const CommandSpelling& spelling,
                                             std::vector<TypedOption>* typed = nullptr);

using AliasMap = std::unordered_map<std::string, std::string>;

// msprobe's single-dash spellings of long options ("-hl" → "--highlight").
const AliasMap& single_dash_aliases();
// The same plus those of August's compare ("-fm", "-tensor_log", "-fr", ...),
// which April's parsers must not learn.
const AliasMap& august_single_dash_aliases();

// -j: worker threads; 0 (not given) means one per core. A count above
// kJobsPerCore × cores is lowered to that, with a warning: each thread holds
// buffers, and a huge count only exhausts the process table.
constexpr unsigned kJobsPerCore = 4;
unsigned worker_threads(unsigned requested, unsigned cores);
// The same on this machine's cores: the size of a command's one thread pool.
unsigned worker_threads(unsigned requested);

// Registers -j/--jobs on `cmd`: a count of at least 1 (0 is refused).
CLI::Option* add_jobs_option(CLI::App* cmd, unsigned& jobs, const std::string& description);

// Registers --html on a compare command: the path of its self-contained HTML report.
CLI::Option* add_html_option(CLI::App* cmd, std::string& path);

// Registers --quiet on a long-running command: no progress line on the terminal.
CLI::Option* add_quiet_option(CLI::App* cmd, bool& quiet);

// Options of ours read only as spelt in full, never by a prefix: their prefixes stay
// what msprobe's parsers make of them ("--q" is August compare's --quant_fusion_rule_file).
bool exact_spelling_only(const std::string& long_spelling);

}  // namespace msprobe::cli
