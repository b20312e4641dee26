// The synthetic dump generator (test/support): JSON layout, dump structure,
// true statistics, the npu/bench differences and determinism.
#include "support/dump_generator.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "support/json_text_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/file_text.hpp"

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using namespace msprobe::testing;

namespace {

// nlohmann rejects Python's NaN / Infinity tokens: quote them first (they
// only appear as object values in the generated files).
json parse_python_json(const fs::path& path) {
    std::string text = msprobe::testing::read_file_text(path);
    for (const char* token : {"-Infinity", "Infinity", "NaN"}) {
        const std::string bare = std::string(": ") + token;
        const std::string quoted = std::string(": \"") + token + "\"";
        for (auto at = text.find(bare); at != std::string::npos; at = text.find(bare, at + quoted.size())) {
            const char after = at + bare.size() < text.size() ? text[at + bare.size()] : '\n';
            if (after == ',' || after == '\n') text.replace(at, bare.size(), quoted);
        }
    }
    return json::parse(text);
}

double statistic(const json& value) {
    if (value.is_string()) {
        const auto text = value.get<std::string>();
        if (text == "NaN") return std::nan("");
        return text == "Infinity" ? INFINITY : -INFINITY;
    }
    return value.get<double>();
}

std::vector<std::string> keys_of(const json& object) {
    std::vector<std::string> keys;
    for (const auto& item : object.items()) keys.push_back(item.key());
    return keys;
}

bool is_tensor_leaf(const json& value) {
    return value.is_object() && value.contains("type") && value["type"] == "torch.Tensor";
}

// Calls visit(leaf) for every tensor leaf below `value`.
template <typename Visit>
void for_each_tensor_leaf(const json& value, Visit&& visit) {
    if (is_tensor_leaf(value)) {
        visit(value);
    } else if (value.is_array() || value.is_object()) {
        for (const auto& item : value) for_each_tensor_leaf(item, visit);
    }
}

DumpPairOptions small_options(const std::string& name) {
    DumpPairOptions options;
    options.out = scratch_dir("dumpgen_" + name);
    options.apis = 200;
    options.seed = 7;
    return options;
}

json dump_of(const fs::path& rank_dir) { return parse_python_json(rank_dir / "dump.json"); }

// The statistics torch would print for these values, computed here again.
struct ExpectedStatistics {
    double max, min, mean, norm;
};

ExpectedStatistics true_statistics(const SyntheticTensor& tensor) {
    double max = -INFINITY, min = INFINITY, sum = 0, squares = 0;
    for (const float value : tensor.values) {
        max = std::max(max, static_cast<double>(value));
        min = std::min(min, static_cast<double>(value));
        sum += value;
        squares += static_cast<double>(value) * value;
    }
    const auto in_dtype = [&](double value) {
        const auto as_float = static_cast<float>(value);
        return tensor.dtype == msprobe::tensor::DType::BFloat16 ? round_to_bfloat16(as_float)
                                                                 : static_cast<double>(as_float);
    };
    return {max, min, in_dtype(sum / static_cast<double>(tensor.values.size())), in_dtype(std::sqrt(squares))};
}

// The raw element bytes, built independently of SyntheticTensor::element_bytes.
std::string raw_bytes(const SyntheticTensor& tensor) {
    std::string bytes;
    for (const float value : tensor.values) {
        char word[4];
        std::memcpy(word, &value, 4);  // little-endian host
        if (tensor.dtype == msprobe::tensor::DType::BFloat16) {
            bytes.append(word + 2, 2);
        } else {
            bytes.append(word, 4);
        }
    }
    return bytes;
}

}  // namespace

