// A real-data compare with tensor post-processing configured: the configured entries' metrics are those msprobe
// computes for the same tensors and yaml (its TensorPostprocessManager and compare_ops_apply, run on them), the
// others are untouched, and its log lines are printed.
#include <catch2/catch.hpp>

#include <span>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "support/scoped_variable.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"
#include "support/tensor_writers.hpp"

using namespace msprobe::testing;
namespace fs = std::filesystem;

namespace {

const std::vector<float> kCalibration{0.5f,  -1.25f, 0.3f, 2.0f,  1.1f,  0.7f,  -0.4f, 0.2f,
                                      -0.6f, 0.9f,   1.3f, -1.5f, 0.25f, 0.05f, -2.0f, 0.8f};

// Both sides' dumps (tensor task) in `dir`: linear's output differs unless the NPU one is right-multiplied.
void write_dumps(const fs::path& dir) {
    write_small_dump(dir / "npu",
                     {{"Functional.linear.0.forward", {{1, 2, 3, 4}}, {{1.5f, -2.25f, 0.1f, 3}}},
                      {"Functional.relu.0.forward", {{1, 2, 3, 4}}, {{0.5f, 1, 2, 4}}}},
                     SmallTask::Tensor);
    write_small_dump(dir / "bench",
                     {{"Functional.linear.0.forward", {{1, 2, 3, 4}}, {{-1.0f, -3.2f, -4.5f, 4.8f}}},
                      {"Functional.relu.0.forward", {{1, 2, 3, 4}}, {{0.5f, 1, 2, 4}}}},
                     SmallTask::Tensor);
    write_npy(dir / "calib.npy", msprobe::tensor::DType::Float32, {4, 4}, std::as_bytes(std::span(kCalibration)));
    const std::vector<float> ones(9, 1.0f);
    write_npy(dir / "bad.npy", msprobe::tensor::DType::Float32, {3, 3}, std::as_bytes(std::span(ones)));
    write_text(dir / "config" / "right_matmul.yaml",
               "mode: right_matmul\n"
               "target_tensor_map:\n"
               "  " +
                   (dir / "calib.npy").string() +
                   ":\n"
                   "    - Functional.linear.0.forward.output.0.pt\n"
                   "golden_tensor_map:\n"
                   "  " +
                   (dir / "bad.npy").string() +
                   ":\n"
                   "    - Functional.relu.0.forward.output.0.pt\n");
}

// Cosine, EucDist, MaxAbsErr, MaxRelativeErr and the two ratios of the row named `name`.
std::vector<std::string> metrics_of(const fs::path& csv, const std::string& name) {
    const auto records = msprobe::report::read_csv_records(csv.string());
    REQUIRE_FALSE(records.empty());
    const auto& header = records[0];
    const auto column = [&](const std::string& title) {
        const auto it = std::find(header.begin(), header.end(), title);
        REQUIRE(it != header.end());
        return static_cast<std::size_t>(it - header.begin());
    };
    for (const auto& row : records) {
        if (row[column("NPU Name")] != name) continue;
        std::vector<std::string> cells;
        for (const char* title : {"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
                                  "Five Thousandths Err Ratio"}) {
            cells.push_back(row[column(title)]);
        }
        return cells;
    }
    FAIL("no row " << name);
    return {};
}

std::string with_config(const fs::path& dir) {
    return "export MSPROBE_TENSOR_POSTPROCESS_DIR=" + shell_quote(dir.string()) + " && ";
}

const std::vector<std::string> kCompare = {"compare", "-tp", "npu/dump.json", "-gp", "bench/dump.json", "-o"};

std::vector<std::string> plus(std::vector<std::string> args, const std::string& last) {
    args.push_back(last);
    return args;
}

}  // namespace

