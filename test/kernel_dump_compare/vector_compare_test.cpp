#include "kernel_dump_compare/vector_compare.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "report/csv_reader.hpp"
#include "support/file_text.hpp"
#include "support/offline_model_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
namespace fs = std::filesystem;

namespace {

std::size_t count_crlf(const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at + 2)) ++n;
    return n;
}

struct ResultFile {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;

    // The row whose TensorIndex is `tensor`.
    const std::vector<std::string>& row(const std::string& tensor) const {
        const auto column = column_of("TensorIndex");
        for (const auto& r : rows) {
            if (r.at(column) == tensor) return r;
        }
        FAIL("no row " << tensor);
        return rows.front();
    }
    std::size_t column_of(const std::string& name) const {
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (header[i] == name) return i;
        }
        FAIL("no column " << name);
        return 0;
    }
    std::string cell(const std::string& tensor, const std::string& column) const {
        return row(tensor).at(column_of(column));
    }
};

ResultFile read_result(const fs::path& file) {
    // Python's csv writer ends every line with CRLF.
    const std::string text = testing::read_file_text(file);
    CHECK(std::count(text.begin(), text.end(), '\n') == static_cast<std::ptrdiff_t>(count_crlf(text)));
    auto records = report::read_csv_records(file.string());
    REQUIRE_FALSE(records.empty());
    ResultFile result;
    result.header = std::move(records.front());
    result.rows.assign(std::make_move_iterator(records.begin() + 1), std::make_move_iterator(records.end()));
    return result;
}

VectorCompareResult run(const testing::OfflineModelTree& tree, const fs::path& out, bool with_rule = true) {
    VectorCompareRequest request;
    request.mine = tree.npu;
    request.golden = tree.golden;
    if (with_rule) request.fusion_rule = tree.fusion_rule;
    request.output_dir = out;
    ThreadPool pool(2);
    return run_vector_compare(request, pool);
}

std::string error_of(const VectorCompareRequest& request) {
    ThreadPool pool(1);
    try {
        run_vector_compare(request, pool);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// alg_CosineSimilarity and alg_RelativeEuclideanDistance in double precision: the float32 results msaccucmp
// prints agree with them to the sixth decimal on these well-conditioned tensors.
double cosine(const std::vector<float>& x, const std::vector<float>& y) {
    double xy = 0, xx = 0, yy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        xy += double(x[i]) * y[i];
        xx += double(x[i]) * x[i];
        yy += double(y[i]) * y[i];
    }
    return xy / std::sqrt(xx * yy);
}
double max_abs(const std::vector<float>& x, const std::vector<float>& y) {
    double m = 0;
    for (std::size_t i = 0; i < x.size(); ++i) m = std::max(m, std::fabs(double(x[i]) - y[i]));
    return m;
}

}  // namespace

