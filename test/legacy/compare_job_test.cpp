// The legacy layouts (spec compare.md §12): ptdbg_ascend .pkl pairs with their
// .npy folders, compare_distributed rank folders, and online-dispatch npu/cpu
// folders, all made by the project's generator with planted differences, plus
// msprobe's own legacy CSV samples reproduced where they apply.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "compare_request/compare_request.hpp"
#include "dump/ptdbg_calls.hpp"
#include "legacy/compare_job.hpp"
#include "legacy/compare_table.hpp"
#include "report/csv_reader.hpp"
#include "support/file_text.hpp"
#include "support/ptdbg_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct Csv {
    report::Table table;

    std::string cell(const std::string& npu_name, const std::string& column) const {
        for (const auto& row : table.rows) {
            if (row[0].is_text() && row[0].text() == npu_name) {
                for (std::size_t c = 0; c < table.header.size(); ++c) {
                    if (table.header[c] == column) return row[c].is_text() ? std::string(row[c].text()) : std::string();
                }
                FAIL("no column " << column);
            }
        }
        FAIL("no row " << npu_name);
        return {};
    }
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& row : table.rows) out.emplace_back(row[0].is_text() ? row[0].text() : "");
        return out;
    }
};

compare::CompareSummary run(const fs::path& compare_json, const fs::path& out, bool stack = false,
                            bool compare_only = false, unsigned threads = 2) {
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    options.stack_mode = stack;
    options.compare_only = compare_only;
    ThreadPool pool(threads);
    const compare::CompareRequest request = compare::read_compare_request(compare_json);
    if (const auto* pkl = std::get_if<compare::PtdbgPklPair>(&request))
        return legacy::run_ptdbg_compare(*pkl, options, pool);
    if (const auto* ranks = std::get_if<compare::PtdbgRankDirs>(&request)) {
        return legacy::run_ptdbg_ranks_compare(*ranks, options, pool);
    }
    return legacy::run_dispatch_compare(std::get<compare::DispatchDirs>(request), options, pool);
}

fs::path written(const compare::CompareSummary& summary, const std::string& prefix) {
    for (const auto& p : summary.written()) {
        if (p.filename().string().starts_with(prefix)) return p;
    }
    FAIL("nothing written starting with " << prefix);
    return {};
}

const std::vector<std::string> kPtdbgHeader = {
    "NPU Name",  "Bench Name", "NPU Tensor Dtype", "Bench Tensor Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "Cosine",    "MaxAbsErr",  "NPU max",          "NPU min",            "NPU mean",         "Bench max",
    "Bench min", "Bench mean", "Accuracy Reached or Not", "Err_message"};

}  // namespace

