#include "report/cell_text.hpp"

#include <cmath>
#include <charconv>

namespace msprobe::report {

namespace {
std::string non_finite_text(double v) {
    if (std::isnan(v)) return "nan";
    return v > 0 ? "inf" : "-inf";
}
}  // namespace

Cell rendered_cell(const Cell& cell, CellRendering rendering) {
    if (rendering == CellRendering::Plain) {
        if (cell.is_number() && !std::isfinite(cell.number())) {
            if (std::isnan(cell.number())) return Cell();
            return Cell(non_finite_text(cell.number()));
        }
        return cell;
    }
    if (cell.is_bool()) return Cell(cell.boolean_value() ? "True" : "False");
    if (cell.is_number() && !std::isfinite(cell.number())) return Cell(non_finite_text(cell.number()) + "\t");
    if (cell.is_text() && (cell.text() == "inf" || cell.text() == "-inf" || cell.text() == "nan")) {
        return Cell(std::string(cell.text()) + "\t");
    }
    return cell;
}

std::string number_text(double value) {
    // Same text as printf("%.16g"), which to_chars is specified to reproduce, at a fraction of the cost.
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 16);
    return std::string(buf, result.ptr);
}

}  // namespace msprobe::report
