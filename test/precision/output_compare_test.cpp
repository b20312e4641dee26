// run_ut's comparator: msprobe's own unit vectors (spec run_ut §17.1) for the
// cosine, the dropout check, one element and the severity of several outputs;
// whole APIs; and an API whose only output comparison is SKIP ("Bench output is
// None"), which has compared nothing: its side reads SKIP with the row's
// message, where msprobe's result row reads pass (docs/compatibility.md row 96).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "precision/output_compare.hpp"
#include "precision/run_ut_report.hpp"
#include "precision_test_data.hpp"

using namespace msprobe::precision;
using msprobe::tensor::DType;
using msprobe::precision::testing::out;
using Catch::Detail::Approx;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

TEST_CASE("a forward side with nothing but a None bench output becomes SKIP", "[precision]") {
    ApiOutputs outputs;
    outputs.full_name = "VF.lstm.0";
    auto api = compare_api(outputs);  // bench and device outputs None
    REQUIRE(api.rows.size() == 1);
    CHECK(api.rows[0].status == kSkip);
    CHECK(api.forward_status == kPass);  // msprobe's result cell (--strict_compat keeps it)
    CHECK(result_fields(api) == CsvRow{"VF.lstm.0", "pass", " "});

    skip_sides_that_compared_nothing(api);
    CHECK(api.forward_status == kSkip);
    CHECK(api.backward_status == kSpace);
    CHECK(result_fields(api) == CsvRow{"VF.lstm.0", "SKIP", " ", "Bench output is None, skip this test."});
}

TEST_CASE("a tuple of None outputs compared nothing either, one compared item keeps the side", "[precision]") {
    ApiOutputs all_none;
    all_none.full_name = "Tensor.__setitem__.0";
    all_none.bench_forward = OutputValue::sequence({OutputValue::none(), OutputValue::none()});
    all_none.device_forward = all_none.bench_forward;
    auto api = compare_api(all_none);
    skip_sides_that_compared_nothing(api);
    CHECK(api.forward_status == kSkip);

    ApiOutputs one_tensor = all_none;
    one_tensor.bench_forward = OutputValue::sequence({OutputValue::none(), out(DType::Float32, {1, 2, 3})});
    one_tensor.device_forward = one_tensor.bench_forward;
    api = compare_api(one_tensor);
    skip_sides_that_compared_nothing(api);
    CHECK(api.forward_status == kPass);
}

TEST_CASE("gradients that are all None make the backward side SKIP, a compared forward stays", "[precision]") {
    ApiOutputs outputs;
    outputs.full_name = "Torch.mul.0";
    outputs.bench_forward = out(DType::Float32, {1, 2, 3});
    outputs.device_forward = outputs.bench_forward;
    outputs.bench_grads = {OutputValue::none()};
    outputs.device_grads = {OutputValue::none()};
    auto api = compare_api(outputs);
    CHECK(api.backward_status == kPass);
    skip_sides_that_compared_nothing(api);
    CHECK(api.forward_status == kPass);
    CHECK(api.backward_status == kSkip);
}

TEST_CASE("cosine similarity follows msprobe's special cases (T1-T7)", "[precision]") {
    auto c = cosine_similarity({1, 2, 3}, {1, 2, 3});
    CHECK(c.value.value() == Approx(1.0));
    CHECK(c.passed);
    CHECK(c.message.empty());

    c = cosine_similarity({1, 2, 3}, {4, 5});
    CHECK(c.value.render(14) == "-1");
    CHECK_FALSE(c.passed);
    CHECK(c.message.rfind("Shape of device and bench outputs don't match", 0) == 0);

    c = cosine_similarity({1}, {1});
    CHECK(c.value.is_space());
    CHECK(c.passed);
    CHECK(c.message == "All the data in device dump data is scalar. Please refer to other compare algorithms.");

    c = cosine_similarity({0, 0, 0}, {0, 0, 0});
    CHECK((c.value.is_space() && c.passed));
    CHECK(c.message == "All the data in device and bench outputs are zero.");

    c = cosine_similarity({0, 1, 0}, {0, 0, 0});
    CHECK((c.value.is_space() && !c.passed));
    CHECK(c.message == "All the data is zero in device dump data.");

    c = cosine_similarity({0, 0, 0}, {0, 1, 0});
    CHECK((c.value.is_space() && !c.passed));
    CHECK(c.message == "All the data is zero in bench dump data.");

    c = cosine_similarity({1, 2, kNaN}, {1, 2, 3});
    CHECK(std::isnan(c.value.value()));
    CHECK_FALSE(c.passed);
    CHECK(c.message == "Dump data has NaN when comparing with Cosine Similarity.");
}