TEST_CASE("ptdbg pair: matched calls, planted difference, thresholds, unmatched and shape-mismatched rows") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_pair");
    const auto pair = testing::write_legacy_pair({dir, 1, false, true});
    const auto summary = run(pair.ptdbg_compare_json, dir / "out");
    const fs::path result = written(summary, "compare_result_");
    REQUIRE(result.extension() == ".csv");
    REQUIRE(result.filename().string().size() == std::string("compare_result_20230703104808.csv").size());
    const Csv csv{report::read_csv_text(result)};
    CHECK(csv.table.header == kPtdbgHeader);
    // The NPU-only call sits where it was dumped; the bench-only call is dropped.
    CHECK(csv.names() == std::vector<std::string>{
                             "Functional_linear_0_forward_input.0", "Functional_linear_0_forward_input.1",
                             "Functional_linear_0_forward_output", "Torch_relu_0_forward_input.0",
                             "Torch_relu_0_forward_output", "Tensor_add_0_forward_input.0",
                             "Tensor_add_0_forward_input.1", "Tensor_add_0_forward_output",
                             "NPU_npu_format_cast_0_forward_input.0", "NPU_npu_format_cast_0_forward_output",
                             "Functional_conv2d_0_forward_input.0", "Functional_conv2d_0_forward_output",
                             "Functional_linear_0_backward_input.0", "Functional_linear_0_backward_output.0"});
    CHECK(summary.rows() == 14);
    CHECK(summary.errors() == 1);

    // Identical data: Cosine "1.0", MaxAbsErr six decimals.
    CHECK(csv.cell("Functional_linear_0_forward_output", "Cosine") == "1.0");
    CHECK(csv.cell("Functional_linear_0_forward_output", "MaxAbsErr") == "0.000000");
    CHECK(csv.cell("Functional_linear_0_forward_output", "Accuracy Reached or Not") == "Yes");
    CHECK(csv.cell("Functional_linear_0_forward_output", "NPU max") == "5.0");
    CHECK(csv.cell("Functional_linear_0_forward_output", "NPU mean") == "2.8125");
    CHECK(csv.cell("Functional_linear_0_forward_output", "NPU Tensor Shape") == "[2, 2]");
    CHECK(csv.cell("Functional_linear_0_forward_output", "Err_message").empty());

    // The planted difference: [1,0,3,0.5] vs [1,0,3,0] -> cos 10/sqrt(102.5) < 0.99, |d| 0.5 > 0.001 -> No.
    CHECK(csv.cell("Torch_relu_0_forward_output", "Cosine") == "0.987730");
    CHECK(csv.cell("Torch_relu_0_forward_output", "MaxAbsErr") == "0.500000");
    CHECK(csv.cell("Torch_relu_0_forward_output", "Accuracy Reached or Not") == "No");
    CHECK(csv.cell("Torch_relu_0_forward_output", "NPU mean") == "1.125");
    CHECK(csv.cell("Torch_relu_0_forward_output", "Bench mean") == "1.0");

    // MaxAbsErr 0.01 > 0.001 but Cosine >= 0.99: both conditions are needed for No.
    CHECK(csv.cell("Tensor_add_0_forward_output", "Cosine") == "1.0");
    CHECK(csv.cell("Tensor_add_0_forward_output", "MaxAbsErr") == "0.010000");
    CHECK(csv.cell("Tensor_add_0_forward_output", "Accuracy Reached or Not") == "Yes");
    CHECK(csv.cell("Tensor_add_0_forward_output", "NPU max") == "5.010000228881836");

    // A Python scalar argument (0-d array): cosine 1, a scalar message.
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "NPU Tensor Dtype") == "<class 'float'>");
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "NPU Tensor Shape") == "[]");
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "Cosine") == "1");
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "MaxAbsErr") == "0.000000");
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "Err_message") == "This is type of scalar data, can not compare.");
    CHECK(csv.cell("Tensor_add_0_forward_input.1", "Accuracy Reached or Not") == "Yes");

    // NPU-only call: bench side Nan, accuracy Nan.
    for (const char* column : {"Bench Name", "Bench Tensor Dtype", "Bench Tensor Shape", "Cosine", "MaxAbsErr",
                               "Bench max", "Bench min", "Bench mean", "Accuracy Reached or Not"}) {
        CHECK(csv.cell("NPU_npu_format_cast_0_forward_output", column) == "Nan");
    }
    CHECK(csv.cell("NPU_npu_format_cast_0_forward_output", "Err_message") == "No bench data matched.");
    CHECK(csv.cell("NPU_npu_format_cast_0_forward_output", "NPU max") == "2.0");

    // Shapes of the saved arrays differ.
    CHECK(csv.cell("Functional_conv2d_0_forward_output", "Cosine") == "shape unmatched");
    CHECK(csv.cell("Functional_conv2d_0_forward_output", "MaxAbsErr") == "shape unmatched");
    CHECK(csv.cell("Functional_conv2d_0_forward_output", "Accuracy Reached or Not") == "Unmatched");
    CHECK(csv.cell("Functional_conv2d_0_forward_output", "Err_message") ==
          "Shape of NPU and bench Tensor do not match. Skipped.");

    // The advisor names the first No row by its CSV line number.
    const std::string advisor = testing::read_file_text(written(summary, "advisor_"));
    CHECK(advisor == "Line: 6\nSuspect Nodes: Torch_relu_0_forward_output\nExpert Advice: This is a forward API "
                     "computation error. Check the computation implementation.\n");
}

