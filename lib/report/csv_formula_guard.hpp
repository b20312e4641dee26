#pragma once
// CSV cells a spreadsheet would run as formulas (OWASP's "CSV injection"): a
// text that starts with = + - @ TAB or CR is written behind a single quote,
// which a spreadsheet takes as "this cell is text" and does not show. Numbers
// as the writers render them ("-1.5", "-1e-05", "-inf") are left as they are.
#include <cstdint>
#include <string>
#include <string_view>

namespace msprobe::report {

// What a CSV writer does with a text a spreadsheet would read as a formula.
enum class FormulaCells : std::uint8_t {
    Guarded,   // behind a single quote
    Verbatim,  // as msprobe writes them (--strict_compat), and every number cell
};

// A command's choice: msprobe's bytes under --strict_compat, else guarded.
constexpr FormulaCells formula_cells(bool strict_compat) {
    return strict_compat ? FormulaCells::Verbatim : FormulaCells::Guarded;
}

// A number as our writers and msprobe's render one: an optional sign, then
// digits with an optional point and exponent ("-1.5", "-3", "+2", "-1e-05",
// "-5.", "-.5") or inf, infinity or nan in any case; at most one TAB after it
// (msprobe's highlighted non-finite cells). Not hex, a decimal comma, "-nan(ind)".
bool is_number_text(std::string_view text);

// Whether a writer puts a quote before `text`: the text after its leading
// quotes starts with = + - @ TAB or CR and is not a number. A text such as
// "'=x" gets a quote too, so a reader that takes one quote off gets back
// every text exactly (without_formula_guard).
bool needs_formula_guard(std::string_view text);

// A field as read back: the quote a guarding writer put before it taken off.
std::string_view without_formula_guard(std::string_view field);
// The same, in place.
void take_off_formula_guard(std::string& field);

}  // namespace msprobe::report

namespace msprobe::report {

// msprobe's check_value_is_valid, which its check_df_malicious applies to every text of a book before writing it
// (and refuses the whole book for one): a text is refused when one of its ';'-separated parts is not a number to
// Python's float() and the text starts with, or has after a ';', one of + - = % @ or their full-width forms.
bool is_refused_formula_text(std::string_view text);

}  // namespace msprobe::report
