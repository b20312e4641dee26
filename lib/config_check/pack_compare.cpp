#include "config_check/pack_compare.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <system_error>
#include <vector>

#include "common/error.hpp"
#include "common/interrupt_cleanup.hpp"
#include "common/log.hpp"
#include "config_check/pack_extraction.hpp"
#include "report/csv_formula_guard.hpp"
#include "report/output_file.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::config_check {

namespace {

namespace fs = std::filesystem;

void say(const std::string& message) { log::info("[config checking log] " + message); }

// The hidden folder the run is made in, inside the output folder; removed again, with the folders made for it,
// unless the run reaches its end.
class Workspace {
public:
    explicit Workspace(const fs::path& output_dir) {
        report::check_output_dir(output_dir);
        for (fs::path dir = output_dir; !dir.empty() && !fs::exists(dir); dir = dir.parent_path()) {
            created_.insert(created_.begin(), dir);
            if (dir == dir.parent_path()) break;
        }
        std::error_code ec;
        fs::create_directories(output_dir, ec);
        if (ec) throw Error(output_dir.string(), "cannot create the output directory: " + ec.message());
        for (const auto& dir : created_) ::chmod(dir.c_str(), 0750);
        path_ = output_dir / fmt::format(".config_check.staged-{}", ::getpid());
        fs::remove_all(path_, ec);
        if (!fs::create_directory(path_, ec)) {
            throw Error(output_dir.string(), "cannot write into the output directory: " + ec.message());
        }
        cleanup_ = InterruptCleanup(path_, InterruptCleanup::Kind::Folder);
    }
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;
    ~Workspace() {
        std::error_code ec;
        fs::remove_all(path_, ec);
        if (!finished_) {
            for (auto it = created_.rbegin(); it != created_.rend(); ++it) ::rmdir(it->c_str());
        }
    }
    const fs::path& path() const { return path_; }
    void finish() { finished_ = true; }

private:
    fs::path path_;
    std::vector<fs::path> created_;  // outermost first
    InterruptCleanup cleanup_;
    bool finished_ = false;
};

void refuse_formula_texts(const std::vector<report::NamedTable>& sheets, const fs::path& book) {
    const auto check = [&](std::string_view text) {
        if (report::is_refused_formula_text(text)) {
            throw Error(book.string(),
                        fmt::format("Malicious value [{}] not allowed to be written into the excel", text));
        }
    };
    for (const auto& sheet : sheets) {
        for (const auto& name : sheet.table.header) check(name);
        for (const auto& row : sheet.table.rows) {
            for (const auto& cell : row) {
                if (cell.is_text()) check(cell.text());
            }
        }
    }
}

// Moves `from` to `to`, replacing what `to` held (a folder of an earlier run included).
void put_in_place(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    const bool earlier = fs::symlink_status(to, ec).type() != fs::file_type::not_found;
    if (fs::is_directory(from, ec) && earlier) {
        fs::remove_all(to, ec);
        if (ec) throw Error(to.string(), "cannot replace the earlier result: " + ec.message());
    }
    fs::rename(from, to, ec);
    if (ec) throw Error(to.string(), "cannot be written: " + ec.message());
}

}  // namespace

namespace {

// The checkers that ran by their verdict, and the first that did not pass (an error before a warning).
RunSummary checker_summary(const std::vector<CheckerResult>& results) {
    RunSummary run;
    run.verb = "Checked";
    run.total = {results.size(), "configuration items"};
    std::size_t levels[3] = {0, 0, 0};
    const CheckerResult* first = nullptr;
    for (const auto& result : results) {
        ++levels[static_cast<std::size_t>(result.pass_check)];
        if (result.pass_check != CheckLevel::Pass && (first == nullptr || result.pass_check > first->pass_check)) {
            first = &result;
        }
    }
    run.counts = {{levels[0], "pass"}, {levels[1], "warning"}, {levels[2], "error"}};
    if (first != nullptr) {
        run.first_problem = SummaryProblem{level_text(first->pass_check), first->name, "",
                                           fmt::format("{} row(s) in its sheet", first->table.rows.size()), ""};
    }
    return run;
}

}  // namespace

RunSummary compare_packs(const PackCompareRequest& request) {
    Workspace workspace(request.output_dir);
    const fs::path bench_dir = workspace.path() / "bench";
    const fs::path cmp_dir = workspace.path() / "cmp";
    unpack_pack(request.bench_pack, bench_dir);
    say(fmt::format("extract zip file {} to {}", request.bench_pack.string(), (request.output_dir / "bench").string()));
    unpack_pack(request.cmp_pack, cmp_dir);
    say(fmt::format("extract zip file {} to {}", request.cmp_pack.string(), (request.output_dir / "cmp").string()));

    std::vector<CheckerResult> results = run_checkers(bench_dir, cmp_dir, request.env_columns);
    RunSummary run = checker_summary(results);
    std::vector<report::NamedTable> sheets;
    report::Table summary{{"filename", "pass_check"}, {}, {}};
    for (const auto& result : results) summary.rows.push_back({result.name, level_text(result.pass_check)});
    sheets.push_back({"summary", std::move(summary)});
    for (auto& result : results) sheets.push_back({result.name, std::move(result.table)});
    const fs::path book = request.output_dir / "result.xlsx";
    refuse_formula_texts(sheets, book);
    const fs::path staged_book = workspace.path() / "result.xlsx";
    try {
        report::write_xlsx_sheets(sheets, staged_book);
    } catch (const Error& e) {
        throw Error(book.string(), e.reason());
    }

    put_in_place(bench_dir, request.output_dir / "bench");
    put_in_place(cmp_dir, request.output_dir / "cmp");
    put_in_place(staged_book, book);
    workspace.finish();
    std::error_code ec;
    const fs::path real = fs::canonical(request.output_dir, ec);
    say(fmt::format("config checking result save to {}", (ec ? request.output_dir : real).string()));
    run.written = {book, request.output_dir / "bench", request.output_dir / "cmp"};
    return run;
}

}  // namespace msprobe::config_check
