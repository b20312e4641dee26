#include "config_check/json_cell.hpp"

#include "dump/python_value.hpp"

namespace msprobe::config_check {

report::Cell json_cell(dump::JsonView value) {
    if (!value || value.is_null()) return {};
    if (value.is_bool()) return report::Cell::boolean(*value.boolean());
    if (value.is_number()) return report::Cell(*value.number());
    if (value.is_string()) return report::Cell(value.text());
    return report::Cell(dump::python_str(value));
}

}  // namespace msprobe::config_check
