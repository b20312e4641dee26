// ptdbg's .pkl split into records: data fields as Python's str() of the values,
// stack frames field by field, errors naming the file and line.
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "dump/ptdbg_pkl.hpp"

using namespace msprobe::dump;

namespace {

std::string refusal(const std::string& text) {
    try {
        parse_ptdbg_pkl(text, "npu.pkl");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "npu.pkl");
        return e.reason();
    }
    return "";
}

}  // namespace

TEST_CASE("data and stack records with their fields", "[dump][ptdbg_pkl]") {
    const auto records = parse_ptdbg_pkl(
        "[\"Functional_conv2d_0_forward_input.0\", 1, [], \"torch.float32\", [2, 1, 2, 2], [1.5, -2, NaN, \"Nan\"]]\r\n"
        "  \n"
        "[\"Functional_conv2d_0_forward_stack_info\", [[\"/a/train.py\", \"88\", \"forward\", null]]]\n"
        "[\"Torch_add_3_forward_input.1\", 1, [], \"<class 'float'>\", \"[]\", [2.0, 2.0, 2.0, 2.0]]\n"
        "[\"Torch_add_3_forward_stack_info\", [\"\"]]",
        "npu.pkl");
    REQUIRE(records.size() == 4);

    const auto& data = records[0];
    CHECK(data.kind == PtdbgRecord::Kind::Data);
    CHECK(data.name == "Functional_conv2d_0_forward_input.0");
    CHECK(data.line_number == 1);
    CHECK(data.field_count == 6);
    CHECK(data.step == "1");
    CHECK(data.dtype == "torch.float32");
    CHECK(data.shape == "[2, 1, 2, 2]");
    CHECK(data.summary == std::vector<std::string>{"1.5", "-2", "nan", "Nan"});
    REQUIRE(data.summary_numbers.size() == 4);
    CHECK(data.summary_numbers[0] == 1.5);
    CHECK(data.summary_numbers[1] == -2.0);
    REQUIRE(data.summary_numbers[2]);
    CHECK(std::isnan(*data.summary_numbers[2]));
    CHECK_FALSE(data.summary_numbers[3]);

    const auto& stack = records[1];
    CHECK(stack.kind == PtdbgRecord::Kind::Stack);
    CHECK(stack.line_number == 3);
    REQUIRE(stack.frames.size() == 1);
    CHECK(stack.frames[0].file == "/a/train.py");
    CHECK(stack.frames[0].line == "88");
    CHECK(stack.frames[0].function == "forward");
    CHECK(stack.frames[0].code == "None");

    CHECK(records[2].dtype == "<class 'float'>");
    CHECK(records[2].shape == "[]");
    CHECK(records[2].line_number == 4);

    // A failed capture is written as [""]: one frame with an empty file text.
    REQUIRE(records[3].frames.size() == 1);
    CHECK(records[3].frames[0].file.empty());
    CHECK(records[3].frames[0].line.empty());
}

TEST_CASE("lines that are not ptdbg records are refused by line", "[dump][ptdbg_pkl]") {
    CHECK(refusal("[\"a\", 1]\n[1, 2").starts_with("line 2: malformed JSON at column "));
    CHECK(refusal("{\"a\": 1}") == "line 1: expected a JSON array starting with a record name");
    CHECK(refusal("[]") == "line 1: expected a JSON array starting with a record name");
    CHECK(refusal("[\"x_stack_info\", \"frames\"]") == "line 1: the stack is not a list");
    CHECK(refusal("[\"x_stack_info\", [[\"a.py\", \"1\"]]]") == "line 1: a stack frame has 2 fields, expected 4");
    CHECK(refusal("[\"x_forward_output\", 1, [], \"torch.float32\", [1], 0.5]") == "line 1: the summary is not a list");
}
