#include "verl_config/python_literal.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace msprobe::verl_config {

namespace {

constexpr std::size_t kMaxNesting = 200;  // the tokenizer's limit on open brackets

struct Failure {
    std::string message;
};

enum class Dialect { Python, PythonSyntax, Json };

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

class Parser {
public:
    Parser(std::string_view text, Dialect dialect) : text_(text), dialect_(dialect) {}

    PyValue document() {
        skip_space();
        PyValue value = dialect_ == Dialect::Json ? json_value(0) : top_expression();
        skip_space();
        if (pos_ != text_.size()) fail(dialect_ == Dialect::Json ? "Extra data" : "invalid syntax");
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& message) const {
        throw Failure{message + " (at character " + std::to_string(pos_) + ")"};
    }

    bool at_end() const { return pos_ >= text_.size(); }
    char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }

    // Inside brackets Python ignores line breaks; comments run to the end of the line.
    void skip_space() {
        while (!at_end()) {
            const char c = text_[pos_];
            if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') {
                ++pos_;
            } else if (dialect_ != Dialect::Json && c == '#') {
                while (!at_end() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
            } else if (dialect_ != Dialect::Json && c == '\\' && (peek(1) == '\n' || peek(1) == '\r')) {
                pos_ += 2;
            } else {
                return;
            }
        }
    }

    bool take(char c) {
        skip_space();
        if (peek() == c) {
            ++pos_;
            return true;
        }
        return false;
    }

    // ------------------------------------------------------------ Python

    // "1, 2" at the top is a tuple.
    PyValue top_expression() {
        PyValue first = expression(0);
        skip_space();
        if (peek() != ',') return first;
        PyValue tuple;
        tuple.kind = PyValue::Kind::Tuple;
        tuple.items.push_back(std::move(first));
        while (take(',')) {
            skip_space();
            if (at_end()) break;
            tuple.items.push_back(expression(0));
        }
        return tuple;
    }

    // A signed number, a literal, a name (syntax check only), or a bracketed display;
    // then + or - of a complex number, which literal_eval allows and JSON cannot hold.
    PyValue expression(std::size_t depth) {
        if (depth > kMaxNesting) fail("too many nested parentheses");
        skip_space();
        const char c = peek();
        if (c == '+' || c == '-') {
            ++pos_;
            skip_space();
            const char next = peek();
            if (dialect_ == Dialect::PythonSyntax) return expression(depth + 1);
            if (!(is_digit(next) || (next == '.' && is_digit(peek(1)))))
                fail("malformed node or string: unary operator on a non-number");
            PyValue number = number_literal();
            if (c == '-') {
                if (number.kind == PyValue::Kind::Int) number.integer = -number.integer;
                if (number.kind == PyValue::Kind::Float) number.real = -number.real;
            }
            return number;
        }
        if (c == '(') return parenthesized(depth);
        if (c == '[') return sequence(depth, ']', PyValue::Kind::List);
        if (c == '{') return brace(depth);
        if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number_literal();
        if (c == '\'' || c == '"') return strings();
        if (is_name_start(c)) {
            const std::size_t start = pos_;
            while (!at_end() && is_name_char(text_[pos_])) ++pos_;
            const std::string_view name = text_.substr(start, pos_ - start);
            if ((peek() == '\'' || peek() == '"') && is_string_prefix(name)) {
                pos_ = start;
                return strings();
            }
            if (name == "None") return PyValue::none();
            if (name == "True") return PyValue::boolean(true);
            if (name == "False") return PyValue::boolean(false);
            if (dialect_ == Dialect::PythonSyntax) {
                while (take('.')) {  // dotted names
                    skip_space();
                    if (!is_name_start(peek())) fail("invalid syntax");
                    while (!at_end() && is_name_char(text_[pos_])) ++pos_;
                }
                return PyValue::none();
            }
            fail("malformed node or string: name " + std::string(name));
        }
        fail("invalid syntax");
    }

    static bool is_string_prefix(std::string_view name) {
        if (name.size() > 2) return false;
        std::string lower;
        for (const char c : name) lower += static_cast<char>(c | 0x20);
        return lower == "r" || lower == "u" || lower == "b" || lower == "br" || lower == "rb" || lower == "f" ||
               lower == "fr" || lower == "rf";
    }

