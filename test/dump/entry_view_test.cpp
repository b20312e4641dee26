// EntryView and LeafView over hand-written dump.json entries: name and
// direction, each section, a parameters_grad entry without sections, and the
// leaf fields as the dump wrote them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/entry_view.hpp"
#include "dump/json_file.hpp"
#include "json_text_file.hpp"

using namespace msprobe::dump;

using msprobe::testing::load_json_text;

namespace {


const char* const kDump = R"({"task": "statistics", "level": "mix", "dump_data_dir": null, "data": {
  "Functional.linear.0.forward": {
    "input_args": [
      {"type": "torch.Tensor", "dtype": "torch.float16", "shape": [2, 3], "Max": Infinity, "Min": -1.5,
       "Mean": "nan", "Norm": null, "requires_grad": true, "data_name": "Functional.linear.0.forward.input.0.pt"},
      {"type": "int", "value": 3}
    ],
    "input_kwargs": {"bias": {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [], "Max": 1, "Min": 0,
                              "Mean": 0.5, "Norm": 1.0, "requires_grad": false}},
    "output": [{"type": "torch.Tensor", "dtype": "torch.float16", "shape": [2, 4], "Max": 2, "Min": 1}],
    "parameters": {"weight": {"type": "torch.Tensor", "dtype": "torch.float16", "shape": [4, 3]}}
  },
  "Functional.linear.0.backward": {"input": [{"type": "torch.Tensor", "dtype": "torch.float16"}], "output": []},
  "Module.fc1.Linear.parameters_grad.0": {"weight": {"type": "torch.Tensor", "shape": [4, 3], "Max": NaN}},
  "Module.fc1.Linear.forward.0": {"input_args": [], "output": []},
  "Tensor.__add__.0": {"output": []}
}})";

}  // namespace

TEST_CASE("entry_direction: forward, backward, parameters_grad, none") {
    CHECK(entry_direction("Functional.linear.12.forward") == "forward");
    CHECK(entry_direction("Torch.mul.0.backward") == "backward");
    CHECK(entry_direction("Module.blocks.3.fc1.Linear.forward.0") == "forward");
    CHECK(entry_direction("Module.blocks.3.fc1.Linear.parameters_grad.0") == "backward");
    CHECK(entry_direction("Module.a.backward.Linear.b.0") == "");  // only the last two segments count
    CHECK(entry_direction("forward") == "forward");
    CHECK(entry_direction("weird") == "");
    CHECK(entry_direction("") == "");
}

TEST_CASE("data_entries: every entry of data in file order, with its direction") {
    const JsonFile file = load_json_text(kDump);
    const auto entries = data_entries(file.root());
    std::vector<std::string> seen;
    for (const EntryView& e : entries) seen.push_back(std::string(e.name()) + "|" + std::string(e.direction()));
    CHECK(seen == std::vector<std::string>{
                      "Functional.linear.0.forward|forward", "Functional.linear.0.backward|backward",
                      "Module.fc1.Linear.parameters_grad.0|backward", "Module.fc1.Linear.forward.0|forward",
                      "Tensor.__add__.0|"});

    CHECK(data_entries(load_json_text(R"({"task": "tensor"})").root()).empty());
    CHECK(data_entries(load_json_text(R"({"data": [1]})").root()).empty());
}

TEST_CASE("EntryView: the sections as written") {
    const JsonFile file = load_json_text(kDump);
    const auto entries = data_entries(file.root());

    const EntryView forward = entries[0];
    CHECK(forward.input_args().size() == 2);
    CHECK(forward.input_kwargs().has_member("bias"));
    CHECK(forward.parameters().has_member("weight"));
    CHECK(forward.output().size() == 1);
    CHECK_FALSE(forward.backward_input().present());
    CHECK(forward.has_sections());

    const EntryView backward = entries[1];
    CHECK(backward.backward_input().size() == 1);
    CHECK(backward.section(EntrySection::BackwardInput).is_array());
    CHECK_FALSE(backward.input_args().present());

    const EntryView grads = entries[2];
    CHECK_FALSE(grads.has_sections());
    CHECK(grads.json().member("weight").is_object());

    CHECK(entries[3].has_sections());  // empty sections are still sections

    std::vector<std::string> keys;
    for (const EntrySection s : kEntrySections) keys.emplace_back(section_key(s));
    CHECK(keys == std::vector<std::string>{"input_args", "input_kwargs", "input", "parameters", "output"});
    CHECK(is_keyword_section(EntrySection::InputKwargs));
    CHECK(is_keyword_section(EntrySection::Parameters));
    CHECK_FALSE(is_keyword_section(EntrySection::BackwardInput));
    CHECK(is_input_section(EntrySection::Parameters));
    CHECK_FALSE(is_input_section(EntrySection::Output));
}

TEST_CASE("LeafView: dtype, shape, statistics, requires_grad, data_name") {
    const JsonFile file = load_json_text(kDump);
    const EntryView forward = data_entries(file.root())[0];

    const LeafView tensor(forward.input_args().item(0));
    CHECK(tensor.is_record());
    CHECK(tensor.type() == std::string_view("torch.Tensor"));
    CHECK(tensor.dtype() == std::string_view("torch.float16"));
    CHECK(tensor.shape() == std::vector<std::int64_t>{2, 3});
    CHECK(tensor.statistic(Statistic::Max).is_double());
    CHECK(tensor.statistic(Statistic::Min).number() == -1.5);
    CHECK(tensor.statistic(Statistic::Mean).text() == "nan");
    CHECK(tensor.statistic(Statistic::Norm).is_null());
    CHECK(tensor.requires_grad() == true);
    CHECK(tensor.data_name() == std::string_view("Functional.linear.0.forward.input.0.pt"));

    const LeafView scalar(forward.input_args().item(1));
    CHECK(scalar.type() == std::string_view("int"));
    CHECK(scalar.value().integer() == 3);
    CHECK_FALSE(scalar.dtype());
    CHECK(scalar.shape().empty());
    CHECK_FALSE(scalar.statistic(Statistic::Max).present());
    CHECK_FALSE(scalar.data_name());
    CHECK_FALSE(scalar.requires_grad());

    const LeafView bias(forward.input_kwargs().member("bias"));
    CHECK(bias.shape().empty());  // a 0-d tensor
    CHECK(bias.statistic(Statistic::Max).integer() == 1);
    CHECK(bias.requires_grad() == false);

    CHECK_FALSE(LeafView(forward.output()).is_record());  // the list itself is not a record
}

TEST_CASE("direction of entry names", "[overflow]") {
    CHECK(msprobe::dump::entry_direction("Functional.linear.12.forward") == "forward");
    CHECK(msprobe::dump::entry_direction("Torch.mul.0.backward") == "backward");
    CHECK(msprobe::dump::entry_direction("Module.blocks.3.fc1.Linear.forward.0") == "forward");
    CHECK(msprobe::dump::entry_direction("Module.blocks.3.fc1.Linear.parameters_grad.0") == "backward");
    CHECK(msprobe::dump::entry_direction("weird") == "");
}
