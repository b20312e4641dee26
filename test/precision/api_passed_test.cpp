// The one rule for whether an API of a run_ut result row passed: the forward
// passed, and the backward passed or was not run.
#include <catch2/catch.hpp>

#include "precision/detail_row.hpp"
#include "precision/result_counts.hpp"

using namespace msprobe::precision;

TEST_CASE("an API passes when its forward passes and its backward passes or did not run", "[precision]") {
    CHECK(api_passed(kPass, kPass));
    CHECK(api_passed(kPass, kSpace));
    CHECK_FALSE(api_passed(kPass, kError));
    CHECK_FALSE(api_passed(kPass, kWarning));
    CHECK_FALSE(api_passed(kPass, kSkip));
    CHECK_FALSE(api_passed(kWarning, kPass));
    CHECK_FALSE(api_passed(kSkip, kSkip));
    CHECK_FALSE(api_passed(kError, kSpace));
    CHECK(backward_passed(kSpace));
    CHECK_FALSE(backward_passed(""));
    CHECK_FALSE(backward_passed("Pass"));  // status words are case-sensitive
}