    PyValue parenthesized(std::size_t depth) {
        ++pos_;
        skip_space();
        PyValue tuple;
        tuple.kind = PyValue::Kind::Tuple;
        if (take(')')) return tuple;
        PyValue first = expression(depth + 1);
        skip_space();
        if (take(')')) return first;
        tuple.items.push_back(std::move(first));
        while (take(',')) {
            if (take(')')) return tuple;
            tuple.items.push_back(expression(depth + 1));
        }
        if (!take(')')) fail("'(' was never closed");
        return tuple;
    }

    PyValue sequence(std::size_t depth, char close, PyValue::Kind kind) {
        ++pos_;
        PyValue list;
        list.kind = kind;
        if (take(close)) return list;
        while (true) {
            list.items.push_back(expression(depth + 1));
            if (take(close)) return list;
            if (!take(',')) fail("invalid syntax, perhaps a missing comma");
            if (take(close)) return list;
        }
    }

    PyValue brace(std::size_t depth) {
        ++pos_;
        PyValue dict = PyValue::dict();
        if (take('}')) return dict;
        PyValue first = expression(depth + 1);
        skip_space();
        if (peek() != ':') {  // a set display
            PyValue set;
            set.kind = PyValue::Kind::Set;
            set.items.push_back(std::move(first));
            while (take(',')) {
                if (take('}')) return set;
                set.items.push_back(expression(depth + 1));
            }
            if (!take('}')) fail("'{' was never closed");
            return set;
        }
        ++pos_;
        dict.set_item(std::move(first), expression(depth + 1));
        while (take(',')) {
            if (take('}')) return dict;
            PyValue key = expression(depth + 1);
            if (!take(':')) fail("':' expected after dictionary key");
            dict.set_item(std::move(key), expression(depth + 1));
        }
        if (!take('}')) fail("'{' was never closed");
        return dict;
    }

    std::string digits_of(bool (*accept)(char)) {
        std::string digits;
        while (!at_end() && (accept(text_[pos_]) || text_[pos_] == '_')) {
            if (text_[pos_] == '_') {
                if (!accept(peek(1))) fail("invalid decimal literal");
            } else {
                digits += text_[pos_];
            }
            ++pos_;
        }
        return digits;
    }

    static bool decimal(char c) { return is_digit(c); }
    static bool hexadecimal(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
    static bool octal(char c) { return c >= '0' && c <= '7'; }
    static bool binary(char c) { return c == '0' || c == '1'; }

    PyValue integer_of(const std::string& digits, int base) {
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
        if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
            fail("integer literal out of the supported range");
        }
        if (is_name_char(peek())) fail("invalid literal");
        return PyValue::number(value);
    }

