#include "command_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <regex>
#include <set>
#include <thread>

#include "common/log.hpp"

namespace msprobe::cli {

namespace {

// One way argparse reads a token: the option and, when attached to it, a value.
struct Match {
    const OptionSpelling* option;
    std::string spelling;
    std::optional<std::string> explicit_value;
};

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

std::string names(const OptionSpelling& option) {
    std::string out;
    for (const auto& s : option.strings) out += (out.empty() ? "" : "/") + s;
    return out;
}

const OptionSpelling* exact(const ParserSpelling& parser, const std::string& spelling) {
    for (const auto& option : parser) {
        if (std::find(option.strings.begin(), option.strings.end(), spelling) != option.strings.end()) return &option;
    }
    return nullptr;
}

// argparse's _get_option_tuples: "--pre[=v]" matches every long spelling
// starting with "--pre"; "-xyz" matches the short option "-x" (value "yz") and
// every spelling starting with "-xyz". Spellings of one option count once.
std::vector<Match> option_tuples(const ParserSpelling& parser, const std::string& arg) {
    std::vector<Match> out;
    auto add = [&](const OptionSpelling& option, const std::string& spelling, std::optional<std::string> value) {
        for (const auto& m : out) {
            if (m.option == &option) return;
        }
        out.push_back({&option, spelling, std::move(value)});
    };
    if (starts_with(arg, "--")) {
        const auto eq = arg.find('=');
        const std::string prefix = arg.substr(0, eq);
        std::optional<std::string> value;
        if (eq != std::string::npos) value = arg.substr(eq + 1);
        for (const auto& option : parser) {
            if (!option.abbreviable) continue;
            for (const auto& s : option.strings) {
                if (starts_with(s, prefix)) add(option, s, value);
            }
        }
    } else {
        const std::string short_prefix = arg.substr(0, 2);
        for (const auto& option : parser) {
            if (!option.abbreviable) continue;
            for (const auto& s : option.strings) {
                if (s == short_prefix) {
                    add(option, s, arg.substr(2));
                } else if (starts_with(s, arg)) {
                    add(option, s, std::nullopt);
                }
            }
        }
    }
    return out;
}

bool is_negative_number(const std::string& arg) {
    static const std::regex kNegative(R"(^-\d+$|^-\d*\.\d+$)");
    return std::regex_match(arg, kNegative);
}

// Reads argv the way argparse does, one parser at a time.
class Normalizer {
public:
    Normalizer(const CommandSpelling& spelling, std::vector<TypedOption>* typed)
        : spelling_(spelling), parser_(&spelling.global), typed_(typed) {}

