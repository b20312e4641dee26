#pragma once
// A restricted pickle virtual machine: the opcodes of
// protocols 2-5 that plain data needs, and nothing that runs code. Classes,
// calls and persistent ids are handed to Hooks, which allow-list them; any
// other opcode is rejected. Strings, containers and objects live in arenas
// owned by the machine and values refer to them by index, so values copy
// cheaply, memo aliasing behaves like Python's, and hostile nesting or cycles
// cannot recurse or leak.
#include <any>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <deque>
#include <optional>
#include <vector>

#include "tensor/read_error.hpp"

namespace msprobe::tensor::pickle {

enum class Kind : std::uint8_t { None, Bool, Int, Float, String, Tuple, List, Dict, Global, Object };

struct Value {
    Kind kind = Kind::None;
    std::int64_t number = 0;  // Bool (0/1), Int, or the id a Global was given by its Hooks
    double real = 0.0;        // Float
    std::uint32_t ref = 0;    // arena index: String, Tuple, List, Dict, Object; Global: its name
};

class Machine;

// The allow-list. Each method returns the value to push or throws through
// Machine::fail; the machine itself never executes anything.
class Hooks {
public:
    virtual ~Hooks() = default;
    virtual Value find_class(Machine& machine, std::string_view module, std::string_view name) = 0;  // GLOBAL
    virtual Value persistent_load(Machine& machine, const Value& pid) = 0;                          // BINPERSID
    virtual Value reduce(Machine& machine, const Value& callable, const Value& args) = 0;           // REDUCE
    virtual Value build(Machine& machine, const Value& object, const Value& state) = 0;             // BUILD
    virtual Value new_object(Machine& machine, const Value& cls, const Value& args) = 0;            // NEWOBJ
};

class Machine {
public:
    static constexpr std::size_t kMaxStreamBytes = 16u << 20;
    static constexpr std::size_t kMaxStackDepth = 10000;
    static constexpr std::size_t kMaxMemoEntries = 1000000;  // also the highest memo key + 1
    static constexpr std::size_t kMaxContainerItems = 1000000;  // containers plus their elements
    static constexpr std::size_t kMaxStringBytes = 1u << 20;

    // `file` and `record` (e.g. "archive/data.pkl") locate errors.
    Machine(std::span<const std::byte> stream, std::string file, std::string record, Hooks& hooks);

    // Executes up to STOP and returns the value it pops.
    Value run();

    std::string_view text(const Value& value) const;        // String, or a Global's "module.name"
    std::span<const Value> items(const Value& value) const;  // Tuple, List; a Dict gives key, value, key, value, ...

    template <class Payload>
    const Payload* object_as(const Value& value) const {
        if (value.kind != Kind::Object) return nullptr;
        return std::any_cast<Payload>(&objects_[value.ref].payload);
    }

    Value make_global(std::int64_t id, std::string qualified_name);
    Value make_object(std::any payload, std::string type_name);
    Value make_tuple(std::vector<Value> items);
    Value make_dict();

    // "a list", "int 3", "str 'cpu'", "global os.system", "a tensor", ...
    std::string describe(const Value& value) const;

    // Throws "<file>: <code>: <record> byte <offset>: <reason>" for the
    // opcode being executed.
    [[noreturn]] void fail(ReadFailure failure, const std::string& reason) const;

private:
    struct Container {
        Kind kind;
        std::vector<Value> items;
    };
    struct Object {
        std::any payload;
        std::string type_name;
    };

    void execute(std::uint8_t opcode);
    std::span<const std::byte> take(std::size_t count);
    std::uint8_t take_byte();
    template <class Integer>
    Integer take_integer();
    std::string_view take_line();
    Value take_long(std::size_t length);
    Value take_text(std::uint64_t length, bool latin1);
    Value new_string(std::string_view text, Kind kind);
    void push(const Value& value);
    Value pop();
    Value& top();
    std::vector<Value> pop_to_mark();
    Value new_container(Kind kind, std::vector<Value> items);
    Container& container_of(const Value& value, Kind kind, const char* opcode_name);
    void count_items(std::size_t added);

    std::span<const std::byte> stream_;
    std::string file_;
    std::string record_;
    Hooks& hooks_;
    std::size_t position_ = 0;
    std::size_t opcode_position_ = 0;
    bool stopped_ = false;
    Value result_;
    std::vector<Value> stack_;
    std::vector<std::size_t> marks_;  // stack sizes at each MARK
    std::vector<std::optional<Value>> memo_;  // indexed by memo key (writers number them densely)
    std::size_t memo_count_ = 0;
    std::vector<std::string_view> strings_;  // into the stream, or into owned_strings_
    std::deque<std::string> owned_strings_;  // decoded Latin-1 text and global names
    std::vector<Container> containers_;
    std::vector<Object> objects_;
    std::size_t container_items_ = 0;
};

}  // namespace msprobe::tensor::pickle
