// An API whose only output comparison is SKIP ("Bench output is None") has
// compared nothing: its side reads SKIP with the row's message, where msprobe's
// result row reads pass (docs/compatibility.md row 96).
#include <catch2/catch.hpp>

#include "precision/output_compare.hpp"
#include "precision/run_ut_report.hpp"
#include "precision_test_data.hpp"

using namespace msprobe::precision;
using msprobe::tensor::DType;
using msprobe::precision::testing::out;

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

TEST_CASE("a tuple of None outputs compared nothing either; one compared item keeps the side", "[precision]") {
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
