// verl training logs: the config filter (prefix split, line classification, bracket blocks), the JSON and
// Python literal readers behind it, and json.dump of what they read.
#include "common/python_json_writer.hpp"
#include "fuzz_file.hpp"
#include "verl_config/python_literal.hpp"
#include "verl_config/verl_log_filter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto config = verl_config::filter_config(text);
        py::JsonWriter json(2);
        verl_config::write_json(json, config);
        (void)verl_config::python_repr(config);
    } catch (const verl_config::LogFilterError&) {  // the log holds no readable config: refused
    } catch (const std::invalid_argument&) {        // a value JSON cannot hold (a set, bytes)
    }
    (void)verl_config::parse_python_literal(text);
    (void)verl_config::parse_json_text(text);
    (void)verl_config::is_python_expression(text);
    return 0;
}
