#pragma once
// Everything the compare subcommand was asked to do.
#include <cstdint>
#include <filesystem>
#include <string>

#include "common/progress.hpp"
#include "mapping/mapping_options.hpp"

namespace msprobe::compare {

class HtmlCompareReport;  // html_compare_report.hpp

enum class Framework : std::uint8_t { PyTorch, MindSpore };
enum class OutputFormat : std::uint8_t { Xlsx, Csv, Json };

struct CompareOptions {
    Framework framework = Framework::PyTorch;
    std::filesystem::path input_path;              // compare.json
    std::filesystem::path output_dir = "./output";
    bool stack_mode = false;    // -s
    bool compare_only = false;  // -c: no advisor
    bool fuzzy_match = false;   // -f
    bool highlight = false;     // -hl
    mapping::MappingOptions mapping;  // -am, -cm, -dm, -lm
    OutputFormat format = OutputFormat::Xlsx;
    bool strict_compat = false; // reproduce msprobe bugs we otherwise fix (see docs/compatibility.md)
    bool locate = false;        // --locate: index columns of the max errors (real data)
    bool show_progress = true;  // progress lines on a terminal: rows of a pair, ranks of step directories, tensors
    Progress* tensor_progress = nullptr;  // set: real data counts its tensors on this line
    HtmlCompareReport* html = nullptr;  // --html: the report every pair's rows are recorded into
};

}  // namespace msprobe::compare
