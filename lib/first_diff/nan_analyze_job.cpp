#include "first_diff/nan_analyze_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/process_group.hpp"
#include "common/progress.hpp"
#include "common/python_json_writer.hpp"
#include "common/timestamps.hpp"
#include "dump/construct_chain.hpp"
#include "dump/entry_view.hpp"
#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"
#include "first_diff/nan_dump_reader.hpp"
#include "first_diff/rank_ops_message.hpp"
#include "rank_spread/rank_plan.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "report/output_file.hpp"

namespace msprobe::first_diff {

namespace {

namespace fs = std::filesystem;

struct RankFiles {
    std::int64_t rank = 0;
    fs::path dump, construct, stack;
};

// A missing section is written empty: a list for positional ones, a dict for keyword ones.
void write_section(py::JsonWriter& out, const dump::EntryView& entry, dump::EntrySection name) {
    out.key(dump::section_key(name));
    if (const dump::JsonView section = entry.section(name)) {
        copy_json_value(out, section);
    } else if (dump::is_keyword_section(name) || name == dump::EntrySection::Output) {
        out.begin_object();
        out.end_object();
    } else {
        out.begin_array();
        out.end_array();
    }
}

void write_anomaly_node(py::JsonWriter& out, const dump::EntryView& entry, const dump::ConstructParents& construct,
                        const dump::JsonFile& stack) {
    const std::string key(entry.name());
    out.begin_object();
    out.key("op_name");
    out.string(key);
    out.key("data_info");
    out.begin_object();
    if (key.find("forward") != std::string::npos) {
        write_section(out, entry, dump::EntrySection::InputArgs);
        write_section(out, entry, dump::EntrySection::InputKwargs);
    } else {
        write_section(out, entry, dump::EntrySection::BackwardInput);
    }
    write_section(out, entry, dump::EntrySection::Output);
    out.end_object();
    out.key("construct_info");
    out.begin_array();
    for (const auto& name : construct_chain(construct, key)) out.string(name);
    out.end_array();
    out.key("stack_info");
    if (const dump::JsonView frames = find_stack_frames(stack.root(), key, stack.path())) {
        copy_json_value(out, frames);
    } else {
        out.begin_object();
        out.end_object();
    }
    out.end_object();
}

// The model's frame of the stack the report gives an anomaly, for the run's summary.
std::string report_model_frame(const dump::JsonFile& stack, const std::string& key) {
    std::vector<std::string> lines;
    if (const dump::JsonView frames = find_stack_frames(stack.root(), key, stack.path()); frames.is_array()) {
        for (const dump::JsonView frame : frames.items()) {
            if (const auto text = frame.string()) lines.emplace_back(*text);
        }
    }
    return model_frame(lines);
}

// Writes the report; `first_frame` receives the first finding's model frame.
void write_anomaly_report(const std::vector<Finding>& findings, const std::vector<RankOps>& ranks,
                          const std::vector<RankFiles>& files, const fs::path& out_file, std::string& first_frame) {
    py::JsonWriter out(out_file, 2);
    out.begin_object();
    std::optional<std::int64_t> open_rank;
    struct LoadedRank {
        std::int64_t rank;
        dump::JsonFile dump;
        dump::ConstructParents construct;
        dump::JsonFile stack;
    };
    std::optional<LoadedRank> loaded;
    for (const auto& finding : findings) {  // ascending rank
        const auto rank_at =
            std::find_if(ranks.begin(), ranks.end(), [&](const RankOps& r) { return r.rank == finding.rank; });
        const auto files_at =
            std::find_if(files.begin(), files.end(), [&](const RankFiles& f) { return f.rank == finding.rank; });
        if (rank_at == ranks.end() || files_at == files.end()) continue;
        if (open_rank != finding.rank) {
            if (open_rank) out.end_array();
            open_rank = finding.rank;
            out.key(fmt::format("rank_{}", finding.rank));
            out.begin_array();
        }
        const std::string& key = rank_at->ops.at(finding.index).name;
        if (!loaded || loaded->rank != finding.rank) {  // once per rank, not once per finding
            loaded.reset();
            loaded.emplace(LoadedRank{finding.rank, dump::JsonFile::load(files_at->dump),
                                      dump::ConstructParents::of(dump::JsonFile::load(files_at->construct).root()),
                                      dump::JsonFile::load(files_at->stack)});
        }
        // An entry that is not a dict has no sections.
        const dump::JsonView entry = dump::JsonView(loaded->dump.root()).member("data").member(key);
        write_anomaly_node(out, dump::EntryView(key, entry), loaded->construct, loaded->stack);
        if (&finding == &findings.front()) first_frame = report_model_frame(loaded->stack, key);
    }
    if (open_rank) out.end_array();
    out.end_object();
    out.finish();
}

// The entries every rank holds and those flagged (clean inputs, NaN/Inf out), in all and per rank.
RunSummary checked_entries(const std::vector<RankOps>& ranks) {
    RunSummary run;
    run.verb = "Checked";
    std::size_t entries = 0, flagged = 0;
    for (const auto& rank : ranks) {
        const auto rank_flagged = static_cast<std::size_t>(
            std::count_if(rank.ops.begin(), rank.ops.end(), [](const RankOp& op) { return op.flagged; }));
        run.parts.push_back(
            {fmt::format("rank{}", rank.rank), {rank.ops.size(), "entries"}, {{rank_flagged, "anomalies"}}, {}});
        entries += rank.ops.size();
        flagged += rank_flagged;
    }
    run.total = {entries, fmt::format("entries of {} rank(s)", ranks.size())};
    run.counts = {{flagged, "anomalies"}};
    return run;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A step folder's entries in name order.
std::vector<fs::path> sorted_entries(const fs::path& step_dir) {
    std::vector<fs::path> entries;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(step_dir, ec)) entries.push_back(entry.path());
    if (ec) throw Error(step_dir.string(), fmt::format("cannot list: {}", ec.message()));
    std::sort(entries.begin(), entries.end());
    return entries;
}

void require_step_dir(const fs::path& input_dir) {
    std::error_code ec;
    if (fs::is_directory(input_dir, ec)) return;
    const bool exists = fs::exists(input_dir, ec);
    throw Error(input_dir.string(), fmt::format("{}; expected a step directory of a dump (holding rank, rank0, rank1, "
                                                "...)",
                                                exists ? "is not a directory" : "no such directory"));
}

// Every rank folder must hold the three files the analysis reads.
std::vector<RankFiles> rank_files_of(const std::vector<std::pair<std::int64_t, fs::path>>& rank_dirs) {
    std::vector<RankFiles> files;
    std::error_code ec;
    for (const auto& [rank, dir] : rank_dirs) {
        RankFiles f{rank, dir / "dump.json", dir / "construct.json", dir / "stack.json"};
        for (const auto& p : {f.dump, f.construct, f.stack}) {
            if (!fs::is_regular_file(p, ec)) throw Error(p.string(), "no such file");
        }
        files.push_back(std::move(f));
    }
    return files;
}

// Which dumps a search takes: August's overflow_check reads PyTorch dumps only, judged by the first rank's.
enum class Frameworks : std::uint8_t { Any, PyTorchOnly };

// The search over the ranks' files and, when it finds an anomaly, its file;
// every file is read before anything is written. Spread over processes, each
// reads its share of the ranks (balanced by bytes) and process 0 searches them
// all and writes the file once every process has read its ranks.
NanAnalyzeSummary analyse_ranks(const std::vector<RankFiles>& files, const fs::path& output_dir,
                                const AnalysisRules& rules, ProcessGroup& processes, bool show_progress,
                                Frameworks frameworks = Frameworks::Any) {
    std::vector<std::optional<RankOps>> read(files.size());
    run_on_every_process(processes, output_dir.string(), [&] {
        const auto rank_bytes = [&files](std::size_t i) {
            return compare::bytes_to_read({files[i].dump, files[i].construct, files[i].stack}, {});
        };
        const auto mine = compare::ranks_of_process(files.size(), rank_bytes, processes.size(), processes.index());
        Progress progress("Reading ranks", static_cast<std::int64_t>(mine.size()), show_progress, "ranks");
        for (const std::size_t i : mine) {
            read[i] = read_nan_rank(files[i].dump, files[i].rank);
            if (frameworks == Frameworks::PyTorchOnly && i == 0 && read[i]->framework != "pytorch") {
                throw Error(read[i]->source, "overflow check is only available for PyTorch, though the data is "
                                             "stored in a different framework.");
            }
        }
        // Parse the other two files now, so a malformed one fails before anything is written.
        for (const std::size_t i : mine) {
            dump::JsonFile::load(files[i].construct);
            dump::JsonFile::load(files[i].stack);
            progress.advance();
        }
    });
    std::vector<std::pair<std::size_t, nlohmann::json>> messages;
    if (!processes.is_first()) {
        for (std::size_t i = 0; i < read.size(); ++i) {
            if (read[i]) messages.emplace_back(i, rank_ops_message(*read[i]));
        }
    }
    const auto gathered = compare::gather_ranks(processes, files.size(), messages, {}, {});
    NanAnalyzeSummary summary;
    run_on_every_process(processes, output_dir.string(), [&] {
        if (!processes.is_first()) return;
        std::vector<RankOps> ranks;
        for (std::size_t i = 0; i < files.size(); ++i) {
            ranks.push_back(read[i] ? std::move(*read[i]) : rank_ops_from_message(gathered.results[i].value()));
        }
        const AnalysisResult analysis = find_first(ranks, rules);
        summary.run = checked_entries(ranks);
        if (analysis.findings.empty()) {
            log::info("Cannot find any anomaly node, no need to generate analyze file.");
            return;
        }
        report::check_output_dir(output_dir);
        std::string first_frame;
        const fs::path target = report::write_atomically(
            output_dir / fmt::format("anomaly_analyze_{}.json", epoch_nanoseconds()),
            [&](const fs::path& temp) { write_anomaly_report(analysis.findings, ranks, files, temp, first_frame); });
        log::info(fmt::format("The analyze result is saved in: {}", target.string()));
        summary.written = target;
        summary.run.written = {target};
        const Finding& first = analysis.findings.front();
        const auto rank_at =
            std::find_if(ranks.begin(), ranks.end(), [&](const RankOps& r) { return r.rank == first.rank; });
        summary.run.first_problem =
            SummaryProblem{"anomaly", rank_at->ops.at(first.index).name, fmt::format("rank{}", first.rank),
                           "clean inputs, NaN/Inf in its outputs", first_frame};
    });
    return summary;
}

}  // namespace

std::vector<std::pair<std::int64_t, fs::path>> nan_rank_dirs(const fs::path& step_dir) {
    std::map<std::int64_t, fs::path> ranks;
    for (const auto& path : sorted_entries(step_dir)) {
        const std::string name = path.filename().string();
        if (!name.starts_with("rank")) continue;
        std::string_view rest(name);
        auto strip = [](char c) { return c == 'r' || c == 'a' || c == 'n' || c == 'k'; };
        while (!rest.empty() && strip(rest.front())) rest.remove_prefix(1);
        while (!rest.empty() && strip(rest.back())) rest.remove_suffix(1);
        if (rest.empty()) {
            ranks[0] = path;
        } else if (rest.size() <= 18 && std::all_of(rest.begin(), rest.end(), is_digit)) {
            ranks[std::stoll(std::string(rest))] = path;
        }
    }
    return {ranks.begin(), ranks.end()};
}

std::vector<std::string> construct_chain(const dump::ConstructParents& construct, const std::string& key) {
    return dump::construct_chain(construct, key, dump::ConstructChainRules::nan_analyze());
}

dump::JsonView find_stack_frames(dump::JsonView stack, const std::string& key, const std::string& file) {
    if (!stack.is_object()) throw Error(file, "Unsupported type: stack.json is not a JSON object");
    for (const auto& m : stack.members()) {
        if (!m.value.is_array()) {
            throw Error(file, fmt::format("Unsupported type: the stack of '{}' is not a list", m.name));
        }
    }
    for (const auto& m : stack.members()) {
        const dump::JsonView item = m.value;
        if (item.size() < 2) continue;
        const dump::JsonView names = item.item(0);
        bool listed = false;
        if (names.is_array()) {
            const auto all = names.items();
            listed = std::any_of(all.begin(), all.end(), [&](dump::JsonView n) { return n.string() == key; });
        } else if (const auto first =
                       names.string()) {  // per-key layout: msprobe's "in" tests a substring of the first frame
            listed = first->find(key) != std::string_view::npos;
        }
        if (listed) return item.item(1);
    }
    return {};
}

NanAnalyzeSummary run_nan_analyze(const NanAnalyzeOptions& options, ProcessGroup& processes) {
    const auto files = prepared_on_every_process(processes, options.output_dir.string(), [&] {
        require_step_dir(options.input_dir);
        auto found = rank_files_of(nan_rank_dirs(options.input_dir));
        if (found.empty()) {
            throw Error(options.input_dir.string(), "holds no rank directory (rank, rank0, rank1, ...)");
        }
        return found;
    });
    return analyse_ranks(files, options.output_dir, AnalysisRules::first_anomaly(), processes, options.show_progress);
}

NanAnalyzeSummary run_exact_peer_nan_analyze(const NanAnalyzeOptions& options, ProcessGroup& processes) {
    const auto files = prepared_on_every_process(processes, options.output_dir.string(), [&] {
        require_step_dir(options.input_dir);
        return rank_files_of(lenient_rank_dirs(options.input_dir));
    });
    // No rank (a dump root, any other folder) is no error: the search finds nothing.
    return analyse_ranks(files, options.output_dir, AnalysisRules::first_anomaly_exact_peer(), processes,
                         options.show_progress, Frameworks::PyTorchOnly);
}

std::vector<std::pair<std::int64_t, fs::path>> lenient_rank_dirs(const fs::path& step_dir) {
    const auto entries = sorted_entries(step_dir);
    if (entries.size() == 1 && entries.front().filename().string().starts_with("proc")) {
        return {{0, entries.front()}};
    }
    std::map<std::int64_t, fs::path> ranks;
    for (const auto& path : entries) {
        const std::string name = path.filename().string();
        if (!name.starts_with("rank")) continue;
        const std::string_view digits = std::string_view(name).substr(4);
        if (digits.empty()) {
            ranks[0] = path;
        } else if (digits.size() <= 18 && std::all_of(digits.begin(), digits.end(), is_digit)) {
            ranks[std::stoll(std::string(digits))] = path;
        }
    }
    return {ranks.begin(), ranks.end()};
}

}  // namespace msprobe::first_diff
