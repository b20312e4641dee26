#pragma once
// Which dump layout a directory holds, judged from its listing alone: the
// compare request is classified by these before any file is read.
#include <cstddef>
#include <filesystem>

namespace msprobe::dump {

// ptdbg_ascend's distributed layout: only rankN entries, one of them holding a .pkl file.
bool is_ptdbg_rank_layout(const std::filesystem::path& dir);

// An online-dispatch run folder: it has npu/ and cpu/ subfolders.
bool is_dispatch_run_folder(const std::filesystem::path& dir);

// True when `dir` directly holds .npy files (an online-dispatch npu/ or cpu/ folder).
bool holds_npy_files(const std::filesystem::path& dir);

// msprobe pairs the rank folders of two step folders by position, so both
// sides must hold as many. Throws msprobe::Error naming `bench_dir` otherwise.
void require_same_rank_count(std::size_t npu_ranks, std::size_t bench_ranks, const std::filesystem::path& bench_dir);

}  // namespace msprobe::dump
