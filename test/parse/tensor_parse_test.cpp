// pt / cn / `parse A B` against the spec's test vectors (parse.md §2.2, §2.3,
// §4.3, §4.4, §5) and against tensors with planted differences.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "common/python_text.hpp"
#include "parse/interactive_shell.hpp"
#include "tensor/numpy_text.hpp"
#include "parse/parse_job.hpp"
#include "parse/tensor_diff.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/tensor_summary.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::scratch_dir;

namespace {

struct Loaded {
    tensor::TensorView view;
    std::vector<double> values;
};

Loaded load(const std::filesystem::path& p) {
    Loaded t;
    t.view = tensor::read_tensor_file(p);
    t.values = tensor::tensor_values(t.view, p.string());
    return t;
}

TensorDiff diff_files(const std::filesystem::path& a, const std::filesystem::path& b, const DiffOptions& options = {}) {
    const Loaded l = load(a), r = load(b);
    return diff_tensors(l.view, l.values, r.view, r.values, options);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("npy-str of float16 scalars: shortest float16 digits in Python's layout", "[parse]") {
    CHECK(tensor::float16_str(3.666015625) == "3.666");
    CHECK(tensor::float16_str(0.0) == "0.0");
    CHECK(tensor::float16_str(0.333251953125) == "0.3333");
    CHECK(tensor::float16_str(65504.0) == "65500.0");
    CHECK(tensor::float16_str(-2.0) == "-2.0");
    CHECK(tensor::npy_str(std::nan(""), tensor::DType::Float16) == "nan");
    CHECK(tensor::npy_str(5, tensor::DType::Int64) == "5");
    CHECK(tensor::npy_str(1, tensor::DType::Bool) == "True");
    CHECK(tensor::npy_str(static_cast<float>(0.1), tensor::DType::Float32) == "0.1");
    CHECK(tensor::shape_tuple_text({5}) == "(5,)");
    CHECK(tensor::shape_tuple_text({1, 16, 56, 56, 16}) == "(1, 16, 56, 56, 16)");
    CHECK(tensor::printf_g(0.333251953125) == "0.333252");
}

TEST_CASE("spec 2.2: float16 arange(12).reshape(3, 4) / 3 summary and txt", "[parse]") {
    const auto dir = scratch_dir("parse_f16");
    std::vector<float> v;
    for (int i = 0; i < 12; ++i) v.push_back(tensor::half_to_float(tensor::float_to_half(static_cast<float>(i) / 3.0f)));
    testing::write_npy_f16(dir / "a.npy", {3, 4}, v);
    const Loaded t = load(dir / "a.npy");
    const tensor::TensorSummary s = tensor::summarize(t.view, t.values);
    CHECK(tensor::spec_text(s) == "[Shape: (3, 4)] [Dtype: float16] [Max: 3.666] [Min: 0.0] [Mean: 1.833]");
    CHECK(tensor::values_text(t.values, t.view.shape) ==
          "0 0.333252 0.666504 1\n1.33301 1.66699 2 2.33398\n2.66602 3 3.33398 3.66602\n");
}

TEST_CASE("spec 2.3: cn worked example (float32)", "[parse]") {
    const auto dir = scratch_dir("parse_cn_example");
    testing::write_npy_f32(dir / "a.npy", {5}, {1, 2, 3, 4, 5});
    testing::write_npy_f32(dir / "b.npy", {5}, {1, 2.001f, 3.1f, 4, -5});
    const TensorDiff d = diff_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.count == 5);
    CHECK_FALSE(d.allclose);
    CHECK(py::float32_repr(d.cosine) == "0.095866345");
    CHECK(d.error_count == 2);
    CHECK(d.error_ratio == 0.4);
    REQUIRE(d.errors.size() == 2);
    CHECK(d.errors[0].index == 2);
    CHECK(py::float32_repr(d.errors[0].left) == "3.0");
    CHECK(py::float32_repr(d.errors[0].right) == "3.1");
    CHECK(py::float32_repr(d.errors[0].diff) == "0.099999905");
    CHECK(d.errors[1].index == 4);
    CHECK(py::float32_repr(d.errors[1].diff) == "10.0");
    REQUIRE(d.top.size() == 5);
    CHECK(py::float32_repr(d.top[1].diff) == "0.0009999275");

    // spec 4.4: the text of `parse a b`
    const std::string text = diff_text(d, "a.npy", "b.npy", {});
    CHECK(contains(text, "Left:   a.npy   [Shape: (5,)] [Dtype: float32] [Max: 5.0] [Min: 1.0] [Mean: 3.0]\n"));
    CHECK(contains(text, "Right:  b.npy   [Shape: (5,)] [Dtype: float32] [Max: 4.0] [Min: -5.0] [Mean: 1.0202]\n"));
    CHECK(contains(text, "NumCnt:   5\nAllClose: False\nCosSim:   0.095866345\nErrorPer: 0.4  (rl= 0.001, al= 0.001)\n"
                         "MaxAbsErr: 10.0\nMaxRelErr: 2.0\n"));
}

TEST_CASE("spec 5: msprobe's do_compare_data vector on int arrays", "[parse]") {
    const auto dir = scratch_dir("parse_cn_ints");
    testing::write_npy_i64(dir / "a.npy", {5}, {1, 2, 3, 4, 5});
    testing::write_npy_i64(dir / "b.npy", {5}, {2, 3, 4, 5, 6});
    const TensorDiff d = diff_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.error_ratio == 1.0);
    CHECK(py::float32_repr(d.cosine) == "0.99493676");
    CHECK_FALSE(d.allclose);
    CHECK(d.count == 5);
    CHECK(tensor::spec_text(d.left) == "[Shape: (5,)] [Dtype: int64] [Max: 5] [Min: 1] [Mean: 3.0]");
}

