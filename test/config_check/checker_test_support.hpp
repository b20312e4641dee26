#pragma once
// Two unpacked packs in a scratch folder, filled item by item, and the cells of a checker's table by position.
#include <filesystem>
#include <string>

#include "report/cell.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace msprobe::testing {

struct UnpackedPacks {
    std::filesystem::path root;
    std::filesystem::path bench() const { return root / "bench"; }
    std::filesystem::path cmp() const { return root / "cmp"; }
    void bench_file(const std::string& item, const std::string& text) const { write_file(bench() / item, text); }
    void cmp_file(const std::string& item, const std::string& text) const { write_file(cmp() / item, text); }
};

inline UnpackedPacks unpacked_packs(const std::string& name) {
    UnpackedPacks packs{scratch_dir(name)};
    std::filesystem::create_directories(packs.bench());
    std::filesystem::create_directories(packs.cmp());
    return packs;
}

inline bool is_text(const report::Cell& cell, const std::string& text) { return cell.is_text() && cell.text() == text; }
inline bool is_number(const report::Cell& cell, double value) { return cell.is_number() && cell.number() == value; }
inline bool is_bool(const report::Cell& cell, bool value) { return cell.is_bool() && cell.boolean_value() == value; }

}  // namespace msprobe::testing
