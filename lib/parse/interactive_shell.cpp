#include "parse/interactive_shell.hpp"

#include "kernel_dump_compare/vector_compare.hpp"

#include <fmt/format.h>

#include <cctype>
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_text.hpp"
#include "dump/ptdbg_pkl.hpp"
#include "parse/kernel_dump_batch_convert.hpp"
#include "parse/kernel_dump_to_npy.hpp"
#include "parse/npy_tree_compare.hpp"
#include "parse/parse_job.hpp"
#include "parse/pkl_report.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/ascend_format.hpp"
#include "tensor/numpy_text.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/tensor_summary.hpp"

namespace msprobe::parse {

namespace {

namespace fs = std::filesystem;

constexpr const char* kPrompt = "Parse >>> ";
constexpr const char* kInvalid = "Command invalid, Only support command start with cad/vc/dc/pk/cn/pt";

constexpr const char* kBanner =
    "    ____\n"
    "       / __ \\____ ______________\n"
    "      / /_/ / __ `/ ___/ ___/ _ \\\n"
    "     / ____/ /_/ / /  (__  )  __/\n"
    "    /_/    \\__,_/_/  /____/\\___/\n";

// A command's usage mistake: reported with its usage text, the shell goes on.
struct UsageError {
    std::string text;
};

struct FlagSpec {
    const char* short_name;
    const char* long_name;
    bool takes_value;
};

std::string unquote(std::string value) {
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') && value.back() == value.front()) {
        value = value.substr(1, value.size() - 2);
    }
    return value;
}

// "-n x --print 5 -s" -> {"-n": "x", "-p": "5", "-s": ""} keyed by short name.
std::map<std::string, std::string> parse_flags(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs,
                                               const std::string& usage) {
    std::map<std::string, std::string> flags;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const FlagSpec* spec = nullptr;
        for (const auto& s : specs) {
            if (args[i] == s.short_name || args[i] == s.long_name) spec = &s;
        }
        if (args[i] == "-h" || args[i] == "--help" || spec == nullptr) throw UsageError{usage};
        if (!spec->takes_value) {
            flags[spec->short_name] = "";
            continue;
        }
        if (i + 1 >= args.size()) throw UsageError{usage};
        flags[spec->short_name] = unquote(args[++i]);
    }
    return flags;
}

std::string required(const std::map<std::string, std::string>& flags, const char* name, const std::string& usage) {
    auto it = flags.find(name);
    if (it == flags.end()) throw UsageError{usage};
    return it->second;
}

double positive_number(const std::map<std::string, std::string>& flags, const char* name, double fallback) {
    auto it = flags.find(name);
    if (it == flags.end()) return fallback;
    const auto value = py::parse_float(it->second);
    if (!value || !(*value > 0))
        throw Error("", fmt::format("{} must be a number greater than 0, got '{}'", name, it->second));
    return *value;
}

// The reference's checks of a tensor path: an existing single file of a tensor suffix.
void check_tensor_path(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path, "The path does not exist.");
    if (fs::is_directory(path, ec)) throw Error(path, "Please specify a single file path");
    const auto ext = fs::path(path).extension();
    if (ext != ".npy" && ext != ".pt") throw Error(path, fmt::format("{} is not a .npy file.", path));
}

struct Loaded {
    tensor::TensorView view;
    std::vector<double> values;
};

Loaded load(const std::string& path) {
    check_tensor_path(path);
    Loaded t;
    t.view = tensor::read_tensor_file(path);
    t.values = tensor::tensor_values(t.view, path);
    if (t.values.empty()) throw Error(path, "Invalid data, data is empty");
    return t;
}

// Writes <path>.txt unless it exists (then says so, as msprobe does).
std::string save_text(const std::string& path, const Loaded& t) {
    const SavedText saved = save_values_text(path, t.values, t.view.shape);
    if (!saved.written) log::info(exists_message(saved.path));
    return saved.path.string();
}

