#pragma once
// The three renderings of an overflow scan: the text
// block printed on stdout, the JSON report and the CSV table.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "overflow/overflow_scan.hpp"
#include "report/table.hpp"

namespace msprobe::overflow {

// "output[0] Max=inf,Min=-inf,Mean=nan"; anomalies of one side joined by "; ", "-" for none.
std::string anomalies_text(const std::vector<RecordAnomaly>& anomalies);
// "output[0]:Max=inf;Min=-inf", joined by "|" (the CSV cells).
std::string anomalies_cell(const std::vector<RecordAnomaly>& anomalies);

// One dump's text block: header line, first overflow, the table, the summary.
std::string text_block(const DumpScan& scan, bool first_only);

// The earliest first overflow over several dumps: the lowest step, then the
// smallest execution index, then the lowest rank; origins before the others.
const DumpScan* global_first(const std::vector<DumpScan>& scans);

// One dump's JSON object; several dumps: {"rank_0": {...}, ..., "global_first": {...}}
// (keys "step0/rank_0" when the dumps span several steps).
nlohmann::ordered_json dump_json(const DumpScan& scan, bool first_only);
nlohmann::ordered_json report_json(const std::vector<DumpScan>& scans, bool first_only);

// Header Seq,API Name,Direction,Class,Level,Input Anomalies,Output Anomalies; with
// several dumps, Step and Rank columns lead.
report::Table report_table(const std::vector<DumpScan>& scans, bool first_only);

// The key of a dump in the multi-dump JSON ("rank_1", "step0/rank_1", or the path).
std::string dump_key(const DumpScan& scan, bool several_steps);

}  // namespace msprobe::overflow
