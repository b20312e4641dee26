#include "compare/statistic_diff.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "common/python_text.hpp"
#include "common/pandas_number_parser.hpp"
#include "compare/row_cells.hpp"

namespace msprobe::compare {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

bool names_device(const std::string& lowered) {
    return lowered.find("npu") != std::string::npos || lowered.find("cpu") != std::string::npos ||
           lowered.find("cuda") != std::string::npos;
}

// How msprobe sorts a value before picking the cell; the first class that fits wins.
enum class ValueClass { Nan, Inf, NegInf, Number, Device, NotApplicable, Other };

ValueClass classify(const std::string& text, std::optional<double>& number) {
    const std::string lowered = lower(text);
    if (lowered == "nan") return ValueClass::Nan;
    if (text == "inf") return ValueClass::Inf;
    if (text == "-inf") return ValueClass::NegInf;
    if (text != "True" && text != "False") {
        number = py::pandas_parsed_number(text);
        if (number) return ValueClass::Number;
    }
    if (names_device(lowered)) return ValueClass::Device;
    if (text == kNotApplicable) return ValueClass::NotApplicable;
    return ValueClass::Other;
}

// The placeholder for two unequal values that are not both numbers.
const char* placeholder(ValueClass n, ValueClass b) {
    using C = ValueClass;
    if (n == C::NotApplicable || b == C::NotApplicable) return kNotApplicable;
    if (n == C::Device && b == C::Device) return kNotApplicable;
    if (n == C::Device || b == C::Device || n == C::Other || b == C::Other) return "Diff";
    if (n == C::Nan || b == C::Nan) return "Nan";
    if (n == b) return kNotApplicable;  // inf against inf (cannot occur: equal texts come out "0")
    if (n == C::Number) return b == C::Inf ? "-inf" : "inf";
    return n == C::Inf ? "inf" : "-inf";
}

}  // namespace

std::string statistic_text(const dump::StatValue& value) {
    using Kind = dump::StatValue::Kind;
    switch (value.kind) {
        case Kind::Null: return "None";
        case Kind::Bool: return value.boolean ? "True" : "False";
        case Kind::Text: return std::string(stat_cell(value).text());
        case Kind::Number:
            if (std::isnan(value.number)) return "Nan";
            if (value.integer) return fmt::format("{}", static_cast<long long>(value.number));
            return py::float_repr(value.number);
    }
    return "None";
}

StatisticDiff statistic_diff(const dump::StatValue& npu, const dump::StatValue* bench) {
    const std::string n = statistic_text(npu);
    const std::string b = bench ? statistic_text(*bench) : kNotApplicable;
    if (n == b) return {"0", "0"};
    std::optional<double> n_number, b_number;
    const ValueClass n_class = classify(n, n_number);
    const ValueClass b_class = classify(b, b_number);
    if (n_class == ValueClass::Number && b_class == ValueClass::Number) {
        const double d = *n_number - *b_number;
        const std::string relative =
            *b_number == 0 ? std::string("inf") : py::float_repr(std::fabs(d / *b_number * 100)) + "%";
        return {py::float_repr(d), relative};
    }
    const char* text = placeholder(n_class, b_class);
    return {text, text};
}

}  // namespace msprobe::compare
