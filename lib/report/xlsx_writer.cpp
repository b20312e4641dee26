#include "report/xlsx_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "report/cell_text.hpp"
#include "report/parallel_deflater.hpp"
#include "report/raw_deflate.hpp"
#include "report/row_source.hpp"
#include "report/worksheet_xml.hpp"
#include "report/xlsx_package_parts.hpp"
#include "common/zip_stream_writer.hpp"

namespace msprobe::report {

namespace {

using zip::ZipStreamWriter;

constexpr int kSmallPartDeflateLevel = kMaxDeflateLevel;  // these parts are a few hundred bytes

// One sheet of the book: its name, the source's rows [begin, end) under the
// header, and the number of columns they use.
struct SheetPlan {
    std::string name;
    RowSource* rows = nullptr;
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t columns = 0;
};

// msprobe's layout of one plain table: sheet `name`, except that a table of
// `row_limit` rows or more is split into equal parts of ceil(n / parts) rows,
// named `{part_prefix}part_{k}`.
void plan_plain_table(std::vector<SheetPlan>& plan, RowSource& source, const std::string& name,
                      const std::string& part_prefix, std::size_t row_limit) {
    const std::size_t rows = source.size();
    auto add = [&](std::string sheet_name, std::size_t begin, std::size_t end) {
        plan.push_back({std::move(sheet_name), &source, begin, end, source.columns(begin, end)});
    };
    if (rows < row_limit) {
        add(name, 0, rows);
        return;
    }
    const std::size_t parts = (rows + row_limit - 1) / row_limit;
    const std::size_t per_part = (rows + parts - 1) / parts;
    for (std::size_t p = 0; p < parts; ++p)
        add(fmt::format("{}part_{}", part_prefix, p), p * per_part, std::min(rows, (p + 1) * per_part));
}

// msprobe's result book: one sheet ("Sheet" when highlighted, else "Sheet1" or its parts).
std::vector<SheetPlan> plan_sheets(RowSource& source, CellRendering rendering, std::size_t row_limit) {
    std::vector<SheetPlan> plan;
    if (rendering == CellRendering::Highlight) {
        plan.push_back({"Sheet", &source, 0, source.size(), source.columns(0, source.size())});
    } else {
        plan_plain_table(plan, source, "Sheet1", "", row_limit);
    }
    return plan;
}

// libxlsxwriter refused cells outside the grid; so do we, rather than write a book Excel rejects.
void check_grid_limits(const std::vector<SheetPlan>& plan, const std::filesystem::path& path) {
    for (const auto& sheet : plan) {
        if (sheet.end - sheet.begin + 1 > kMaxSheetRows || sheet.columns > kMaxSheetColumns) {
            throw Error(path.string(), fmt::format("sheet '{}' needs {} rows and {} columns, more than .xlsx allows "
                                                   "({} x {})",
                                                   sheet.name, sheet.end - sheet.begin + 1, sheet.columns,
                                                   kMaxSheetRows, kMaxSheetColumns));
        }
    }
}

WorksheetXml::Style fill_style(RowFill fill) {
    switch (fill) {
        case RowFill::Red: return kStyleRedFill;
        case RowFill::Yellow: return kStyleYellowFill;
        case RowFill::None: break;
    }
    return kStyleDefault;
}

// An empty text leaves no cell, as in libxlsxwriter's books; a styled one
// still gets a blank cell carrying the style.
void write_text_cell(WorksheetXml& xml, std::size_t column, std::string_view text, WorksheetXml::Style style) {
    if (!text.empty()) {
        xml.text(column, text, style);
    } else if (style != kStyleDefault) {
        xml.blank(column, style);
    }
}

void write_cell(WorksheetXml& xml, std::size_t column, const Cell& cell, WorksheetXml::Style style) {
    if (cell.is_number()) {
        xml.number(column, cell.number(), style);  // rendered_cell() has turned inf and NaN into texts or blanks
    } else if (cell.is_bool()) {
        xml.boolean(column, cell.boolean_value(), style);
    } else if (cell.is_text()) {
        write_text_cell(xml, column, cell.text(), style);
    } else if (style != kStyleDefault) {
        xml.blank(column, style);
    }
}

void add_small_part(ZipStreamWriter& zip, const PackagePart& part) {
    zip.begin_entry(part.name);
    zip.write(deflate_raw(part.xml, kSmallPartDeflateLevel));
    zip.end_entry(crc32_of(part.xml), part.xml.size());
}

// Streams the header and rows of one sheet as XML through the parallel deflater into the zip.
void add_sheet(ZipStreamWriter& zip, std::size_t index, const SheetPlan& sheet, CellRendering rendering,
               ThreadPool& pool) {
    RowSource& source = *sheet.rows;
    zip.begin_entry(worksheet_part_name(index));
    ParallelDeflater deflater([&zip](std::string_view deflated) { zip.write(deflated); }, pool);
    WorksheetXml xml(deflater.text());
    xml.begin(sheet.end - sheet.begin + 1, sheet.columns, index == 0);

    const WorksheetXml::Style header_style = rendering == CellRendering::Plain ? kStyleHeader : kStyleDefault;
    xml.begin_row(0);
    const auto& header = source.header();
    for (std::size_t c = 0; c < header.size(); ++c) write_text_cell(xml, c, header[c], header_style);
    xml.end_row();

    std::size_t sheet_row = 1;
    for (std::size_t r = sheet.begin; r < sheet.end; ++r, ++sheet_row) {
        const auto& row = source.row(r);
        const WorksheetXml::Style style = fill_style(source.fill(r));
        xml.begin_row(sheet_row);
        for (std::size_t c = 0; c < row.size(); ++c) write_cell(xml, c, rendered_cell(row[c], rendering), style);
        xml.end_row();
        deflater.commit();
    }
    xml.end();
    const DeflatedStream stream = deflater.finish();
    zip.end_entry(stream.crc32, stream.size);
}

void write_planned_book(const std::vector<SheetPlan>& sheets, CellRendering rendering,
                        const std::filesystem::path& path, FillSpelling fills, ThreadPool* pool) {
    try {
        ThreadPool caller_only(1);  // starts no thread
        ThreadPool& compressing = pool != nullptr ? *pool : caller_only;
        check_grid_limits(sheets, path);
        std::vector<std::string> names;
        for (const auto& sheet : sheets) names.push_back(sheet.name);

        ZipStreamWriter zip(path);
        for (const auto& part : package_parts(names, fills)) add_small_part(zip, part);
        for (std::size_t i = 0; i < sheets.size(); ++i) add_sheet(zip, i, sheets[i], rendering, compressing);
        zip.finish();
    } catch (const Error&) {
        throw;
    } catch (const std::runtime_error& e) {  // compression failed
        throw Error(path.string(), fmt::format("cannot write the workbook: {}", e.what()));
    }
}

}  // namespace

namespace detail {

void write_xlsx(RowSource& rows, CellRendering rendering, const std::filesystem::path& path,
                std::size_t sheet_row_limit, FillSpelling fills, ThreadPool* pool) {
    write_planned_book(plan_sheets(rows, rendering, sheet_row_limit), rendering, path, fills, pool);
}

void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path,
                std::size_t sheet_row_limit, FillSpelling fills, ThreadPool* pool) {
    TableRows rows(table);
    write_xlsx(rows, rendering, path, sheet_row_limit, fills, pool);
}

void write_xlsx_sheets(const std::vector<NamedTable>& tables, const std::filesystem::path& path,
                       std::size_t sheet_row_limit, ThreadPool* pool) {
    std::vector<TableRows> sources;
    sources.reserve(tables.size());
    for (const auto& named : tables) sources.emplace_back(named.table);
    std::vector<SheetPlan> plan;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        plan_plain_table(plan, sources[i], tables[i].name, tables[i].name + "_", sheet_row_limit);
    }
    write_planned_book(plan, CellRendering::Plain, path, FillSpelling::Opaque, pool);
}

}  // namespace detail

void write_xlsx(RowSource& rows, CellRendering rendering, const std::filesystem::path& path, FillSpelling fills,
                ThreadPool* pool) {
    detail::write_xlsx(rows, rendering, path, detail::kSheetRowLimit, fills, pool);
}

void write_xlsx(const Table& table, CellRendering rendering, const std::filesystem::path& path, FillSpelling fills,
                ThreadPool* pool) {
    detail::write_xlsx(table, rendering, path, detail::kSheetRowLimit, fills, pool);
}

void write_xlsx_sheets(const std::vector<NamedTable>& tables, const std::filesystem::path& path, ThreadPool* pool) {
    detail::write_xlsx_sheets(tables, path, detail::kSheetRowLimit, pool);
}

}  // namespace msprobe::report
