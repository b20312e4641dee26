#include "command_line.hpp"

namespace msprobe::cli {

std::vector<std::string> expand_single_dash_flags(const std::vector<std::string>& args,
                                                  const std::unordered_map<std::string, std::string>& aliases) {
    std::vector<std::string> out;
    out.reserve(args.size());
    for (const auto& arg : args) {
        const auto eq = arg.find('=');
        const std::string flag = arg.substr(0, eq);
        auto it = aliases.find(flag);
        if (it == aliases.end()) {
            out.push_back(arg);
        } else {
            out.push_back(eq == std::string::npos ? it->second : it->second + arg.substr(eq));
        }
    }
    return out;
}

}  // namespace msprobe::cli
