// Which standard judges an API's output: the listed APIs by name, FP8 by
// dtype, non-floating outputs bit for bit, the benchmark standard otherwise.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string_view>

#include "precision/standard_selection.hpp"

using msprobe::precision::select_standard;
using msprobe::precision::Standard;
using msprobe::precision::standard_api_list;

TEST_CASE("standard selection by api_name and output dtype", "[precision]") {
    CHECK(select_standard("add", "torch.float16", "torch.float32") == Standard::AbsoluteThreshold);
    CHECK(select_standard("abs", "torch.float16", "torch.float32") == Standard::BinaryConsistency);
    CHECK(select_standard("matmul", "torch.bfloat16", "torch.float32") == Standard::Ulp);
    CHECK(select_standard("conv2d", "torch.float32", "torch.float32") == Standard::Thousandth);
    CHECK(select_standard("test_api", "torch.float32", "torch.float32") == Standard::AccumulativeError);
    CHECK(select_standard("gelu", "torch.float16", "torch.float32") == Standard::Benchmark);
    CHECK(select_standard("gelu", "torch.int64", "torch.float32") == Standard::BinaryConsistency);
    CHECK(select_standard("gelu", "<class 'int'>", "torch.float32") == Standard::BinaryConsistency);
    CHECK(select_standard("gelu", "torch.float16", "torch.float8_e4m3fn") == Standard::AbsoluteThreshold);
}

TEST_CASE("FP8 outputs take the ULP standard before any list", "[precision]") {
    CHECK(select_standard("add", "torch.float8_e5m2", "torch.float32") == Standard::Ulp);
    CHECK(select_standard("abs", "torch.float8_e4m3fn", "torch.float8_e4m3fn") == Standard::Ulp);
    CHECK(select_standard("matmul", "torch.float32", "torch.hifloat8") == Standard::AbsoluteThreshold);
}

TEST_CASE("each listed standard names its APIs, the benchmark standard none", "[precision]") {
    const auto has = [](Standard s, std::string_view name) {
        const auto list = standard_api_list(s);
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    CHECK(has(Standard::AbsoluteThreshold, "__radd__"));
    CHECK(has(Standard::BinaryConsistency, "type_as"));
    CHECK(has(Standard::Ulp, "linear"));
    CHECK(standard_api_list(Standard::Thousandth) == std::vector<std::string_view>{"conv1d", "conv2d"});
    CHECK(standard_api_list(Standard::AccumulativeError) == std::vector<std::string_view>{"test_api"});
    CHECK(standard_api_list(Standard::Benchmark).empty());
    // Every listed API selects its own standard for a float32 output.
    for (const Standard s : {Standard::AbsoluteThreshold, Standard::BinaryConsistency, Standard::Ulp,
                             Standard::Thousandth, Standard::AccumulativeError}) {
        for (const auto name : standard_api_list(s)) {
            INFO(name);
            CHECK(select_standard(name, "torch.float32", "torch.float32") == s);
        }
    }
}
