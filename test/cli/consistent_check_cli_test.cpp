// compare --consistent_check --backend fsdp|megatron through the built binary, on
// generated verl-shaped dumps: the CSV and workbook cells of fused rows, the
// option rules (--backend required with it, no effect without it) and the
// options it cannot be combined with.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/training_inference_pair.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

const std::string kTrainLayer = "Module._fsdp_wrapped_module.model.layers.0._fsdp_wrapped_module.self_attn.";

std::vector<std::string> consistent_args(const std::string& out, const std::string& backend = "fsdp") {
    return {"compare", "-tp", "train/dump.json", "-gp", "infer/dump.json", "--consistent_check", "--backend", backend,
            "-o",      out};
}

std::size_t column_of(const std::vector<std::string>& header, const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    REQUIRE(it != header.end());
    return static_cast<std::size_t>(it - header.begin());
}

}  // namespace

TEST_CASE("consistent check cli: an FSDP pair into a CSV, fused names joined and numbers read back as floats",
          "[cli][consistent_check]") {
    const fs::path dir = scratch_dir("consistent_check_csv");
    write_fsdp_attention_pair(dir);
    const auto r = run_msprobe(consistent_args("out"), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const fs::path csv = output_named(dir / "out", "compare_result_");
    REQUIRE(csv.extension() == ".csv");
    const auto records = msprobe::report::read_csv_records(csv.string());
    REQUIRE(records.size() == 12);
    const auto& header = records[0];
    const std::string q = kTrainLayer + "q_proj.Linear.forward.2", k = kTrainLayer + "k_proj.Linear.forward.2",
                      v = kTrainLayer + "v_proj.Linear.forward.2";
    CHECK(records[5][column_of(header, "NPU Name")] == q + ".output.0;  " + k + ".output.0;  " + v + ".output.0");
    CHECK(records[5][column_of(header, "NPU mean")] == "0.75;0.875;5.25");
    CHECK(records[5][column_of(header, "NPU max")] == "7.5");
    CHECK(records[5][column_of(header, "Result")] == "pass");
    CHECK(records[11][column_of(header, "NPU max")] == "8.0");  // the dump's 8 read back as msprobe reads it
    CHECK(records[11][column_of(header, "Result")] == "error");
    // The summary counts those Results and names the error row.
    CHECK(r.out.find("Compared 11 rows: 10 pass, 0 warning, 1 error.\nFirst error: " +
                     records[11][column_of(header, "NPU Name")] + ": ") != std::string::npos);
    CHECK(records[8][column_of(header, "NPU Name")] == "N/A");
    CHECK(header.back() == "Data_name");
    CHECK(std::find(header.begin(), header.end(), "NPU_Stack_Info") == header.end());  // no stack.json beside
}

TEST_CASE("consistent check cli: --xlsx puts a fused side's names one per line", "[cli][consistent_check]") {
    const fs::path dir = scratch_dir("consistent_check_xlsx");
    write_fsdp_attention_pair(dir);
    auto args = consistent_args("out");
    args.push_back("--xlsx");
    const auto r = run_msprobe(args, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const fs::path book = output_named(dir / "out", "compare_result_");
    REQUIRE(book.extension() == ".xlsx");
    const auto sheet = msprobe::report::read_first_xlsx_sheet(book.string());
    REQUIRE(sheet.rows.size() == 12);
    const std::string q = kTrainLayer + "q_proj.Linear.forward.2", k = kTrainLayer + "k_proj.Linear.forward.2",
                      v = kTrainLayer + "v_proj.Linear.forward.2";
    CHECK(std::string(sheet.rows[5][0].text()) == q + ".output.0;\n" + k + ".output.0;\n" + v + ".output.0");
}

TEST_CASE("consistent check cli: a Megatron pair, the inference halves fused", "[cli][consistent_check]") {
    const fs::path dir = scratch_dir("consistent_check_megatron");
    write_megatron_mlp_pair(dir);
    const auto r = run_msprobe(consistent_args("out", "megatron"), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto records = msprobe::report::read_csv_records(output_named(dir / "out", "compare_result_").string());
    REQUIRE(records.size() == 3);
    CHECK(records[2][column_of(records[0], "Bench Tensor Shape")] == "[2, 4];[2, 4]");
    CHECK(records[2][column_of(records[0], "Cosine")] == "1.0");
}

TEST_CASE("consistent check cli: --backend is required with it, has no effect without it", "[cli][consistent_check]") {
    const fs::path dir = scratch_dir("consistent_check_options");
    write_fsdp_attention_pair(dir);
    const auto missing = run_msprobe(
        {"compare", "-tp", "train/dump.json", "-gp", "infer/dump.json", "--consistent_check", "-o", "none"}, dir);
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("If the 'consistent_check' parameter is specified, the 'backend' parameter must be set to "
                           "'fsdp' or 'megatron'. Current 'backend' parameter is .") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "none"));

    const auto plain = run_msprobe({"compare", "-tp", "train/dump.json", "-gp", "infer/dump.json", "-o", "plain"}, dir);
    const auto with_backend = run_msprobe(
        {"compare", "-tp", "train/dump.json", "-gp", "infer/dump.json", "--backend", "megatron", "-o", "backend"}, dir);
    REQUIRE(plain.exit_code == 0);
    REQUIRE(with_backend.exit_code == 0);
    const std::string ordinary = read_file_text(output_named(dir / "plain", "compare_result_"));
    CHECK(read_file_text(output_named(dir / "backend", "compare_result_")) == ordinary);
    CHECK(ordinary.find(";  ") == std::string::npos);  // the ordinary compare fuses nothing

    for (const char* other : {"-fm", "-dm"}) {
        auto args = consistent_args("combined");
        args.push_back(other);
        if (std::string(other) == "-dm") args.push_back("mapping.yaml");
        const auto r = run_msprobe(args, dir);
        INFO(other);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find(std::string(other) + " cannot be combined with it") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "combined"));
    }
}
