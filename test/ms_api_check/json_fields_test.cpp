// msprobe's check_and_get_from_json_dict sentences (mindspore/api_accuracy_checker/utils.py).
#include <catch2/catch.hpp>

#include "dump/json_file.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/json_fields.hpp"
#include "support/shared_fixtures.hpp"

#include <fstream>

using namespace msprobe::ms_api_check;

namespace {

msprobe::dump::JsonFile load(const std::string& text) {
    const auto path = msprobe::testing::scratch_dir("ms_json_fields") / "f.json";
    std::ofstream(path) << text;
    return msprobe::dump::JsonFile::load(path);
}

std::string failure(msprobe::dump::JsonView dict, const std::string& key, FieldType type,
                    const std::vector<std::string>& values = {}) {
    try {
        required_field(dict, key, key + " field in api_info.json", type, values);
    } catch (const CheckSkipped& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("json fields: missing, null, wrong type, wrong value, not a dict", "[ms_api_check]") {
    const auto file = load(R"({"a": null, "s": 1, "d": "Float8", "ok": "Float32", "l": [1]})");
    const auto root = file.root();
    const std::string prefix =
        "[msprobe] Api Accuracy Checker parse json failed: check_and_get_from_json_dict failed: ";
    CHECK(failure(root, "x", FieldType::Any) == prefix + "x field in api_info.json is missing");
    CHECK(failure(root, "a", FieldType::Any) == prefix + "a field in api_info.json is missing");
    CHECK(failure(root, "s", FieldType::StrInTuple) ==
          prefix + "s field in api_info.json is not accepted type: (<class 'str'>,)");
    CHECK(failure(root, "l", FieldType::Dict) ==
          prefix + "l field in api_info.json is not accepted type: <class 'dict'>");
    CHECK((failure(root, "d", FieldType::Str, {"Float16", "Float32"}) ==
          prefix + "d field in api_info.json is not accepted value: dict_keys(['Float16', 'Float32'])"));
    CHECK((failure(root, "ok", FieldType::Str, {"Float16", "Float32"}).empty()));
    CHECK(failure(root.member("l"), "k", FieldType::Any) == prefix + "input is not a dict");
    CHECK(accepted_type_text(FieldType::Number) == "(<class 'int'>, <class 'float'>)");
}