TEST_CASE("dropout check (C1-C4)", "[precision]") {
    std::vector<double> pattern;
    for (int i = 0; i < 20; ++i) pattern.insert(pattern.end(), {0, 0, 1, 1, 0, 1});
    CHECK(dropout_status(out(DType::Float32, pattern), out(DType::Float32, pattern)) == "pass");
    CHECK(dropout_status(out(DType::Float32, pattern), out(DType::Float32, std::vector<double>(120, 1.0))) == "error");
    CHECK(dropout_status(out(DType::Float32, {0, 1, 0}), out(DType::Float32, {1, 1, 1})) == "pass");
    std::vector<double> b, d;
    for (int i = 0; i < 33; ++i) {
        b.insert(b.end(), {0, 0, 1});
        d.insert(d.end(), {0, 1, 1});
    }
    b.push_back(0);
    d.push_back(0);
    CHECK(dropout_status(out(DType::Float32, b), out(DType::Float32, d)) == "error");
}

TEST_CASE("element compare of tensors and builtins (C5-C17)", "[precision]") {
    // C5: identical float32 data for a benchmark-standard API.
    std::vector<double> values;
    for (int i = 0; i < 10000; ++i) values.push_back(std::sin(i * 0.37) * 2.0 + (i % 2 ? 0.5 : -0.5));
    auto row = compare_element(out(DType::Float32, values, {100, 100}), out(DType::Float32, values, {100, 100}), "api");
    CHECK(row.bench_dtype == "torch.float32");
    CHECK(row.shape == "(100, 100)");
    CHECK(row.at(Metric::Cosine).value() == Approx(1.0));
    CHECK(row.at(Metric::MaxAbsErr).render(14) == "0.0");
    CHECK(row.at(Metric::Hundredth).is_space());
    CHECK(row.at(Metric::ErrorBalance).render(14) == "0.00000000000000");
    CHECK(row.at(Metric::Rmse).render(14) == "0.00000000000000");
    CHECK(row.at(Metric::SmallValueErrRatio).render(14) == "0");
    CHECK(row.at(Metric::MaxRelErr).render(14) == "0.0");
    CHECK(row.at(Metric::MeanRelErr).render(14) == "0.0");
    CHECK(row.at(Metric::UlpMax).is_space());
    CHECK(row.status == "pass");
    CHECK(row.message == "\nMax abs error is less than 0.001, consider as pass, skip other check and set to SPACE.\n");

    row = compare_element(OutputValue::of_int(1), OutputValue::of_str("str"), "api");
    CHECK((row.status == "error" && row.message == "bench and npu output type is different."));

    OutputValue dict;
    dict.kind = OutputValue::Kind::Dict;
    dict.keys = {"key1", "key2"};
    dict.items = {OutputValue::of_int(1), OutputValue::of_int(2)};
    row = compare_element(dict, dict, "api");
    CHECK((row.status == "error" && row.message == "Unexpected output type in compare_core: <class 'list'>"));
    OutputValue other = dict;
    other.keys = {"key1", "key3"};
    row = compare_element(dict, other, "api");
    CHECK(row.message == "bench and npu output dict keys are different.");

    row = compare_element(out(DType::Int64, {1, 2, 3}), out(DType::Int64, {1, 2, 3}), "api");
    CHECK(row.status == "pass");
    CHECK(row.message == "Compare algorithm is not supported for int64 data. Only judged by Error Rate.\n");

    row = compare_element(OutputValue::of_int(1), OutputValue::of_int(1), "api");
    CHECK((row.status == "pass" && row.message.empty() && row.at(Metric::BinaryErrorRate).render(14) == "0"));
    row = compare_element(OutputValue::of_int(1), OutputValue::of_int(2), "api");
    CHECK((row.status == "error" && row.at(Metric::BinaryErrorRate).is_space()));

    row = compare_element(OutputValue::none(), OutputValue::none(), "api");
    CHECK((row.status == "SKIP" && row.message == "Bench output is None, skip this test."));

    CHECK(compare_element(out(DType::Float32, {1, 2, 3}), out(DType::BFloat16, {1, 2, 3}), "api").status == "pass");
    CHECK(
        compare_element(out(DType::Float32, std::vector<double>(6, 0.0), {2, 3}), out(DType::Float32, {0, 0, 0}), "api")
            .status == "error");
    CHECK(compare_element(out(DType::Float16, {1, 2, 3}), out(DType::Float16, {1.1, 2.1, 3.1}), "__matmul__").status ==
          "error");
    CHECK(
        compare_element(out(DType::Float16, {1, 2, 3}), out(DType::Float16, {1.0001, 2.0001, 3.0001}), "api").status ==
        "pass");
    CHECK(compare_element(out(DType::Float16, {1, 2, 3}), out(DType::Float16, {1.01, 2.01, 3.01}), "api").status ==
          "Warning");
    CHECK(compare_element(out(DType::Float32, {1, 2, 3}), out(DType::Float32, {1.01, 2.01, 3.01}), "api").status ==
          "error");
    CHECK(compare_element(out(DType::Float32, {1, 2, 3}), out(DType::Float32, {1, 2, 3}), "api").status == "pass");
}

