#pragma once
// msprobe's own spellings, made digestible for CLI11: single-dash multi-letter
// flags (-hl, -am, -api_info, ...) are rewritten to their long forms before
// parsing, so users' scripts run unchanged.
#include <string>
#include <unordered_map>
#include <vector>

namespace msprobe::cli {

// Rewrites argv tokens listed in `aliases` ("-hl" → "--highlight"); a token
// "-x=value" keeps its value. Everything else passes through.
std::vector<std::string> expand_single_dash_flags(const std::vector<std::string>& args,
                                                  const std::unordered_map<std::string, std::string>& aliases);

}  // namespace msprobe::cli