    PyValue number_literal() {
        if (peek() == '0' && (peek(1) | 0x20) == 'x') {
            pos_ += 2;
            return integer_of(digits_of(hexadecimal), 16);
        }
        if (peek() == '0' && (peek(1) | 0x20) == 'o') {
            pos_ += 2;
            return integer_of(digits_of(octal), 8);
        }
        if (peek() == '0' && (peek(1) | 0x20) == 'b') {
            pos_ += 2;
            return integer_of(digits_of(binary), 2);
        }
        std::string number = digits_of(decimal);
        bool is_float = false;
        if (peek() == '.') {
            is_float = true;
            ++pos_;
            number += '.' + digits_of(decimal);
        }
        if ((peek() | 0x20) == 'e' &&
            (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
            is_float = true;
            number += 'e';
            ++pos_;
            if (peek() == '+' || peek() == '-') number += text_[pos_++];
            number += digits_of(decimal);
        }
        if ((peek() | 0x20) == 'j') fail("malformed node or string: complex numbers cannot be written as JSON");
        if (is_name_char(peek())) fail("invalid decimal literal");
        if (is_float) return PyValue::floating(std::strtod(number.c_str(), nullptr));
        if (number.size() > 1 && number.front() == '0' && number.find_first_not_of('0') != std::string::npos) {
            fail("leading zeros in decimal integer literals are not permitted");
        }
        return integer_of(number, 10);
    }

    // One or more adjacent string literals, concatenated.
    PyValue strings() {
        PyValue result;
        bool first = true;
        while (true) {
            skip_space();
            std::size_t start = pos_;
            while (!at_end() && is_name_char(text_[pos_])) ++pos_;
            const std::string_view prefix = text_.substr(start, pos_ - start);
            if (!(peek() == '\'' || peek() == '"') || (!prefix.empty() && !is_string_prefix(prefix))) {
                pos_ = start;
                if (first) fail("invalid syntax");
                return result;
            }
            bool raw = false;
            bool bytes = false;
            bool formatted = false;
            for (const char c : prefix) {
                raw = raw || (c | 0x20) == 'r';
                bytes = bytes || (c | 0x20) == 'b';
                formatted = formatted || (c | 0x20) == 'f';
            }
            std::string value = string_body(raw, bytes);
            if (formatted && dialect_ != Dialect::PythonSyntax) fail("malformed node or string: f-string");
            const auto kind = bytes ? PyValue::Kind::Bytes : PyValue::Kind::Str;
            if (first) {
                result.kind = kind;
            } else if (result.kind != kind) {
                fail("cannot mix bytes and nonbytes literals");
            }
            result.text += value;
            first = false;
        }
    }

    std::string string_body(bool raw, bool bytes) {
        const char quote = text_[pos_];
        const bool triple = peek(1) == quote && peek(2) == quote;
        pos_ += triple ? 3 : 1;
        std::string value;
        while (true) {
            if (at_end()) fail("unterminated string literal");
            const char c = text_[pos_];
            if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
                pos_ += triple ? 3 : 1;
                return value;
            }
            if ((c == '\n' || c == '\r') && !triple) fail("unterminated string literal");
            if (c != '\\') {
                if (bytes && static_cast<unsigned char>(c) >= 0x80)
                    fail("bytes can only contain ASCII literal characters");
                value += c;
                ++pos_;
                continue;
            }
            if (pos_ + 1 >= text_.size()) fail("unterminated string literal");
            const char e = text_[pos_ + 1];
            if (raw) {
                value += c;
                value += e;
                pos_ += 2;
                continue;
            }
            pos_ += 2;
            switch (e) {
                case '\n': break;
                case '\\': value += '\\'; break;
                case '\'': value += '\''; break;
                case '"': value += '"'; break;
                case 'a': value += '\a'; break;
                case 'b': value += '\b'; break;
                case 'f': value += '\f'; break;
                case 'n': value += '\n'; break;
                case 'r': value += '\r'; break;
                case 't': value += '\t'; break;
                case 'v': value += '\v'; break;
                case 'x': value += code_unit(hex_code(2), bytes); break;
                case 'u':
                case 'U':
                    if (bytes) {
                        value += '\\';
                        value += e;
                    } else {
                        append_utf8(value, hex_code(e == 'u' ? 4 : 8));
                    }
                    break;
                default:
                    if (octal(e)) {
                        std::uint32_t code = static_cast<std::uint32_t>(e - '0');
                        for (int i = 0; i < 2 && octal(peek()); ++i)
                            code = code * 8 + static_cast<std::uint32_t>(text_[pos_++] - '0');
                        value += code_unit(code, bytes);
                    } else {
                        value += '\\';  // unknown escapes stay as written
                        value += e;
                    }
            }
        }
    }

    std::string code_unit(std::uint32_t code, bool bytes) {
        std::string out;
        if (bytes) {
            out += static_cast<char>(code & 0xFF);
        } else {
            append_utf8(out, code);
        }
        return out;
    }

