// The statistics of a dump's tensors read without building entries: what Python's json would give for each
// member a plan names, in every reading of the file (whole, or chunk by chunk).
#include "dump/tensor_stats_stream.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::InputFile;
using msprobe::InputKind;
using msprobe::dump::DumpStreamReading;
using msprobe::dump::DumpTopLevel;
using msprobe::dump::EntryTensorStats;
using msprobe::dump::StatValue;
using msprobe::dump::TensorStats;
using msprobe::dump::TensorStatsPlan;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("tensor_stats_stream_" + name, "dump.json", text);
}

std::string stat_text(const StatValue& stat) {
    switch (stat.kind) {
        case StatValue::Kind::Null: return "None";
        case StatValue::Kind::Bool: return stat.boolean ? "True" : "False";
        case StatValue::Kind::Text: return "'" + stat.text() + "'";
        case StatValue::Kind::Number: break;
    }
    if (std::isnan(stat.number)) return "nan";
    char text[32];
    std::snprintf(text, sizeof text, "%g", stat.number);
    return text;
}

// "entry: member/position-or-name type dtype [max min mean norm]" per tensor, "entry flags: …" per flag.
std::vector<std::string> read_all(const std::filesystem::path& path, const TensorStatsPlan& plan,
                                  DumpStreamReading reading) {
    std::vector<std::string> out;
    const InputFile file = InputFile::open(path, InputKind::Json);
    msprobe::dump::stream_dump_tensor_stats(
        file, DumpTopLevel::Any,
        [&](std::uint32_t, std::string_view name) { return name.starts_with("skip") ? nullptr : &plan; },
        [&](std::uint32_t index, std::string_view name, const EntryTensorStats& entry) {
            std::string head = std::to_string(index) + " " + std::string(name);
            if (!entry.is_object) out.push_back(head + " not an object");
            for (std::size_t i = 0; i < entry.flags.size(); ++i) {
                out.push_back(head + " flag " + plan.flags[i] + "=" + (entry.flags[i] ? "1" : "0"));
            }
            for (const TensorStats& t : entry.tensors) {
                std::string line = head + ": " + std::to_string(t.member) + "/" +
                                   (t.name.empty() ? std::to_string(t.position) : t.name) + " " + t.type + " " +
                                   t.dtype + " [";
                for (std::size_t s = 0; s < t.stats.size(); ++s) line += (s ? " " : "") + stat_text(t.stats[s]);
                out.push_back(line + "]");
            }
        },
        reading);
    return out;
}

// Every reading of the file gives the same; returns it.
std::vector<std::string> read(const std::filesystem::path& path, const TensorStatsPlan& plan) {
    const auto whole = read_all(path, plan, {});
    for (std::size_t buffer : {1, 2, 7, 64}) {
        CAPTURE(buffer);
        CHECK(read_all(path, plan, {0, buffer}) == whole);
    }
    return whole;
}

const TensorStatsPlan kForward{{{"input_args", TensorStatsPlan::Form::List},
                                {"output", TensorStatsPlan::Form::List},
                                {"parameters", TensorStatsPlan::Form::Named}},
                               false,
                               {"is_recompute"}};

}  // namespace

TEST_CASE("each tensor a plan's members place, with its type, dtype and statistics", "[dump][tensor_stats_stream]") {
    const auto path = write_json("places", R"({"task": "statistics", "data": {
        "Functional.linear.0.forward": {
            "input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, [3]], "Max": 1.5,
                            "Min": -2, "Mean": "nan", "Norm": true},
                           3, [{"type": "torch.Tensor", "Max": 9}], null,
                           {"type": "torch.Tensor", "dtype": "torch.float16", "Max": {"a": 1}, "Min": [1],
                            "Mean": null}],
            "input_kwargs": {"x": {"type": "torch.Tensor", "Max": 4}},
            "output": {"0": {"type": "torch.Tensor"}},
            "parameters": {"weight": [{"type": "torch.Tensor", "dtype": "torch.bfloat16", "Norm": 2.5}, {"Max": 1}],
                           "bias": [], "scale": {"type": "torch.Tensor"}, "gamma": [[{"type": "x"}]]},
            "is_recompute": [0]
        },
        "skip.this": {"input_args": [{"type": "torch.Tensor"}]},
        "Tensor.add.0.forward": [1, 2],
        "Tensor.mul.0.forward": {"output": [{"type": "torch.Tensor", "dtype": 5, "Max": Infinity}], "is_recompute": 0.0}
    }})");
    CHECK(read(path, kForward) ==
          std::vector<std::string>{
              "0 Functional.linear.0.forward flag is_recompute=1",  // a non-empty list is true
              "0 Functional.linear.0.forward: 0/0 torch.Tensor torch.float32 [1.5 -2 'nan' True]",
              // Positions count every item; the list inside a list is not looked into.
              "0 Functional.linear.0.forward: 0/4 torch.Tensor torch.float16 [None None None None]",
              // A Named member gives each name's first item when it is an object.
              "0 Functional.linear.0.forward: 2/weight torch.Tensor torch.bfloat16 [None None None 2.5]",
              "2 Tensor.add.0.forward not an object", "2 Tensor.add.0.forward flag is_recompute=0",
              "3 Tensor.mul.0.forward flag is_recompute=0",                      // 0.0 is false
              "3 Tensor.mul.0.forward: 1/0 torch.Tensor  [inf None None None]",  // a dtype that is no text
          });
}