TEST_CASE("ptdbg pair without differences: every row Yes, the advisor finds nothing") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_identical");
    const auto pair = testing::write_legacy_pair({dir, 1, false, false});
    const auto summary = run(pair.ptdbg_compare_json, dir / "out");
    const Csv csv{report::read_csv_text(written(summary, "compare_result_"))};
    REQUIRE(csv.table.rows.size() == 12);
    for (const auto& name : csv.names()) {
        CHECK(csv.cell(name, "Accuracy Reached or Not") == "Yes");
        CHECK(csv.cell(name, "Bench Name") == name);
    }
    CHECK(
        testing::read_file_text(written(summary, "advisor_")) ==
        "Line: NA\nSuspect Nodes: NA\nExpert Advice: All data in comparison result meets the accuracy requirements.\n");
}

TEST_CASE("ptdbg stack dumps: NPU_Stack_Info on each call's first row, -s must agree with the file names") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_stack");
    const auto pair = testing::write_legacy_pair({dir, 1, true, true});
    const auto summary = run(pair.ptdbg_compare_json, dir / "out", true, true);
    const Csv csv{report::read_csv_text(written(summary, "compare_result_"))};
    REQUIRE(csv.table.header.back() == "NPU_Stack_Info");
    const std::string stack = "[['/home/user/train.py', '42', 'forward', 'y = model(x)']]";
    CHECK(csv.cell("Torch_relu_0_forward_input.0", "NPU_Stack_Info") == stack);
    CHECK(csv.cell("Torch_relu_0_forward_output", "NPU_Stack_Info").empty());
    CHECK(csv.cell("Torch_relu_0_forward_output", "Accuracy Reached or Not") == "No");
    CHECK(summary.written().size() == 1);  // -c: no advisor
    try {
        run(pair.ptdbg_compare_json, dir / "out2");
        FAIL("stack dumps without -s must be refused");
    } catch (const Error& e) {
        CHECK(e.exit_code() == kExitBadInput);
        CHECK(std::string(e.what()).find("please turn on the stack_mode") != std::string::npos);
    }
    CHECK((!fs::exists(dir / "out2") || fs::is_empty(dir / "out2")));
}

TEST_CASE("ptdbg compare_distributed: rank folders paired in order, one CSV and advisor per pair") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_distributed");
    const auto pair = testing::write_legacy_pair({dir, 2, false, true});
    const auto summary = run(pair.ptdbg_distributed_json, dir / "out");
    CHECK(summary.failed_ranks == 0);
    CHECK(summary.rows() == 28);
    const Csv rank1{report::read_csv_text(written(summary, "compare_result_rank1-rank1_"))};
    CHECK(rank1.cell("Torch_relu_0_forward_output", "Accuracy Reached or Not") == "No");
    CHECK(testing::read_file_text(written(summary, "advisor_rank0-rank0_")).starts_with("Line: 6\n"));
}

TEST_CASE("ptdbg compare_distributed: ranks compared in parallel give the files of one thread, in rank order") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_parallel_ranks");
    const auto pair = testing::write_legacy_pair({dir, 5, false, true});
    const auto one = run(pair.ptdbg_distributed_json, dir / "out_one", false, false, 1);
    const auto four = run(pair.ptdbg_distributed_json, dir / "out_four", false, false, 4);
    REQUIRE(one.pairs.size() == 5);
    REQUIRE(four.pairs.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
        const std::string label = "rank" + std::to_string(i) + "-rank" + std::to_string(i);
        INFO(label);
        CHECK(four.pairs[i].label == label);
        CHECK(testing::read_file_text(written(four, "compare_result_" + label + "_")) ==
              testing::read_file_text(written(one, "compare_result_" + label + "_")));
        CHECK(testing::read_file_text(written(four, "advisor_" + label + "_")) ==
              testing::read_file_text(written(one, "advisor_" + label + "_")));
    }

    // A rank without its .pkl is skipped; the others are still written, in order.
    const fs::path rank2 = pair.npu_rank0.parent_path() / "rank2";
    for (const auto& entry : fs::directory_iterator(rank2)) {
        if (entry.path().extension() == ".pkl") fs::remove(entry.path());
    }
    const auto skipping = run(pair.ptdbg_distributed_json, dir / "out_skipping", false, false, 4);
    CHECK(skipping.failed_ranks == 1);
    std::vector<std::string> labels;
    for (const auto& outcome : skipping.pairs) labels.push_back(outcome.label);
    CHECK(labels == std::vector<std::string>{"rank0-rank0", "rank1-rank1", "rank3-rank3", "rank4-rank4"});
}