TEST_CASE("vector compare: NPU dumps against golden .npy dumps through the fusion rule", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_vector_rule");
    const testing::OfflineModelOptions options;
    const auto tree = testing::write_offline_model(dir / "model", options);
    const auto result = run(tree, dir / "out");
    CHECK(result.matched);
    CHECK(result.written.parent_path() == dir / "out");
    CHECK(result.written.filename().string().rfind("result_", 0) == 0);
    const ResultFile file = read_result(result.written);
    // The golden side holds .npy files: its Address column is dropped.
    CHECK(file.header == std::vector<std::string>{"Index",
                                                  "OpType",
                                                  "NPUDump",
                                                  "DataType",
                                                  "Address",
                                                  "GroundTruth",
                                                  "DataType",
                                                  "TensorIndex",
                                                  "Shape",
                                                  "CosineSimilarity",
                                                  "MaxAbsoluteError",
                                                  "AccumulatedRelativeError",
                                                  "RelativeEuclideanDistance",
                                                  "KullbackLeiblerDivergence",
                                                  "StandardDeviation",
                                                  "MeanAbsoluteError",
                                                  "RootMeanSquareError",
                                                  "MaxRelativeError",
                                                  "MeanRelativeError",
                                                  "CompareFailReason"});
    // One row per compared tensor, a NaN row for each Data op (no NPU dump), in Index order.
    REQUIRE(file.rows.size() == 14);
    std::vector<std::string> index;
    for (const auto& row : file.rows) index.push_back(row[0]);
    CHECK(index == std::vector<std::string>{"0", "1", "1", "2", "3", "3", "4", "4", "5", "5", "6", "6", "6", "6"});
    CHECK(file.rows[0] == std::vector<std::string>{"0",
                                                   "Data",
                                                   "block0_input",
                                                   "NaN",
                                                   "NaN",
                                                   "block0/input",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "NaN",
                                                   "[block0_input] There is no dump file for my output operator "
                                                   "\"block0_input\". The type is Data."});

    // Fused ops (MultiToOne): the NC1HWC0 output converted to NCHW, its padded channels cut.
    const auto conv = testing::offline_model_values(options, 0, "conv_relu");
    CHECK(file.cell("block0_conv_relu:output:0", "GroundTruth") == "block0/conv,block0/relu");
    CHECK(file.cell("block0_conv_relu:output:0", "Shape") == "[2,19,5,5]");
    CHECK(file.cell("block0_conv_relu:output:0", "DataType") == "float16");
    CHECK(std::stod(file.cell("block0_conv_relu:output:0", "CosineSimilarity")) ==
          Approx(cosine(conv.npu, conv.golden)).margin(1.5e-6));
    CHECK(std::stod(file.cell("block0_conv_relu:output:0", "MaxAbsoluteError")) ==
          Approx(max_abs(conv.npu, conv.golden)).margin(1e-6));

    // FRACTAL_NZ to ND.
    const auto matmul = testing::offline_model_values(options, 0, "matmul");
    CHECK(file.cell("block0_matmul:output:0", "Shape") == "[33,20]");
    CHECK(std::stod(file.cell("block0_matmul:output:0", "CosineSimilarity")) ==
          Approx(cosine(matmul.npu, matmul.golden)).margin(1.5e-6));
    // The Cast ATC inserted is compared with what it casts; its reader's input too (through the Cast).
    CHECK(file.cell("block0_cast:output:0", "GroundTruth") == "*");
    CHECK(file.cell("block0_bias_add:input:0", "CosineSimilarity") ==
          file.cell("block0_matmul:output:0", "CosineSimilarity"));
    // ND float32 needs no conversion: the Shape is the flattened array's.
    CHECK(file.cell("block0_bias_add:output:0", "Shape") == "[660]");
    // OneToMulti: both NPU ops name the group, each compared with its golden output.
    CHECK(file.cell("block0_split_1:output:0", "NPUDump") == "block0_split_0,block0_split_1");
    const auto split1 = testing::offline_model_values(options, 0, "split_1");
    CHECK(std::stod(file.cell("block0_split_1:output:0", "CosineSimilarity")) ==
          Approx(cosine(split1.npu, split1.golden)).margin(1.5e-6));
}

TEST_CASE("vector compare: a golden file missing makes its rows' reason", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_vector_missing");
    testing::OfflineModelOptions options;
    options.drop_golden_bias_add = true;
    const auto tree = testing::write_offline_model(dir / "model", options);
    const ResultFile file = read_result(run(tree, dir / "out").written);
    CHECK(file.cell("block0_bias_add:output:0", "CosineSimilarity") == "NaN");
    CHECK(file.cell("block0_bias_add:output:0", "CompareFailReason") ==
          "[block0_bias_add] There is no the ground truth dump file for block0_bias_add:output:0.");
    CHECK(file.cell("block0_bias_add:output:0", "DataType") == "NaN");
    CHECK(file.cell("block0_bias_add:output:0", "Shape") == "[33,20]");  // the dump's shape
}

