#include "report/xlsx_writer.hpp"

#include <fmt/format.h>
#include <xlsxwriter.h>

#include <algorithm>
#include <memory>

#include "common/error.hpp"
#include "report/cell_text.hpp"

namespace msprobe::report {

namespace {

constexpr std::size_t kSheetRowLimit = 1048500;  // msprobe splits books at this many rows
constexpr std::size_t kMaxCellText = 32767;      // the xlsx limit for one cell's text

struct WorkbookCloser {
    void operator()(lxw_workbook* wb) const { workbook_close(wb); }
};

class BookWriter {
public:
    BookWriter(const std::filesystem::path& path, CellRendering rendering) : path_(path.string()), rendering_(rendering) {
        lxw_workbook_options options{};
        options.constant_memory = LXW_TRUE;
        book_.reset(workbook_new_opt(path_.c_str(), &options));
        if (!book_) throw Error(path_, "cannot create the workbook");
        if (rendering_ == CellRendering::Plain) {
            header_format_ = workbook_add_format(book_.get());
            format_set_bold(header_format_);
            format_set_border(header_format_, LXW_BORDER_THIN);
            format_set_align(header_format_, LXW_ALIGN_CENTER);
            format_set_align(header_format_, LXW_ALIGN_VERTICAL_TOP);
        }
        red_ = solid_fill(0xFF0000);
        yellow_ = solid_fill(0xFFFF00);
    }

    void write_sheet(const std::string& name, const Table& table, std::size_t begin, std::size_t end) {
        lxw_worksheet* sheet = workbook_add_worksheet(book_.get(), name.c_str());
        if (!sheet) throw Error(path_, fmt::format("cannot add sheet '{}'", name));
        for (std::size_t c = 0; c < table.header.size(); ++c) {
            write_text(sheet, 0, c, table.header[c], header_format_);
        }
        lxw_row_t out_row = 1;
        for (std::size_t r = begin; r < end; ++r, ++out_row) {
            lxw_format* format = nullptr;
            switch (table.fill_of(r)) {
                case RowFill::Red: format = red_; break;
                case RowFill::Yellow: format = yellow_; break;
                case RowFill::None: break;
            }
            const auto& row = table.rows[r];
            for (std::size_t c = 0; c < row.size(); ++c) write_cell(sheet, out_row, c, row[c], format);
        }
    }

    void close() {
        const lxw_error status = workbook_close(book_.release());
        if (status != LXW_NO_ERROR) throw Error(path_, fmt::format("cannot write the workbook: {}", lxw_strerror(status)));
    }

private:
    lxw_format* solid_fill(lxw_color_t colour) {
        lxw_format* f = workbook_add_format(book_.get());
        format_set_pattern(f, LXW_PATTERN_SOLID);
        format_set_bg_color(f, colour);
        return f;
    }

    void check(lxw_error status) const {
        if (status != LXW_NO_ERROR) throw Error(path_, fmt::format("cannot write a cell: {}", lxw_strerror(status)));
    }

    void write_text(lxw_worksheet* sheet, lxw_row_t row, std::size_t col, const std::string& text, lxw_format* format) {
        const auto c = static_cast<lxw_col_t>(col);
        if (text.empty()) {
            if (format) check(worksheet_write_blank(sheet, row, c, format));
            return;
        }
        if (text.size() <= kMaxCellText) {
            check(worksheet_write_string(sheet, row, c, text.c_str(), format));
            return;
        }
        std::size_t cut = kMaxCellText;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // keep UTF-8 whole
        check(worksheet_write_string(sheet, row, c, text.substr(0, cut).c_str(), format));
    }

    void write_cell(lxw_worksheet* sheet, lxw_row_t row, std::size_t col, const Cell& raw, lxw_format* format) {
        const Cell cell = rendered_cell(raw, rendering_);
        const auto c = static_cast<lxw_col_t>(col);
        if (cell.is_number()) {
            check(worksheet_write_number(sheet, row, c, cell.number(), format));
        } else if (cell.is_bool()) {
            check(worksheet_write_boolean(sheet, row, c, cell.boolean_value() ? 1 : 0, format));
        } else if (cell.is_text()) {
            write_text(sheet, row, col, cell.text(), format);
        } else if (format) {
            check(worksheet_write_blank(sheet, row, c, format));
        }
    }

    std::string path_;
    CellRendering rendering_;
    std::unique_ptr<lxw_workbook, WorkbookCloser> book_;
    lxw_format* header_format_ = nullptr;
    lxw_format* red_ = nullptr;
    lxw_format* yellow_ = nullptr;
};

}  // namespace

void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path) {
    BookWriter writer(path, rendering);
    const std::size_t n = table.rows.size();
    if (rendering == CellRendering::Highlight) {
        writer.write_sheet("Sheet", table, 0, n);
    } else if (n < kSheetRowLimit) {
        writer.write_sheet("Sheet1", table, 0, n);
    } else {
        const std::size_t parts = (n + kSheetRowLimit - 1) / kSheetRowLimit;
        const std::size_t per_part = (n + parts - 1) / parts;
        for (std::size_t p = 0; p < parts; ++p) {
            writer.write_sheet(fmt::format("part_{}", p), table, p * per_part, std::min(n, (p + 1) * per_part));
        }
    }
    writer.close();
}

}  // namespace msprobe::report
