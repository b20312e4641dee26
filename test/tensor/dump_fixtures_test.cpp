// Every tensor file of the real msprobe dumps under shared/fixtures/dumps,
// read and checked against the statistics msprobe recorded in dump.json.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;

namespace {

nlohmann::json load_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return parse_python_json(text.str());
}

// Tensor leaves of a dump.json: objects carrying a "data_name".
void collect_tensor_leaves(const nlohmann::json& node, std::vector<nlohmann::json>& leaves) {
    if (node.is_object() && node.contains("data_name") && node["data_name"].is_string()) {
        leaves.push_back(node);
        return;
    }
    if (node.is_structured()) {
        for (const auto& child : node) collect_tensor_leaves(child, leaves);
    }
}

}  // namespace

TEST_CASE("every tensor of msprobe's real dumps matches its recorded statistics", "[fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t files = 0;
    for (const auto& item : std::filesystem::recursive_directory_iterator(*fixtures / "dumps")) {
        if (item.path().filename() != "dump.json") continue;
        const auto folder = item.path().parent_path() / "dump_tensor_data";
        if (!std::filesystem::is_directory(folder)) continue;
        std::vector<nlohmann::json> leaves;
        collect_tensor_leaves(load_json(item.path())["data"], leaves);
        std::set<std::string> named;
        for (const auto& leaf : leaves) {
            const auto name = leaf["data_name"].get<std::string>();
            INFO((folder / name).string());
            named.insert(name);
            const TensorView view = read_tensor_file(folder / name);
            REQUIRE(std::string(torch_name(view.dtype)) == leaf["dtype"].get<std::string>());
            REQUIRE(view.shape == leaf["shape"].get<std::vector<std::int64_t>>());
            REQUIRE(view.is_contiguous());
            const auto values = to_double_vector(view);
            REQUIRE(values.size() == static_cast<std::size_t>(view.numel()));
            double max = -INFINITY, min = INFINITY, sum = 0, squares = 0;
            for (const double v : values) {
                max = std::max(max, v);
                min = std::min(min, v);
                sum += v;
                squares += v * v;
            }
            if (!values.empty()) {
                // Max and Min are elements, exact; Mean and Norm were accumulated in float32.
                REQUIRE(max == leaf["Max"].get<double>());
                REQUIRE(min == leaf["Min"].get<double>());
                const double mean = sum / static_cast<double>(values.size());
                const double norm = std::sqrt(squares);
                REQUIRE(mean == Approx(leaf["Mean"].get<double>()).margin(1e-6 * std::max(1.0, norm)));
                REQUIRE(norm == Approx(leaf["Norm"].get<double>()).epsilon(1e-5).margin(1e-30));
            }
            ++files;
        }
        // Every file of the folder is one of the recorded tensors.
        for (const auto& file : std::filesystem::directory_iterator(folder)) {
            REQUIRE(named.contains(file.path().filename().string()));
        }
    }
    REQUIRE(files == 1628);
}
