// base_compare_algorithm.py on hand-picked pairs: the values its formulas give and the row status.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/compare_algorithms.hpp"

using namespace msprobe::ms_api_check;

namespace {

CheckedValue tensor(std::vector<double> v, std::vector<std::int64_t> shape = {}) {
    if (shape.empty()) shape = {static_cast<std::int64_t>(v.size())};
    return {CheckedValue::Kind::Tensor, "Float32", shape, std::move(v)};
}

}  // namespace

TEST_CASE("compare algorithms: equal tensors pass", "[ms_api_check]") {
    const auto r = compare_output(tensor({1, 0, 3, 0}), tensor({1, 0, 3, 0}));
    // CosineSimilarityCompareAlgorithm: (1e-8 + 10) / (1e-8 + sqrt(10) * sqrt(10)).
    CHECK(*r.cosine.value == (1e-8 + 10.0) / (1e-8 + std::sqrt(10.0) * std::sqrt(10.0)));
    CHECK(*r.max_abs.value == 0.0);
    CHECK(*r.max_relative.value == 0.0);  // zeros of the bench divide by 1e-8, not 0
    CHECK(r.pass);
    CHECK(r.message.empty());
}

TEST_CASE("compare algorithms: a max absolute difference of 0.5 fails, cosine alone passes", "[ms_api_check]") {
    const auto r = compare_output(tensor({4, 6}), tensor({4, 6.5}));
    // (1e-8 + 4*4 + 6*6.5) / (1e-8 + |(4, 6)| |(4, 6.5)|): every term exact but the two square roots.
    CHECK(*r.cosine.value == (1e-8 + 55.0) / (1e-8 + std::sqrt(52.0) * std::sqrt(58.25)));
    CHECK(r.cosine.status == AlgorithmStatus::Pass);
    CHECK(*r.max_abs.value == 0.5);
    CHECK(*r.max_relative.value == 0.5 / 6.0);
    CHECK_FALSE(r.pass);
    CHECK(r.message == "max absolute difference is greater than threshold: 0.001 ");
}

TEST_CASE("compare algorithms: both thresholds failing give both sentences, cosine first", "[ms_api_check]") {
    const auto r = compare_output(tensor({1, 0}), tensor({0, 1}));
    CHECK(*r.cosine.value == Approx(1e-8 / (1e-8 + 1.0)));
    CHECK(r.message == "cosine similarity is less than threshold: 0.99 max absolute difference is greater than "
                       "threshold: 0.001 ");
}

TEST_CASE("compare algorithms: not two tensors of one shape: empty cells, both skip sentences", "[ms_api_check]") {
    const CheckedValue number{CheckedValue::Kind::Other, "int", {}, {}};
    const auto r = compare_output(number, number);
    CHECK_FALSE(r.cosine.value);
    CHECK(r.cosine.status == AlgorithmStatus::Skip);
    CHECK_FALSE(r.pass);  // a SKIP is not a pass: the row is an error
    CHECK(r.message == "two inputs are not valid for computing cosine similarity, skip comparing two inputs are not "
                       "valid for computing max absolute difference, skip comparing ");
    CHECK_FALSE(compare_output(tensor({1, 2}), tensor({1, 2}, {2, 1})).max_abs.value);
}

TEST_CASE("compare algorithms: NaN fails, empty tensors raise as np.max does", "[ms_api_check]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto r = compare_output(tensor({1, nan}), tensor({1, 2}));
    CHECK(std::isnan(*r.max_abs.value));
    CHECK_FALSE(r.pass);
    CHECK_THROWS_WITH(compare_output(tensor({}, {0}), tensor({}, {0})),
                      "zero-size array to reduction operation maximum which has no identity");
}