TEST_CASE("JsonTextWriter lays out JSON exactly as Python's json.dump(indent=1)", "[dump_generator]") {
    JsonTextWriter writer;
    writer.begin_object();
    writer.key("a");
    writer.begin_array();
    writer.end_array();
    writer.key("b");
    writer.begin_object();
    writer.end_object();
    writer.key("c");
    writer.begin_array();
    writer.integer(1);
    writer.integer(-7);
    for (double value : {2.5, 25.0, 1e-05, 1e16, 0.1, std::nan(""), HUGE_VAL, -HUGE_VAL}) writer.number(value);
    writer.null();
    writer.boolean(true);
    writer.boolean(false);
    writer.end_array();
    writer.key("d");
    writer.begin_object();
    writer.key("x");
    writer.string("q\"\\\n\t\r\b\f\x01\x7f\xc3\xa9\xf0\x9f\x98\x80/");
    writer.end_object();
    writer.key("e");
    writer.begin_array();
    writer.begin_array();
    writer.begin_object();
    writer.end_object();
    writer.end_array();
    writer.end_array();
    writer.end_object();
    // json.dumps(obj, indent=1) of the same object, as Python 3 prints it.
    CHECK(writer.text() ==
          "{\n \"a\": [],\n \"b\": {},\n \"c\": [\n  1,\n  -7,\n  2.5,\n  25.0,\n  1e-05,\n  1e+16,\n  0.1,\n  NaN,\n"
          "  Infinity,\n  -Infinity,\n  null,\n  true,\n  false\n ],\n \"d\": {\n  \"x\": "
          "\"q\\\"\\\\\\n\\t\\r\\b\\f\\u0001\\u007f\\u00e9\\ud83d\\ude00/\"\n },\n \"e\": [\n  [\n   {}\n  ]\n ]\n}");
}

TEST_CASE("round_to_bfloat16 rounds to nearest even like torch", "[dump_generator]") {
    CHECK(round_to_bfloat16(3.1f) == 3.09375f);
    CHECK(round_to_bfloat16(1.00390625f) == 1.0f);          // tie, even mantissa below
    CHECK(round_to_bfloat16(1.01171875f) == 1.015625f);     // tie, even mantissa above
    CHECK(round_to_bfloat16(-0.0682700127363205f) == -0.068359375f);
    CHECK(std::isinf(round_to_bfloat16(INFINITY)));
}

TEST_CASE("generated L1 statistics dumps have msprobe's layout and names", "[dump_generator]") {
    auto options = small_options("l1");
    const auto pair = generate_dump_pair(options);

    for (const char* file : {"compare.json", "compare_dir_step0.json"}) CHECK(fs::exists(options.out / file));
    CHECK(parse_python_json(options.out / "compare.json") ==
          json::parse(R"({"npu_path": "npu/step0/rank/dump.json", "bench_path": "bench/step0/rank/dump.json",
                          "stack_path": "npu/step0/rank/stack.json", "is_print_compare_log": true})"));
    REQUIRE(pair.npu_rank_dirs == std::vector<fs::path>{options.out / "npu/step0/rank"});
    REQUIRE(pair.bench_rank_dirs == std::vector<fs::path>{options.out / "bench/step0/rank"});

    const std::regex api_entry(
        R"(^(Functional|Torch|Tensor|NPU|Distributed)\.[A-Za-z_]+\.(0|[1-9][0-9]*)\.(forward|backward)$)");
    for (const auto& dir : {pair.npu_rank_dirs[0], pair.bench_rank_dirs[0]}) {
        INFO(dir.string());
        CHECK(!fs::exists(dir / "dump_tensor_data"));
        const json dump = dump_of(dir);
        CHECK(keys_of(dump) == std::vector<std::string>{"task", "level", "framework", "dump_data_dir", "data"});
        CHECK(dump["task"] == "statistics");
        CHECK(dump["level"] == "L1");
        CHECK(dump["framework"] == "pytorch");
        CHECK(dump["dump_data_dir"].is_null());
        CHECK(std::abs(static_cast<int>(dump["data"].size()) - options.apis) < 20);

        std::set<std::string> forwards;
        for (const auto& [name, entry] : dump["data"].items()) {
            INFO(name);
            CHECK(std::regex_match(name, api_entry));
            const bool forward = name.size() > 8 && name.substr(name.size() - 8) == ".forward";
            if (forward) forwards.insert(name);
            CHECK(keys_of(entry) ==
                  (forward ? std::vector<std::string>{"input_args", "input_kwargs", "is_recompute", "output"}
                           : std::vector<std::string>{"input", "output"}));
            for_each_tensor_leaf(entry, [&](const json& leaf) {
                CHECK(keys_of(leaf) == std::vector<std::string>{"type", "dtype", "shape", "Max", "Min", "Mean", "Norm",
                                                                "requires_grad"});
            });
        }
        // stack.json: {"0": [[names], [frames]], ...}, every forward exactly once, no backward.
        const json stack = parse_python_json(dir / "stack.json");
        std::multiset<std::string> stacked;
        for (std::size_t i = 0; i < stack.size(); ++i) {
            const json& group = stack.at(std::to_string(i));
            REQUIRE(group.size() == 2);
            for (const auto& name : group[0]) stacked.insert(name.get<std::string>());
            REQUIRE(!group[1].empty());
            CHECK(group[1][0].get<std::string>().rfind("File ", 0) == 0);
        }
        CHECK(stacked == std::multiset<std::string>(forwards.begin(), forwards.end()));
        CHECK(msprobe::testing::read_file_text(dir / "construct.json") == "{}");
    }
}