TEST_CASE("cn pads the shorter tensor with zeros and says so", "[parse]") {
    const auto dir = scratch_dir("parse_cn_pad");
    testing::write_npy_f32(dir / "a.npy", {2, 2}, {1, 2, 3, 4});
    testing::write_npy_f32(dir / "b.npy", {3}, {1, 2, 3});
    const TensorDiff d = diff_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.shape_mismatch);
    CHECK(d.size_mismatch);
    CHECK(d.count == 4);
    CHECK(d.error_count == 1);
    CHECK(d.errors.at(0).index == 3);
    CHECK(d.errors.at(0).right == 0.0f);
    CHECK_FALSE(d.max_abs_location.has_value());  // positions have no common meaning
    CHECK(d.kernel.max_abs_err.state == metrics::MetricState::ShapeUnmatched);
}

TEST_CASE("planted differences: the largest errors are found where they were put", "[parse]") {
    const auto dir = scratch_dir("parse_planted");
    const std::vector<std::int64_t> shape = {3, 4, 5};
    std::vector<float> left(60), right(60);
    for (int i = 0; i < 60; ++i) {
        left[static_cast<std::size_t>(i)] = 1.0f + 0.25f * static_cast<float>(i % 7);
        right[static_cast<std::size_t>(i)] = left[static_cast<std::size_t>(i)] * (1.0f + 1e-6f * static_cast<float>(i % 3));
    }
    // Largest absolute error at (2, 1, 3) = flat 48; largest relative error at (0, 2, 4) = flat 14,
    // where the bench value is tiny.
    right[48] = left[48] + 3.0f;
    right[14] = 0.01f;
    left[14] = 0.5f;
    testing::write_npy_f32(dir / "npu.npy", shape, left);
    testing::write_pt_f32(dir / "bench.pt", shape, right);
    const TensorDiff d = diff_files(dir / "npu.npy", dir / "bench.pt");
    REQUIRE(d.max_abs_location);
    CHECK(d.max_abs_location->flat == 48);
    CHECK(d.max_abs_location->index == std::vector<std::int64_t>{2, 1, 3});
    CHECK(d.max_abs_location->error == Approx(3.0));
    REQUIRE(d.max_rel_location);
    CHECK(d.max_rel_location->flat == 14);
    CHECK(d.max_rel_location->index == std::vector<std::int64_t>{0, 2, 4});
    // The locations agree with the kernel's metrics.
    REQUIRE(d.kernel.max_abs_err.is_number());
    CHECK(d.kernel.max_abs_err.value == Approx(d.max_abs_location->error).epsilon(1e-12));
    CHECK(d.kernel.max_relative_err.value == Approx(d.max_rel_location->error).epsilon(1e-12));
    CHECK(d.max_rel_location->error == Approx(49.0).epsilon(1e-5));
    // Histogram: every element counted once.
    REQUIRE(d.histogram);
    std::int64_t total = 0;
    for (auto c : d.histogram->counts) total += c;
    CHECK(total == 60);
    CHECK(d.histogram->counts[8] == 1);  // 49 at (0, 2, 4)
    CHECK(d.histogram->counts[7] == 1);  // 3 / 4.5 at (2, 1, 3)
    // The rest: 1e-6 * (i % 3) relative steps, 0 for a third of them.
    CHECK(d.histogram->counts[0] == 19);
    CHECK(d.histogram->counts[1] + d.histogram->counts[2] + d.histogram->counts[3] == 39);

    const std::string text = diff_text(d, "npu.npy", "bench.pt", {});
    CHECK(contains(text, "at (2, 1, 3)  left="));
    CHECK(contains(text, "at (0, 2, 4)  left=0.5 right=0.01"));
    CHECK(contains(text, "Relative error histogram:"));
}

