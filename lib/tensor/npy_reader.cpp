#include "tensor/npy_reader.hpp"

#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "common/log.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/little_endian.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/read_error.hpp"
#include "tensor/strided.hpp"
#include "tensor/stored_type.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::string_view kMagic("\x93NUMPY", 6);
constexpr std::size_t kMaxHeaderLength = 10000;  // numpy's own cap without allow_pickle
constexpr std::size_t kMaxDimensions = 64;

struct NpyHeader {
    std::string descr;
    bool fortran_order = false;
    std::vector<std::int64_t> shape;
};

// The header is a Python dict literal with exactly the keys descr,
// fortran_order and shape; this accepts what numpy's literal_eval accepts for
// those values (quotes of either kind, trailing commas, "3L" longs).
class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    NpyHeader parse() {
        NpyHeader header;
        bool seen_descr = false, seen_fortran = false, seen_shape = false;
        skip_spaces();
        expect('{');
        skip_spaces();
        while (!consume('}')) {
            const std::string key = quoted();
            skip_spaces();
            expect(':');
            skip_spaces();
            if (key == "descr") {
                mark_seen(seen_descr, key);
                if (peek() == '[' || peek() == '(') unsupported("structured dtype (a list of fields) is not supported");
                header.descr = quoted();
            } else if (key == "fortran_order") {
                mark_seen(seen_fortran, key);
                header.fortran_order = boolean();
            } else if (key == "shape") {
                mark_seen(seen_shape, key);
                header.shape = shape();
            } else {
                bad("unexpected key '" + key + "'");
            }
            skip_spaces();
            if (consume(',')) {
                skip_spaces();
            } else if (peek() != '}') {
                bad("expected ',' or '}'");
            }
        }
        if (!seen_descr || !seen_fortran || !seen_shape) bad("needs the keys 'descr', 'fortran_order' and 'shape'");
        for (; at_ < text_.size(); ++at_) {
            if (!is_space(text_[at_])) bad("text after the closing brace");
        }
        return header;
    }

private:
    static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    void skip_spaces() {
        while (at_ < text_.size() && is_space(text_[at_])) ++at_;
    }
    bool consume(char c) {
        if (peek() != c || at_ >= text_.size()) return false;
        ++at_;
        return true;
    }
    void expect(char c) {
        if (!consume(c)) bad(std::string("expected '") + c + "'");
    }
    void mark_seen(bool& seen, const std::string& key) {
        if (seen) bad("duplicate key '" + key + "'");
        seen = true;
    }

    std::string quoted() {
        const char quote = peek();
        if (quote != '\'' && quote != '"') bad("expected a quoted string");
        const auto end = text_.find(quote, at_ + 1);
        if (end == std::string_view::npos) bad("unterminated string");
        std::string value(text_.substr(at_ + 1, end - at_ - 1));
        if (value.find('\\') != std::string::npos) bad("escape sequences are not supported");
        at_ = end + 1;
        return value;
    }

    bool boolean() {
        for (const auto& [word, value] :
             {std::pair{std::string_view("True"), true}, std::pair{std::string_view("False"), false}}) {
            if (text_.substr(at_, word.size()) == word) {
                at_ += word.size();
                return value;
            }
        }
        bad("fortran_order must be True or False");
    }

    std::int64_t dimension() {
        if (peek() == '-') bad("negative dimension");
        if (peek() < '0' || peek() > '9') bad("expected a dimension");
        std::int64_t value = 0;
        while (peek() >= '0' && peek() <= '9') {
            const auto next = checked_mul(value, 10);
            const auto digit = next ? checked_add(*next, peek() - '0') : std::nullopt;
            if (!digit) bad("dimension does not fit in 64 bits");
            value = *digit;
            ++at_;
        }
        if (peek() == 'L' || peek() == 'l') ++at_;  // Python 2 long
        return value;
    }

    // "()", "(5,)", "(2, 3)", "(2,3,)"; "(5)" is an int, not a tuple.
    std::vector<std::int64_t> shape() {
        expect('(');
        skip_spaces();
        std::vector<std::int64_t> dims;
        while (!consume(')')) {
            if (dims.size() == kMaxDimensions) bad("more than " + std::to_string(kMaxDimensions) + " dimensions");
            dims.push_back(dimension());
            skip_spaces();
            if (consume(',')) {
                skip_spaces();
            } else if (peek() != ')' || dims.size() == 1) {
                bad("shape is not a tuple of integers");
            }
        }
        return dims;
    }

    [[noreturn]] void bad(const std::string& reason) const {
        fail(file_, ReadFailure::BadHeader, "npy header column " + std::to_string(at_) + ": " + reason);
    }
    [[noreturn]] void unsupported(const std::string& reason) const { fail(file_, ReadFailure::Unsupported, reason); }

    std::string_view text_;
    const std::string& file_;
    std::size_t at_ = 0;
};

struct Descr {
    StoredType type;
    ByteOrder order = ByteOrder::Little;
};

