#pragma once
// Locates ../shared/fixtures (msprobe's real dumps and outputs). Tests that
// need it call shared_fixtures_or_skip() and return early when it is absent.
#include <filesystem>
#include <optional>

namespace msprobe::testing {

// The fixtures folder, or nullopt (after printing why the test is skipped).
std::optional<std::filesystem::path> shared_fixtures_or_skip();

// A fresh, empty scratch directory for one test.
std::filesystem::path scratch_dir(const std::string& name);

}  // namespace msprobe::testing