TEST_CASE("the npu dump departs from the bench dump where the options say", "[dump_generator]") {
    auto options = small_options("differences");
    const auto pair = generate_dump_pair(options);
    const json npu = dump_of(pair.npu_rank_dirs[0])["data"];
    const json bench = dump_of(pair.bench_rank_dirs[0])["data"];
    const auto& sites = pair.sites;

    CHECK(sites.bench_only_api == "Tensor.contiguous.0.forward");
    CHECK(bench.contains(sites.bench_only_api));
    CHECK(!npu.contains(sites.bench_only_api));
    CHECK(sites.npu_only_api == "NPU.npu_format_cast.0.forward");
    CHECK(npu.contains(sites.npu_only_api));
    CHECK(!bench.contains(sites.npu_only_api));
    CHECK(npu[sites.npu_only_api]["input_args"][1] == json::parse(R"({"type": "int", "value": 2})"));

    REQUIRE(!sites.requires_grad_mismatch.empty());
    CHECK(npu[sites.requires_grad_mismatch]["output"][0]["requires_grad"] == false);
    CHECK(bench[sites.requires_grad_mismatch]["output"][0]["requires_grad"] == true);

    REQUIRE(!sites.inf_statistic.empty());
    const json& overflowing = npu[sites.inf_statistic]["output"][0];
    CHECK(overflowing["Max"] == "Infinity");
    CHECK(overflowing["Mean"] == "Infinity");
    CHECK(overflowing["Norm"] == "Infinity");
    CHECK(std::isfinite(statistic(bench[sites.inf_statistic]["output"][0]["Max"])));
    CHECK(msprobe::testing::read_file_text(pair.npu_rank_dirs[0] / "dump.json").find("\"Max\": Infinity,") !=
          std::string::npos);

    REQUIRE(!sites.bfloat16_outputs.empty());
    for (const auto& name : sites.bfloat16_outputs) {
        CHECK(npu[name]["output"][0]["dtype"] == "torch.bfloat16");
        CHECK(bench[name]["output"][0]["dtype"] == "torch.float32");
    }

    // Before the first perturbed call both sides agree entry by entry
    // (side-only calls and the requires_grad flag aside); there the weight differs.
    REQUIRE(!sites.first_perturbed.empty());
    CHECK(npu[sites.first_perturbed]["input_args"][2] != bench[sites.first_perturbed]["input_args"][2]);
    std::size_t compared = 0;
    for (const auto& [name, entry] : npu.items()) {
        if (name == sites.first_perturbed) break;
        if (name == sites.npu_only_api || name == sites.requires_grad_mismatch) continue;
        const bool has_false_flag = entry.dump().find("\"requires_grad\":false") != std::string::npos;
        if (has_false_flag) continue;
        CHECK(entry == bench[name]);
        ++compared;
    }
    CHECK(compared > 30);

    // Keyword arguments: scalars and a None.
    const json& softmax = npu["Functional.softmax.0.forward"]["input_kwargs"];
    CHECK(softmax == json::parse(R"({"dim": {"type": "int", "value": -1}, "dtype": null})"));
    const json& clamp = npu["Torch.clamp.0.forward"]["input_kwargs"];
    CHECK(clamp == json::parse(R"({"min": {"type": "float", "value": -4.0}, "max": {"type": "float", "value": 4.0}})"));
    CHECK(msprobe::testing::read_file_text(pair.npu_rank_dirs[0] / "dump.json").find("\"value\": 1e-05") !=
          std::string::npos);
    CHECK(msprobe::testing::read_file_text(pair.npu_rank_dirs[0] / "dump.json").find("\"value\": 16.0") !=
          std::string::npos);

    // Each call's input is its predecessor's output.
    CHECK(npu["Functional.gelu.0.forward"]["input_args"][0] == npu["Functional.linear.0.forward"]["output"][0]);
    CHECK(npu["Functional.gelu.0.backward"]["output"][0] == npu["Functional.linear.0.backward"]["input"][0]);
}