TEST_CASE("multi-output status aggregates by severity", "[precision]") {
    CHECK(aggregate_status({"error", "Warning"}) == "error");
    CHECK(aggregate_status({"pass", "Warning", "SKIP"}) == "Warning");
    CHECK(aggregate_status({"SKIP"}) == "pass");
}

TEST_CASE("compare_api: every forward output and gradient gets its row, each side its status", "[precision]") {
    ApiOutputs outputs;
    outputs.full_name = "Torch.split.0";
    outputs.bench_forward = OutputValue::sequence({out(DType::Float32, {1, 2, 3}), out(DType::Float32, {4, 5, 6})});
    outputs.device_forward = outputs.bench_forward;
    outputs.bench_grads = {out(DType::Float32, {1, 2, 3})};
    outputs.device_grads = {out(DType::Float32, {-1, -2, -3})};
    const ApiComparison api = compare_api(outputs);
    REQUIRE(api.rows.size() == 3);
    CHECK(api.rows[0].api_name == "Torch.split.0.forward.output.0");
    CHECK(api.rows[1].api_name == "Torch.split.0.forward.output.1");
    CHECK(api.rows[2].api_name == "Torch.split.0.backward.output.0");
    CHECK(api.forward_status == kPass);
    CHECK(api.rows[2].status == kError);
    CHECK(api.backward_status == kError);
    CHECK_FALSE(api.result_message().has_value());

    // A device tuple shorter than the bench's is a structure error.
    ApiOutputs shorter = outputs;
    shorter.device_forward = OutputValue::sequence({out(DType::Float32, {1, 2, 3})});
    const ApiComparison broken = compare_api(shorter);
    CHECK(broken.forward_status == kError);
    CHECK(broken.rows[0].message == "bench and npu output structure is different.");
}

TEST_CASE("compare_api: a backward that did not run is SKIP with its reason, dropout by zero counts", "[precision]") {
    ApiOutputs outputs;
    outputs.full_name = "Torch.mul.0";
    outputs.bench_forward = out(DType::Float32, {1, 2, 3});
    outputs.device_forward = outputs.bench_forward;
    outputs.bench_grads = {out(DType::Float32, {1, 2, 3})};
    outputs.device_grads = outputs.bench_grads;
    outputs.backward_message = "no backward for this input";
    const ApiComparison api = compare_api(outputs);
    CHECK(api.forward_status == kPass);
    CHECK(api.backward_status == kSkip);
    REQUIRE(api.rows.size() == 2);
    CHECK(api.rows[1].api_name == "Torch.mul.0.backward.output.0");
    CHECK(api.result_message() == "no backward for this input");

    ApiOutputs dropout;
    dropout.full_name = "Functional.dropout.0";
    std::vector<double> half_zeros(200, 1.0);
    for (std::size_t i = 0; i < 100; ++i) half_zeros[i] = 0.0;
    dropout.bench_forward = out(DType::Float32, half_zeros);
    dropout.device_forward = out(DType::Float32, std::vector<double>(200, 1.0));
    const ApiComparison dropped = compare_api(dropout);
    CHECK(dropped.forward_status == kError);
    CHECK(dropped.rows.empty());  // the dropout check writes no detail row
}

TEST_CASE("skipped_api: SKIP on both sides, one row carrying the reason", "[precision]") {
    const ApiComparison api = skipped_api("Functional.conv2d.0", "The api is not supported.");
    CHECK(api.forward_status == kSkip);
    CHECK(api.backward_status == kSkip);
    REQUIRE(api.rows.size() == 1);
    CHECK(api.rows[0].api_name == "Functional.conv2d.0.forward.output.0");
    CHECK(api.rows[0].status == kSkip);
    CHECK(api.result_message() == "The api is not supported.");
}