void print_tensor(const std::vector<std::string>& args, std::ostream& out) {
    const std::string usage = "usage: pt -n NAME  (print one .npy/.pt tensor and save NAME.txt)";
    const auto flags = parse_flags(args, {{"-n", "--name", true}}, usage);
    const std::string path = required(flags, "-n", usage);
    const Loaded t = load(path);
    const tensor::TensorSummary summary = tensor::summarize(t.view, t.values);
    save_text(path, t);
    out << pt_panel_text(summary, t.values, path);
}

void compare_tensors(const std::vector<std::string>& args, std::ostream& out) {
    const std::string usage = "usage: cn -m MY_DUMP_PATH -g GOLDEN_DUMP_PATH [-p PRINT] [-s] [-al ATOL] [-rl RTOL]";
    const auto flags = parse_flags(args,
                                   {{"-m", "--my_dump_path", true},
                                    {"-g", "--golden_dump_path", true},
                                    {"-p", "--print", true},
                                    {"-s", "--save", false},
                                    {"-al", "--atol", true},
                                    {"-rl", "--rtol", true}},
                                   usage);
    const std::string mine = required(flags, "-m", usage);
    const std::string golden = required(flags, "-g", usage);
    DiffOptions options;
    options.atol = positive_number(flags, "-al", options.atol);
    options.rtol = positive_number(flags, "-rl", options.rtol);
    if (auto it = flags.find("-p"); it != flags.end()) {
        const auto rows = py::parse_float(it->second);
        if (!rows || *rows <= 0 || *rows != static_cast<double>(static_cast<std::int64_t>(*rows))) {
            throw Error("", fmt::format("-p must be an integer greater than 0, got '{}'", it->second));
        }
        options.print_rows = static_cast<std::int64_t>(*rows);
    }
    const Loaded left = load(mine);
    const Loaded right = load(golden);
    const TensorDiff diff = diff_tensors(left.view, left.values, right.view, right.values, options);
    for (const auto& warning : diff_warnings(diff)) log::warning(warning);
    std::string left_txt, right_txt;
    if (flags.count("-s")) {
        left_txt = save_text(mine, left);
        right_txt = save_text(golden, right);
    }
    out << cn_text(diff, mine, golden, options, left_txt, right_txt);
}

bool valid_prefix(const std::string& prefix) {
    if (prefix.empty() || prefix.size() > 255) return false;
    for (unsigned char c : prefix) {
        if (!std::isalnum(c) && c != '_' && c != '.' && c != '/' && c != '-') return false;
    }
    return true;
}

void print_pkl(const std::vector<std::string>& args, std::ostream& out) {
    const std::string usage = "usage: pk -f PKL_FILE -n API_PREFIX";
    const auto flags = parse_flags(args, {{"-f", "--file", true}, {"-n", "--name", true}}, usage);
    const std::string file = required(flags, "-f", usage);
    const std::string prefix = required(flags, "-n", usage);
    std::error_code ec;
    if (!fs::exists(file, ec)) throw Error(file, "The path does not exist.");
    if (fs::path(file).extension() != ".pkl") throw Error(file, fmt::format("{} is not a .pkl file.", file));
    if (!valid_prefix(prefix)) throw Error("", fmt::format("The parameter {} contains special characters.", prefix));
    const auto records = dump::read_ptdbg_pkl(file);
    // The interactive pk prints only stacks of more than 4 frames.
    out << pkl_text(select_pkl_records(records, prefix), file, 5);
}

// The reference's checks of a kernel dump path: it exists, and a folder is not empty.
void check_dump_path(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path, "The path does not exist.");
    if (fs::is_directory(path, ec) && fs::is_empty(path, ec)) throw Error(path, "No files found in path.");
}

// Kernel dumps are converted natively: the msaccucmp.py path msprobe's command lines carry is not used.
void ignore_msaccucmp_path(const std::map<std::string, std::string>& flags, const char* name) {
    if (flags.count(name) == 0) return;
    log::warning(
        fmt::format("{} is not needed: kernel dumps are converted without msaccucmp.py; the path is ignored", name));
}