TEST_CASE("parse FILE: summary, nan/inf counts, head, empty tensor", "[parse]") {
    const auto dir = scratch_dir("parse_summary");
    const float inf = std::numeric_limits<float>::infinity();
    testing::write_npy_f32(dir / "x.npy", {2, 3}, {1, -2, inf, std::nanf(""), -inf, 0.5f});
    ParseOptions options;
    options.inputs = {dir / "x.npy"};
    ParseResult r = run_parse(options);
    CHECK(r.exit_code == 0);
    CHECK(contains(r.out, "[Shape: (2, 3)] [Dtype: float32] [Max: nan] [Min: nan] [Mean: nan]\n"));
    CHECK(contains(r.out, "[NaN: 1] [+Inf: 1] [-Inf: 1]\n"));
    CHECK(contains(r.out, "0     1.0 -2.0 inf nan -inf 0.5\n"));

    testing::write_npy_f32(dir / "empty.npy", {0}, {});
    options.inputs = {dir / "empty.npy"};
    r = run_parse(options);
    CHECK(r.exit_code == 0);
    CHECK(contains(r.out, "[Shape: (0,)] [Dtype: float32] (empty)\n"));
}

TEST_CASE("spec 5: pt on [1, 2, 3, 4, 5] writes data.npy.txt", "[parse]") {
    const auto dir = scratch_dir("parse_pt_txt");
    testing::write_npy_i64(dir / "data.npy", {5}, {1, 2, 3, 4, 5});
    std::ostringstream out;
    run_shell_command("pt -n " + (dir / "data.npy").string(), out);
    CHECK(testing::read_file_text(dir / "data.npy.txt") == "1 2 3 4 5\n");  // one row of the last dimension
    CHECK(contains(out.str(), "[Shape: (5,)] [Dtype: int64] [Max: 5] [Min: 1] [Mean: 3.0]\n"));
    CHECK(contains(out.str(), "TextFile: " + (dir / "data.npy").string() + ".txt\n"));
}

TEST_CASE("spec 5: argument splitting and the invalid-command message", "[parse]") {
    using V = std::vector<std::string>;
    CHECK(split_command_line("not None") == V{"not", "None"});
    CHECK(split_command_line("not None", "insert") == V{"insert", "not", "None"});
    CHECK(split_command_line("not None", "not") == V{"not", "None"});
    CHECK(split_command_line("").empty());
    CHECK(split_command_line("", "insert").empty());
    CHECK(split_command_line("-h return", "insert") == V{"-h", "return"});
    std::ostringstream out;
    run_shell_command("rm", out);
    CHECK(out.str() == "Command invalid, Only support command start with cad/vc/dc/pk/cn/pt\n");
}