TEST_CASE("vector compare: two NPU folders without rules, op by op", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_vector_npu");
    const auto tree = testing::write_offline_model(dir / "model", {});
    VectorCompareRequest request;
    request.mine = tree.npu;
    request.golden = tree.npu;
    request.output_dir = dir / "out";
    ThreadPool pool(2);
    const ResultFile file = read_result(run_vector_compare(request, pool).written);
    CHECK(file.header.size() == 21);  // both Address columns
    REQUIRE(file.rows.size() == 12);  // six ops, an input and an output each
    for (const auto& row : file.rows) {
        CHECK(row[file.column_of("CosineSimilarity")] == "1.000000");
        CHECK(row[file.column_of("MaxAbsoluteError")] == "0.000000");
    }
    // Numbered by the time stamp of each op's dump; op types from the file names; device shapes.
    CHECK(file.cell("block0_conv_relu:output:0", "Index") == "0");
    CHECK(file.cell("block0_conv_relu:output:0", "OpType") == "Conv2D");
    CHECK(file.cell("block0_conv_relu:output:0", "Shape") == "[2,2,5,5,16]");
    CHECK(file.cell("block0_split_1:output:0", "Index") == "5");
}

TEST_CASE("vector compare: refusals name the file and the reason", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_vector_refusals");
    const auto tree = testing::write_offline_model(dir / "model", {});
    VectorCompareRequest request;
    request.mine = tree.npu;
    request.golden = tree.golden;
    request.output_dir = dir / "out";
    request.option_names = {"-fr", "-qfr", "-cfr"};
    // dump.py CompareData: NPU dumps against golden .npy dumps need the fusion rule.
    CHECK(error_of(request).find("When the left side is dump data of the unquantized model executed on the AI "
                                 "processor and the right side is dump data of the unquantized original model, the -fr "
                                 "parameter is required.") != std::string::npos);
    request.fusion_rule = tree.fusion_rule;
    request.close_rule = tree.fusion_rule;
    CHECK(error_of(request).find("there is no need to enter the -cfr parameter.") != std::string::npos);
    request.close_rule.clear();

    // No op of the rule has a dump: nothing is written.
    testing::write_file(dir / "other.json", R"({"graph": [{"op": [{"name": "x", "type": "Add"}]}]})");
    request.fusion_rule = dir / "other.json";
    CHECK(error_of(request).find("The model does not match the dump data") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
    request.keep_unmatched_result = true;  // msaccucmp's way: the header alone
    ThreadPool pool(1);
    const auto kept = run_vector_compare(request, pool);
    CHECK(kept.code == 2);
    CHECK(read_result(kept.written).rows.size() == 1);
    request.keep_unmatched_result = false;

    // A damaged dump stops the run.
    request.fusion_rule = tree.fusion_rule;
    request.output_dir = dir / "out_damaged";
    fs::path victim;
    for (const auto& e : fs::directory_iterator(tree.npu)) {
        if (e.path().filename().string().rfind("MatMul.", 0) == 0) victim = e.path();
    }
    const std::string bytes = testing::read_file_text(victim);
    testing::write_file(victim, bytes.substr(0, bytes.size() - 40));
    const std::string damaged = error_of(request);
    CHECK(damaged.find(victim.filename().string()) != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out_damaged"));
    request.reading.refuse_damaged_dumps = false;  // msaccucmp's way: the op's row says why
    const ResultFile file = read_result(run_vector_compare(request, pool).written);
    CHECK(file.cell("block0_cast:output:0", "CosineSimilarity") != "NaN");
    bool found = false;
    for (const auto& row : file.rows) {
        if (row[2] != "block0_matmul") continue;
        found = true;
        CHECK(row[file.column_of("CosineSimilarity")] == "NaN");
        // _compare_by_operator puts its own words in place of the reader's.
        CHECK(row.back() ==
              "[block0_matmul] There is no dump file for my output operator \"block0_matmul\". The type is "
              "MatMul.");
    }
    CHECK(found);
}

// A quantized NPU model against the original model's golden dumps: -fr's original names and output descriptions
// are taken through -qfr (merge_fusion_rule); the rows are the ones msaccucmp writes for the same files.
TEST_CASE("vector compare: a quantized model through the quant fusion rule", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_vector_quant");
    fs::create_directories(dir / "npu");
    fs::create_directories(dir / "golden");
    testing::write_float_kernel_dump(dir / "npu" / "AscendQuant.conv1_quant_layer.1.0.1700000000000001", {1, 2, 3, 4},
                                     {1, 2, 3, 4});
    testing::write_float_kernel_dump(dir / "npu" / "Conv2D.conv1.2.0.1700000000000002", {1, 2, 3, 4}, {2, 4, 6, 8.5F});
    const std::vector<float> conv = {2, 4, 6, 8}, data = {1, 2, 3, 4};
    testing::write_npy_f32(dir / "golden" / "conv1.0.1700000000000001.npy", {4}, conv);
    testing::write_npy_f32(dir / "golden" / "data.0.1700000000000000.npy", {4}, data);
    testing::write_file(
        dir / "off.json",
        R"({"graph": [{"op": [{"name": "data", "type": "Data", "id": 0, "output_desc": [{"dtype": "DT_FLOAT", "attr": [{"key": "_datadump_origin_name", "value": {"s": "data"}}]}]}, {"name": "conv1_quant_layer", "type": "AscendQuant", "id": 1, "input": ["data:0"], "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv1_quant_layer"]}}}], "output_desc": [{"dtype": "DT_FLOAT16", "attr": [{"key": "_datadump_origin_name", "value": {"s": "conv1_quant_layer"}}]}]}, {"name": "conv1", "type": "Conv2D", "id": 2, "input": ["conv1_quant_layer:0"], "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv1"]}}}], "output_desc": [{"dtype": "DT_FLOAT16", "attr": [{"key": "_datadump_origin_name", "value": {"s": "conv1"}}]}]}]}]})");
    testing::write_file(
        dir / "quant.json",
        R"({"graph": [{"op": [{"name": "data", "type": "Data", "id": 0, "output_desc": [{"dtype": "DT_FLOAT", "attr": [{"key": "_datadump_origin_name", "value": {"s": "data"}}]}]}, {"name": "conv1_quant_layer", "type": "AscendQuant", "id": 1, "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv1"]}}}], "output_desc": [{"dtype": "DT_FLOAT", "attr": [{"key": "_datadump_origin_name", "value": {"s": "data"}}]}]}, {"name": "conv1", "type": "Conv2D", "id": 2, "attr": [{"key": "_datadump_original_op_names", "value": {"list": {"s": ["conv1"]}}}], "output_desc": [{"dtype": "DT_FLOAT", "attr": [{"key": "_datadump_origin_name", "value": {"s": "conv1"}}]}]}]}]})");
    VectorCompareRequest request;
    request.mine = dir / "npu";
    request.golden = dir / "golden";
    request.fusion_rule = dir / "off.json";
    request.output_dir = dir / "out";
    request.option_names = {"-fr", "-qfr", "-cfr"};
    // The NPU model is quantized (an op named *_quant_layer): -qfr is required.
    CHECK(error_of(request).find("the -qfr parameter is required.") != std::string::npos);
    request.quant_rule = dir / "quant.json";
    ThreadPool pool(1);
    const ResultFile file = read_result(run_vector_compare(request, pool).written);
    REQUIRE(file.rows.size() == 4);
    // Both NPU ops came from golden conv1: one group (OneToMulti); the AscendQuant op's outputs are not compared.
    CHECK(file.cell("conv1_quant_layer:input:0", "NPUDump") == "conv1_quant_layer,conv1");
    CHECK(file.cell("conv1_quant_layer:input:0", "GroundTruth") == "conv1");
    // conv1's input comes from the quant op, whose output the quant rule names as golden "data".
    CHECK(file.cell("conv1:input:0", "CosineSimilarity") == "1.000000");
    // (2, 4, 6, 8.5) against (2, 4, 6, 8): cosine 124 / sqrt(128.25 * 120), max |x - y| 0.5, sum |x/y - 1| 0.0625,
    // sqrt(0.25 / 120).
    const auto& out = file.row("conv1:output:0");
    CHECK(std::vector<std::string>(out.begin() + 9, out.begin() + 13) ==
          std::vector<std::string>{"0.999545", "0.500000", "0.062500", "0.045644"});
}
