// The legacy layouts through the binary: a ptdbg .pkl pair and an online
// dispatch run compare with exit code 0; bad legacy input exits 2 with one
// line naming the file and writes nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "msprobe_process.hpp"
#include "support/ptdbg_writer.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

std::vector<std::string> output_files(const fs::path& out) {
    std::vector<std::string> names;
    if (!fs::exists(out)) return names;
    for (const auto& e : fs::directory_iterator(out)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

void require_clean_failure(const msprobe::testing::ProcessResult& r, const fs::path& out, const std::string& file,
                           const std::string& reason_part) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(file) != std::string::npos);
    CHECK(r.err.find(reason_part) != std::string::npos);
    CHECK(output_files(out).empty());
}

}  // namespace

TEST_CASE("legacy layouts compare with exit code 0", "[cli]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_legacy_good");
    msprobe::testing::write_legacy_pair({dir, 1, false, true});
    for (const char* config : {"compare_ptdbg.json", "compare_dispatch.json"}) {
        const fs::path out = dir / (std::string("out_") + config);
        const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", config, "-o", out.string()}, dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        const auto files = output_files(out);
        REQUIRE_FALSE(files.empty());
        CHECK(std::any_of(files.begin(), files.end(), [](const std::string& f) {
            return f.starts_with("compare_result_") && f.ends_with(".csv");
        }));
    }
}

TEST_CASE("legacy: a malformed pkl line", "[cli]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_legacy_bad_pkl");
    const auto pair = msprobe::testing::write_legacy_pair({dir, 1, false, true});
    const fs::path pkl = pair.bench_rank0 / "dump.pkl";
    std::ofstream(pkl, std::ios::app) << "[\"Torch_relu_1_forward_input.0\", 1, [], \"torch.float32\", [4], [1.0,\n";
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_ptdbg.json", "-o", "out"}, dir);
    require_clean_failure(r, dir / "out", "dump.pkl", "line 15: not a JSON line");
}

TEST_CASE("legacy: a missing npy folder, a corrupt npy file", "[cli]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_legacy_bad_npy");
    const auto pair = msprobe::testing::write_legacy_pair({dir, 1, false, true});
    std::ofstream(pair.npu_rank0 / "dump" / "Torch_relu_0_forward_output.npy", std::ios::trunc) << "not numpy";
    const auto corrupt = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_ptdbg.json", "-o", "out"}, dir);
    require_clean_failure(corrupt, dir / "out", "Torch_relu_0_forward_output.npy", "");

    fs::remove_all(pair.bench_rank0 / "dump");
    const auto missing = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_ptdbg.json", "-o", "out"}, dir);
    require_clean_failure(missing, dir / "out", "rank0/dump", "no such npy data directory");

    std::ofstream(pair.dispatch_run / "cpu" / "add_1_output.npy", std::ios::trunc) << "\x93NUMPY";
    const auto dispatch = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_dispatch.json", "-o", "out"}, dir);
    require_clean_failure(dispatch, dir / "out", "cpu/add_1_output.npy", "");
}
