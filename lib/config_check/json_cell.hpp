#pragma once
// A value read from a pack's JSON as pandas and openpyxl put it into a cell: a string as text, a bool as a
// boolean, a number as a number, None as an empty cell. A list or an object, which openpyxl cannot store (msprobe
// stops with "Save excel file ... failed."), becomes Python's str() of it.
#include "dump/json_view.hpp"
#include "report/cell.hpp"

namespace msprobe::config_check {

report::Cell json_cell(dump::JsonView value);

}  // namespace msprobe::config_check
