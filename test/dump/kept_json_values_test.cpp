// Values copied out of a streamed dump.json: whole or with the named members
// only, still readable after the value lent by the stream is gone and after
// the holder has moved.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "dump/json_file.hpp"
#include "dump/json_text.hpp"
#include "dump/kept_json_values.hpp"

using msprobe::dump::compact_json;
using msprobe::dump::JsonFile;
using msprobe::dump::JsonView;
using msprobe::dump::KeptJsonValues;

TEST_CASE("kept values are copies: whole, or only the named members in their own order", "[dump][kept_json_values]") {
    KeptJsonValues kept;
    std::vector<JsonView> views;
    {
        const auto file = JsonFile::from_text(
            R"({"a": {"output": [1.5, NaN], "input_args": [{"type": "int", "value": 3}], "is_recompute": false},
                "b": 7, "c": "text"})",
            "kept.json");
        const auto& root = file.document();
        views.push_back(kept.keep(root["a"]));
        views.push_back(kept.keep_members(root["a"], {"input_args", "output", "input_kwargs"}));
        views.push_back(kept.keep_members(root["b"], {"input_args"}));  // not an object: whole
        views.push_back(kept.keep(root["c"]));
    }  // the parsed file is gone; the copies are not
    const KeptJsonValues moved = std::move(kept);
    CHECK(compact_json(views[0]) ==
          R"({"output":[1.5,NaN],"input_args":[{"type":"int","value":3}],"is_recompute":false})");
    CHECK(compact_json(views[1]) == R"({"output":[1.5,NaN],"input_args":[{"type":"int","value":3}]})");
    CHECK(views[1].member("input_args").item(0).member("value").integer() == 3);
    CHECK_FALSE(views[1].has_member("is_recompute"));
    CHECK(views[2].integer() == 7);
    CHECK(views[3].text() == "text");
}