TEST_CASE("without differences both sides are the same files", "[dump_generator]") {
    auto options = small_options("identical");
    options.differences = NpuDifferences::none();
    options.level = DumpLevel::Mix;
    const auto pair = generate_dump_pair(options);
    for (const char* file : {"dump.json", "stack.json", "construct.json"}) {
        CHECK(msprobe::testing::read_file_text(pair.npu_rank_dirs[0] / file) ==
              msprobe::testing::read_file_text(pair.bench_rank_dirs[0] / file));
    }
}

TEST_CASE("tensor task: every statistic and checksum is the true one of the tensor file", "[dump_generator]") {
    auto options = small_options("tensor");
    options.task = DumpTask::Tensor;
    options.summary_mode = SummaryMode::Md5;
    options.level = DumpLevel::Mix;
    options.tensor_elements = 48;
    std::map<std::string, SyntheticTensor> files;
    options.write_tensor_file = [&](const fs::path& file, const SyntheticTensor& tensor) {
        CHECK(files.emplace(file.string(), tensor).second);
    };
    const auto pair = generate_dump_pair(options);

    std::size_t leaves = 0, bfloat16_leaves = 0, infinite_leaves = 0;
    for (const auto& dir : {pair.npu_rank_dirs[0], pair.bench_rank_dirs[0]}) {
        const json dump = dump_of(dir);
        CHECK(dump["task"] == "tensor");
        CHECK(dump["level"] == "mix");
        const fs::path tensor_dir = fs::absolute(dir / "dump_tensor_data");
        CHECK(dump["dump_data_dir"] == tensor_dir.string());
        CHECK(fs::is_directory(tensor_dir));
        for (const auto& [name, entry] : dump["data"].items()) {
            for_each_tensor_leaf(entry, [&, name = name](const json& leaf) {
                INFO(name << ": " << leaf.dump());
                CHECK(keys_of(leaf) == std::vector<std::string>{"type", "dtype", "shape", "Max", "Min", "Mean", "Norm",
                                                                "requires_grad", "md5", "data_name"});
                const std::string data_name = leaf["data_name"];
                CHECK(data_name.rfind(name + ".", 0) == 0);
                const auto file = files.find((dir / "dump_tensor_data" / data_name).string());
                REQUIRE(file != files.end());
                const SyntheticTensor& tensor = file->second;
                CHECK(leaf["dtype"] == std::string(msprobe::tensor::torch_name(tensor.dtype)));
                CHECK(leaf["shape"] == json(tensor.shape));
                CHECK(leaf["requires_grad"] == tensor.requires_grad);
                const ExpectedStatistics expected = true_statistics(tensor);
                CHECK(statistic(leaf["Max"]) == expected.max);
                CHECK(statistic(leaf["Min"]) == expected.min);
                CHECK(statistic(leaf["Mean"]) == expected.mean);
                CHECK(statistic(leaf["Norm"]) == expected.norm);
                CHECK(leaf["md5"] == msprobe::py::crc32_hex(raw_bytes(tensor)));
                if (tensor.dtype == msprobe::tensor::DType::BFloat16) {
                    ++bfloat16_leaves;
                    for (const float value : tensor.values) CHECK(round_to_bfloat16(value) == value);
                }
                infinite_leaves += std::isinf(expected.max) ? 1 : 0;
                ++leaves;
            });
        }
    }
    CHECK(leaves == files.size());
    CHECK(bfloat16_leaves > 0);
    CHECK(infinite_leaves > 0);

    // The data_name rules: parameters and parameters_grad.
    const json npu = dump_of(pair.npu_rank_dirs[0])["data"];
    CHECK(npu["Module.blocks.0.fc1.Linear.forward.0"]["parameters"]["weight"]["data_name"] ==
          "Module.blocks.0.fc1.Linear.forward.0.parameters.weight.pt");
    CHECK(npu["Module.blocks.0.fc1.Linear.parameters_grad.0"]["bias"][0]["data_name"] ==
          "Module.blocks.0.fc1.Linear.parameters_grad.0.bias.pt");
    CHECK(npu["Functional.layer_norm.0.forward"]["input_args"][2]["data_name"] ==
          "Functional.layer_norm.0.forward.input.2.pt");
}

