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

const std::unordered_map<std::string, std::string>& single_dash_aliases() {
    static const std::unordered_map<std::string, std::string> aliases = {
        {"-hl", "--highlight"},      {"-am", "--api_mapping"},     {"-cm", "--cell_mapping"},
        {"-dm", "--data_mapping"},   {"-lm", "--layer_mapping"},   {"-da", "--diff_analyze"},
        {"-config", "--config"},     {"-api_info", "--api_info"},  {"-save_error_data", "--save_error_data"},
        {"-csv_path", "--csv_path"},         {"-npu", "--npu_csv_path"},   {"-gpu", "--gpu_csv_path"},
        {"-forward", "--forward_input_file"}, {"-backward", "--backward_input_file"},
    };
    return aliases;
}

}  // namespace msprobe::cli
