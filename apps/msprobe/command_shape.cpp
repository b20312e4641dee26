#include "command_shape.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "subcommand.hpp"

namespace msprobe::cli {

Shape shape_of(const std::vector<std::string>& args, std::span<const Subcommand> table) {
    if (args.empty()) return Shape::April;
    const bool august = std::any_of(table.begin(), table.end(), [&](const Subcommand& sub) {
        return sub.shape == Shape::August && args.front() == sub.name;
    });
    return august ? Shape::August : Shape::April;
}

int run_error_exit_code(ExitCodes codes, int code) {
    return codes == ExitCodes::August && code == kExitBadInput ? static_cast<int>(kExitComparisonFailed) : code;
}

}  // namespace msprobe::cli