TEST_CASE("ptdbg: a missing .npy file is a row message, as in ptdbg, a corrupt one stops the compare") {
    const fs::path dir = testing::scratch_dir("legacy_ptdbg_missing");
    const auto pair = testing::write_legacy_pair({dir, 1, false, true});
    const fs::path missing = pair.npu_rank0 / "dump" / "Torch_relu_0_forward_input.0.npy";
    fs::remove(missing);
    const auto summary = run(pair.ptdbg_compare_json, dir / "out");
    const Csv csv{report::read_csv_text(written(summary, "compare_result_"))};
    CHECK(csv.cell("Torch_relu_0_forward_input.0", "Cosine") == "Nan");
    CHECK(csv.cell("Torch_relu_0_forward_input.0", "MaxAbsErr") == "Nan");
    CHECK(csv.cell("Torch_relu_0_forward_input.0", "Accuracy Reached or Not") == "Nan");
    CHECK(csv.cell("Torch_relu_0_forward_input.0", "Err_message") ==
          "Dump file:" + (dir / "npu/ptdbg_dump_v2.0/rank0/dump/Torch_relu_0_forward_input.0.npy").string() +
              " not found");

    std::ofstream(pair.npu_rank0 / "dump" / "Torch_relu_0_forward_output.npy", std::ios::trunc) << "not numpy";
    const fs::path out = dir / "out_corrupt";
    REQUIRE_THROWS_AS(run(pair.ptdbg_compare_json, out), Error);
    CHECK((!fs::exists(out) || fs::is_empty(out)));
}

TEST_CASE("online dispatch folders: cpu vs npu outputs under the dispatch thresholds") {
    const fs::path dir = testing::scratch_dir("legacy_dispatch");
    const auto pair = testing::write_legacy_pair({dir, 1, false, true});
    const auto summary = run(pair.dispatch_compare_json, dir / "out");
    const fs::path result = written(summary, "compare_result_rank0_");
    CHECK(summary.written().size() == 1);
    const Csv csv{report::read_csv_text(result)};
    CHECK(csv.table.header ==
          std::vector<std::string>{"NPU Name", "Bench Name", "NPU Tensor Dtype", "Bench Tensor Dtype",
                                   "NPU Tensor Shape", "Bench Tensor Shape", "NPU max", "NPU min", "NPU mean",
                                   "Bench max", "Bench min", "Bench mean", "Cosine", "MaxAbsErr", "MaxRelativeErr",
                                   "Accuracy Reached or Not", "NPU_Stack_Info", "Err_message"});
    // Outputs only (inputs have no cpu side), by operator, call counter and index.
    CHECK(csv.names() == std::vector<std::string>{"add_1_output", "matmul_1_output",
                                                  "native_batch_norm_backward_10_output.0",
                                                  "native_batch_norm_backward_10_output.1", "sum_2_output"});
    CHECK(csv.cell("add_1_output", "Cosine") == "1.0");
    CHECK(csv.cell("add_1_output", "MaxRelativeErr") == "0.000000");
    CHECK(csv.cell("add_1_output", "Accuracy Reached or Not") == "Yes");
    CHECK(csv.cell("add_1_output", "NPU max") == "8.0");
    CHECK(csv.cell("add_1_output", "NPU mean") == "5.0");
    // Cosine ~1 but MaxAbsErr 2 > 1: No under the dispatch rule (ptdbg 2.x would say Yes).
    CHECK(csv.cell("matmul_1_output", "Cosine") == "1.0");
    CHECK(csv.cell("matmul_1_output", "MaxAbsErr") == "2.000000");
    CHECK(csv.cell("matmul_1_output", "MaxRelativeErr") == "0.005000");
    CHECK(csv.cell("matmul_1_output", "Accuracy Reached or Not") == "No");
    CHECK(csv.cell("matmul_1_output", "NPU mean") == "250.5");
    CHECK(csv.cell("matmul_1_output", "Bench mean") == "250.0");
    // The planted perturbation: flipped signs.
    CHECK(csv.cell("native_batch_norm_backward_10_output.0", "Cosine") == "0.000000");
    CHECK(csv.cell("native_batch_norm_backward_10_output.0", "MaxAbsErr") == "2.000000");
    CHECK(csv.cell("native_batch_norm_backward_10_output.0", "MaxRelativeErr") == "2.000000");
    CHECK(csv.cell("native_batch_norm_backward_10_output.0", "Accuracy Reached or Not") == "No");
    CHECK(csv.cell("native_batch_norm_backward_10_output.1", "Accuracy Reached or Not") == "Yes");
    // A 0-d output: no cosine, so no verdict.
    CHECK(csv.cell("sum_2_output", "NPU Tensor Shape") == "[]");
    CHECK(csv.cell("sum_2_output", "Cosine") == "unsupported");
    CHECK(csv.cell("sum_2_output", "MaxAbsErr") == "0.000000");
    CHECK(csv.cell("sum_2_output", "Accuracy Reached or Not") == "Nan");
    CHECK(csv.cell("sum_2_output", "Err_message") == "This is type of scalar data, can not compare.");
    CHECK(summary.errors() == 2);

    // Naming the run folder itself on both sides is the same compare.
    std::ofstream(dir / "compare_run.json")
        << R"({"npu_path": "msprobe_rank0_20230911170521", "bench_path": "msprobe_rank0_20230911170521"})";
    const auto again = run(dir / "compare_run.json", dir / "out_run");
    CHECK(report::read_csv_text(written(again, "compare_result_rank0_")).rows == csv.table.rows);
}

