#pragma once
// One rank's compare result reduced to what merge_result needs: its dump mode
// and, for the rows the `api` filter selects, the value of every mergeable index.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "merge/dump_mode.hpp"
#include "merge/result_files.hpp"
#include "report/cell.hpp"

namespace msprobe::merge {

// The first sheet of a result book (or a CSV result): a header and data rows,
// blank rows left out. Made by read_result_sheet it names the file, which is
// read a row at a time when the rows are visited, so a book of any length is
// never held; made from rows in memory it visits those.
class ResultSheet {
public:
    using HeaderHandler = std::function<void(std::vector<std::string>& header)>;
    using RowHandler = std::function<void(std::vector<report::Cell>& row)>;  // the row may be taken

    ResultSheet(std::vector<std::string> header, std::vector<std::vector<report::Cell>> rows);
    static ResultSheet in_file(std::filesystem::path path);

    // Calls on_header once, then on_row for each data row in sheet order. Throws msprobe::Error naming the
    // file when it cannot be read.
    void visit(const HeaderHandler& on_header, const RowHandler& on_row) const;
    // Number texts are read as pandas' read_excel reads them (a workbook; a CSV reader types its own fields).
    bool reads_number_texts() const;

private:
    ResultSheet() = default;

    std::optional<std::filesystem::path> path_;
    std::vector<std::string> header_;
    std::vector<std::vector<report::Cell>> rows_;
};

ResultSheet read_result_sheet(const std::filesystem::path& path);

struct RankExtract {
    int rank = 0;
    bool empty = false;  // a header without data rows
    std::optional<compare::CompareMode> mode;  // nullopt: a header merge_result does not know
    std::vector<std::string> unmatched_apis;
    std::vector<std::string> names;  // the selected NPU Names, in selection order
    // index name → its cell for each selected name. A value "N/A", "unsupported"
    // or "Nan" already reads "NPU:{NPU max}  Bench:{Bench max}".
    std::map<std::string, std::vector<report::Cell>> values;
};

// Everything merge_result takes from one result, for every index valid in its mode. Only the header and
// the rows the filter selects are kept while the sheet is visited.
RankExtract extract_rank_result(const ResultSheet& sheet, int rank, const std::vector<std::string>& apis);

}  // namespace msprobe::merge