TEST_CASE("the shell refuses kernel-dump commands and reports usage without leaving", "[parse]") {
    std::istringstream in("dc -n x\ncad -m y\ncn -m only.npy\npt -n /no/such/file.npy\nexit\npt -n never\n");
    std::ostringstream out;
    CHECK(run_interactive_shell(in, out) == 0);
    const std::string text = out.str();
    CHECK(contains(text, "dc requires CANN msaccucmp.py (not bundled)"));
    CHECK(contains(text, "cad requires CANN msaccucmp.py (not bundled)"));
    CHECK(contains(text, "usage: cn -m MY_DUMP_PATH -g GOLDEN_DUMP_PATH"));
    CHECK(contains(text, "/no/such/file.npy: The path does not exist.\nCommand execution failed\n"));
    CHECK_FALSE(contains(text, "never"));
}

TEST_CASE("msprobe's pt output on the fixture tensor: rows, summary and txt", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto parse_dir = *fixtures / "expected/cnn_tensor_L1_perturbed/parse";
    const Loaded t = load(parse_dir / "npu.npy");
    const tensor::TensorSummary s = tensor::summarize(t.view, t.values);
    CHECK(tensor::spec_text(s) ==
          "[Shape: (4, 16, 4, 4)] [Dtype: float32] [Max: 2.9682662] [Min: -2.4173992] [Mean: -0.060608055]");
    CHECK(tensor::values_text(t.values, t.view.shape) == testing::read_file_text(parse_dir / "npu.npy.txt"));
    const auto rows = head_rows(t.values, s.value_dtype, 128);
    REQUIRE(rows.size() == 16);
    CHECK(rows[0].second == "-1.9225491 -0.9015939 -0.79923236 -1.9034762 -1.5141395 0.7970538 -1.074944 -1.402684");
    CHECK(rows[15].first == 120);
    CHECK(rows[15].second == "-2.4173992 -0.864483 -1.7722496 -1.2329686 -0.39778173 -1.5674522 -1.5047188 -1.0771494");
}

namespace {

// The cells of one CSV line (pandas' export: quotes around cells holding commas).
std::vector<std::string> csv_cells(const std::string& line) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

}  // namespace

TEST_CASE("parse A B on the fixture tensors: the kernel metrics are msprobe compare's cells", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto base = *fixtures / "expected/cnn_tensor_L1_perturbed";
    // parse/npu.npy and bench.npy are copies of Functional.conv2d.1.forward.output.0.pt of both sides.
    const TensorDiff d = diff_files(base / "parse/npu.npy", base / "parse/bench.npy");
    std::istringstream csv(testing::read_file_text(base / "compare.default/compare_result.csv"));
    std::vector<std::string> row;
    for (std::string line; std::getline(csv, line);) {
        if (line.rfind("Functional.conv2d.1.forward.output.0,", 0) == 0) row = csv_cells(line);
    }
    REQUIRE(row.size() > 13);
    CHECK(d.kernel.cosine.value == std::stod(row[8]));
    CHECK(d.kernel.euc_dist.value == Approx(std::stod(row[9])).epsilon(1e-12));
    CHECK(d.kernel.max_abs_err.value == std::stod(row[10]));
    CHECK(d.kernel.max_relative_err.value == std::stod(row[11]));
    CHECK(d.kernel.one_thousandth_err_ratio.value == std::stod(row[12]));
    CHECK(d.kernel.five_thousandths_err_ratio.value == std::stod(row[13]));
    // ... and where those errors sit.
    REQUIRE(d.max_abs_location);
    CHECK(d.max_abs_location->index == std::vector<std::int64_t>{1, 0, 2, 2});
    CHECK(tensor::npy_str(d.max_abs_location->left, tensor::DType::Float32) == "-1.7792952");
    REQUIRE(d.max_rel_location);
    CHECK(d.max_rel_location->index == std::vector<std::int64_t>{1, 15, 2, 0});
    CHECK(tensor::npy_str(d.max_rel_location->right, tensor::DType::Float32) == "0.003925346");
}
