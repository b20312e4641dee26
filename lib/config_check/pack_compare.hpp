#pragma once
// `config_check -c BENCH.zip CMP.zip`: both packs unpacked into OUT/bench and OUT/cmp, the six checkers run on
// them, and OUT/result.xlsx written: sheet "summary" (filename, pass_check: one row per checker that ran), then one
// sheet per checker. Everything is made in a hidden folder inside OUT and moved into place at the end, so a run
// that fails leaves OUT as it was; a finished run replaces the bench/, cmp/ and result.xlsx of an earlier one.
#include <filesystem>
#include <string>

#include "common/run_summary.hpp"
#include "config_check/pack_checkers.hpp"

namespace msprobe::config_check {

struct PackCompareRequest {
    std::filesystem::path bench_pack;
    std::filesystem::path cmp_pack;
    std::filesystem::path output_dir;  // as given: the log names the folders with it, as msprobe does
    EnvColumns env_columns = EnvColumns::AsNamed;
};

// Throws msprobe::Error naming the pack, the file of a pack or the output path at fault, and the reason. A text
// msprobe's check_df_malicious refuses (report::is_refused_formula_text) refuses the book, as in msprobe.
// Returns the run's summary: the checkers by their verdict, the first that did not pass, the book and folders.
RunSummary compare_packs(const PackCompareRequest& request);

}  // namespace msprobe::config_check
