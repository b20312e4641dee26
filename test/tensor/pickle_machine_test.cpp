#include "tensor/pickle_machine.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "common/error.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor::pickle;
using Catch::Contains;
using namespace std::string_literals;

namespace {

// Accepts every global as a token and turns calls into (callable, args)
// tuples, so the tests see exactly what the machine built.
class RecordingHooks final : public Hooks {
public:
    Value find_class(Machine& machine, std::string_view module, std::string_view name) override {
        return machine.make_global(7, std::string(module) + "." + std::string(name));
    }
    Value persistent_load(Machine& machine, const Value& pid) override {
        return machine.make_object(pid, "persistent");
    }
    Value reduce(Machine& machine, const Value& callable, const Value& args) override {
        return machine.make_tuple({callable, args});
    }
    Value build(Machine& machine, const Value&, const Value&) override {
        machine.fail(msprobe::tensor::ReadFailure::Unsupported, "BUILD");
    }
    Value new_object(Machine& machine, const Value&, const Value&) override {
        machine.fail(msprobe::tensor::ReadFailure::Unsupported, "NEWOBJ");
    }
};

struct Run {
    RecordingHooks hooks;
    std::string bytes;
    Machine machine;
    Value result;
    explicit Run(std::string stream)
        : bytes(std::move(stream)), machine(msprobe::testing::span_of(bytes), "f.pt", "a/data.pkl", hooks) {
        result = machine.run();
    }
};

std::string run_error(const std::string& stream) {
    try {
        Run run(stream);
    } catch (const Error& error) {
        return error.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("pickle integers in every encoding", "[pickle]") {
    const auto integer = [](const std::string& stream) {
        Run run("\x80\x02" + stream + ".");
        REQUIRE(run.result.kind == Kind::Int);
        return run.result.number;
    };
    REQUIRE(integer(std::string("K\xff", 2)) == 255);
    REQUIRE(integer(std::string("M\x34\x12", 3)) == 0x1234);
    REQUIRE(integer(std::string("J\xfe\xff\xff\xff", 5)) == -2);
    REQUIRE(integer(std::string("\x8a\x00", 2)) == 0);
    REQUIRE(integer(std::string("\x8a\x01\xff", 3)) == -1);
    REQUIRE(integer(std::string("\x8a\x02\x00\x80", 4)) == -32768);
    REQUIRE(integer(std::string("\x8a\x03\x00\x80\x00", 5)) == 32768);
    REQUIRE(integer(std::string("\x8a\x05\x00\x00\x00\x80\xff", 7)) == -2147483648LL);
    REQUIRE(integer(std::string("\x8a\x08\xff\xff\xff\xff\xff\xff\xff\x7f", 10)) == INT64_MAX);
    REQUIRE(integer(std::string("\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x80\xff", 11)) == INT64_MIN);
    REQUIRE(integer(std::string("\x8b\x02\x00\x00\x00\x10\x00", 7)) == 16);  // LONG4
    REQUIRE_THROWS_WITH(integer(std::string("\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x80\x00", 11)),
                        Contains("does not fit in 64 bits"));
    REQUIRE_THROWS_WITH(integer(std::string("\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x00\xff", 11)),
                        Contains("does not fit in 64 bits"));
    REQUIRE_THROWS_WITH(integer(std::string("\x8a\x0a\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00", 12)),
                        Contains("does not fit in 64 bits"));
}

TEST_CASE("pickle strings, floats, constants", "[pickle]") {
    Run run(std::string("\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00", 11) +  // PROTO 4, FRAME
            "X\x03\x00\x00\x00"
            "abc"s
            "\x8c\x02"
            "de" +
            std::string("\x8d\x01\x00\x00\x00\x00\x00\x00\x00", 9) + "f" + "\x87" + "U\x01\xe9" +
            std::string("T\x01\x00\x00\x00", 5) + "g" +
            "G\x3f\xf8\x00\x00\x00\x00\x00\x00"
            "\x87"s +
            "(N\x88\x89t"
            "\x87.");
    const auto& m = run.machine;
    const auto outer = m.items(run.result);
    REQUIRE(outer.size() == 3);
    const auto first = m.items(outer[0]);
    REQUIRE(m.text(first[0]) == "abc");
    REQUIRE(m.text(first[1]) == "de");
    REQUIRE(m.text(first[2]) == "f");
    const auto second = m.items(outer[1]);
    REQUIRE(m.text(second[0]) == "\xc3\xa9");  // Latin-1 e-acute as UTF-8
    REQUIRE(m.text(second[1]) == "g");
    REQUIRE(second[2].kind == Kind::Float);
    REQUIRE(second[2].real == 1.5);
    const auto third = m.items(outer[2]);
    REQUIRE(third.size() == 3);
    REQUIRE(third[0].kind == Kind::None);
    REQUIRE((third[1].kind == Kind::Bool && third[1].number == 1));
    REQUIRE((third[2].kind == Kind::Bool && third[2].number == 0));
    REQUIRE(m.describe(outer[0]) == "a tuple of 3");
    REQUIRE(m.describe(first[0]) == "str 'abc'");
}

TEST_CASE("pickle containers, memo and globals", "[pickle]") {
    // [1, 2, 3, {'k': 'v'}] with the list memoized and fetched back into a tuple.
    Run run("\x80\x02]q\x00(K\x01K\x02" "e"s + "K\x03" "a" + "}q\x01X\x01\x00\x00\x00kX\x01\x00\x00\x00vs"s + "a" +
            "h\x00j\x01\x00\x00\x00"s + "\x94" + "\x86" + ".");
    const auto& m = run.machine;
    const auto pair = m.items(run.result);
    REQUIRE(pair.size() == 2);
    REQUIRE(pair[0].kind == Kind::List);
    const auto list = m.items(pair[0]);
    REQUIRE(list.size() == 4);
    REQUIRE(list[2].number == 3);
    REQUIRE(pair[1].kind == Kind::Dict);
    REQUIRE(m.text(m.items(pair[1])[1]) == "v");

    Run global("\x80\x02" "ctorch._utils\n_rebuild_tensor_v2\n" "\x8c\x05torch\x8c\x04Size\x93" "\x86.");
    const auto globals = global.machine.items(global.result);
    REQUIRE(global.machine.text(globals[0]) == "torch._utils._rebuild_tensor_v2");
    REQUIRE(global.machine.text(globals[1]) == "torch.Size");
    REQUIRE(global.machine.describe(globals[1]) == "global torch.Size");

    Run reduced("\x80\x02" "cm\nf\n" "K\x01\x85R" "(K\x02K\x03K\x04K\x05t" "Q" "\x86.");
    const auto parts = reduced.machine.items(reduced.result);
    REQUIRE(reduced.machine.items(parts[0]).size() == 2);  // (callable, args)
    REQUIRE(parts[1].kind == Kind::Object);
    REQUIRE(reduced.machine.describe(parts[1]) == "a persistent");
}

TEST_CASE("self-referencing and deeply nested containers neither recurse nor leak", "[pickle]") {
    // A list appended to itself.
    Run cycle("\x80\x02]q\x00h\x00" "a."s);
    REQUIRE(cycle.machine.items(cycle.result).size() == 1);
    // 200 000 levels of [[[...]]] with a constant stack: each new level goes
    // through the memo and is then appended to a holder list.
    std::string deep = "\x80\x02]]q\x00" "a"s;
    for (int i = 0; i < 200000; ++i) deep += "]h\x00" "aq\x00" "a"s;
    deep += ".";
    Run nested(deep);
    REQUIRE(nested.result.kind == Kind::List);
}

TEST_CASE("malformed pickles are rejected with the offset", "[pickle]") {
    REQUIRE_THROWS_AS(Run(""), Error);
    REQUIRE(run_error("") == "f.pt: E_PARSE: a/data.pkl byte 0: pickle ends before its STOP opcode");
    REQUIRE(run_error("\x80\x02K\x01") == "f.pt: E_PARSE: a/data.pkl byte 4: pickle ends before its STOP opcode");
    REQUIRE(run_error("\x80\x02.") == "f.pt: E_PARSE: a/data.pkl byte 2: opcode pops an empty stack");
    REQUIRE_THAT(run_error("\x80\x02]K\x01(a."), Contains("byte 6: opcode pops an empty stack"));
    REQUIRE_THAT(run_error("\x80\x02K\x01t."), Contains("byte 4: opcode needs a MARK"));
    REQUIRE_THAT(run_error("\x80\x02h\x05."), Contains("byte 2: memo entry 5 was never stored"));
    REQUIRE_THAT(run_error("\x80\x02K\x01K\x02" "a."), Contains("E_UNSUPPORTED") && Contains("APPEND on int 1"));
    REQUIRE_THAT(run_error("\x80\x02}(K\x01u."), Contains("SETITEMS with an odd number"));
    REQUIRE_THAT(run_error("\x80\x06N."), Contains("E_UNSUPPORTED") && Contains("pickle protocol 6"));
    REQUIRE_THAT(run_error("\x80\x02(i__main__\nX\n."), Contains("unsupported pickle opcode 0x69 'i'"));
    REQUIRE_THAT(run_error("\x80\x02o."), Contains("unsupported pickle opcode 0x6f 'o'"));
    REQUIRE_THAT(run_error("\x80\x03" "C\x01x."), Contains("unsupported pickle opcode 0x43 'C'"));
    REQUIRE_THAT(run_error("\x80\x02P1\n."), Contains("unsupported pickle opcode 0x50 'P'"));
    REQUIRE_THAT(run_error(std::string("\x80\x02\x00", 3)), Contains("unsupported pickle opcode 0x00"));
    REQUIRE_THAT(run_error("\x80\x02" "cm\nf\nK\x01R."), Contains("REDUCE arguments are int 1, not a tuple"));
    REQUIRE_THAT(run_error("\x80\x02X\xff\xff\xff\x7f"), Contains("E_LIMIT") && Contains("string of 2147483647 bytes"));
    REQUIRE_THAT(run_error("\x80\x02X\x05\x00\x00\x00" "ab"s), Contains("pickle ends before its STOP"));
    REQUIRE_THAT(run_error("\x80\x02"
                           "c" +
                           std::string(300, 'm')),
                 Contains("E_LIMIT") && Contains("GLOBAL name longer"));
    REQUIRE_THAT(run_error("\x80\x02" "cmodule"), Contains("pickle ends before"));
    REQUIRE_THAT(run_error("\x80\x02" "\x8a\x05\x01"), Contains("pickle ends before"));
    REQUIRE_THAT(run_error("\x80\x02" "\x8b\xff\xff\xff\xff"), Contains("LONG4 with negative length"));
    REQUIRE_THAT(run_error("\x80\x02" "\x93."), Contains("pops an empty stack"));
    REQUIRE_THAT(run_error("\x80\x02" "K\x01K\x02\x93."), Contains("STACK_GLOBAL needs two strings"));
    REQUIRE_THAT(run_error("\x80\x02" "N}b."), Contains("E_UNSUPPORTED: a/data.pkl byte 4: BUILD"));
}

TEST_CASE("pickle resource limits", "[pickle]") {
    REQUIRE_THAT(run_error(std::string(Machine::kMaxStackDepth + 1, 'N') + "."),
                 Contains("E_LIMIT") && Contains("stack deeper than 10000"));
    REQUIRE_THAT(run_error(std::string(Machine::kMaxStackDepth + 1, '(') + "."),
                 Contains("E_LIMIT") && Contains("open MARKs"));
    std::string many = "\x80\x02]";
    for (std::size_t i = 0; i <= Machine::kMaxContainerItems; ++i) many += "Na";
    REQUIRE_THAT(run_error(many + "."), Contains("E_LIMIT") && Contains("containers and elements"));
    std::string memo = "\x80\x02N";
    for (std::uint32_t i = 0; i <= Machine::kMaxMemoEntries; ++i) memo += "\x94";
    REQUIRE_THAT(run_error(memo + "."), Contains("E_LIMIT") && Contains("memo key 1000000"));
    REQUIRE_THAT(run_error("\x80\x02Nr\xff\xff\xff\xff."), Contains("E_LIMIT") && Contains("memo key 4294967295"));
    REQUIRE_THAT(run_error(std::string(Machine::kMaxStreamBytes + 1, 'N')),
                 Contains("E_LIMIT") && Contains("at most 16777216"));
    // Trailing bytes after STOP are tolerated (with a warning).
    Run trailing("\x80\x02K\x01.junk");
    REQUIRE(trailing.result.number == 1);
}