// -f: the reference's parameter check (FILE_PATTERN, at most 255 characters), then a format we know.
std::optional<std::string> target_format(const std::map<std::string, std::string>& flags) {
    const auto it = flags.find("-f");
    if (it == flags.end() || it->second.empty()) return std::nullopt;  // an empty -f is none, as in Python
    if (it->second.size() > 255) throw Error("", "The parameter length exceeds limit");
    if (!valid_prefix(it->second)) {
        throw Error("", fmt::format("The parameter {} contains special characters.", it->second));
    }
    tensor::parse_format(it->second, "-f");
    return it->second;
}

// dc: one kernel dump file or folder to .npy files (parse_data/dump_convert by default).
void convert_dump(const std::vector<std::string>& args, std::ostream& out, ThreadPool& pool) {
    const std::string usage = "usage: dc -n NAME [-f FORMAT] [-out OUTPUT_PATH] [-cmp_path MSACCUCMP_PATH]";
    const auto flags = parse_flags(args,
                                   {{"-n", "--name", true},
                                    {"-f", "--format", true},
                                    {"-out", "--output_path", true},
                                    {"-cmp_path", "--msaccucmp_path", true}},
                                   usage);
    const std::string path = required(flags, "-n", usage);
    check_dump_path(path);
    ignore_msaccucmp_path(flags, "-cmp_path");
    NpyConvertRequest request{path, fs::path("parse_data") / "dump_convert", target_format(flags)};
    if (auto it = flags.find("-out"); it != flags.end() && !it->second.empty()) request.output_dir = it->second;
    convert_to_npy(request, pool, out);
}

// cad: every kernel dump of a tree to <out>/<op_name>/<timestamp>/ (vc's .npy tree).
void convert_dump_tree(const std::vector<std::string>& args, std::ostream& out, ThreadPool& pool) {
    const std::string usage = "usage: cad -m MY_DUMP_PATH [-out OUTPUT_PATH] [-asc MSACCUCMP_PATH]";
    const auto flags = parse_flags(
        args, {{"-m", "--my_dump_path", true}, {"-out", "--output_path", true}, {"-asc", "--msaccucmp_path", true}},
        usage);
    const std::string path = required(flags, "-m", usage);
    check_dump_path(path);
    fs::path output = default_batch_convert_dir();
    if (auto it = flags.find("-out"); it != flags.end() && !it->second.empty()) output = it->second;
    ignore_msaccucmp_path(flags, "-asc");
    const BatchConvertOutcome outcome = batch_convert_kernel_dumps(path, output, pool, out);
    if (!outcome.failures.empty()) {
        throw Error(
            "", fmt::format("{} of {} kernel dump files were not converted", outcome.failures.size(), outcome.files));
    }
}

// vc: two trees of .npy files (from cad) are compared natively; kernel dumps need msaccucmp.
// vc on kernel dump folders: msaccucmp's vector comparison, natively (without rule files, as the shell runs it).
void compare_kernel_dumps(const std::map<std::string, std::string>& flags, const fs::path& mine, const fs::path& golden,
                          ThreadPool& pool) {
    std::error_code ec;
    if (!fs::is_directory(mine, ec) || !fs::is_directory(golden, ec)) {
        throw Error(fs::is_directory(mine, ec) ? golden.string() : mine.string(),
                    "Please enter a directory not a file");
    }
    ignore_msaccucmp_path(flags, "-cmp_path");
    kernel_dump_compare::VectorCompareRequest request;
    request.mine = mine;
    request.golden = golden;
    const auto out = flags.find("-out");
    request.output_dir = out != flags.end() ? fs::path(out->second) : fs::path("parse_data") / "compare_result";
    log::info("Start Compare ...............");
    const auto result = kernel_dump_compare::run_vector_compare(request, pool);
    for (const auto& warning : result.warnings) log::warning(warning);
    log::info(
        fmt::format("The comparison result have been written to \"'{}'\".", fs::absolute(result.written).string()));
    log::info("Compare finished!!");
}

