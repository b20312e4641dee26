// A dump.json read entry by entry through a small buffer: the same entries,
// header and refusals as the whole-file parse, whatever the chunk boundaries.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <set>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/json_file.hpp"
#include "dump/json_text.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::InputFile;
using msprobe::InputKind;
using msprobe::dump::DumpStreamSummary;
using msprobe::dump::DumpTopLevel;
using msprobe::dump::JsonFile;
using msprobe::dump::JsonView;
using msprobe::dump::stream_dump_entries;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("dump_entry_stream_" + name, "dump.json", text);
}

struct Streamed {
    DumpStreamSummary summary;
    std::vector<std::string> entries;  // "index name json"
};

// A buffer of 0 bytes reads the file whole; any other reads it in chunks of that size.
Streamed stream(const std::filesystem::path& path, std::size_t buffer_bytes,
                DumpTopLevel top_level = DumpTopLevel::Any) {
    const InputFile file = InputFile::open(path, InputKind::Json);
    Streamed out;
    out.summary = stream_dump_entries(
        file, top_level,
        [&](std::uint32_t index, std::string_view name, JsonView entry) {
            out.entries.push_back(std::to_string(index) + " " + std::string(name) + " " +
                                  msprobe::dump::compact_json(entry));
        },
        {buffer_bytes == 0 ? msprobe::dump::kDumpWholeFileBytes : 0, buffer_bytes == 0 ? 1 : buffer_bytes});
    return out;
}

std::string stream_error(const std::filesystem::path& path, std::size_t buffer_bytes,
                         DumpTopLevel top_level = DumpTopLevel::Any) {
    try {
        (void)stream(path, buffer_bytes, top_level);
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

std::string load_error(const std::filesystem::path& path) {
    try {
        (void)JsonFile::load(path);
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

constexpr const char* kDump =
    "\xEF\xBB\xBF"
    R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
 "extra": {"nested": [1, 2, {"deep": "x"}]},
 "data": {
  "Functional.linear.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3],
     "Max": 1.5, "Min": -Infinity, "Mean": NaN, "Norm": 12345678901234567890, "requires_grad": true}],
     "input_kwargs": {}, "output": [{"type": "int", "value": -3}]},
  "Tensor.add.0.forward": 7,
  "Distributed.all_reduce.0.forward": {"input_args": [{"type": "str", "value": "caf\u00e9 \"q\""}], "output": []}
 }})";

}  // namespace

TEST_CASE("stream_dump_entries hands on each entry of data as the whole parse reads it", "[dump][dump_entry_stream]") {
    const auto path = write_json("entries", kDump);
    const JsonFile whole = JsonFile::load(path);
    std::vector<std::string> expected;
    std::uint32_t index = 0;
    for (const auto& member : whole.document()["data"].GetObject()) {
        expected.push_back(std::to_string(index++) + " " + member.name.GetString() + " " +
                           msprobe::dump::compact_json(member.value));
    }
    REQUIRE(expected.size() == 3);
    // Buffers of 1 to 7 bytes put a chunk boundary at every place of the text; 0 reads the file whole.
    for (std::size_t buffer :
         {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{1} << 20}) {
        CAPTURE(buffer);
        const Streamed s = stream(path, buffer);
        CHECK(s.entries == expected);
        CHECK(s.summary.top_is_object);
        CHECK(s.summary.data == DumpStreamSummary::Data::Object);
        CHECK(s.summary.entry_names.names() == std::vector<std::string>{"Functional.linear.0.forward",
                                                                        "Tensor.add.0.forward",
                                                                        "Distributed.all_reduce.0.forward"});
        CHECK(s.summary.top_strings.at("task") == "statistics");
        CHECK(s.summary.top_strings.at("level") == "L1");
        CHECK(s.summary.top_strings.at("framework") == "pytorch");
        CHECK(s.summary.top_strings.count("dump_data_dir") == 0);  // not a string
        CHECK(s.summary.top_non_null ==
              std::set<std::string, std::less<>>{"task", "level", "framework", "extra", "data"});
    }
}

TEST_CASE("stream_dump_entries says where data is missing or not an object", "[dump][dump_entry_stream]") {
    CHECK(stream(write_json("no_data", R"({"task": "tensor"})"), 4).summary.data == DumpStreamSummary::Data::Missing);
    CHECK(stream(write_json("data_list", R"({"task": "tensor", "data": [1, {"a": 2}]})"), 4).summary.data ==
          DumpStreamSummary::Data::NotObject);
    CHECK(stream(write_json("data_text", R"({"data": "x", "task": "tensor"})"), 4).summary.data ==
          DumpStreamSummary::Data::NotObject);
    const Streamed list = stream(write_json("top_list", R"([{"data": {"a": 1}}])"), 4);
    CHECK_FALSE(list.summary.top_is_object);
    CHECK(list.entries.empty());
}

