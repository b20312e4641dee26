#include "report/csv_formula_guard.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "common/python_text.hpp"

namespace msprobe::report {

namespace {

constexpr std::array<char, 6> kFormulaStarts = {'=', '+', '-', '@', '\t', '\r'};

bool equals_ignoring_case(std::string_view text, std::string_view lower) {
    return text.size() == lower.size() && std::equal(text.begin(), text.end(), lower.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Consumes the digits at the front of `text`; returns how many there were.
std::size_t take_digits(std::string_view& text) {
    std::size_t n = 0;
    while (n < text.size() && is_digit(text[n])) ++n;
    text.remove_prefix(n);
    return n;
}

bool is_decimal(std::string_view text) {
    const std::size_t whole = take_digits(text);
    std::size_t fraction = 0;
    if (!text.empty() && text.front() == '.') {
        text.remove_prefix(1);
        fraction = take_digits(text);
    }
    if (whole == 0 && fraction == 0) return false;
    if (text.empty()) return true;
    if (text.front() != 'e' && text.front() != 'E') return false;
    text.remove_prefix(1);
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) text.remove_prefix(1);
    return take_digits(text) > 0 && text.empty();
}

}  // namespace

bool is_number_text(std::string_view text) {
    if (!text.empty() && text.back() == '\t') text.remove_suffix(1);
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) text.remove_prefix(1);
    return is_decimal(text) || equals_ignoring_case(text, "inf") || equals_ignoring_case(text, "infinity") ||
           equals_ignoring_case(text, "nan");
}

bool needs_formula_guard(std::string_view text) {
    const std::size_t quotes = std::min(text.find_first_not_of('\''), text.size());
    text.remove_prefix(quotes);
    if (text.empty() || std::find(kFormulaStarts.begin(), kFormulaStarts.end(), text.front()) == kFormulaStarts.end()) {
        return false;
    }
    return !is_number_text(text);
}

std::string_view without_formula_guard(std::string_view field) {
    if (!field.empty() && field.front() == '\'' && needs_formula_guard(field.substr(1))) field.remove_prefix(1);
    return field;
}

void take_off_formula_guard(std::string& field) {
    if (without_formula_guard(field).size() != field.size()) field.erase(0, 1);
}

}  // namespace msprobe::report

namespace msprobe::report {

namespace {

// FileCheckConst.CSV_BLACK_LIST's characters: + - = % @ and ＋ － ＝ ％ ＠ (U+FF0B, U+FF0D, U+FF1D, U+FF05, U+FF20).
bool starts_with_formula_sign(std::string_view text) {
    if (text.empty()) return false;
    if (text[0] == '+' || text[0] == '-' || text[0] == '=' || text[0] == '%' || text[0] == '@') return true;
    for (const std::string_view wide :
         {"\xef\xbc\x8b", "\xef\xbc\x8d", "\xef\xbc\x9d", "\xef\xbc\x85", "\xef\xbc\xa0"}) {
        if (text.starts_with(wide)) return true;
    }
    return false;
}

}  // namespace

bool is_refused_formula_text(std::string_view text) {
    bool all_numbers = true;
    std::size_t start = 0;
    while (all_numbers) {
        const std::size_t end = text.find(';', start);
        const std::string_view part =
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        all_numbers = py::parse_float(part).has_value();
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    if (all_numbers) return false;
    if (starts_with_formula_sign(text)) return true;
    for (std::size_t at = text.find(';'); at != std::string_view::npos; at = text.find(';', at + 1)) {
        if (starts_with_formula_sign(text.substr(at + 1))) return true;
    }
    return false;
}

}  // namespace msprobe::report
