#pragma once
// One rank's compare result reduced to what merge_result needs: its dump mode
// and, for the rows the `api` filter selects, the value of every mergeable index.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "merge/dump_mode.hpp"
#include "merge/result_files.hpp"
#include "report/cell.hpp"

namespace msprobe::merge {

// The first sheet of a result book (or a CSV result): header and data rows,
// blank rows left out.
struct ResultSheet {
    std::vector<std::string> header;
    std::vector<std::vector<report::Cell>> rows;
};

ResultSheet read_result_sheet(const std::filesystem::path& path);

struct RankExtract {
    int rank = 0;
    bool empty = false;  // a header without data rows
    DumpMode mode = DumpMode::Unknown;
    std::vector<std::string> unmatched_apis;
    std::vector<std::string> names;  // the selected NPU Names, in selection order
    // index name → its cell for each selected name. A value "N/A", "unsupported"
    // or "Nan" already reads "NPU:{NPU max}  Bench:{Bench max}".
    std::map<std::string, std::vector<report::Cell>> values;
};

// Everything merge_result takes from one result, for every index valid in its mode.
RankExtract extract_rank_result(const ResultSheet& sheet, int rank, const std::vector<std::string>& apis);

}  // namespace msprobe::merge