// "<f4", ">i8", "|b1", ...: byte order, kind, item size.
Descr parse_descr(const std::string& descr, const std::string& file) {
    std::string_view rest = descr;
    Descr result;
    if (!rest.empty() && (rest[0] == '<' || rest[0] == '>' || rest[0] == '|' || rest[0] == '=')) {
        if (rest[0] == '>') result.order = ByteOrder::Big;
        rest.remove_prefix(1);
    }
    const char kind = rest.empty() ? '\0' : rest[0];
    const std::string_view size = rest.empty() ? rest : rest.substr(1);
    const auto is = [&](char k, std::string_view s) { return kind == k && size == s; };
    const auto type = [&](DType dtype, Encoding encoding = Encoding::Native) {
        result.type = {dtype, encoding};
        return result;
    };
    if (is('f', "2")) return type(DType::Float16);
    if (is('f', "4")) return type(DType::Float32);
    if (is('f', "8")) return type(DType::Float64);
    if (is('i', "1")) return type(DType::Int8);
    if (is('i', "2")) return type(DType::Int16);
    if (is('i', "4")) return type(DType::Int32);
    if (is('i', "8")) return type(DType::Int64);
    if (is('u', "1")) return type(DType::UInt8);
    if (is('u', "2")) return type(DType::Int32, Encoding::UInt16);
    if (is('u', "4")) return type(DType::Int64, Encoding::UInt32);
    if (is('u', "8")) return type(DType::Float64, Encoding::UInt64);
    if (is('b', "1")) return type(DType::Bool);
    if (is('c', "8")) return type(DType::Complex64);
    if (is('c', "16")) return type(DType::Complex128);
    const std::string quoted = "'" + descr + "'";
    if (kind == 'O') fail(file, ReadFailure::Security, "object array (descr " + quoted + ") needs pickle; not loaded");
    if (kind == 'U' || kind == 'S' || kind == 'a')
        fail(file, ReadFailure::Unsupported, "non-numeric element type " + quoted + " (strings)");
    if (kind == 'V') fail(file, ReadFailure::Unsupported, "unknown element type " + quoted + " (raw void)");
    fail(file, ReadFailure::Unsupported, "unsupported element type " + quoted);
}

std::vector<std::int64_t> column_major_strides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size());
    std::int64_t step = 1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        strides[i] = step;
        step *= std::max<std::int64_t>(shape[i], 1);
    }
    return strides;
}

}  // namespace

TensorView read_npy(std::span<const std::byte> bytes, std::shared_ptr<const void> owner, const std::string& file) {
    if (bytes.size() < kMagic.size() + 2 || std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
        fail(file, ReadFailure::BadMagic, "not a .npy file (magic string \\x93NUMPY missing)");
    }
    const auto major = std::to_integer<int>(bytes[6]);
    const auto minor = std::to_integer<int>(bytes[7]);
    if (major < 1 || major > 3 || minor != 0) {
        fail(file, ReadFailure::Unsupported,
             "npy format version " + std::to_string(major) + "." + std::to_string(minor));
    }
    const std::size_t length_size = major == 1 ? 2 : 4;
    const std::size_t header_start = 8 + length_size;
    if (bytes.size() < header_start) fail(file, ReadFailure::BadHeader, "file ends inside the header length");
    const std::size_t header_length =
        major == 1 ? load_little_endian<std::uint16_t>(bytes, 8) : load_little_endian<std::uint32_t>(bytes, 8);
    if (header_length > kMaxHeaderLength) {
        fail(file, ReadFailure::BadHeader, "header of " + std::to_string(header_length) + " bytes, at most " +
                                               std::to_string(kMaxHeaderLength) + " are accepted");
    }
    if (header_length > bytes.size() - header_start) {
        fail(file, ReadFailure::BadHeader,
             "header of " + std::to_string(header_length) + " bytes runs past the end of the file");
    }
    const std::string_view text(reinterpret_cast<const char*>(bytes.data() + header_start), header_length);
    const NpyHeader header = HeaderParser(text, file).parse();
    const Descr descr = parse_descr(header.descr, file);

    const std::size_t data_start = header_start + header_length;
    const auto count = element_count(header.shape);
    const auto needed = count ? checked_mul(*count, static_cast<std::int64_t>(descr.type.stored_size())) : std::nullopt;
    if (!needed) fail(file, ReadFailure::BadHeader, "element count of the shape overflows 64 bits");
    const std::size_t available = bytes.size() - data_start;
    if (static_cast<std::uint64_t>(*needed) > available) {
        fail(file, ReadFailure::Truncated,
             std::to_string(available) + " data bytes, the shape and descr '" + header.descr + "' need " +
                 std::to_string(*needed));
    }
    if (static_cast<std::uint64_t>(*needed) < available) {
        log::warning(file + ": " + std::to_string(available - static_cast<std::size_t>(*needed)) +
                     " bytes after the array data; ignored");
    }
    const auto data = bytes.subspan(data_start, static_cast<std::size_t>(*needed));
    const HostElements elements = to_host_elements(data, descr.type, descr.order, std::move(owner));

    TensorView view;
    view.dtype = descr.type.dtype;
    view.shape = header.shape;
    view.strides = header.fortran_order ? column_major_strides(header.shape) : row_major_strides(header.shape);
    view.data = elements.data;
    view.owner = elements.owner;
    return view;
}

TensorView read_npy(const std::filesystem::path& file) {
    const auto mapped = MappedFile::open(file);
    return read_npy(mapped->bytes(), mapped, mapped->path());
}

}  // namespace msprobe::tensor