TEST_CASE("a name an object holds twice keeps its first place and its last value", "[dump][tensor_stats_stream]") {
    const auto path = write_json("twice", R"({"data": {
        "Module.fc.forward.0": {
            "output": [{"type": "torch.Tensor", "Max": 1, "Max": 2, "dtype": "a", "dtype": 7}],
            "parameters": {"weight": [{"type": "torch.Tensor", "Max": 1}], "bias": [{"type": "torch.Tensor"}],
                           "weight": [{"type": "torch.Tensor", "Max": 3}]}
        },
        "Module.fc.forward.1": {
            "parameters": {"weight": [{"type": "torch.Tensor", "Max": 1}], "weight": null}
        }
    }})");
    CHECK(read(path, kForward) == std::vector<std::string>{
                                      "0 Module.fc.forward.0 flag is_recompute=0",
                                      "0 Module.fc.forward.0: 1/0 torch.Tensor  [2 None None None]",
                                      "0 Module.fc.forward.0: 2/weight torch.Tensor  [3 None None None]",
                                      "0 Module.fc.forward.0: 2/bias torch.Tensor  [None None None None]",
                                      "1 Module.fc.forward.1 flag is_recompute=0",  // weight's last value: None
                                  });
}

TEST_CASE("an entry that is itself named tensors", "[dump][tensor_stats_stream]") {
    const TensorStatsPlan gradients{{}, true, {}};
    const auto path = write_json("named_entry", R"({"data": {
        "Module.fc.parameters_grad": {"weight": [{"type": "torch.Tensor", "Norm": 0.5}], "bias": [3],
                                      "scale": [{"type": "mindspore.Tensor", "Min": "-inf"}]}
    }})");
    CHECK(read(path, gradients) == std::vector<std::string>{
                                       "0 Module.fc.parameters_grad: 0/weight torch.Tensor  [None None None 0.5]",
                                       "0 Module.fc.parameters_grad: 0/scale mindspore.Tensor  [None '-inf' None None]",
                                   });
}

TEST_CASE("the file is refused as stream_dump_entries refuses it, and a planner's error comes after",
          "[dump][tensor_stats_stream]") {
    const auto twice = write_json("member_twice", R"({"data": {"a.forward": {"output": [], "output": []}}})");
    CHECK_THROWS_WITH(read_all(twice, kForward, {}),
                      Catch::Contains("[\"data\"][\"a.forward\"]") && Catch::Contains("output"));
    const auto bad = write_json("bad_tail", R"({"data": {"a": {}, "b": {}}, "x": [1,]})");
    std::vector<std::string> planned;
    const InputFile file = InputFile::open(bad, InputKind::Json);
    CHECK_THROWS_WITH(msprobe::dump::stream_dump_tensor_stats(
                          file, DumpTopLevel::Any,
                          [&](std::uint32_t, std::string_view name) -> const TensorStatsPlan* {
                              planned.emplace_back(name);
                              throw msprobe::Error("", "no plan for " + std::string(name));
                          },
                          [](std::uint32_t, std::string_view, const EntryTensorStats&) {}),
                      Catch::Contains("malformed JSON"));
    CHECK(planned == std::vector<std::string>{"a"});  // nothing is planned after the first failure
    const auto good = write_json("good", R"({"data": {"a": {}, "b": {}}})");
    const InputFile good_file = InputFile::open(good, InputKind::Json);
    CHECK_THROWS_WITH(msprobe::dump::stream_dump_tensor_stats(
                          good_file, DumpTopLevel::Any,
                          [&](std::uint32_t, std::string_view name) -> const TensorStatsPlan* {
                              throw msprobe::Error("", "no plan for " + std::string(name));
                          },
                          [](std::uint32_t, std::string_view, const EntryTensorStats&) {}),
                      "no plan for a");
}
