#include "support/msprobe_divergences.hpp"

namespace msprobe::testing {

namespace {
constexpr const char* kZeroDimSentence =
    "This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One Thousandth Err Ratio' and 'Five "
    "Thousandths Err Ratio'. ";
}  // namespace

report::WorkbookContents with_zero_dim_sentence_once(report::WorkbookContents book) {
    std::string sixteen;
    for (int i = 0; i < 16; ++i) sixteen += kZeroDimSentence;
    for (auto& sheet : book.sheets) {
        for (auto& row : sheet.rows) {
            for (auto& cell : row) {
                if (!cell.is_text() || cell.text().find(sixteen) == std::string::npos) continue;
                std::string text(cell.text());
                for (auto pos = text.find(sixteen); pos != std::string::npos; pos = text.find(sixteen, pos + 1)) {
                    text.replace(pos, sixteen.size(), kZeroDimSentence);
                }
                cell = report::Cell(text);
            }
        }
    }
    return book;
}

report::WorkbookContents with_cells(report::WorkbookContents book, const std::string& npu_name,
                                    const std::map<std::string, report::Cell>& cells) {
    for (auto& sheet : book.sheets) {
        if (sheet.rows.empty()) continue;
        const auto& header = sheet.rows[0];
        for (auto& row : sheet.rows) {
            if (row.empty() || !row[0].is_text() || row[0].text() != npu_name) continue;
            for (std::size_t c = 0; c < header.size() && c < row.size(); ++c) {
                if (!header[c].is_text()) continue;
                auto it = cells.find(std::string(header[c].text()));
                if (it != cells.end()) row[c] = it->second;
            }
        }
    }
    return book;
}

const std::map<std::string, double>& summation_order_tolerance() {
    static const std::map<std::string, double> tolerance = {{"EucDist", 1e-12}};
    return tolerance;
}

}  // namespace msprobe::testing
