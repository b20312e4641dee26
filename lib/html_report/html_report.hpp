#pragma once
// A self-contained HTML report: one file that opens in any browser without a
// network or a server. The page (inline CSS and hand-written JS, see
// report_page.hpp) reads its data from a <script type="application/json">
// element: per section (a rank's or a pair's result) the table's columns, its
// rows with their level, the first problem row; and the model tree.
//
// Rows and tree nodes are written to a section's spool files as they pass,
// so memory holds a buffer per section, never the result. A finished section
// moves into the report's one spool (so a run of many ranks holds open files
// only for the sections being filled); write() puts the page together from
// it. Sections may be filled on several threads at once; the page lists them
// in the natural order of their labels (rank2 before rank10), so the file does
// not depend on timing.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "html_report/report_tree.hpp"
#include "html_report/spool_file.hpp"
#include "report/cell.hpp"
#include "report/output_file.hpp"

namespace msprobe::html_report {

// Which of a row's cells the report shows, and which of those the chart offers.
struct TableLayout {
    std::vector<std::string> columns;  // the shown columns' names
    std::vector<std::size_t> source;   // per shown column, its cell in the rows given to add_row
    std::vector<std::size_t> metrics;  // indexes into `columns`: the chart's choices
};

struct ReportLimits {
    // Rows embedded in the page, over all sections in order; the rest are
    // counted and named in a note. Half a million rows keep the page usable
    // (a few hundred MB in the browser).
    std::size_t max_rows = 500000;
    // Tree nodes embedded, likewise.
    std::size_t max_tree_nodes = 200000;
};

// One section's rows and tree nodes. A spool that cannot be created or
// written (a full disk, `ulimit -f`) does not fail the run's work that feeds
// the section: the section remembers the error, and the report's write()
// throws it, so the report fails as a whole instead of a rank of the run.
class Section {
public:
    Section(std::string label, TableLayout layout, const std::filesystem::path& spool_dir);

    // The next row in execution order; `cells` as wide as the layout's source.
    void add_row(Level level, std::span<const report::Cell> cells);
    void add_node(const TreeNode& node);

    const std::string& label() const { return label_; }
    std::size_t rows() const { return rows_ ? rows_->lines() : 0; }
    // The first error row, else the first warning row (as the run summary picks it).
    std::optional<std::size_t> first_problem() const { return first_error_ ? first_error_ : first_warning_; }

private:
    friend class HtmlReport;

    std::string label_;
    TableLayout layout_;
    std::optional<SpoolFile> rows_;   // none when it could not be created
    std::optional<SpoolFile> nodes_;
    std::optional<Error> failure_;    // the first spool error
    std::optional<std::size_t> first_error_;
    std::optional<std::size_t> first_warning_;
    std::string line_;  // reused for each row's text
};

class HtmlReport {
public:
    // `spool_dir`: where sections keep their temporary files (the report's folder).
    HtmlReport(std::string title, std::filesystem::path spool_dir, ReportLimits limits = {});

    // A new section, to be filled and then handed back with add().
    std::unique_ptr<Section> open_section(std::string label, TableLayout layout) const;
    // A finished section joins the report. Thread-safe.
    void add(std::unique_ptr<Section> section);
    bool empty() const;

    // The page, into `path` (a new file); errors name `shown_name`. Throws the
    // first error a section's spool met, if any, before writing anything.
    void write(const std::filesystem::path& path, const std::string& shown_name);

private:
    // A section once added: its rows and nodes in spool_.
    struct Finished {
        std::string label;
        TableLayout layout;
        std::optional<std::size_t> first_error;
        std::optional<std::size_t> first_warning;
        SpoolFile::Range rows;
        SpoolFile::Range nodes;
    };

    std::string title_;
    std::filesystem::path spool_dir_;
    ReportLimits limits_;
    mutable std::mutex mutex_;
    std::unique_ptr<SpoolFile> spool_;  // made by the first add()
    std::vector<Finished> sections_;
    std::optional<Error> failure_;  // the first spool error of any section
};

// The page staged among `staged`'s files as `target`, replacing a file of its
// name when committed, unless that file is one this run opened as input
// (refused, nothing staged).
void stage_report(HtmlReport& report, report::StagedFiles& staged, const std::filesystem::path& target);

// stage_report() on its own, committed at once; returns the path written.
std::filesystem::path write_report_atomically(HtmlReport& report, const std::filesystem::path& target);

}  // namespace msprobe::html_report