TEST_CASE("msprobe's legacy samples: compare_result_20230703104808.csv reproduced from npu_test.pkl, advisor",
          "[fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path samples = *fixtures / "reference_samples";
    const fs::path pkl = samples / "msprobe_tests/resources/npu_test.pkl";
    // The sample is that dump compared with itself; its .npy folder is not shipped,
    // so any data of the recorded shapes stands in (a self-compare reads 1.0 / 0.000000).
    const fs::path dir = testing::scratch_dir("legacy_reference_sample");
    const fs::path data = dir / "npu_test";
    fs::create_directories(data);
    for (const auto& api : dump::read_pkl_file(pkl).apis) {
        for (const auto& record : api.records) {
            std::vector<std::int64_t> shape;
            std::int64_t count = 1;
            for (std::size_t pos = 1; pos < record.shape_text.size() - 1;) {
                const std::size_t end = record.shape_text.find_first_of(",]", pos);
                shape.push_back(std::stoll(record.shape_text.substr(pos, end - pos)));
                count *= shape.back();
                pos = end + 2;
            }
            std::vector<float> values(static_cast<std::size_t>(count));
            for (std::size_t i = 0; i < values.size(); ++i) values[i] = 0.25f * static_cast<float>(i + 1);
            testing::write_npy(data / (record.name + ".npy"), tensor::DType::Float32, shape,
                               std::as_bytes(std::span(values)));
        }
    }
    std::ofstream(dir / "compare.json") << R"({"npu_pkl_path": ")" << pkl.string() << R"(", "bench_pkl_path": ")"
                                        << pkl.string() << R"(", "npu_dump_data_dir": ")" << data.string()
                                        << R"(", "bench_dump_data_dir": ")" << data.string() << R"("})";
    const auto summary = run(dir / "compare.json", dir / "out");
    CHECK(testing::read_file_text(written(summary, "compare_result_")) ==
          testing::read_file_text(samples / "compare_result_20230703104808.csv"));
    const std::string advisor = testing::read_file_text(samples / "advisor.txt");
    CHECK(testing::read_file_text(written(summary, "advisor_")) == advisor);

    // Fed to the legacy advisor, both sample CSVs give advisor.txt.
    for (const char* sample : {"compare_result_20230703104808.csv", "compare_result_without_accuracy.csv"}) {
        CHECK(legacy::legacy_advise(report::read_csv_text(samples / sample)).file_text() == advisor);
    }
}
