#pragma once
// The pickle protocol 2 constructs torch.save emits, each memoized the way
// Python's pickler does it: enough for a tensor's data.pkl and for a
// checkpoint's dict of state dicts, numbers, strings and plain objects.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace msprobe::testing {

class PickleWriter {
public:
    PickleWriter() { out_ += "\x80\x02"; }

    void global(const std::string& module, const std::string& name) {
        out_ += 'c' + module + '\n' + name + '\n';
        memoize();
    }
    void text(const std::string& value) {
        out_ += 'X';
        put_le(static_cast<std::uint32_t>(value.size()), 4);
        out_ += value;
        memoize();
    }
    // pickle.py save_long for protocol 2.
    void integer(std::int64_t value) {
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
    // BINFLOAT: big-endian IEEE double.
    void real(double value) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        out_ += 'G';
        for (int i = 7; i >= 0; --i) out_.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
    }
    void none() { out_ += 'N'; }
    void boolean(bool value) { out_ += value ? '\x88' : '\x89'; }
    void mark() { out_ += '('; }
    void tuple_since_mark() {
        out_ += 't';
        memoize();
    }
    // save_tuple: () is EMPTY_TUPLE (not memoized), 1-3 items TUPLE1-3,
    // longer ones MARK ... TUPLE.
    void int_tuple(const std::vector<std::int64_t>& values) {
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
    void empty_tuple() { out_ += ')'; }
    void empty_dict() {
        out_ += '}';
        memoize();
    }
    void empty_list() {
        out_ += ']';
        memoize();
    }
    void set_items_since_mark() { out_ += 'u'; }  // the key, value pairs since mark() into the dict below
    void appends_since_mark() { out_ += 'e'; }
    void reduce() {
        out_ += 'R';
        memoize();
    }
    void new_object() {  // NEWOBJ: cls.__new__(cls, *args)
        out_ += '\x81';
        memoize();
    }
    void build() { out_ += 'b'; }  // BUILD: the state below the top set on the object
    void persistent_id() { out_ += 'Q'; }
    std::string finish() { return out_ + '.'; }

private:
    void put_le(std::uint64_t value, int bytes) {
        for (int i = 0; i < bytes; ++i) out_.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
    }
    void memoize() {
        if (memo_ < 256) {
            out_ += 'q';
            out_.push_back(static_cast<char>(memo_));
        } else {
            out_ += 'r';
            put_le(memo_, 4);
        }
        ++memo_;
    }

    // pickle.encode_long: shortest little-endian two's complement.
    static std::string encode_long(std::int64_t value) {
        std::string bytes;
        for (int i = 0; i < 8; ++i)
            bytes.push_back(static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
        const auto top_bit = [&](std::size_t i) { return (static_cast<unsigned char>(bytes[i]) & 0x80) != 0; };
        const char fill = value < 0 ? '\xff' : '\0';
        while (bytes.size() > 1 && bytes.back() == fill && top_bit(bytes.size() - 2) == (value < 0)) bytes.pop_back();
        return bytes;
    }

    std::string out_;
    std::uint32_t memo_ = 0;
};

}  // namespace msprobe::testing
