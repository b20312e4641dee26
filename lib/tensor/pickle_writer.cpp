#include "tensor/pickle_writer.hpp"

#include <bit>

namespace msprobe::tensor {

namespace {

// pickle.encode_long: shortest little-endian two's complement.
std::string encode_long(std::int64_t value) {
    std::string bytes;
    for (int i = 0; i < 8; ++i)
        bytes.push_back(static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
    const auto top_bit = [&](std::size_t i) { return (static_cast<unsigned char>(bytes[i]) & 0x80) != 0; };
    const char fill = value < 0 ? '\xff' : '\0';
    while (bytes.size() > 1 && bytes.back() == fill && top_bit(bytes.size() - 2) == (value < 0)) bytes.pop_back();
    return bytes;
}

}  // namespace

void PickleWriter::global(const std::string& module, const std::string& name) {
    out_ += 'c' + module + '\n' + name + '\n';
    memoize();
}

void PickleWriter::text(const std::string& value) {
    out_ += 'X';
    put_le(static_cast<std::uint32_t>(value.size()), 4);
    out_ += value;
    memoize();
}

void PickleWriter::integer(std::int64_t value) {
    if (value >= 0 && value <= 0xFF) {
        out_ += 'K';
        out_.push_back(static_cast<char>(value));
    } else if (value >= 0 && value <= 0xFFFF) {
        out_ += 'M';
        put_le(static_cast<std::uint64_t>(value), 2);
    } else if (value >= -0x80000000LL && value <= 0x7FFFFFFFLL) {
        out_ += 'J';
        put_le(static_cast<std::uint64_t>(value), 4);
    } else {
        out_ += '\x8a';
        const std::string encoded = encode_long(value);
        out_.push_back(static_cast<char>(encoded.size()));
        out_ += encoded;
    }
}

void PickleWriter::real(double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    out_ += 'G';
    for (int i = 7; i >= 0; --i) out_.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

void PickleWriter::tuple_since_mark() {
    out_ += 't';
    memoize();
}

void PickleWriter::int_tuple(const std::vector<std::int64_t>& values) {
    if (values.empty()) {
        out_ += ')';
        return;
    }
    if (values.size() > 3) mark();
    for (const auto value : values) integer(value);
    if (values.size() > 3) {
        tuple_since_mark();
        return;
    }
    out_.push_back(static_cast<char>(0x85 + values.size() - 1));
    memoize();
}

void PickleWriter::empty_dict() {
    out_ += '}';
    memoize();
}

void PickleWriter::empty_list() {
    out_ += ']';
    memoize();
}

void PickleWriter::reduce() {
    out_ += 'R';
    memoize();
}

void PickleWriter::new_object() {
    out_ += '\x81';
    memoize();
}

void PickleWriter::put_le(std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out_.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

void PickleWriter::memoize() {
    if (memo_ < 256) {
        out_ += 'q';
        out_.push_back(static_cast<char>(memo_));
    } else {
        out_ += 'r';
        put_le(memo_, 4);
    }
    ++memo_;
}

}  // namespace msprobe::tensor
