// A dump.json located (row keys kept, rows spilled) against the same file read
// whole: the same rows in the same order, entry by entry, and the same refusals.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/dump_file.hpp"
#include "dump/located_dump.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::dump;

namespace {

std::filesystem::path write_dump(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("located_dump_" + name, "dump.json", text);
}

constexpr const char* kDump = R"({"task": "statistics", "level": "L1", "framework": "pytorch", "data": {
  "Functional.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
      "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 1}], "output": [null]},
  "Tensor.add.0.forward": {"input_args": [{"type": "int", "value": 3}], "input_kwargs": {},
      "output": [{"type": "torch.Tensor", "dtype": "torch.float16", "shape": [2, 2], "Max": 2, "Min": 1,
                  "Mean": 1.5, "Norm": 3, "md5": "0a1b2c3d"}]},
  "Torch.empty.0.forward": {},
  "Distributed.barrier.0.forward": {"output": []}
}})";

}  // namespace

TEST_CASE("located rows are the rows of the whole read, keyed and spilled entry by entry", "[dump][located_dump]") {
    const auto path = write_dump("rows", kDump);
    const DumpFile whole = read_dump_file(path);
    const LocatedDump located = locate_dump(path);
    CHECK(located.header.path == path.string());
    CHECK(located.header.task == "statistics");
    CHECK(located.header.level == "L1");
    CHECK(located.header.framework == "pytorch");
    CHECK(located.header.has_digests);  // the md5 of Tensor.add's output
    CHECK(located.has_torch_dtype);
    REQUIRE(located.entries() == 4);
    CHECK(located.entry_first_row == std::vector<std::uint32_t>{0, 2, 4, 4, 4});
    REQUIRE(located.rows.size() == whole.rows.size());
    for (std::size_t i = 0; i < whole.rows.size(); ++i) {
        CAPTURE(whole.rows[i].name);
        CHECK(located.rows[i].name == name_digest(whole.rows[i].name));
        CHECK(located.rows[i].shape == whole.rows[i].shape);
        CHECK(located.rows[i].dtype == whole.rows[i].dtype);
    }
    CHECK(located.entry_of_row(0) == 0);
    CHECK(located.entry_of_row(1) == 0);
    CHECK(located.entry_of_row(3) == 1);

    DumpFile back;
    located.read_back(1, 4, back);  // Tensor.add and the two entries without rows
    CHECK(back.task == "statistics");
    REQUIRE(back.rows.size() == 2);
    CHECK(back.rows[0].name == whole.rows[2].name);
    CHECK(back.rows[1].name == whole.rows[3].name);
    CHECK(back.rows[1].md5 == whole.rows[3].md5);
    CHECK(back.rows[0].api_index == 0);  // counted from the first entry read back
    DumpFile none;
    located.read_back(2, 2, none);
    CHECK(none.rows.empty());
    CHECK(none.path == path.string());
}

TEST_CASE("a located dump is refused as the whole read refuses it", "[dump][located_dump]") {
    const std::vector<std::string> texts = {
        R"([])",
        R"({"data": {}})",
        R"({"task": "tensor"})",
        R"({"task": "tensor", "data": []})",
        R"({"task": "tensor", "data": {"a.0.forward": {"input_args": [{"type": "torch.Tensor", "shape": 3}]}}})",
        R"({"task": "tensor", "data": {"a.0.forward": 3}})",
        R"({"task": "tensor", "data": {"a.0.forward": {}})",
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CAPTURE(texts[i]);
        const auto path = write_dump("refused_" + std::to_string(i), texts[i]);
        const std::string expected =
            msprobe::testing::refusal_reason(path, [](const auto& p) { return read_dump_file(p); });
        CHECK_FALSE(expected.empty());
        CHECK(msprobe::testing::refusal_reason(path, [](const auto& p) { return locate_dump(p); }) == expected);
    }
}
