#pragma once
// compare --html: one self-contained HTML report (lib/html_report) for the
// whole run, every pair or rank a section of it. A pair's rows are recorded as
// the result writer takes them (RecordedRows, recorded_rows.hpp), so
// memory stays bounded by the chunk; the model tree is made from the rows'
// API names: section → API kind (Functional, Tensor, Module, ...) → API, each
// API coloured by the worst level of its rows.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "compare/result_table.hpp"
#include "compare/row_level.hpp"
#include "html_report/html_report.hpp"
#include "html_report/report_target.hpp"

namespace msprobe::compare {

// One pair's rows, on their way into a report section.
class PairRecorder {
public:
    PairRecorder(std::unique_ptr<html_report::Section> section, const std::vector<std::string>& header);

    // The pair's next row in execution order.
    void add(RowLevel level, const std::vector<report::Cell>& row);
    // Ends the tree (the last API, the kinds, the root) and hands back the section.
    std::unique_ptr<html_report::Section> finish();

private:
    struct Group {
        std::string name;
        RowLevel worst = RowLevel::Pass;
    };
    void end_api();

    std::unique_ptr<html_report::Section> section_;
    std::string root_id_;
    int name_column_;
    std::string api_;  // the API whose rows are passing, "" before the first row
    RowLevel api_worst_ = RowLevel::Pass;
    std::size_t group_ = 0;       // the index in groups_ of api_'s kind
    std::vector<Group> groups_;   // API kinds in order of first appearance (a handful)
};

class HtmlCompareReport {
public:
    // Throws msprobe::Error when `target` cannot be the report (html_report::check_report_target).
    explicit HtmlCompareReport(std::filesystem::path target, html_report::RunPaths run = {});

    // Checks the target again against inputs found later (the files a compare.json names).
    void check_inputs(const std::vector<std::filesystem::path>& inputs) const;

    const std::filesystem::path& target() const { return target_; }

    // A recorder for the pair `label` ("" for a single pair) whose result has `header`.
    std::unique_ptr<PairRecorder> start_pair(const std::string& label, const std::vector<std::string>& header) const;
    // A pair whose result was written completely joins the report. Thread-safe.
    void add_pair(PairRecorder& recorder);

    // After the run: the report written atomically over `target` (a warning instead when no pair joined).
    // The report belongs to the run's results: when it cannot be written, `run_results` (the files the run
    // placed) are removed again, with the folders that held only them, before the error is thrown.
    void write(const std::vector<std::filesystem::path>& run_results = {});

private:
    std::filesystem::path target_;
    std::filesystem::path output_dir_;
    bool output_dir_existed_ = true;
    html_report::HtmlReport report_;
};

// Every row of a whole result: `verdicts` give the levels (April), or else
// August's Result column does.
void record_rows(PairRecorder& recorder, const ResultTable& result, const std::vector<RowVerdict>* verdicts);

}  // namespace msprobe::compare