void compare_dump_trees(const std::vector<std::string>& args, std::ostream& out, ThreadPool& pool) {
    const std::string usage =
        "usage: vc -m MY_DUMP_PATH -g GOLDEN_DUMP_PATH [-out OUTPUT_PATH] [-cmp_path MSACCUCMP_PATH]";
    const auto flags = parse_flags(args,
                                   {{"-m", "--my_dump_path", true},
                                    {"-g", "--golden_dump_path", true},
                                    {"-out", "--output_path", true},
                                    {"-cmp_path", "--msaccucmp_path", true}},
                                   usage);
    const fs::path mine = required(flags, "-m", usage);
    const fs::path golden = required(flags, "-g", usage);
    std::error_code ec;
    for (const auto& p : {mine, golden}) {
        if (!fs::exists(p, ec)) throw Error(p.string(), "The path does not exist.");
    }
    const bool npy_trees =
        fs::is_directory(mine, ec) && fs::is_directory(golden, ec) && is_npy_tree(mine) && is_npy_tree(golden);
    if (!npy_trees) {
        compare_kernel_dumps(flags, mine, golden, pool);
        return;
    }
    std::optional<fs::path> output;
    if (auto it = flags.find("-out"); it != flags.end()) output = it->second;
    const NpyTreeCompare result = compare_npy_trees(mine, golden, output);
    for (const auto& warning : result.warnings) log::warning(warning);
    log::info(fmt::format("Compare result is saved in : {}", result.csv.string()));
    out << std::flush;
}

}  // namespace

std::vector<std::string> split_command_line(const std::string& line, const std::string& insert) {
    std::vector<std::string> words;
    std::istringstream stream(line);
    for (std::string word; stream >> word;) words.push_back(word);
    if (words.empty()) return words;
    for (const auto& w : words) {
        if (w == "-h") return words;
    }
    if (!insert.empty() && words.front() != insert) words.insert(words.begin(), insert);
    return words;
}

void run_shell_command(const std::string& line, std::ostream& out, ThreadPool& pool) {
    const auto args = split_command_line(line);
    if (args.empty()) return;
    const std::string& command = args.front();
    try {
        if (command == "pt") {
            print_tensor(args, out);
        } else if (command == "cn") {
            compare_tensors(args, out);
        } else if (command == "pk") {
            print_pkl(args, out);
        } else if (command == "vc") {
            compare_dump_trees(args, out, pool);
        } else if (command == "dc") {
            convert_dump(args, out, pool);
        } else if (command == "cad") {
            convert_dump_tree(args, out, pool);
        } else if (command == "help" || command == "?") {
            out << "Commands: pt -n FILE | cn -m MINE -g GOLDEN [-p N] [-s] [-al A] [-rl R] | pk -f FILE.pkl -n PREFIX"
                   " | vc -m DIR -g DIR [-out DIR] | dc -n PATH [-f FORMAT] [-out DIR] | cad -m DIR [-out DIR]"
                   " | exit\n(dc and cad convert kernel dumps to .npy files; vc compares two .npy trees such as cad "
                   "writes, or two kernel dump folders)\n";
        } else {
            out << kInvalid << "\n";
        }
    } catch (const UsageError& e) {
        out << e.text << "\n";
    } catch (const Error& e) {
        out << "error: " << e.what() << "\nCommand execution failed\n";
    } catch (const std::exception& e) {
        out << "error: " << e.what() << "\nCommand execution failed\n";
    }
}

int run_interactive_shell(std::istream& in, std::ostream& out, ThreadPool& pool) {
    log::info("Interactive command mode");
    out << kBanner << "Start Parsing........\n";
    std::string line;
    while (true) {
        out << kPrompt << std::flush;
        if (!std::getline(in, line)) {
            out << "\n";
            break;
        }
        const auto words = split_command_line(line);
        if (words.empty()) continue;
        if (words.front() == "exit" || words.front() == "quit" || words.front() == "q") break;
        run_shell_command(line, out, pool);
        out << std::flush;
    }
    log::info("Exit parsing.......");
    return 0;
}

}  // namespace msprobe::parse
