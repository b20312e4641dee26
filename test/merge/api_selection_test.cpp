// merge_result's api filter: which rows an entry of the config selects.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "merge/api_selection.hpp"

using msprobe::merge::select_api_rows;

TEST_CASE("an api entry selects names that contain it followed by a dot", "[api_selection]") {
    const auto selection = select_api_rows({"api1", "api2"}, {"api1.forward", "api2.forward", "api11.forward"});
    CHECK(selection.rows == std::vector<std::size_t>{0, 1});
    CHECK(selection.unmatched.empty());
}

TEST_CASE("prefixes of the four-part name, substrings anywhere", "[api_selection]") {
    const std::vector<std::string> names = {
        "Distributed.all_reduce.0.forward.input.0",  "Distributed.all_reduce_coalesced.0.forward.input.0",
        "Distributed.all_reduce.12.backward.output.0", "MintDistributed.all_reduce.0.forward.input.0",
        "Functional.linear.0.forward.input.0",        ""};
    CHECK(select_api_rows({"Distributed.all_reduce"}, names).rows == std::vector<std::size_t>{0, 2, 3});
    CHECK(select_api_rows({"Distributed.all_reduce.0.forward"}, names).rows == std::vector<std::size_t>{0, 3});
    CHECK(select_api_rows({"Distributed"}, names).rows == std::vector<std::size_t>{0, 1, 2, 3});
    // entries are literal text, not regular expressions
    CHECK(select_api_rows({"Distributed.all_reduce.."}, names).rows.empty());
}

TEST_CASE("selection follows config order, and a name is kept once, at its first row", "[api_selection]") {
    const std::vector<std::string> names = {"B.x.0.forward.a", "A.y.0.forward.b", "B.x.0.forward.a",
                                            "A.y.0.forward.c"};
    const auto selection = select_api_rows({"A", "B", "Torch.matmul", "A.y"}, names);
    CHECK(selection.rows == std::vector<std::size_t>{1, 3, 0});
    CHECK(selection.unmatched == std::vector<std::string>{"Torch.matmul"});
}

TEST_CASE("the rows ApiRowFilter keeps select as every row of the sheet does", "[api_selection]") {
    // Names repeat (a name twice keeps its first row), entries overlap, one entry matches nothing.
    std::vector<std::string> names;
    for (int r = 0; r < 400; ++r) {
        names.push_back((r % 3 == 0 ? "Torch.mul." : r % 3 == 1 ? "Functional.relu." : "Tensor.add.") +
                        std::to_string(r % 37) + ".forward.output.0");
    }
    names.insert(names.begin() + 5, "");  // a name cell that is not text
    const std::vector<std::string> apis = {"Functional.relu", "Torch.mul.1", "Torch", "Distributed.send"};
    const auto whole = select_api_rows(apis, names);
    msprobe::merge::ApiRowFilter filter(apis);
    std::vector<std::size_t> kept_rows;
    std::vector<std::string> kept_names;
    for (std::size_t r = 0; r < names.size(); ++r) {
        if (!filter.keeps(names[r])) continue;
        kept_rows.push_back(r);
        kept_names.push_back(names[r]);
    }
    const auto kept = select_api_rows(apis, kept_names);
    CHECK(kept.unmatched == whole.unmatched);
    CHECK(kept.unmatched == std::vector<std::string>{"Distributed.send"});
    std::vector<std::size_t> mapped;
    for (const std::size_t k : kept.rows) mapped.push_back(kept_rows[k]);
    CHECK(mapped == whole.rows);
    CHECK(kept_names.size() < names.size() / 2);  // Tensor.add rows and repeated names are not kept
}
