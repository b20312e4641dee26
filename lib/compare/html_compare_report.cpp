#include "compare/html_compare_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "common/log.hpp"
#include "common/printable.hpp"
#include "html_report/report_target.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

// The chart's choices, in the order its select offers them (the first is drawn first).
constexpr std::array<std::string_view, 13> kMetricColumns = {
    "Cosine",         "MaxAbsErr",       "MaxRelativeErr",  "EucDist",  "One Thousandth Err Ratio",
    "Five Thousandths Err Ratio", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Max diff",
    "Min diff",       "Mean diff",       "L2norm diff"};

// Every column but the stack, which can be kilobytes a row and is in the result file.
html_report::TableLayout layout_of(const std::vector<std::string>& header) {
    html_report::TableLayout layout;
    for (std::size_t c = 0; c < header.size(); ++c) {
        if (header[c].find("Stack") != std::string::npos) continue;
        layout.columns.push_back(header[c]);
        layout.source.push_back(c);
    }
    for (const std::string_view metric : kMetricColumns) {
        const auto at = std::find(layout.columns.begin(), layout.columns.end(), metric);
        if (at != layout.columns.end()) layout.metrics.push_back(static_cast<std::size_t>(at - layout.columns.begin()));
    }
    return layout;
}

// The API a row belongs to: its name up to the input/output part
// ("Functional.conv2d.0.forward.input.0" → "Functional.conv2d.0.forward").
std::string_view api_of_row_name(std::string_view name) {
    for (const std::string_view part : {".input", ".output", ".parameters_grad", ".parameters", ".kwargs"}) {
        for (std::size_t at = name.find(part); at != std::string_view::npos; at = name.find(part, at + 1)) {
            const std::size_t end = at + part.size();
            if (end == name.size() || name[end] == '.') return name.substr(0, at);
        }
    }
    return name;
}

html_report::Level html_level(RowLevel level) {
    switch (level) {
        case RowLevel::Warning: return html_report::Level::Warning;
        case RowLevel::Error: return html_report::Level::Error;
        case RowLevel::Pass: break;
    }
    return html_report::Level::Pass;
}

html_report::TreeNode tree_node(std::string id, std::string parent, std::string name, RowLevel worst) {
    static constexpr std::array<double, 3> kIndex = {html_report::kPassIndex, html_report::kWarningIndex,
                                                     html_report::kErrorIndex};
    static constexpr std::array<const char*, 3> kColour = {html_report::kPassColour, html_report::kWarningColour,
                                                           html_report::kErrorColour};
    const auto i = static_cast<std::size_t>(worst);
    return {std::move(id), std::move(parent), std::move(name), kIndex[i], kColour[i], std::nullopt};
}

}  // namespace

PairRecorder::PairRecorder(std::unique_ptr<html_report::Section> section, const std::vector<std::string>& header)
    : section_(std::move(section)),
      root_id_(section_->label()),
      name_column_(static_cast<int>(std::find(header.begin(), header.end(), "NPU Name") - header.begin())) {
    if (name_column_ >= static_cast<int>(header.size())) name_column_ = -1;
}

void PairRecorder::add(RowLevel level, const std::vector<report::Cell>& row) {
    section_->add_row(html_level(level), row);
    if (name_column_ < 0) return;
    const report::Cell& cell = row[static_cast<std::size_t>(name_column_)];
    const std::string_view api = api_of_row_name(cell.is_text() ? cell.text() : std::string_view());
    if (api != api_) {
        end_api();
        api_ = std::string(api);
        api_worst_ = RowLevel::Pass;
        const std::string_view kind = api.substr(0, api.find('.'));
        const auto known = std::find_if(groups_.begin(), groups_.end(), [&](const Group& g) { return g.name == kind; });
        group_ = static_cast<std::size_t>(known - groups_.begin());
        if (known == groups_.end()) groups_.push_back({std::string(kind), RowLevel::Pass});
    }
    api_worst_ = std::max(api_worst_, level);
    groups_[group_].worst = std::max(groups_[group_].worst, level);
}

void PairRecorder::end_api() {
    if (api_.empty()) return;
    const std::string group_id = root_id_ + "/" + groups_[group_].name;
    section_->add_node(tree_node(group_id + "/" + api_, group_id, api_, api_worst_));
}

std::unique_ptr<html_report::Section> PairRecorder::finish() {
    end_api();
    api_.clear();
    RowLevel worst = RowLevel::Pass;
    for (const Group& group : groups_) {
        section_->add_node(tree_node(root_id_ + "/" + group.name, root_id_, group.name, group.worst));
        worst = std::max(worst, group.worst);
    }
    if (!groups_.empty()) section_->add_node(tree_node(root_id_, "", root_id_, worst));
    return std::move(section_);
}

HtmlCompareReport::HtmlCompareReport(fs::path target, html_report::RunPaths run)
    : target_(std::move(target)),
      output_dir_(run.output_dir),
      report_("msprobe compare report", target_.has_parent_path() ? target_.parent_path() : fs::path(".")) {
    html_report::check_report_target(target_, run);
    std::error_code ec;
    output_dir_existed_ = output_dir_.empty() || fs::exists(output_dir_, ec);
}

void HtmlCompareReport::check_inputs(const std::vector<fs::path>& inputs) const {
    html_report::check_report_target(target_, html_report::RunPaths{output_dir_, inputs});
}

std::unique_ptr<PairRecorder> HtmlCompareReport::start_pair(const std::string& label,
                                                            const std::vector<std::string>& header) const {
    return std::make_unique<PairRecorder>(report_.open_section(label.empty() ? "result" : label, layout_of(header)),
                                          header);
}

void HtmlCompareReport::add_pair(PairRecorder& recorder) { report_.add(recorder.finish()); }

void HtmlCompareReport::write(const std::vector<fs::path>& run_results) {
    if (report_.empty()) {
        log::warning(fmt::format("--html: only the dump.json compare fills a report; none ran, so {} is not written.",
                                 printable(target_.string())));
        return;
    }
    fs::path written;
    try {
        written = html_report::write_report_atomically(report_, target_);
    } catch (...) {
        report::remove_placed_files(run_results, output_dir_, output_dir_existed_);
        throw;
    }
    log::info(fmt::format("The HTML report is saved in: {}", printable(fs::absolute(written).string())));
}

void record_rows(PairRecorder& recorder, const ResultTable& result, const std::vector<RowVerdict>* verdicts) {
    const int result_column = result.column("Result");
    for (std::size_t r = 0; r < result.table.rows.size(); ++r) {
        const auto& row = result.table.rows[r];
        RowLevel level = RowLevel::Pass;
        if (verdicts != nullptr) {
            level = (*verdicts)[r].level;
        } else if (result_column >= 0 && row[static_cast<std::size_t>(result_column)].is_text()) {
            const std::string_view text = row[static_cast<std::size_t>(result_column)].text();
            level = text == "error" ? RowLevel::Error : text == "warning" ? RowLevel::Warning : RowLevel::Pass;
        }
        recorder.add(level, row);
    }
}

}  // namespace msprobe::compare
