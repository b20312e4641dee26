// FFTS+ auto-split descriptions (bin_dump spec §4.4): the first attribute's
// JSON, when its "threadMode" is truthy, gives each thread's slice of every
// tensor as [lower, higher) per dim; any other attribute is no description.
#include "tensor/ffts_slice.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace msprobe::tensor;
using Shape = std::vector<std::int64_t>;

namespace {

std::vector<BinAttr> first_attr(const std::string& value) { return {{"_ffts_attr", value}}; }

// The attribute of fixture dumps/Mul.ffts_mul.4.9.1700000000005000.4.2.1.0 (manifest.json): a (4,3)
// tensor cut into two threads of two rows each.
const std::string kTwoThreadsOfRows = R"({"threadMode":1,"slice_instance_num":2,"outputCutList":[[2,1]],)"
                                      R"("input_tensor_slice":[[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                                      R"([[{"lower":2,"higher":4},{"lower":0,"higher":3}]]],)"
                                      R"("output_tensor_slice":[[[{"lower":0,"higher":2},{"lower":0,"higher":3}]],)"
                                      R"([[{"lower":2,"higher":4},{"lower":0,"higher":3}]]]})";

}  // namespace

TEST_CASE("ffts slice: each thread's slice shape is higher - lower per dim", "[tensor][ffts_slice]") {
    const auto split = ffts_auto_split(first_attr(kTwoThreadsOfRows));
    REQUIRE(split);
    CHECK(split->slice_instance_num == 2);
    const SliceShapes two_rows_each{{Shape{2, 3}}, {Shape{2, 3}}};
    CHECK(split->input_slices == two_rows_each);
    CHECK(split->output_slices == two_rows_each);
    CHECK(split->output_cut_list == std::vector<Shape>{{2, 1}});
}

TEST_CASE("ffts slice: uneven threads and several tensors keep their order", "[tensor][ffts_slice]") {
    const auto split =
        ffts_auto_split(first_attr(R"({"threadMode":true,"input_tensor_slice":[)"
                                   R"([[{"lower":0,"higher":5}],[{"lower":0,"higher":1},{"lower":3,"higher":7}]],)"
                                   R"([[{"lower":5,"higher":8}],[{"lower":1,"higher":2},{"lower":3,"higher":7}]]]})"));
    REQUIRE(split);
    CHECK(split->input_slices == SliceShapes{{Shape{5}, Shape{1, 4}}, {Shape{3}, Shape{1, 4}}});
    CHECK(split->output_slices.empty());
    CHECK(split->slice_instance_num == 0);  // absent
    CHECK(split->output_cut_list.empty());
}

TEST_CASE("ffts slice: a falsy or missing threadMode is no description", "[tensor][ffts_slice]") {
    for (const char* mode : {"0", "false", "\"\"", "[]", "{}", "null", "0.0"}) {
        INFO(mode);
        CHECK_FALSE(ffts_auto_split(first_attr(std::string(R"({"threadMode":)") + mode + "}")));
    }
    for (const char* mode : {"1", "true", "\"auto\"", "[0]", "0.5", "-1"}) {
        INFO(mode);
        CHECK(ffts_auto_split(first_attr(std::string(R"({"threadMode":)") + mode + "}")));
    }
    CHECK_FALSE(ffts_auto_split(first_attr(R"({"slice_instance_num":2})")));
}

TEST_CASE("ffts slice: attributes of other features are no description, not errors", "[tensor][ffts_slice]") {
    CHECK_FALSE(ffts_auto_split({}));
    CHECK_FALSE(ffts_auto_split(first_attr("not json")));
    CHECK_FALSE(ffts_auto_split(first_attr("[1, 2]")));
    CHECK_FALSE(ffts_auto_split(first_attr("")));
    // Only the first attribute is read.
    CHECK_FALSE(ffts_auto_split({{"other", "x"}, {"_ffts_attr", kTwoThreadsOfRows}}));
}

TEST_CASE("ffts slice: slices not shaped as ranges count as empty dims", "[tensor][ffts_slice]") {
    const auto split =
        ffts_auto_split(first_attr(R"({"threadMode":1,"slice_instance_num":"2","outputCutList":[[2,"x"],5],)"
                                   R"("input_tensor_slice":[[[{"lower":1},{"lower":0,"higher":4},7]],"thread"],)"
                                   R"("output_tensor_slice":{"0":[]}})"));
    REQUIRE(split);
    CHECK(split->slice_instance_num == 0);  // a string is no count
    CHECK(split->input_slices == SliceShapes{{Shape{0, 4, 0}}, {}});
    CHECK(split->output_slices.empty());
    CHECK(split->output_cut_list == std::vector<Shape>{{2, 0}, {}});
}
