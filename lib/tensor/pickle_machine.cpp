#include "tensor/pickle_machine.hpp"

#include <bit>
#include <cstdio>
#include <cstring>

#include "common/log.hpp"

namespace msprobe::tensor::pickle {

namespace {

// Opcode bytes of pickle.py, restricted to the ones this machine executes.
enum Opcode : std::uint8_t {
    MARK = '(',
    STOP = '.',
    BINFLOAT = 'G',
    BININT = 'J',
    BININT1 = 'K',
    BININT2 = 'M',
    NONE = 'N',
    BINPERSID = 'Q',
    REDUCE = 'R',
    BINSTRING = 'T',
    SHORT_BINSTRING = 'U',
    BINUNICODE = 'X',
    APPEND = 'a',
    BUILD = 'b',
    GLOBAL = 'c',
    APPENDS = 'e',
    BINGET = 'h',
    LONG_BINGET = 'j',
    BINPUT = 'q',
    LONG_BINPUT = 'r',
    SETITEM = 's',
    TUPLE = 't',
    SETITEMS = 'u',
    EMPTY_DICT = '}',
    EMPTY_LIST = ']',
    EMPTY_TUPLE = ')',
    PROTO = 0x80,
    NEWOBJ = 0x81,
    TUPLE1 = 0x85,
    TUPLE2 = 0x86,
    TUPLE3 = 0x87,
    NEWTRUE = 0x88,
    NEWFALSE = 0x89,
    LONG1 = 0x8A,
    LONG4 = 0x8B,
    SHORT_BINUNICODE = 0x8C,
    BINUNICODE8 = 0x8D,
    STACK_GLOBAL = 0x93,
    MEMOIZE = 0x94,
    FRAME = 0x95,
};

constexpr int kHighestProtocol = 5;
constexpr std::size_t kMaxGlobalLine = 256;

std::string byte_text(std::uint8_t byte) {
    char text[16];
    if (byte >= 0x20 && byte < 0x7F) {
        std::snprintf(text, sizeof text, "0x%02x '%c'", byte, byte);
    } else {
        std::snprintf(text, sizeof text, "0x%02x", byte);
    }
    return text;
}

std::string latin1_to_utf8(std::span<const std::byte> bytes) {
    std::string text;
    text.reserve(bytes.size());
    for (const auto byte : bytes) {
        const auto code = std::to_integer<unsigned char>(byte);
        if (code < 0x80) {
            text.push_back(static_cast<char>(code));
        } else {
            text.push_back(static_cast<char>(0xC0 | (code >> 6)));
            text.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        }
    }
    return text;
}

}  // namespace

Machine::Machine(std::span<const std::byte> stream, std::string file, std::string record, Hooks& hooks)
    : stream_(stream), file_(std::move(file)), record_(std::move(record)), hooks_(hooks) {}

Value Machine::run() {
    if (stream_.size() > kMaxStreamBytes) {
        fail(ReadFailure::Limit, "pickle of " + std::to_string(stream_.size()) + " bytes, at most " +
                                     std::to_string(kMaxStreamBytes) + " are accepted");
    }
    while (!stopped_) {
        opcode_position_ = position_;
        execute(take_byte());
    }
    if (position_ != stream_.size()) {
        log::warning(file_ + ": " + record_ + " has " + std::to_string(stream_.size() - position_) +
                     " bytes after the STOP opcode; ignored");
    }
    return result_;
}

void Machine::execute(std::uint8_t opcode) {
    switch (opcode) {
        case PROTO: {
            const auto version = take_byte();
            if (version > kHighestProtocol)
                fail(ReadFailure::Unsupported, "pickle protocol " + std::to_string(version));
            return;
        }
        case FRAME: take_integer<std::uint64_t>(); return;  // framing is only a read-ahead hint
        case STOP:
            result_ = pop();
            stopped_ = true;
            return;
        case MARK:
            if (marks_.size() >= kMaxStackDepth)
                fail(ReadFailure::Limit, "more than " + std::to_string(kMaxStackDepth) + " open MARKs");
            marks_.push_back(stack_.size());
            return;
        case NONE: push({}); return;
        case NEWTRUE: push({Kind::Bool, 1}); return;
        case NEWFALSE: push({Kind::Bool, 0}); return;
        case BININT1: push({Kind::Int, take_byte()}); return;
        case BININT2: push({Kind::Int, take_integer<std::uint16_t>()}); return;
        case BININT: push({Kind::Int, take_integer<std::int32_t>()}); return;
        case LONG1: push(take_long(take_byte())); return;
        case LONG4: {
            const auto length = take_integer<std::int32_t>();
            if (length < 0) fail(ReadFailure::Parse, "LONG4 with negative length");
            push(take_long(static_cast<std::size_t>(length)));
            return;
        }
        case BINFLOAT: {
            const auto big_endian = take_integer<std::uint64_t>();
            push({Kind::Float, 0, std::bit_cast<double>(__builtin_bswap64(big_endian))});
            return;
        }
        case SHORT_BINUNICODE: push(take_text(take_byte(), false)); return;
        case BINUNICODE: push(take_text(take_integer<std::uint32_t>(), false)); return;
        case BINUNICODE8: push(take_text(take_integer<std::uint64_t>(), false)); return;
        case SHORT_BINSTRING: push(take_text(take_byte(), true)); return;
        case BINSTRING: {
            const auto length = take_integer<std::int32_t>();
            if (length < 0) fail(ReadFailure::Parse, "BINSTRING with negative length");
            push(take_text(static_cast<std::uint64_t>(length), true));
            return;
        }
        case EMPTY_TUPLE: push(new_container(Kind::Tuple, {})); return;
        case EMPTY_LIST: push(new_container(Kind::List, {})); return;
        case EMPTY_DICT: push(new_container(Kind::Dict, {})); return;
        case TUPLE: push(new_container(Kind::Tuple, pop_to_mark())); return;
        case TUPLE1:
        case TUPLE2:
        case TUPLE3: {
            std::vector<Value> items(static_cast<std::size_t>(opcode - TUPLE1 + 1));
            for (auto slot = items.rbegin(); slot != items.rend(); ++slot) *slot = pop();
            push(new_container(Kind::Tuple, std::move(items)));
            return;
        }
        case APPEND: {
            const Value item = pop();
            count_items(1);
            container_of(top(), Kind::List, "APPEND").items.push_back(item);
            return;
        }
        case APPENDS: {
            auto added = pop_to_mark();
            count_items(added.size());
            auto& list = container_of(top(), Kind::List, "APPENDS").items;
            list.insert(list.end(), added.begin(), added.end());
            return;
        }
        case SETITEM: {
            const Value value = pop();
            const Value key = pop();
            count_items(2);
            auto& dict = container_of(top(), Kind::Dict, "SETITEM").items;
            dict.push_back(key);
            dict.push_back(value);
            return;
        }
        case SETITEMS: {
            auto added = pop_to_mark();
            if (added.size() % 2 != 0) fail(ReadFailure::Parse, "SETITEMS with an odd number of stack items");
            count_items(added.size());
            auto& dict = container_of(top(), Kind::Dict, "SETITEMS").items;
            dict.insert(dict.end(), added.begin(), added.end());
            return;
        }
        case BINPUT:
        case LONG_BINPUT:
        case MEMOIZE: {
            const std::size_t index = opcode == BINPUT        ? take_byte()
                                      : opcode == LONG_BINPUT ? take_integer<std::uint32_t>()
                                                              : memo_count_;
            if (index >= kMaxMemoEntries) {
                fail(ReadFailure::Limit, "memo key " + std::to_string(index) + ", at most " +
                                             std::to_string(kMaxMemoEntries) + " entries are accepted");
            }
            if (index >= memo_.size()) memo_.resize(index + 1);
            if (!memo_[index]) ++memo_count_;
            memo_[index] = top();
            return;
        }
        case BINGET:
        case LONG_BINGET: {
            const std::size_t index = opcode == BINGET ? take_byte() : take_integer<std::uint32_t>();
            if (index >= memo_.size() || !memo_[index]) {
                fail(ReadFailure::Parse, "memo entry " + std::to_string(index) + " was never stored");
            }
            push(*memo_[index]);
            return;
        }
        case GLOBAL: {
            const std::string module(take_line());
            const std::string name(take_line());
            push(hooks_.find_class(*this, module, name));
            return;
        }
        case STACK_GLOBAL: {
            const Value name = pop();
            const Value module = pop();
            if (name.kind != Kind::String || module.kind != Kind::String) {
                fail(ReadFailure::Parse, "STACK_GLOBAL needs two strings");
            }
            push(hooks_.find_class(*this, text(module), text(name)));
            return;
        }
        case REDUCE: {
            const Value args = pop();
            const Value callable = pop();
            if (args.kind != Kind::Tuple)
                fail(ReadFailure::Parse, "REDUCE arguments are " + describe(args) + ", not a tuple");
            push(hooks_.reduce(*this, callable, args));
            return;
        }
        case NEWOBJ: {
            const Value args = pop();
            const Value cls = pop();
            if (args.kind != Kind::Tuple)
                fail(ReadFailure::Parse, "NEWOBJ arguments are " + describe(args) + ", not a tuple");
            push(hooks_.new_object(*this, cls, args));
            return;
        }
        case BUILD: {
            const Value state = pop();
            const Value object = top();
            const Value built = hooks_.build(*this, object, state);
            top() = built;
            return;
        }
        case BINPERSID: {
            const Value pid = pop();
            push(hooks_.persistent_load(*this, pid));
            return;
        }
        default: fail(ReadFailure::Unsupported, "unsupported pickle opcode " + byte_text(opcode));
    }
}

std::span<const std::byte> Machine::take(std::size_t count) {
    if (count > stream_.size() - position_) fail(ReadFailure::Parse, "pickle ends before its STOP opcode");
    const auto bytes = stream_.subspan(position_, count);
    position_ += count;
    return bytes;
}

std::uint8_t Machine::take_byte() { return std::to_integer<std::uint8_t>(take(1)[0]); }

template <class Integer>
Integer Machine::take_integer() {
    Integer value;
    std::memcpy(&value, take(sizeof value).data(), sizeof value);  // little-endian host
    return value;
}

std::string_view Machine::take_line() {
    const auto rest = stream_.subspan(position_);
    const auto* begin = reinterpret_cast<const char*>(rest.data());
    const std::string_view line(begin, std::min(rest.size(), kMaxGlobalLine + 1));
    const auto end = line.find('\n');
    if (end == std::string_view::npos) {
        if (rest.size() <= kMaxGlobalLine) fail(ReadFailure::Parse, "pickle ends before its STOP opcode");
        fail(ReadFailure::Limit, "GLOBAL name longer than " + std::to_string(kMaxGlobalLine) + " characters");
    }
    position_ += end + 1;
    return line.substr(0, end);
}

// Little-endian two's complement of any length; must fit in 64 bits.
Value Machine::take_long(std::size_t length) {
    const auto bytes = take(length);
    if (length == 0) return {Kind::Int, 0};
    const auto byte_at = [&](std::size_t i) { return std::to_integer<std::uint8_t>(bytes[i]); };
    const bool negative = (byte_at(length - 1) & 0x80) != 0;
    const std::size_t used = std::min<std::size_t>(length, 8);
    for (std::size_t i = used; i < length; ++i) {
        if (byte_at(i) != (negative ? 0xFF : 0x00)) fail(ReadFailure::Unsupported, "integer does not fit in 64 bits");
    }
    if (length > 8 && ((byte_at(7) & 0x80) != 0) != negative) {
        fail(ReadFailure::Unsupported, "integer does not fit in 64 bits");
    }
    std::uint64_t bits = negative ? ~std::uint64_t{0} : 0;
    for (std::size_t i = 0; i < used; ++i) {
        bits &= ~(std::uint64_t{0xFF} << (8 * i));
        bits |= std::uint64_t{byte_at(i)} << (8 * i);
    }
    return {Kind::Int, static_cast<std::int64_t>(bits)};
}

Value Machine::take_text(std::uint64_t length, bool latin1) {
    if (length > kMaxStringBytes) {
        fail(ReadFailure::Limit, "string of " + std::to_string(length) + " bytes, at most " +
                                     std::to_string(kMaxStringBytes) + " are accepted");
    }
    const auto bytes = take(static_cast<std::size_t>(length));
    if (latin1) {
        owned_strings_.push_back(latin1_to_utf8(bytes));
        return new_string(owned_strings_.back(), Kind::String);
    }
    return new_string({reinterpret_cast<const char*>(bytes.data()), bytes.size()}, Kind::String);  // in place
}

Value Machine::new_string(std::string_view text, Kind kind) {
    strings_.push_back(text);
    return {kind, 0, 0.0, static_cast<std::uint32_t>(strings_.size() - 1)};
}

void Machine::push(const Value& value) {
    if (stack_.size() >= kMaxStackDepth)
        fail(ReadFailure::Limit, "stack deeper than " + std::to_string(kMaxStackDepth));
    stack_.push_back(value);
}

Value Machine::pop() {
    const std::size_t floor = marks_.empty() ? 0 : marks_.back();
    if (stack_.size() <= floor) fail(ReadFailure::Parse, "opcode pops an empty stack");
    const Value value = stack_.back();
    stack_.pop_back();
    return value;
}

Value& Machine::top() {
    const std::size_t floor = marks_.empty() ? 0 : marks_.back();
    if (stack_.size() <= floor) fail(ReadFailure::Parse, "opcode reads an empty stack");
    return stack_.back();
}

std::vector<Value> Machine::pop_to_mark() {
    if (marks_.empty()) fail(ReadFailure::Parse, "opcode needs a MARK and there is none");
    const auto mark = static_cast<std::ptrdiff_t>(marks_.back());
    marks_.pop_back();
    std::vector<Value> items(stack_.begin() + mark, stack_.end());
    stack_.resize(static_cast<std::size_t>(mark));
    return items;
}

void Machine::count_items(std::size_t added) {
    container_items_ += added;
    if (container_items_ > kMaxContainerItems) {
        fail(ReadFailure::Limit, "more than " + std::to_string(kMaxContainerItems) + " containers and elements");
    }
}

Value Machine::new_container(Kind kind, std::vector<Value> items) {
    count_items(1 + items.size());
    containers_.push_back({kind, std::move(items)});
    return {kind, 0, 0.0, static_cast<std::uint32_t>(containers_.size() - 1)};
}

Machine::Container& Machine::container_of(const Value& value, Kind kind, const char* opcode_name) {
    if (value.kind != kind) fail(ReadFailure::Unsupported, std::string(opcode_name) + " on " + describe(value));
    return containers_[value.ref];
}

std::string_view Machine::text(const Value& value) const {
    if (value.kind != Kind::String && value.kind != Kind::Global) return {};
    return strings_[value.ref];
}

std::span<const Value> Machine::items(const Value& value) const {
    if (value.kind != Kind::Tuple && value.kind != Kind::List && value.kind != Kind::Dict) return {};
    return containers_[value.ref].items;
}

Value Machine::make_global(std::int64_t id, std::string qualified_name) {
    owned_strings_.push_back(std::move(qualified_name));
    Value global = new_string(owned_strings_.back(), Kind::Global);
    global.number = id;
    return global;
}

Value Machine::make_object(std::any payload, std::string type_name) {
    objects_.push_back({std::move(payload), std::move(type_name)});
    return {Kind::Object, 0, 0.0, static_cast<std::uint32_t>(objects_.size() - 1)};
}

Value Machine::make_tuple(std::vector<Value> items) { return new_container(Kind::Tuple, std::move(items)); }

Value Machine::make_dict() { return new_container(Kind::Dict, {}); }

std::string Machine::describe(const Value& value) const {
    switch (value.kind) {
        case Kind::None: return "None";
        case Kind::Bool: return value.number != 0 ? "True" : "False";
        case Kind::Int: return "int " + std::to_string(value.number);
        case Kind::Float: return "a float";
        case Kind::String: {
            const auto shown = text(value).substr(0, 64);
            return "str '" + std::string(shown) + "'";
        }
        case Kind::Tuple: return "a tuple of " + std::to_string(items(value).size());
        case Kind::List: return "a list";
        case Kind::Dict: return "a dict";
        case Kind::Global: return "global " + std::string(text(value));
        case Kind::Object: return "a " + objects_[value.ref].type_name;
    }
    return "a value";
}

void Machine::fail(ReadFailure failure, const std::string& reason) const {
    tensor::fail(file_, failure, record_ + " byte " + std::to_string(opcode_position_) + ": " + reason);
}

}  // namespace msprobe::tensor::pickle