TEST_CASE("L0 dumps hold module records and parameter gradients only", "[dump_generator]") {
    auto options = small_options("l0");
    options.level = DumpLevel::L0;
    const auto pair = generate_dump_pair(options);
    const json dump = dump_of(pair.npu_rank_dirs[0]);
    CHECK(dump["level"] == "L0");
    const std::regex module_forward(
        R"(^Module\.blocks\.[0-9]+(\.(ln|fc1|fc2|drop))?\.(LayerNorm|Linear|Dropout|Block)\.forward\.[01]$)");
    const std::regex parameters_grad(
        R"(^Module\.blocks\.[0-9]+\.(ln|fc1|fc2)\.(LayerNorm|Linear)\.parameters_grad\.0$)");
    const json construct = parse_python_json(pair.npu_rank_dirs[0] / "construct.json");
    for (const auto& [name, entry] : dump["data"].items()) {
        INFO(name);
        if (std::regex_match(name, parameters_grad)) {
            for (const auto& [parameter, gradients] : entry.items()) {
                CHECK((parameter == "weight" || parameter == "bias"));
                CHECK(gradients.size() == 1);
                CHECK(is_tensor_leaf(gradients[0]));
            }
            CHECK(!construct.contains(name));
        } else {
            REQUIRE(std::regex_match(name, module_forward));
            CHECK(keys_of(entry) ==
                  std::vector<std::string>{"input_args", "input_kwargs", "output", "parameters", "is_recompute"});
            REQUIRE(construct.contains(name));
            const json& parent = construct[name];
            if (name.find(".Block.") != std::string::npos) {
                CHECK(parent.is_null());
            } else {
                CHECK(parent.get<std::string>().find(".Block.forward.0") != std::string::npos);
                CHECK(dump["data"].contains(parent.get<std::string>()));
            }
        }
    }
    CHECK(pair.sites.bench_only_api.empty());
    CHECK(pair.sites.npu_only_api.empty());
}

TEST_CASE("multi-rank runs all_reduce the gradients of every rank", "[dump_generator]") {
    auto options = small_options("ranks");
    options.ranks = 2;
    options.task = DumpTask::Tensor;
    std::map<std::string, SyntheticTensor> files;
    options.write_tensor_file = [&](const fs::path& file, const SyntheticTensor& tensor) {
        files.emplace(file.string(), tensor);
    };
    const auto pair = generate_dump_pair(options);
    REQUIRE(pair.npu_rank_dirs.size() == 2);
    CHECK(pair.npu_rank_dirs[1] == options.out / "npu/step0/rank1");
    CHECK(parse_python_json(options.out / "compare_step0_rank1.json")["npu_path"] == "npu/step0/rank1/dump.json");
    CHECK(parse_python_json(options.out / "compare_dir_step0.json") ==
          json::parse(R"({"npu_path": "npu/step0", "bench_path": "bench/step0", "is_print_compare_log": true})"));

    const auto tensor_at = [&](const fs::path& rank_dir, const std::string& data_name) -> const SyntheticTensor& {
        return files.at((rank_dir / "dump_tensor_data" / data_name).string());
    };
    for (const auto& dirs : {pair.npu_rank_dirs, pair.bench_rank_dirs}) {
        const auto& rank0_in = tensor_at(dirs[0], "Distributed.all_reduce.1.forward.input.0.pt");
        const auto& rank1_in = tensor_at(dirs[1], "Distributed.all_reduce.1.forward.input.0.pt");
        CHECK(rank0_in.values != rank1_in.values);
        for (const auto& dir : dirs) {
            const auto& reduced = tensor_at(dir, "Distributed.all_reduce.1.forward.output.0.pt");
            for (std::size_t i = 0; i < reduced.values.size(); ++i) {
                CHECK(reduced.values[i] ==
                      static_cast<float>(static_cast<double>(rank0_in.values[i]) + rank1_in.values[i]));
            }
        }
        const json dump = dump_of(dirs[1]);
        CHECK(dump["data"]["Tensor.div_.1.forward"]["input_args"][1] == json::parse(R"({"type": "int", "value": 2})"));
    }
}

TEST_CASE("a seed determines the dumps", "[dump_generator]") {
    auto first = small_options("seed_a");
    auto second = small_options("seed_b");
    auto other = small_options("seed_c");
    other.seed = first.seed + 1;
    for (auto* options : {&first, &second, &other}) {
        options->level = DumpLevel::Mix;
        options->summary_mode = SummaryMode::Md5;
        generate_dump_pair(*options);
    }
    for (const char* file : {"npu/step0/rank/dump.json", "npu/step0/rank/stack.json", "npu/step0/rank/construct.json",
                             "bench/step0/rank/dump.json", "compare.json"}) {
        INFO(file);
        CHECK(msprobe::testing::read_file_text(first.out / file) ==
              msprobe::testing::read_file_text(second.out / file));
    }
    CHECK(msprobe::testing::read_file_text(first.out / "npu/step0/rank/dump.json") !=
          msprobe::testing::read_file_text(other.out / "npu/step0/rank/dump.json"));
}

