#include "html_report/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"
#include "common/run_inputs.hpp"
#include "html_report/json_embedding.hpp"
#include "html_report/report_page.hpp"
#include "report/output_file.hpp"

namespace msprobe::html_report {

namespace fs = std::filesystem;

namespace {

std::string_view level_name(Level level) {
    switch (level) {
        case Level::Warning: return "warning";
        case Level::Error: return "error";
        case Level::Pass: break;
    }
    return "pass";
}

// rank2 before rank10: runs of digits compare by value.
bool natural_less(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            const std::size_t a_end = a.find_first_not_of("0123456789", i);
            const std::size_t b_end = b.find_first_not_of("0123456789", j);
            std::string_view x = std::string_view(a).substr(i, a_end - i);
            std::string_view y = std::string_view(b).substr(j, b_end - j);
            x.remove_prefix(std::min(x.find_first_not_of('0'), x.size()));
            y.remove_prefix(std::min(y.find_first_not_of('0'), y.size()));
            if (x.size() != y.size()) return x.size() < y.size();
            if (x != y) return x < y;
            i = a_end == std::string::npos ? a.size() : a_end;
            j = b_end == std::string::npos ? b.size() : b_end;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

// Writes text to the page, naming the report in an error.
class PageOut {
public:
    PageOut(std::FILE* file, std::string name) : file_(file), name_(std::move(name)) {}
    void put(std::string_view text) {
        if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
            throw Error(name_, fmt::format("write failed: {}", std::strerror(errno)));
        }
    }
    std::FILE* file() const { return file_; }
    const std::string& name() const { return name_; }

private:
    std::FILE* file_;
    std::string name_;
};

void append_string_array(std::string& out, const std::vector<std::string>& texts) {
    out += '[';
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, texts[i]);
    }
    out += ']';
}

}  // namespace

Section::Section(std::string label, TableLayout layout, const fs::path& spool_dir)
    : label_(std::move(label)), layout_(std::move(layout)) {
    if (layout_.source.size() != layout_.columns.size())
        throw std::logic_error("a report layout's columns and sources differ");
    try {
        rows_.emplace(spool_dir);
        nodes_.emplace(spool_dir);
    } catch (const Error& e) {
        failure_ = e;
    }
}

void Section::add_row(Level level, std::span<const report::Cell> cells) {
    if (failure_) return;
    const std::size_t index = rows_->lines();
    if (level == Level::Error && !first_error_) first_error_ = index;
    if (level == Level::Warning && !first_warning_) first_warning_ = index;
    // One row a line, commas leading, so that any prefix of the lines is a valid list.
    line_.clear();
    line_ += index == 0 ? "[" : ",[";
    line_ += static_cast<char>('0' + static_cast<int>(level));
    for (const std::size_t c : layout_.source) {
        line_ += ',';
        if (c < cells.size()) {
            append_json_cell(line_, cells[c]);
        } else {
            line_ += "null";
        }
    }
    line_ += ']';
    try {
        rows_->add_line(line_);
    } catch (const Error& e) {
        failure_ = e;
    }
}

void Section::add_node(const TreeNode& node) {
    if (failure_) return;
    std::string line = nodes_->lines() == 0 ? "[" : ",[";
    append_json_string(line, node.id);
    line += ',';
    append_json_string(line, node.parent);
    line += ',';
    append_json_string(line, node.name);
    line += ',';
    if (node.precision) {
        append_json_number(line, *node.precision);
    } else {
        line += "null";
    }
    line += ',';
    append_json_string(line, node.colour);
    if (node.level) line += fmt::format(",{}", static_cast<int>(*node.level));
    line += ']';
    try {
        nodes_->add_line(line);
    } catch (const Error& e) {
        failure_ = e;
    }
}

HtmlReport::HtmlReport(std::string title, fs::path spool_dir, ReportLimits limits)
    : title_(std::move(title)), spool_dir_(std::move(spool_dir)), limits_(limits) {}

std::unique_ptr<Section> HtmlReport::open_section(std::string label, TableLayout layout) const {
    return std::make_unique<Section>(std::move(label), std::move(layout), spool_dir_);
}

