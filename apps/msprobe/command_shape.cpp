#include "command_shape.hpp"

#include <algorithm>

#include "common/error.hpp"

namespace msprobe::cli {

const std::vector<std::string>& august_subcommand_names() {
    static const std::vector<std::string> names = {
        "compare",     "acc_check", "multi_acc_check", "merge_result", "overflow_check", "config_check",
        "api_precision_compare", "graph_visualize", "data2db", "parse", "offline_dump", "install_deps"};
    return names;
}

Shape shape_of(const std::vector<std::string>& args) {
    if (args.empty()) return Shape::April;
    const auto& names = august_subcommand_names();
    return std::find(names.begin(), names.end(), args.front()) != names.end() ? Shape::August : Shape::April;
}

int run_error_exit_code(ExitCodes codes, int code) {
    return codes == ExitCodes::August && code == kExitBadInput ? static_cast<int>(kExitComparisonFailed) : code;
}

}  // namespace msprobe::cli