TEST_CASE("tensor post-processing: configured entries are compared as msprobe compares them", "[cli]") {
    const fs::path dir = scratch_dir("tensor_postprocess_cli");
    write_dumps(dir);
    auto r = run_msprobe(plus(kCompare, "out"), dir, nullptr, with_config(dir / "config"));
    REQUIRE(r.exit_code == 0);
    const fs::path csv = output_named(dir / "out", "compare_result_");
    REQUIRE_FALSE(csv.empty());
    // msprobe 8.2's numbers for the same tensors, calibration and yaml.
    CHECK(metrics_of(csv, "Functional.linear.0.forward.output.0") ==
          std::vector<std::string>{"0.999988", "0.04153312275969034", "0.035000085831", "0.035000085831", "0.25",
                                   "0.75"});
    const std::vector<std::string> identical{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0"};
    CHECK(metrics_of(csv, "Functional.linear.0.forward.input.0") == identical);
    CHECK(metrics_of(csv, "Functional.relu.0.forward.output.0") == identical);  // its calibration failed
    const std::string config = fs::weakly_canonical(dir / "config" / "right_matmul.yaml").string();
    for (const std::string& line :
         {"[INFO] Loaded tensor postprocess mode [right_matmul] from " + config,
          "[INFO] [Functional.linear.0.forward.output.0.pt] Right-matmul target tensor from " +
              (dir / "calib.npy").string(),
          "[WARNING] [Functional.relu.0.forward.output.0.pt] Failed to right-matmul golden tensor from " +
              (dir / "bad.npy").string()}) {
        CHECK(r.out.find(line) != std::string::npos);
    }

    // Without a configuration the tensors are compared as read.
    r = run_msprobe(plus(kCompare, "raw"), dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("tensor postprocess") == std::string::npos);
    CHECK(metrics_of(output_named(dir / "raw", "compare_result_"), "Functional.linear.0.forward.output.0") ==
          std::vector<std::string>{"0.658645112674", "5.617161275141891", "4.60000000149", "2.5", "0.0", "0.0"});
}

TEST_CASE("tensor post-processing: graph_visualize's real-data compare applies it too", "[cli]") {
    const fs::path dir = scratch_dir("tensor_postprocess_cli_graph");
    write_dumps(dir);
    for (const char* side : {"npu", "bench"}) {  // both APIs called by one module
        write_text(
            dir / side / "construct.json",
            R"({"Module.model.Net.forward.0": null, "Functional.linear.0.forward": "Module.model.Net.forward.0",)"
            R"( "Functional.relu.0.forward": "Module.model.Net.forward.0"})");
        write_text(dir / side / "stack.json", "{}");
    }
    const auto r = run_msprobe({"graph_visualize", "-tp", "npu", "-gp", "bench", "-o", "out"}, dir, nullptr,
                               with_config(dir / "config"));
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("[INFO] [Functional.linear.0.forward.output.0.pt] Right-matmul target tensor from " +
                     (dir / "calib.npy").string()) != std::string::npos);
    CHECK_FALSE(output_named(dir / "out", "compare_").empty());
}

TEST_CASE("tensor post-processing: an installed binary reads share/msprobe/tensor_postprocess", "[cli]") {
    const fs::path dir = scratch_dir("tensor_postprocess_cli_installed");
    write_dumps(dir);
    // An installed layout: <prefix>/bin/msprobe and the yaml cmake --install puts beside it.
    const fs::path prefix = dir / "prefix";
    const fs::path folder = prefix / "share" / "msprobe" / "tensor_postprocess";
    fs::create_directories(prefix / "bin");
    fs::create_directories(folder);
    fs::copy_file(tested_binary(), prefix / "bin" / "msprobe");
    fs::copy_file(MSPROBE_SHIPPED_RIGHT_MATMUL_YAML, folder / "right_matmul.yaml");
    const ScopedVariable binary("MSPROBE_TEST_BINARY", (prefix / "bin" / "msprobe").string());
    const ScopedVariable no_override("MSPROBE_TENSOR_POSTPROCESS_DIR", std::nullopt);

    // The shipped configuration names nothing: msprobe's line, and the tensors compared as read.
    auto r = run_msprobe(plus(kCompare, "shipped"), dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("[INFO] Skipped empty tensor postprocess config [right_matmul] from " +
                     (folder / "right_matmul.yaml").string()) != std::string::npos);
    CHECK(metrics_of(output_named(dir / "shipped", "compare_result_"), "Functional.linear.0.forward.output.0")[0] ==
          "0.658645112674");

    // The user's edit takes effect.
    fs::copy_file(dir / "config" / "right_matmul.yaml", folder / "right_matmul.yaml",
                  fs::copy_options::overwrite_existing);
    r = run_msprobe(plus(kCompare, "edited"), dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("[INFO] Loaded tensor postprocess mode [right_matmul] from " +
                     (folder / "right_matmul.yaml").string()) != std::string::npos);
    CHECK(metrics_of(output_named(dir / "edited", "compare_result_"), "Functional.linear.0.forward.output.0")[0] ==
          "0.999988");
}

TEST_CASE("tensor post-processing: a statistics compare never reads the folder", "[cli]") {
    const fs::path dir = scratch_dir("tensor_postprocess_cli_statistics");
    write_dumps(dir);  // for the configuration; the dumps compared are statistics dumps
    const std::vector<SmallApi> apis = {{"Functional.linear.0.forward", {{1, 2, 3, 4}}, {{1.5f, -2.25f, 0.1f, 3}}}};
    write_small_dump(dir / "npu_statistics", apis);
    write_small_dump(dir / "bench_statistics", apis);
    const auto r =
        run_msprobe({"compare", "-tp", "npu_statistics/dump.json", "-gp", "bench_statistics/dump.json", "-o", "out"},
                    dir, nullptr, with_config(dir / "config"));
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("tensor postprocess") == std::string::npos);  // msprobe builds its manager for tensors only
    CHECK_FALSE(output_named(dir / "out", "compare_result_").empty());
}

TEST_CASE("tensor post-processing: a folder that is not there is refused before anything is written", "[cli]") {
    const fs::path dir = scratch_dir("tensor_postprocess_cli_missing");
    write_dumps(dir);
    const auto r = run_msprobe(plus(kCompare, "out"), dir, nullptr, with_config(dir / "no_such_folder"));
    CHECK(r.exit_code == 1);
    CHECK(r.err.find((dir / "no_such_folder").string()) != std::string::npos);
    CHECK(r.err.find("MSPROBE_TENSOR_POSTPROCESS_DIR") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}