TEST_CASE("generate_dump_pair rejects impossible options", "[dump_generator]") {
    auto options = small_options("bad");
    options.apis = 0;
    CHECK_THROWS_AS(generate_dump_pair(options), msprobe::Error);
    options.apis = 10;
    options.tensor_elements = 8;
    CHECK_THROWS_AS(generate_dump_pair(options), msprobe::Error);
}

TEST_CASE("tensor task writes a torch .pt file for every data_name by default", "[dump_generator]") {
    auto options = small_options("pt_files");
    options.apis = 30;
    options.task = DumpTask::Tensor;
    const auto pair = generate_dump_pair(options);
    std::size_t checked = 0;
    const json dump = dump_of(pair.npu_rank_dirs[0]);
    for (const auto& [name, entry] : dump["data"].items()) {
        for_each_tensor_leaf(entry, [&](const json& leaf) {
            const fs::path file = pair.npu_rank_dirs[0] / "dump_tensor_data" / leaf["data_name"].get<std::string>();
            REQUIRE(fs::exists(file));
            CHECK(msprobe::testing::read_file_text(file).rfind("PK\x03\x04", 0) == 0);  // torch.save's zip format
            ++checked;
        });
    }
    CHECK(checked > 20);
}

TEST_CASE("generated records are laid out like msprobe's own dumps", "[dump_generator][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    // The first API (or module) entry whose name ends in `suffix`.
    const auto first_of_kind = [](const json& data, const std::string& suffix, bool module) -> const json& {
        for (const auto& item : data.items()) {
            const std::string& name = item.key();
            const bool ends_so =
                name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
            if (ends_so && (name.rfind("Module.", 0) == 0) == module) return item.value();
        }
        FAIL("no entry ending in " << suffix);
        throw;
    };
    const auto first_leaf_keys = [](const json& entry) {
        std::vector<std::string> keys;
        for_each_tensor_leaf(entry, [&](const json& leaf) {
            if (keys.empty()) keys = keys_of(leaf);
        });
        return keys;
    };

    // md5 summary mode, L1.
    auto md5 = small_options("like_md5");
    md5.summary_mode = SummaryMode::Md5;
    const json ours_md5 = dump_of(generate_dump_pair(md5).npu_rank_dirs[0]);
    const json theirs_md5 = dump_of(*fixtures / "dumps/mlp_md5_L1_perturbed/npu/step0/rank");
    CHECK(keys_of(ours_md5) == keys_of(theirs_md5));
    for (const char* suffix : {".forward", ".backward"}) {
        INFO(suffix);
        const json& ours = first_of_kind(ours_md5["data"], suffix, false);
        const json& theirs = first_of_kind(theirs_md5["data"], suffix, false);
        CHECK(keys_of(ours) == keys_of(theirs));
        CHECK(first_leaf_keys(ours) == first_leaf_keys(theirs));
    }

    // Tensor task, mix level: module records, parameters_grad and data_name.
    auto mix = small_options("like_mix");
    mix.task = DumpTask::Tensor;
    mix.level = DumpLevel::Mix;
    mix.write_tensor_file = [](const fs::path&, const SyntheticTensor&) {};
    const json ours_mix = dump_of(generate_dump_pair(mix).npu_rank_dirs[0]);
    const json theirs_mix = dump_of(*fixtures / "dumps/transformer_tensor_mix_gelu/npu/step0/rank");
    CHECK(keys_of(ours_mix) == keys_of(theirs_mix));
    const std::vector<std::pair<std::string, bool>> kinds = {
        {".forward", false}, {".backward", false}, {".forward.0", true}, {".parameters_grad.0", true}};
    for (const auto& [suffix, module] : kinds) {
        INFO(suffix);
        const json& ours = first_of_kind(ours_mix["data"], suffix, module);
        const json& theirs = first_of_kind(theirs_mix["data"], suffix, module);
        if (suffix != ".parameters_grad.0") CHECK(keys_of(ours) == keys_of(theirs));  // parameter names differ
        CHECK(first_leaf_keys(ours) == first_leaf_keys(theirs));
    }
}
