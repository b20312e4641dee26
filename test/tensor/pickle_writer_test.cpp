// The bytes of Python's pickle.dumps(..., protocol=2) for the same values.
#include "tensor/pickle_writer.hpp"

#include <catch2/catch.hpp>

#include <string>

using msprobe::tensor::PickleWriter;

namespace {

std::string hex(const std::string& bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (const unsigned char c : bytes) {
        out += kDigits[c >> 4];
        out += kDigits[c & 0xF];
    }
    return out;
}

}  // namespace

TEST_CASE("integers take pickle.py's shortest opcode", "[tensor][pickle_writer]") {
    // pickle.dumps((1, 300, 70000, -1, 2**40, -2**40), protocol=2)
    PickleWriter p;
    p.mark();
    for (const std::int64_t v : {std::int64_t{1}, std::int64_t{300}, std::int64_t{70000}, std::int64_t{-1},
                                 std::int64_t{1} << 40, -(std::int64_t{1} << 40)}) {
        p.integer(v);
    }
    p.tuple_since_mark();
    CHECK(hex(p.finish()) == "8002284b014d2c014a701101004affffffff8a060000000000018a060000000000ff7471002e");
}

TEST_CASE("lists, floats, None, booleans and the empty tuple", "[tensor][pickle_writer]") {
    // pickle.dumps([1.5, None, True, False, ()], protocol=2)
    PickleWriter p;
    p.empty_list();
    p.mark();
    p.real(1.5);
    p.none();
    p.boolean(true);
    p.boolean(false);
    p.empty_tuple();
    p.appends_since_mark();
    CHECK(hex(p.finish()) == "80025d710028473ff80000000000004e888929652e");
}

TEST_CASE("text and short tuples are memoized in creation order", "[tensor][pickle_writer]") {
    // pickle.dumps({"k": (1, 2, 3, 4)}, protocol=2) stores its one item with SETITEM; the writer gives SETITEMS.
    PickleWriter p;
    p.empty_dict();
    p.mark();
    p.text("k");
    p.int_tuple({1, 2, 3, 4});
    p.set_items_since_mark();
    CHECK(hex(p.finish()) ==
          "80027d710028580100000"
          "06b7101284b014b024b034b0474710275"
          "2e");
}