    std::vector<std::string> run(const std::vector<std::string>& args) {
        for (std::size_t i = 0; i < args.size(); ++i) {
            const std::string& arg = args[i];
            if (arg == "--") {
                out_.insert(out_.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
                break;
            }
            if (value_pending_) {
                // The token after a value option is its value when argparse would not read it as an option.
                const OptionSpelling* pending = value_pending_;
                value_pending_ = nullptr;
                if (arg.empty()) throw empty_value(*pending);
                if (arg[0] != '-' || is_negative_number(arg)) {
                    out_.push_back(arg);
                    continue;
                }
            }
            if (arg.size() < 2 || arg[0] != '-' || is_negative_number(arg)) {
                enter_subcommand(arg);
                out_.push_back(arg);
                continue;
            }
            read_option(arg);
        }
        return out_;
    }

private:
    void enter_subcommand(const std::string& arg) {
        if (parser_ != &spelling_.global) return;
        const auto it = spelling_.subcommands.find(arg);
        if (it == spelling_.subcommands.end()) return;
        parser_ = &it->second;
        command_ = arg;
        given_.clear();
    }

    // argparse's _parse_optional.
    void read_option(const std::string& arg) {
        if (const OptionSpelling* option = exact(*parser_, arg)) return emit(*option, std::nullopt, arg);
        if (const auto eq = arg.find('='); eq != std::string::npos) {
            if (const OptionSpelling* option = exact(*parser_, arg.substr(0, eq))) {
                return emit(*option, arg.substr(eq + 1), arg);
            }
        }
        const auto matches = option_tuples(*parser_, arg);
        if (matches.size() > 1) {
            std::string list;
            for (const auto& m : matches) list += (list.empty() ? "" : ", ") + m.spelling;
            throw UsageError(command_, fmt::format("ambiguous option: {} could match {}", arg, list));
        }
        if (matches.empty()) {
            out_.push_back(arg);  // unknown: CLI11 names it
            return;
        }
        const Match& m = matches.front();
        if (!m.option->takes_value && m.explicit_value && !starts_with(m.spelling, "--") && m.spelling.size() == 2) {
            // "-sc": flags given together, as argparse splits them; a letter that is no option
            // leaves the rest as a value the flag cannot take ("-hl" where there is no -l).
            if (!m.explicit_value->empty() && exact(*parser_, "-" + m.explicit_value->substr(0, 1)) == nullptr) {
                return emit(*m.option, m.explicit_value, arg);
            }
            emit(*m.option, std::nullopt, arg);
            if (!m.explicit_value->empty()) read_option("-" + *m.explicit_value);
            return;
        }
        emit(*m.option, m.explicit_value, arg);
    }

    void emit(const OptionSpelling& option, const std::optional<std::string>& value, const std::string& typed) {
        if (typed_ != nullptr) typed_->push_back({typed, option.canonical});
        if (!option.takes_value) {
            if (value) {
                throw UsageError(command_,
                                 fmt::format("argument {}: ignored explicit argument '{}'", names(option), *value));
            }
            out_.push_back(option.canonical);
            return;
        }
        if (!option.repeatable && !given_.insert(&option).second) {
            throw UsageError(command_, fmt::format("argument {}: given more than once", names(option)));
        }
        if (!value) {
            out_.push_back(option.canonical);
            value_pending_ = &option;
            return;
        }
        if (value->empty()) throw empty_value(option);
        out_.push_back(option.canonical + "=" + *value);
    }

    UsageError empty_value(const OptionSpelling& option) const {
        return UsageError(command_, fmt::format("argument {}: expected a non-empty value", names(option)));
    }

    const CommandSpelling& spelling_;
    const ParserSpelling* parser_;
    std::string command_;
    std::set<const OptionSpelling*> given_;
    const OptionSpelling* value_pending_ = nullptr;
    std::vector<TypedOption>* typed_;
    std::vector<std::string> out_;
};

}  // namespace

std::vector<std::string> normalize_arguments(const std::vector<std::string>& args, const CommandSpelling& spelling,
                                             std::vector<TypedOption>* typed) {
    return Normalizer(spelling, typed).run(args);
}

const AliasMap& single_dash_aliases() {
    static const AliasMap aliases = {
        {"-hl", "--highlight"},      {"-am", "--api_mapping"},     {"-cm", "--cell_mapping"},
        {"-dm", "--data_mapping"},   {"-lm", "--layer_mapping"},   {"-da", "--diff_analyze"},
        {"-tp", "--target_path"},    {"-gp", "--golden_path"},
        {"-config", "--config"},     {"-api_info", "--api_info"},  {"-save_error_data", "--save_error_data"},
        {"-csv_path", "--csv_path"},         {"-npu", "--npu_csv_path"},   {"-gpu", "--gpu_csv_path"},
        {"-forward", "--forward_input_file"}, {"-backward", "--backward_input_file"},
        {"-oc", "--overflow_check"},
    };
    return aliases;
}

const AliasMap& august_single_dash_aliases() {
    static const AliasMap aliases = [] {
        AliasMap all = single_dash_aliases();
        all.insert({{"-fm", "--fuzzy_match"},
                    {"-tensor_log", "--is_print_compare_log"},
                    {"-progress_log", "--progress_log"},
                    {"-fr", "--fusion_rule_file"},
                    {"-qfr", "--quant_fusion_rule_file"},
                    {"-cfr", "--close_fusion_rule_file"},
                    {"-ofs", "--onnx_fusion_switch"},
                    {"-vc", "--verl-compare"},
                    {"-vv", "--verl-verify"}});
        return all;
    }();
    return aliases;
}

CLI::Option* add_jobs_option(CLI::App* cmd, unsigned& jobs, const std::string& description) {
    const CLI::Validator at_least_one(
        [](std::string& value) {
            return value.find_first_not_of('0') == std::string::npos ? std::string("must be at least 1")
                                                                     : std::string();
        },
        "N");
    return cmd->add_option("-j,--jobs", jobs, description + " (default: all cores; at most 4 per core)")
        ->check(at_least_one);
}

unsigned worker_threads(unsigned requested, unsigned cores) {
    cores = std::max(1u, cores);
    if (requested == 0) return cores;
    const unsigned cap = kJobsPerCore * cores;
    if (requested <= cap) return requested;
    log::warning(fmt::format("-j {} is more than {} threads per core on {} core(s); using {} threads.", requested,
                             kJobsPerCore, cores, cap));
    return cap;
}

unsigned worker_threads(unsigned requested) { return worker_threads(requested, std::thread::hardware_concurrency()); }

CLI::Option* add_html_option(CLI::App* cmd, std::string& path) {
    return cmd->add_option("--html", path,
                           "also write a self-contained HTML report of the run (table, metric chart, rank heatmap, "
                           "API tree) to this file; see docs/html_report.md");
}

CLI::Option* add_quiet_option(CLI::App* cmd, bool& quiet) {
    return cmd->add_flag("--quiet", quiet,
                         "no progress line on the terminal (none is drawn when stderr is not a terminal either)");
}

bool exact_spelling_only(const std::string& long_spelling) { return long_spelling == "--quiet"; }

}  // namespace msprobe::cli