void HtmlReport::add(std::unique_ptr<Section> section) {
    const std::lock_guard lock(mutex_);
    if (failure_) return;
    if (section->failure_) {
        failure_ = section->failure_;
        return;
    }
    try {
        if (!spool_) spool_ = std::make_unique<SpoolFile>(spool_dir_);
        Finished finished{std::move(section->label_), std::move(section->layout_), section->first_error_,
                          section->first_warning_, {}, {}};
        finished.rows = spool_->append(*section->rows_);
        finished.nodes = spool_->append(*section->nodes_);
        sections_.push_back(std::move(finished));
    } catch (const Error& e) {
        failure_ = e;
    }
}

bool HtmlReport::empty() const {
    const std::lock_guard lock(mutex_);
    return sections_.empty() && !failure_;
}

void HtmlReport::write(const fs::path& path, const std::string& shown_name) {
    const std::lock_guard lock(mutex_);
    if (failure_) throw *failure_;
    std::stable_sort(sections_.begin(), sections_.end(),
                     [](const Finished& a, const Finished& b) { return natural_less(a.label, b.label); });
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!file) throw Error(shown_name, fmt::format("cannot create: {}", std::strerror(errno)));
    PageOut out(file.get(), shown_name);
    const std::string title = escape_html(title_);
    out.put(fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<title>{}</title>\n<style>\n",
                        title));
    out.put(report_css());
    out.put("</style>\n</head>\n<body>\n");
    out.put(report_body());
    std::string text = "<script type=\"application/json\" id=\"report-data\">\n{\"title\":";
    append_json_string(text, title_);
    text += fmt::format(",\"limits\":{{\"rows\":{},\"treeNodes\":{}}},\"sections\":[\n", limits_.max_rows,
                        limits_.max_tree_nodes);
    out.put(text);
    std::size_t rows_left = limits_.max_rows;
    std::size_t nodes_left = limits_.max_tree_nodes;
    for (std::size_t s = 0; s < sections_.size(); ++s) {
        const Finished& section = sections_[s];
        text = s == 0 ? "{\"label\":" : ",{\"label\":";
        append_json_string(text, section.label);
        text += ",\"columns\":";
        append_string_array(text, section.layout.columns);
        text += ",\"metrics\":[";
        for (std::size_t i = 0; i < section.layout.metrics.size(); ++i) {
            text += fmt::format("{}{}", i ? "," : "", section.layout.metrics[i]);
        }
        text += fmt::format("],\"total\":{},\"treeTotal\":{}", section.rows.lines, section.nodes.lines);
        if (const auto first = section.first_error ? section.first_error : section.first_warning) {
            text += fmt::format(",\"firstProblem\":{},\"firstProblemLevel\":\"{}\"", *first,
                                level_name(section.first_error ? Level::Error : Level::Warning));
        } else {
            text += ",\"firstProblem\":null,\"firstProblemLevel\":null";
        }
        text += ",\"rows\":[\n";
        out.put(text);
        rows_left -= spool_->copy_lines(out.file(), section.rows, rows_left, out.name());
        out.put("],\"tree\":[\n");
        nodes_left -= spool_->copy_lines(out.file(), section.nodes, nodes_left, out.name());
        out.put("]}\n");
    }
    out.put("]}\n</script>\n<script>\n");
    out.put(report_script());
    out.put("</script>\n</body>\n</html>\n");
    if (std::fflush(file.get()) != 0) throw Error(shown_name, fmt::format("write failed: {}", std::strerror(errno)));
}

void stage_report(HtmlReport& report, report::StagedFiles& staged, const fs::path& target) {
    // The page replaces a file of its name: never one this run read (a dump.json named by mistake).
    if (is_run_input(target))
        throw Error(target.string(), "is one of this run's input files; the report would replace it");
    staged.stage(target, [&](const fs::path& temp) { report.write(temp, target.string()); }, report::Existing::Replace);
}

fs::path write_report_atomically(HtmlReport& report, const fs::path& target) {
    report::StagedFiles staged(report::Existing::Replace);
    stage_report(report, staged, target);
    return staged.commit().front();
}

}  // namespace msprobe::html_report
