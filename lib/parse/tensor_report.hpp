#pragma once
// Terminal text and JSON of a tensor summary (`parse FILE`, `pt`) and of a
// tensor diff (`parse A B`, `cn`).
#include <string>
#include <vector>

#include "parse/tensor_diff.hpp"
#include "tensor/tensor_summary.hpp"

namespace msprobe::parse {

// The first `head` values in rows of 8: "<index padded to 5> <v> <v> ...".
std::vector<std::pair<std::int64_t, std::string>> head_rows(const std::vector<double>& values,
                                                             tensor::DType dtype, std::int64_t head);

// `parse FILE`: spec line, nan/inf counts, the first `head` values, "Path: ...".
std::string summary_text(const tensor::TensorSummary& summary, const std::vector<double>& values,
                         const std::string& path, std::int64_t head);
std::string summary_json(const tensor::TensorSummary& summary, const std::vector<double>& values,
                         const std::string& path, std::int64_t head);

// The interactive `pt` panel: "Index | Data" table, spec line, Path, TextFile.
std::string pt_panel_text(const tensor::TensorSummary& summary, const std::vector<double>& values,
                          const std::string& path);

// The Error/Top item tables, then cn's panel ("Left:" tree ... "ErrorPer: ...").
// txt_files: the TxtFile lines of `cn -s` (empty strings when not saved).
std::string cn_text(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                    const DiffOptions& options, const std::string& left_txt = {}, const std::string& right_txt = {});

// `parse A B`: the tables, the panel lines of `cn` (NumCnt, AllClose, CosSim, ErrorPer), the compare metrics
// with the locations of the largest errors, and the relative-error histogram.
std::string diff_text(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                      const DiffOptions& options);
std::string diff_json(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                      const DiffOptions& options, const std::vector<std::string>& warnings = {});

}  // namespace msprobe::parse