TEST_CASE("stream_dump_entries refuses what the whole parse refuses, with the same message",
          "[dump][dump_entry_stream]") {
    const std::vector<std::string> texts = {
        R"({"task": "x", "data": {"a": {"input_args": [1, 2,]}}})",                  // malformed inside an entry
        R"({"task": "x", "data": {"a": 1} "b": 2})",                                 // malformed at the top level
        R"({"task": "x", "data": {"a": 1, "b": 2)",                                  // cut short
        R"({"task": "x", "data": {"a": 1, "a": 2}})",                                // an API twice
        R"({"task": "x", "data": {"a": {"output": 1, "output": 2}}})",               // a member of an entry twice
        R"({"task": "x", "task": "y", "data": {}})",                                 // a top-level name twice
        "{\"task\": \"x\", \"data\": {\"a\": \"\xC3\"}}",                            // bad UTF-8
        R"({"task": "x", "data": {"a": 1}} trailing)",                               // text after the root
        std::string(R"({"task": "x", "data": {"a": 1}})") + std::string("\0\0", 2),  // NUL bytes after the root
        R"({"task": "x", "data": {"a": 1}, "b": )" + std::string(1100, '[') + std::string(1100, ']') + "}",
        R"({"task": "x", "data": {"a": )" + std::string(1100, '[') + std::string(1100, ']') + "}}",
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CAPTURE(i, texts[i].substr(0, 80));
        const auto path = write_json("refused_" + std::to_string(i), texts[i]);
        const std::string expected = load_error(path);
        CHECK(expected != "no error");
        CHECK(stream_error(path, 3) == expected);
        CHECK(stream_error(path, 1 << 20) == expected);
        CHECK(stream_error(path, 0) == expected);
    }
}

TEST_CASE("stream_dump_entries checks the top level the reader asks for", "[dump][dump_entry_stream]") {
    const auto list = write_json("top_level_list", R"([{"data": {"a": 1}}])");
    CHECK(stream_error(list, 4, DumpTopLevel::Any) == "no error");
    CHECK(stream_error(list, 4, DumpTopLevel::Object) == list.string() + ": the top level is not a JSON object");
    CHECK(stream_error(list, 4, DumpTopLevel::DumpLayout) == list.string() + ": the top level is not a JSON object");
    const auto no_data = write_json("top_level_no_data", R"({"task": "tensor"})");
    CHECK(stream_error(no_data, 4, DumpTopLevel::Object) == "no error");
    CHECK(stream_error(no_data, 4, DumpTopLevel::DumpLayout) == no_data.string() + ": 'data' is missing");
    const struct {
        const char* name;
        const char* text;
        const char* reason;
    } layouts[] = {
        {"no_task", R"({"data": {}})", "'task' is missing or empty"},
        {"empty_task", R"({"task": "", "data": {}})", "'task' is missing or empty"},
        {"task_number", R"({"task": 1, "data": {}})", "'task' is missing or empty"},
        {"data_list", R"({"task": "tensor", "data": []})", "'data' is not a JSON object"},
    };
    for (const auto& layout : layouts) {
        CAPTURE(layout.name);
        const auto path = write_json(std::string("top_level_") + layout.name, layout.text);
        CHECK(stream_error(path, 4, DumpTopLevel::DumpLayout) == path.string() + ": " + layout.reason);
        CHECK(stream_error(path, 4, DumpTopLevel::Object) == "no error");
    }
}

TEST_CASE("stream_dump_entries rethrows the first failure of its handler once the file is checked",
          "[dump][dump_entry_stream]") {
    const auto good_tail = write_json("handler_fails", R"({"task": "x", "data": {"a": 1, "b": 2, "c": 3}})");
    const InputFile file = InputFile::open(good_tail, InputKind::Json);
    std::vector<std::string> seen;
    const auto fail_at_b = [&](std::uint32_t, std::string_view name, JsonView) {
        seen.emplace_back(name);
        if (name == "b") throw msprobe::Error("x.json", "bad entry b");
    };
    CHECK_THROWS_WITH(stream_dump_entries(file, DumpTopLevel::DumpLayout, fail_at_b), "x.json: bad entry b");
    CHECK(seen == std::vector<std::string>{"a", "b"});  // nothing is handed on after a failure

    // A fault of the file itself, later in the text, is what the reader hears of.
    const auto bad_tail =
        write_json("handler_fails_then_malformed", R"({"task": "x", "data": {"a": 1, "b": 2, "c": }})");
    const auto always_fail = [](std::uint32_t, std::string_view, JsonView) {
        throw msprobe::Error("x.json", "bad entry");
    };
    CHECK_THROWS_WITH(stream_dump_entries(InputFile::open(bad_tail, InputKind::Json), DumpTopLevel::Any, always_fail),
                      Catch::Contains("malformed JSON at byte"));
    // So is a top level the reader does not take, wherever it is in the text.
    const auto no_task = write_json("handler_fails_without_task", R"({"data": {"a": 1}, "level": "L1"})");
    CHECK_THROWS_WITH(
        stream_dump_entries(InputFile::open(no_task, InputKind::Json), DumpTopLevel::DumpLayout, always_fail),
        no_task.string() + ": 'task' is missing or empty");
    CHECK_THROWS_WITH(stream_dump_entries(InputFile::open(no_task, InputKind::Json), DumpTopLevel::Object, always_fail),
                      "x.json: bad entry");
}

