// SkipApi is how run_ut says an API is not run: its text is the SKIP row's
// message word for word, and the executor throws it for the reasons the
// run_ut spec names (§6: NPU APIs without a bench function, names libtorch
// lacks).
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/skip_api.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "run_ut/api_executor.hpp"

using msprobe::run_ut::execute_api;
using msprobe::run_ut::PyValue;
using msprobe::run_ut::SkipApi;

TEST_CASE("skip api: the message is kept word for word", "[run_ut][skip_api]") {
    const std::string text = "API Torch.foo in black list or not in white list. SKIP.\n  (second line kept)";
    try {
        throw SkipApi(text);
    } catch (const std::runtime_error& e) {  // caught as the standard error it is
        REQUIRE(std::string(e.what()) == text);
    }
}

TEST_CASE("skip api: the executor's reasons for not running an API", "[run_ut][skip_api]") {
    const PyValue x = PyValue::of_tensor(at::ones({2}));
    REQUIRE_THROWS_AS(execute_api("NPU", "npu_prompt_flash_attention", {{x}, {}}), SkipApi);
    REQUIRE_THROWS_WITH(execute_api("NPU", "npu_prompt_flash_attention", {{x}, {}}),
                        "There is not bench function npu_prompt_flash_attention");
    REQUIRE_THROWS_WITH(execute_api("Torch", "no_such_function", {{x}, {}}),
                        "aten::no_such_function does not exist in libtorch 1.13");
    REQUIRE_THROWS_AS(execute_api("Torch", "eig", {{x}, {}}), SkipApi);
}
