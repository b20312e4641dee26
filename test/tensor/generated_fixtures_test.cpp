// Every sample under shared/fixtures/generated, read and checked value by
// value against the manifest written when torch and numpy made them.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;

namespace {

nlohmann::json load_manifest(const std::filesystem::path& fixtures) {
    std::ifstream in(fixtures / "generated" / "manifest.json");
    std::ostringstream text;
    text << in.rdbuf();
    return parse_python_json(text.str());
}

// A manifest value: a number, a bool, "nan"/"inf"/"-inf", or [re, im].
void append_expected(const nlohmann::json& value, std::vector<double>& out) {
    if (value.is_array()) {
        for (const auto& part : value) append_expected(part, out);
    } else if (value.is_boolean()) {
        out.push_back(value.get<bool>() ? 1 : 0);
    } else if (value.is_string()) {
        out.push_back(std::stod(value.get<std::string>()));  // "nan", "inf", "-inf"
    } else {
        out.push_back(value.get<double>());
    }
}

bool same_values(const std::vector<double>& actual, const std::vector<double>& expected) {
    if (actual.size() != expected.size()) return false;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const bool both_nan = std::isnan(actual[i]) && std::isnan(expected[i]);
        if (!both_nan && actual[i] != expected[i]) return false;
    }
    return true;
}

DType dtype_of_descr(const std::string& descr) {
    static const std::pair<const char*, DType> table[] = {
        {"f2", DType::Float16}, {"f4", DType::Float32}, {"f8", DType::Float64}, {"i8", DType::Int64},
        {"b1", DType::Bool},    {"u1", DType::UInt8},   {"c8", DType::Complex64}};
    for (const auto& [suffix, dtype] : table) {
        if (descr.substr(1) == suffix) return dtype;
    }
    throw std::invalid_argument(descr);
}

}  // namespace

TEST_CASE("every generated .pt and .npy sample reads as its manifest says", "[fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto manifest = load_manifest(*fixtures);
    std::set<std::string> checked;
    int accepted = 0, rejected = 0;
    for (const auto& [name, entry] : manifest["files"].items()) {
        if (!name.starts_with("pt/") && !name.starts_with("npy/")) continue;
        INFO(name);
        checked.insert(name);
        const auto path = *fixtures / "generated" / name;
        const bool must_fail = entry.contains("expect") || name == "npy/unicode_U2.npy";
        if (must_fail) {
            REQUIRE_THROWS_AS(read_tensor_file(path), Error);
            REQUIRE_THROWS_WITH(read_tensor_file(path), Contains(path.string() + ": E_"));
            ++rejected;
            continue;
        }
        const TensorView view = read_tensor_file(path);
        const auto shape = entry["shape"].get<std::vector<std::int64_t>>();
        REQUIRE(view.shape == shape);
        if (name.starts_with("pt/")) {
            const auto dtype = entry["dtype"].get<std::string>();
            // float8 has no TensorView dtype: widened to float32.
            REQUIRE(std::string(torch_name(view.dtype)) ==
                    (dtype.starts_with("torch.float8") ? "torch.float32" : dtype));
            REQUIRE(view.strides == entry["stride"].get<std::vector<std::int64_t>>());
        } else {
            REQUIRE(view.dtype == dtype_of_descr(entry["descr"].get<std::string>()));
        }
        std::vector<double> expected;
        append_expected(entry["values_row_major"], expected);
        const auto actual = to_double_vector(view);
        REQUIRE(actual.size() == expected.size());
        REQUIRE(same_values(actual, expected));
        ++accepted;
    }
    // Nothing in the sample folders escapes the manifest.
    for (const char* folder : {"pt", "npy"}) {
        for (const auto& item : std::filesystem::directory_iterator(*fixtures / "generated" / folder)) {
            REQUIRE(checked.contains(std::string(folder) + "/" + item.path().filename().string()));
        }
    }
    REQUIRE(accepted == 37);
    REQUIRE(rejected == 12);
}

TEST_CASE("the rejected generated samples fail for their stated reason", "[fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto sample = [&](const char* name) { return *fixtures / "generated" / name; };
    REQUIRE_THROWS_WITH(
        read_tensor_file(sample("pt/reject_forbidden_global.pt")),
        Contains("E_SECURITY: reject_forbidden_global/data.pkl byte 2: global os.system is not allowed"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/reject_legacy_format.pt")),
                        Contains("E_UNSUPPORTED: legacy torch serialization"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/reject_list_of_tensors.pt")),
                        Contains("E_SCHEMA: not a single tensor") && Contains("holds a list"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/reject_path_traversal.pt")),
                        Contains("E_SECURITY") && Contains("'x/../../evil'"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/reject_short_storage.pt")),
                        Contains("E_CORRUPT: record 'reject_short_storage/data/0' has 10 bytes, tensor needs 24"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/reject_truncated.pt")),
                        Contains("E_TRUNCATED: no ZIP end-of-central-directory record"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("pt/deflated_f32_2x3.pt")),
                        Contains("E_UNSUPPORTED: entry 'deflated_f32_2x3/data.pkl' is compressed (method 8)"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("npy/reject_object.npy")), Contains("E_SECURITY: object array"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("npy/reject_truncated_data.npy")),
                        Contains("E_TRUNCATED: 20 data bytes") && Contains("need 24"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("npy/reject_bad_magic.npy")), Contains("E_BAD_MAGIC"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("npy/reject_huge_shape.npy")),
                        Contains("E_BAD_HEADER: element count of the shape overflows"));
    REQUIRE_THROWS_WITH(read_tensor_file(sample("npy/unicode_U2.npy")),
                        Contains("E_UNSUPPORTED: non-numeric element type '<U2'"));
}