    std::uint32_t hex_code(int count) {
        std::uint32_t code = 0;
        for (int i = 0; i < count; ++i) {
            const char c = peek();
            if (!hexadecimal(c)) fail("truncated escape");
            code = code * 16 + static_cast<std::uint32_t>(is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
            ++pos_;
        }
        if (code > 0x10FFFF) fail("illegal Unicode character");
        return code;
    }

    // ------------------------------------------------------------ JSON

    PyValue json_value(std::size_t depth) {
        if (depth > kMaxNesting) fail("too deeply nested");
        skip_space();
        const char c = peek();
        if (c == '{') {
            ++pos_;
            PyValue dict = PyValue::dict();
            if (take('}')) return dict;
            while (true) {
                skip_space();
                if (peek() != '"') fail("Expecting property name enclosed in double quotes");
                PyValue key = PyValue::string(json_string());
                if (!take(':')) fail("Expecting ':' delimiter");
                dict.set_item(std::move(key), json_value(depth + 1));
                if (take('}')) return dict;
                if (!take(',')) fail("Expecting ',' delimiter");
            }
        }
        if (c == '[') {
            ++pos_;
            PyValue list;
            list.kind = PyValue::Kind::List;
            if (take(']')) return list;
            while (true) {
                list.items.push_back(json_value(depth + 1));
                if (take(']')) return list;
                if (!take(',')) fail("Expecting ',' delimiter");
            }
        }
        if (c == '"') return PyValue::string(json_string());
        const auto word = [&](std::string_view w) {
            if (text_.substr(pos_, w.size()) != w) return false;
            pos_ += w.size();
            return true;
        };
        if (word("null")) return PyValue::none();
        if (word("true")) return PyValue::boolean(true);
        if (word("false")) return PyValue::boolean(false);
        if (word("NaN")) return PyValue::floating(std::nan(""));
        if (word("Infinity")) return PyValue::floating(HUGE_VAL);
        if (word("-Infinity")) return PyValue::floating(-HUGE_VAL);
        return json_number();
    }

    std::string json_string() {
        ++pos_;
        std::string value;
        while (true) {
            if (at_end()) fail("Unterminated string starting at");
            const char c = text_[pos_++];
            if (c == '"') return value;
            if (static_cast<unsigned char>(c) < 0x20) fail("Invalid control character at");
            if (c != '\\') {
                value += c;
                continue;
            }
            const char e = peek();
            ++pos_;
            switch (e) {
                case '"': value += '"'; break;
                case '\\': value += '\\'; break;
                case '/': value += '/'; break;
                case 'b': value += '\b'; break;
                case 'f': value += '\f'; break;
                case 'n': value += '\n'; break;
                case 'r': value += '\r'; break;
                case 't': value += '\t'; break;
                case 'u': {
                    std::uint32_t code = hex_code(4);
                    if (code >= 0xD800 && code < 0xDC00 && peek() == '\\' && peek(1) == 'u') {
                        const std::size_t back = pos_;
                        pos_ += 2;
                        const std::uint32_t low = hex_code(4);
                        if (low >= 0xDC00 && low < 0xE000) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                        } else {
                            pos_ = back;
                        }
                    }
                    append_utf8(value, code);
                    break;
                }
                default: fail("Invalid \\escape");
            }
        }
    }

    PyValue json_number() {
        const std::size_t start = pos_;
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (is_digit(peek())) {
            while (is_digit(peek())) ++pos_;
        } else {
            pos_ = start;
            fail("Expecting value");
        }
        bool is_float = false;
        if (peek() == '.' && is_digit(peek(1))) {
            is_float = true;
            ++pos_;
            while (is_digit(peek())) ++pos_;
        }
        if ((peek() | 0x20) == 'e' &&
            (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
            is_float = true;
            pos_ += 2;
            while (is_digit(peek())) ++pos_;
        }
        const std::string number(text_.substr(start, pos_ - start));
        if (is_float) return PyValue::floating(std::strtod(number.c_str(), nullptr));
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (error != std::errc() || end != number.data() + number.size()) fail("integer out of the supported range");
        return PyValue::number(value);
    }

    std::string_view text_;
    Dialect dialect_;
    std::size_t pos_ = 0;
};

std::optional<PyValue> run(std::string_view text, Dialect dialect, LiteralError* error) {
    try {
        return Parser(text, dialect).document();
    } catch (const Failure& failure) {
        if (error != nullptr) error->message = failure.message;
        return std::nullopt;
    }
}

}  // namespace

std::optional<PyValue> parse_python_literal(std::string_view text, LiteralError* error) {
    return run(text, Dialect::Python, error);
}

std::optional<PyValue> parse_json_text(std::string_view text, LiteralError* error) {
    return run(text, Dialect::Json, error);
}

bool is_python_expression(std::string_view text) { return run(text, Dialect::PythonSyntax, nullptr).has_value(); }

}  // namespace msprobe::verl_config
