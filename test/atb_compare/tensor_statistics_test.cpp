// Tensor mode's Max/Min/Mean/Norm cells (atb_data_compare.py:
// cal_single_tensor_stats): str(t.max().item()) and so on, in the tensor's
// own floating type, integers as float32 (t.float()), bool as torch.any/all.
// Expected texts are Python's repr of the value torch returns: the float32,
// float16 or bfloat16 number nearest the exact result.
#include <catch2/catch.hpp>

#include "atb_compare/tensor_statistics.hpp"
#include "atb_test_files.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace std::string_literals;

namespace {

using Texts = std::array<std::string, 4>;

}  // namespace

TEST_CASE("atb statistics: float32", "[atb_compare]") {
    // mean (1+2+3+4)/4 = 2.5; norm sqrt(30) = 5.477225575..., as float32 5.4772257804870605.
    CHECK(atb::tensor_statistics(atb_float32("stat_f32", {1, 2, 3, 4}, {2, 2})) ==
          Texts{"4.0", "1.0", "2.5", "5.4772257804870605"});
    // float32(0.1) is 0.10000000149011612: .item() hands the float32 value to Python.
    CHECK(atb::tensor_statistics(atb_float32("stat_tenth", {0.1F}))[0] == "0.10000000149011612");
}

TEST_CASE("atb statistics: integers are taken as float32", "[atb_compare]") {
    // msprobe's test: tensor([1, 2]).float(): mean 1.5, norm sqrt(5) as float32 = 2.2360680103302.
    CHECK(atb::tensor_statistics(atb_tensor("stat_i32", kAtbInt32, {2}, bytes_of(std::vector<std::int32_t>{1, 2}))) ==
          Texts{"2.0", "1.0", "1.5", "2.2360680103302"});
    CHECK(atb::tensor_statistics(atb_tensor("stat_i8", kAtbInt8, {2}, bytes_of(std::vector<std::int8_t>{-3, 4}))) ==
          Texts{"4.0", "-3.0", "0.5", "5.0"});
    // int64 2^24 + 1 has no float32: it becomes 2^24.
    CHECK(atb::tensor_statistics(atb_tensor("stat_i64", kAtbInt64, {1},
                                            bytes_of(std::vector<std::int64_t>{16777217})))[0] == "16777216.0");
}

TEST_CASE("atb statistics: float16 and bfloat16 stay in their type", "[atb_compare]") {
    // float16: 0.1 is stored as 0.0999755859375; mean 7/3 rounds to 2.333984375 (steps of 2^-9 in [2, 4));
    // norm sqrt(1 + 4 + 16) = 4.5825... rounds to 4.58203125 (steps of 2^-8 in [4, 8)).
    CHECK(atb::tensor_statistics(atb_tensor("stat_f16", kAtbFloat16, {3}, float16_bytes({1, 2, 4}))) ==
          Texts{"4.0", "1.0", "2.333984375", "4.58203125"});
    CHECK(atb::tensor_statistics(atb_tensor("stat_f16_tenth", kAtbFloat16, {1}, float16_bytes({0.1F})))[0] ==
          "0.0999755859375");
    // bfloat16: norm sqrt(10) = 3.1622... rounds to 3.15625 (steps of 2^-6 in [2, 4)).
    CHECK(atb::tensor_statistics(atb_tensor("stat_bf16", kAtbBFloat16, {2}, bfloat16_bytes({1, 3}))) ==
          Texts{"3.0", "1.0", "2.0", "3.15625"});
}

TEST_CASE("atb statistics: bool reads str(torch.any) and str(torch.all)", "[atb_compare]") {
    const auto bools = [](const std::string& name, std::vector<std::uint8_t> values) {
        const auto n = static_cast<std::int64_t>(values.size());
        return atb::tensor_statistics(atb_tensor(name, kAtbBool, {n}, bytes_of(values)));
    };
    CHECK(bools("stat_mixed", {1, 0}) == Texts{"tensor(True)", "tensor(False)", "N/A", "N/A"});
    CHECK(bools("stat_true", {1, 1}) == Texts{"tensor(True)", "tensor(True)", "N/A", "N/A"});
    CHECK(bools("stat_false", {0, 0}) == Texts{"tensor(False)", "tensor(False)", "N/A", "N/A"});
}

TEST_CASE("atb statistics: nan reads N/A, inf is written", "[atb_compare]") {
    // msprobe's test: tensor([1, nan]) gives N/A for all four.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(atb::tensor_statistics(atb_float32("stat_nan", {1, nan})) == Texts{"N/A", "N/A", "N/A", "N/A"});
    CHECK(atb::tensor_statistics(atb_float32("stat_inf", {1, inf})) == Texts{"inf", "1.0", "inf", "inf"});
    // inf - inf: the mean is nan, the norm inf.
    CHECK(atb::tensor_statistics(atb_float32("stat_infs", {-inf, inf})) == Texts{"inf", "-inf", "N/A", "inf"});
}

TEST_CASE("atb statistics: none for unreadable files and 0-d tensors", "[atb_compare]") {
    const Texts none{"N/A", "N/A", "N/A", "N/A"};
    CHECK(atb::tensor_statistics(atb::read_atb_tensor_file(write_atb_text("stat_bad", "dtype:0\n"))) == none);
    CHECK(atb::tensor_statistics(
              atb::read_atb_tensor_file(write_atb_text("stat_unsupported", "dtype=4\ndims=1\n$End=1\nx"))) == none);
    // `not tensor.shape`: a 0-d tensor has no statistics.
    CHECK(atb::tensor_statistics(
              atb::read_atb_tensor_file(write_atb_text("stat_scalar", "$End=1\n\x00\x00\x00\x40"s))) == none);
}
