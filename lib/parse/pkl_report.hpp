#pragma once
// ptdbg_ascend's parse(pkl_file, module_name_prefix): the
// call stacks and statistics of every record whose name starts with a prefix.
#include <string>
#include <vector>

#include "dump/ptdbg_pkl.hpp"

namespace msprobe::parse {

// Records of `records` whose name starts with `prefix` (ptdbg's plain prefix test).
std::vector<const dump::PtdbgRecord*> select_pkl_records(const std::vector<dump::PtdbgRecord>& records,
                                                          const std::string& prefix);

// The text ptdbg printed: "\nTrace back(<name>):" with frames outermost first,
// then "\nStatistic Info:" and one line per data record. Data records with
// fewer than three summary values throw msprobe::Error naming `file`.
// Stacks with fewer than `min_stack_frames` frames are left out (the
// interactive `pk` prints only stacks of more than 4 frames).
std::string pkl_text(const std::vector<const dump::PtdbgRecord*>& selected, const std::string& file,
                     std::size_t min_stack_frames = 0);

// The same content as JSON: {"stacks": [{"name", "frames": [...]}], "statistics": [...]}.
std::string pkl_json(const std::vector<const dump::PtdbgRecord*>& selected, const std::string& prefix,
                     const std::string& file);

}  // namespace msprobe::parse