TEST_CASE("stream_dump_entries read whole gives the text of entries it handed on back, and reads the rest intact",
          "[dump][dump_entry_stream]") {
    // 4 000 entries of about 1 KB: the text behind the parse is given back in steps of 1 MiB while entries that
    // follow, and their names, still read as written (the chunked read is the reference).
    std::string text = R"({"task": "statistics", "data": {)";
    for (int i = 0; i < 4000; ++i) {
        if (i != 0) text += ", ";
        text += R"("Functional.op)" + std::to_string(i) + R"(.0.forward": {"input_args": [{"type": "torch.Tensor", )";
        text += R"("dtype": "torch.float32", "shape": [)" + std::to_string(i) + R"(], "Max": )" + std::to_string(i) +
                ".5, \"note\": \"" + std::string(900, static_cast<char>('a' + i % 26)) + "\"}]}";
    }
    text += "}}";
    const auto path = write_json("released", text);
    const Streamed whole = stream(path, 0);
    const Streamed chunked = stream(path, 4096);
    REQUIRE(whole.entries.size() == 4000);
    CHECK(whole.entries == chunked.entries);
    CHECK(whole.summary.entry_names.names() == chunked.summary.entry_names.names());
    CHECK(whole.summary.entry_names.names().back() == "Functional.op3999.0.forward");
    CHECK(whole.summary.entry_names.find("Functional.op17.0.forward") == std::size_t{17});
}

TEST_CASE("stream_dump_entries counts the MiB it has parsed on a progress, whole or in chunks",
          "[dump][dump_entry_stream]") {
    // 2.5 MiB: entries padded with whitespace, so that the count moves while the entries are handed on.
    std::string text = R"({"task": "statistics", "data": {)";
    for (int i = 0; i < 10; ++i) {
        if (i > 0) text += ", ";
        text += "\"Torch.add." + std::to_string(i) + ".forward\": {\"output\": [" + std::string(256 << 10, ' ') + "]}";
    }
    text += "}}";
    const auto path = write_json("progress", text);
    const InputFile file = InputFile::open(path, InputKind::Json);
    const std::int64_t mib = msprobe::dump::dump_mib(file.size());
    REQUIRE(mib == 3);
    for (const std::size_t buffer_bytes : {std::size_t{0}, std::size_t{4096}}) {
        INFO(buffer_bytes);
        msprobe::dump::DumpReadingProgress progress({path, path.parent_path() / "absent.json"}, false);
        std::vector<std::int64_t> counted;  // after each entry
        msprobe::dump::DumpStreamReading reading{buffer_bytes == 0 ? msprobe::dump::kDumpWholeFileBytes : 0,
                                                 buffer_bytes == 0 ? 1 : buffer_bytes};
        reading.progress = &progress;
        stream_dump_entries(
            file, DumpTopLevel::DumpLayout,
            [&](std::uint32_t, std::string_view, JsonView) { counted.push_back(progress.done()); }, reading);
        CHECK(progress.done() == mib);  // rounded up at the end
        REQUIRE(counted.size() == 10);
        CHECK(counted.front() == 0);
        CHECK(counted.back() == 2);  // 2.25 MiB parsed before the last entry is handed on
    }
}

TEST_CASE("dump entry stream: the entry name given twice that it names", "[dump][entry_stream]") {
    // Up to 16 entries: the first repeated pair in order; more: the smallest repeated name, whatever its place.
    const auto few = write_json("few_twice", R"({"data": {"x": {}, "y": {}, "y": {}, "x": {}}})");
    CHECK_THAT(stream_error(few, 0), Catch::Contains("the key \"x\" appears twice in [\"data\"]"));
    std::string text = R"({"data": {)";
    for (int i = 0; i < 20; ++i) text += "\"e" + std::to_string(i) + "\": {}, ";
    text += R"("e7": {}, "e12": {}})";
    const auto many = write_json("many_twice", text);
    for (std::size_t buffer : {std::size_t{0}, std::size_t{5}}) {
        CHECK_THAT(stream_error(many, buffer), Catch::Contains("the key \"e12\" appears twice in [\"data\"]"));
    }
}
