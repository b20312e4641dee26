// ptdbg's .pkl reader: JSON lines grouped into API calls by their prefix, the
// statistics rendered as pandas writes the Python values, the stack attached
// to its call whether written before or after the data.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "dump/ptdbg_calls.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using msprobe::dump::api_prefix;
using msprobe::dump::read_pkl_file;

namespace {

std::filesystem::path write_pkl(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("pkl_file_" + name, "dump.pkl", text);
}

std::string refusal(const std::string& name, const std::string& text) {
    return msprobe::testing::refusal_reason(write_pkl(name, text), read_pkl_file);
}

}  // namespace

TEST_CASE("api_prefix keeps everything up to the last direction token", "[dump][pkl]") {
    CHECK(api_prefix("Functional_linear_0_forward_input.0") == "Functional_linear_0_forward");
    CHECK(api_prefix("Tensor___getitem___0_forward_output") == "Tensor___getitem___0_forward");
    CHECK(api_prefix("Torch_add_3_backward_output.1") == "Torch_add_3_backward");
    CHECK(api_prefix("Torch_add_3_forward_stack_info") == "Torch_add_3_forward");
    // An API named "forward" called backward: the later token decides.
    CHECK(api_prefix("Functional_forward_0_backward_input.0") == "Functional_forward_0_backward");
    CHECK(api_prefix("no_direction_here") == "no_direction_here");
    CHECK(api_prefix("Torch_add_3_forward") == "Torch_add_3_forward");  // no "_" after the token
}

TEST_CASE("a ptdbg .pkl groups its records into calls with their statistics and stack", "[dump][pkl]") {
    const auto path =
        write_pkl("calls",
                  "[\"Functional_linear_0_forward_input.0\", 1, [], \"torch.float32\", [3, 2], "
                  "[1.5, -2.0, 0.25]]\n"
                  "\n"
                  "[\"Functional_linear_0_forward_output\", 1, [], \"torch.float32\", [3, 3], "
                  "[NaN, null, 3.0, 4.5]]\n"
                  "[\"Functional_linear_0_forward_stack_info\", [[\"/home/u/train.py\", \"42\", "
                  "\"forward\", \"y = self.fc(x)\"]]]\n"
                  "[\"Torch_add_3_forward_input.1\", 1, [], \"<class 'float'>\", \"[]\", "
                  "[2.0, 2.0, 2.0, 2.0]]\n"
                  "[\"Tensor_eq_0_forward_output\", 1, [], \"torch.bool\", [4], [[], [], [], \"Nan\"]]\n");
    const auto file = read_pkl_file(path);
    CHECK(file.path == path);
    CHECK(file.has_summary);
    REQUIRE(file.apis.size() == 3);

    const auto& linear = file.apis[0];
    CHECK(linear.prefix == "Functional_linear_0_forward");
    REQUIRE(linear.records.size() == 2);
    CHECK(linear.records[0].name == "Functional_linear_0_forward_input.0");
    CHECK(linear.records[0].dtype == "torch.float32");
    CHECK(linear.records[0].shape_text == "[3, 2]");
    CHECK(linear.records[0].summary_valid);
    CHECK(linear.records[0].statistics == std::vector<std::string>{"1.5", "-2.0", "0.25"});
    CHECK(linear.records[0].line == 1);
    // NaN and None leave the cell empty; the fourth value (the norm) is dropped.
    CHECK(linear.records[1].statistics == std::vector<std::string>{"", "", "3.0"});
    CHECK(linear.records[1].line == 3);
    REQUIRE(linear.stack_text);
    CHECK(*linear.stack_text == "[['/home/u/train.py', '42', 'forward', 'y = self.fc(x)']]");

    const auto& add = file.apis[1];
    CHECK(add.prefix == "Torch_add_3_forward");
    REQUIRE(add.records.size() == 1);
    CHECK(add.records[0].dtype == "<class 'float'>");
    CHECK(add.records[0].shape_text == "[]");  // a Python scalar's shape is the string "[]"
    CHECK(add.records[0].statistics == std::vector<std::string>{"2.0", "2.0", "2.0"});
    CHECK_FALSE(add.stack_text);

    const auto& eq = file.apis[2];
    CHECK(eq.prefix == "Tensor_eq_0_forward");
    REQUIRE(eq.records.size() == 1);
    CHECK(eq.records[0].statistics == std::vector<std::string>{"[]", "[]", "[]"});
    CHECK(eq.records[0].line == 6);
}

TEST_CASE("an overflow .pkl: the stack before its call, a dump flag above 100 and no summary",
          "[dump][pkl]") {
    const auto file = read_pkl_file(write_pkl("overflow",
                                              "[\"Torch_add_3_forward_stack_info\", [\"\"]]\n"
                                              "[\"Torch_add_3_forward_input.0\", 101, [], \"torch.float16\", [2], "
                                              "[Infinity, 1.0, 2.0]]\n"
                                              "[\"Torch_add_3_forward_output\", 1, [], \"torch.float16\", [2], "
                                              "[1.0, 1.0, 1.0]]\n"));
    CHECK_FALSE(file.has_summary);  // decided by the first data record only
    REQUIRE(file.apis.size() == 1);
    CHECK(file.apis[0].prefix == "Torch_add_3_forward");
    REQUIRE(file.apis[0].stack_text);
    CHECK(*file.apis[0].stack_text == "['']");
    REQUIRE(file.apis[0].records.size() == 2);
    CHECK_FALSE(file.apis[0].records[0].summary_valid);
    CHECK(file.apis[0].records[0].statistics == std::vector<std::string>{"inf", "1.0", "2.0"});
    CHECK(file.apis[0].records[1].summary_valid);
}

