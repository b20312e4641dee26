#pragma once
// The configuration a verl training run prints at its start (the dict that
// begins with 'actor_rollout_ref'), found in the run's log and read back as
// msprobe's verl_log_filter does: the last such print, every line after the
// log prefix the first line shows, the lines that continue the dict kept, the
// text read as JSON or else as a Python literal.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "verl_config/python_value.hpp"

namespace msprobe::verl_config {

// What the filter cannot read: msprobe's reason, without the file.
class LogFilterError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The lines of the printed dict (extract_dict). `warnings` receives the note
// that a log with several prints gives the last one.
std::vector<std::string> extract_config_lines(std::string_view log_text, std::vector<std::string>* warnings = nullptr);

// The printed config as a value (verl_filter_config_info before it saves it).
PyValue filter_config(std::string_view log_text, std::vector<std::string>* warnings = nullptr);

}  // namespace msprobe::verl_config
