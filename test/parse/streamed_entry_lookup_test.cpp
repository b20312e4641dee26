// parse's dump.json lookup streams the file: every entry it reports is the
// record the whole-file parse reads, the not-found message names the same
// closest entries, and a broken file is refused with the whole parse's message.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "parse/api_query.hpp"
#include "parse/dump_entry_report.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

namespace {

std::filesystem::path generated_dump(const std::string& name) {
    testing::DumpPairOptions options;
    options.out = testing::scratch_dir(name);
    options.apis = 60;
    options.level = testing::DumpLevel::Mix;
    options.seed = 11;
    return testing::generate_dump_pair(options).npu_rank_dirs.at(0) / "dump.json";
}

nlohmann::ordered_json json_report(const std::filesystem::path& dump, const std::string& api, bool exact) {
    parse::EntryReportOptions options;
    options.file = dump;
    options.query.text = api;
    options.query.exact_only = exact;
    options.json = true;
    const auto report = parse::report_entries(options);
    REQUIRE(report.found);
    return nlohmann::ordered_json::parse(report.output);
}

// The members of a whole-file record and of its reported copy agree in name, order and, for the
// statistics of the first positional argument, value.
void check_same_record(dump::JsonView whole, const nlohmann::ordered_json& reported) {
    REQUIRE(reported.is_object());
    REQUIRE(reported.size() == whole.size());
    std::size_t i = 0;
    for (auto it = reported.begin(); it != reported.end(); ++it, ++i) {
        CHECK(it.key() == whole.member_at(i).name);
    }
    const auto first = whole.member("input_args").item(0);
    for (const char* statistic : {"Max", "Min", "Mean", "Norm"}) {
        const auto value = first.member(statistic).number();
        if (!value || !std::isfinite(*value)) continue;
        CHECK(reported["input_args"][0][statistic].get<double>() == *value);
    }
}

}  // namespace

TEST_CASE("may_select keeps every name select_entries picks", "[parse][api_query]") {
    const std::vector<std::string> names = {"A.x.0.forward", "A.x.0.backward", "A.x.0", "A.x.01.forward",
                                            "B.y.0.forward"};
    for (const std::string text : {"A.x.0", "A.x.0.forward", "A", "B.y", "A.x.0.back", "C"}) {
        for (const bool prefix : {false, true}) {
            for (const bool exact : {false, true}) {
                const parse::ApiQuery query{text, prefix, exact};
                for (const std::size_t picked : parse::select_entries(names, query)) {
                    CAPTURE(text, prefix, exact, names[picked]);
                    CHECK(parse::may_select(names[picked], query));
                }
            }
        }
    }
    CHECK_FALSE(parse::may_select("B.y.0.forward", {"A.x.0", false, false}));
    CHECK_FALSE(parse::may_select("A.x.0.forward", {"A.x.0", false, true}));  // --exact: the name itself only
    CHECK(parse::may_select("A.x.0.forward", {"A.x.0", true, true}));        // --prefix wins over --exact
}

TEST_CASE("parse reports each entry of a streamed dump as the whole-file parse reads it", "[parse]") {
    const auto path = generated_dump("parse_streamed_lookup");
    const auto whole = dump::JsonFile::load(path);
    const auto data = whole.root().member("data");
    REQUIRE(data.size() > 50);
    for (const std::size_t seq : {std::size_t{0}, data.size() / 2, data.size() - 1}) {
        const auto member = data.member_at(seq);
        CAPTURE(member.name);
        const auto reported = json_report(path, std::string(member.name), true);
        CHECK(reported["api"] == std::string(member.name));
        CHECK(reported["seq"] == seq);
        check_same_record(member.value, reported["entry"]);
    }
    // A prefix picks several entries, each the record of its own name.
    const auto first_forward = std::string(data.member_at(0).name);
    const std::string prefix = first_forward.substr(0, first_forward.find('.') + 1);
    const auto several = json_report(path, prefix, false);
    REQUIRE(several.is_array());
    std::size_t expected = 0;
    for (const auto& m : data.members()) expected += m.name.substr(0, prefix.size()) == prefix ? 1 : 0;
    CHECK(several.size() == expected);
    for (const auto& match : several) {
        check_same_record(data.member(match["api"].get<std::string>()), match["entry"]);
    }
}

TEST_CASE("parse names the closest entries of a streamed dump when the API is not there", "[parse]") {
    const auto path = generated_dump("parse_streamed_not_found");
    const auto whole = dump::JsonFile::load(path);
    std::vector<std::string> names;
    for (const auto& m : whole.root().member("data").members()) names.emplace_back(m.name);
    parse::EntryReportOptions options;
    options.file = path;
    options.query.text = "Functional.nothing_like_it.0";
    const auto report = parse::report_entries(options);
    CHECK_FALSE(report.found);
    CHECK(report.not_found_message == parse::not_found_message(names, options.query, path.string()));
    CHECK(report.not_found_message.find("(closest: ") != std::string::npos);
}

TEST_CASE("parse refuses a broken dump.json with the whole parse's message, file and byte", "[parse]") {
    const std::vector<std::string> texts = {
        R"({"task": "statistics", "data": {"A.x.0.forward": {"input_args": [1,]}}})",
        R"({"task": "statistics", "data": {"A.x.0.forward": {}, "A.x.0.forward": {}}})",
        R"({"task": "statistics", "data": {"A.x.0.forward": {"output": 1, "output": 2}}})",
        R"({"task": "statistics", "data": {"A.x.0.forward": {}})",
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto path = testing::scratch_file("parse_streamed_broken_" + std::to_string(i), "dump.json", texts[i]);
        std::string expected;
        try {
            (void)dump::JsonFile::load(path);
        } catch (const Error& e) {
            expected = e.what();
        }
        CAPTURE(texts[i]);
        REQUIRE_FALSE(expected.empty());
        parse::EntryReportOptions options;
        options.file = path;
        options.query.text = "A.x.0";
        CHECK_THROWS_WITH(parse::report_entries(options), expected);
    }
    const auto list = testing::scratch_file("parse_streamed_list", "dump.json", R"([{"data": {}}])");
    parse::EntryReportOptions options;
    options.file = list;
    options.query.text = "A";
    CHECK_THROWS_WITH(parse::report_entries(options), list.string() + ": the top level is not a JSON object");
    const auto data_list = testing::scratch_file("parse_streamed_data_list", "dump.json", R"({"data": [1]})");
    options.file = data_list;
    CHECK_THROWS_WITH(parse::report_entries(options), data_list.string() + ": 'data' is not a JSON object");
}