TEST_CASE("a .pkl of stack records only holds no call, eight-field records are read", "[dump][pkl]") {
    const auto stacks =
        read_pkl_file(write_pkl("stacks",
                                "[\"Torch_add_3_forward_stack_info\", [[\"a.py\", \"1\", \"f\", null]]]\n"
                                "[\"Torch_add_4_forward_stack_info\", [[\"a.py\", \"2\", \"f\", null]]]\n"));
    CHECK(stacks.apis.empty());
    CHECK_FALSE(stacks.has_summary);

    const auto eight = read_pkl_file(write_pkl(
        "eight",
        "[\"Torch_relu_0_forward_output\", 1, [], \"torch.float32\", [1], [0.5, 0.5, 0.5], \"1a2b3c4d\", 0.5]\n"));
    REQUIRE(eight.apis.size() == 1);
    CHECK(eight.apis[0].records[0].statistics == std::vector<std::string>{"0.5", "0.5", "0.5"});
}

TEST_CASE("a line that is not a ptdbg record is refused with its line number", "[dump][pkl]") {
    const std::string good = "[\"Torch_relu_0_forward_output\", 1, [], \"torch.float32\", [1], [0.5, 0.5, 0.5]]\n";
    CHECK(refusal("json", good + "[1, 2\n").starts_with("line 2: not a JSON line"));
    CHECK(refusal("object", good + "\n{\"a\": 1}\n") == "line 3: a record must be a non-empty JSON array");
    CHECK(refusal("empty", "[]\n") == "line 1: a record must be a non-empty JSON array");
    CHECK(refusal("name", "[1, 1, [], \"torch.float32\", [1], []]\n") ==
          "line 1: a record's first field (its name) must be a string");
    CHECK(refusal("fields", "[\"Torch_relu_0_forward_output\", 1, [], \"torch.float32\", [1]]\n") ==
          "line 1: a data record has 6 fields, this one has 5");
    CHECK(refusal("dtype", "[\"Torch_relu_0_forward_output\", 1, [], 7, [1], []]\n") ==
          "line 1: the dtype (field 4) is not a string");
    CHECK(refusal("shape", "[\"Torch_relu_0_forward_output\", 1, [], \"torch.float32\", 1, []]\n") ==
          "line 1: the shape (field 5) is neither a list nor a string");
    CHECK(refusal("summary", "[\"Torch_relu_0_forward_output\", 1, [], \"torch.float32\", [1], 0.5]\n") ==
          "line 1: the summary (field 6) is not a list");
    CHECK(refusal("frames", "[\"Torch_relu_0_forward_stack_info\", \"a.py\"]\n") ==
          "line 1: a stack record's frames must be a list");
}

TEST_CASE("pkl reader: malformed lines name the file and line") {
    const fs::path dir = testing::scratch_dir("legacy_pkl_reader");
    const fs::path pkl = dir / "dump.pkl";
    std::ofstream(pkl) << R"(["Functional_relu_0_forward_input.0", 1, [], "torch.float32", [2], [1.0, 0.0, 0.5]])"
                       << "\n\n"
                       << R"(["Functional_relu_0_forward_output", 1, [], "torch.float32", [2], [1.0, 0.0)" << "\n";
    try {
        dump::read_pkl_file(pkl);
        FAIL("a truncated line must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == pkl.string());
        CHECK(e.reason().starts_with("line 3: not a JSON line"));
    }
    std::ofstream(pkl, std::ios::trunc) << R"(["Functional_relu_0_forward_input.0", 1, [], "torch.float32"])" << "\n";
    CHECK_THROWS_WITH(dump::read_pkl_file(pkl), Catch::Contains("line 1: a data record has 6 fields, this one has 4"));

    // Later ptdbg summaries carry a norm: only max, min and mean are kept. Non-float stats keep their texts.
    std::ofstream(pkl, std::ios::trunc)
        << R"(["Tensor_eq_0_forward_input.0", 1, [], "torch.float32", [4], [2.5, NaN, 0.5, 3.0]])" << "\n"
        << R"(["Tensor_eq_0_forward_output", 1, [], "torch.bool", [4], [[], [], [], "Nan"]])" << "\n"
        << R"(["Tensor_eq_0_forward_stack_info", [["a.py", "1", "f", null]]])" << "\n";
    const auto file = dump::read_pkl_file(pkl);
    REQUIRE(file.apis.size() == 1);
    CHECK(file.has_summary);
    CHECK(file.apis[0].prefix == "Tensor_eq_0_forward");
    CHECK(file.apis[0].records[0].statistics == std::vector<std::string>{"2.5", "", "0.5"});
    CHECK(file.apis[0].records[1].statistics == std::vector<std::string>{"[]", "[]", "[]"});
    CHECK(file.apis[0].stack_text == "[['a.py', '1', 'f', None]]");
    CHECK(dump::api_prefix("Tensor___getitem___0_forward_output") == "Tensor___getitem___0_forward");
    CHECK(dump::api_prefix("Functional_batch_norm_0_backward_input.0") == "Functional_batch_norm_0_backward");
}
