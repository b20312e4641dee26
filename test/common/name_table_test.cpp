#include "common/name_table.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

using msprobe::NameTable;

TEST_CASE("a name table finds each name at the position it was added", "[common][name_table]") {
    NameTable table;
    CHECK(table.empty());
    CHECK_FALSE(table.find("Functional.linear.0.forward"));
    // Enough names to grow the slots several times; names that begin one another.
    for (std::size_t i = 0; i < 3000; ++i) CHECK(table.add("Functional.linear." + std::to_string(i) + ".forward") == i);
    REQUIRE(table.size() == 3000);
    for (std::size_t i = 0; i < 3000; ++i) {
        const std::string name = "Functional.linear." + std::to_string(i) + ".forward";
        CHECK(table.name(i) == name);
        CHECK(table.find(name) == i);
    }
    CHECK_FALSE(table.find("Functional.linear.3000.forward"));
    CHECK_FALSE(table.find("Functional.linear.1"));
    CHECK_FALSE(table.find(""));
}

TEST_CASE("a name added twice is found at its last position, an empty name like any", "[common][name_table]") {
    NameTable table;
    CHECK(table.add("Tensor.add.0.forward") == 0);
    CHECK(table.add("") == 1);
    CHECK(table.add("Tensor.add.0.forward") == 2);
    CHECK(table.size() == 3);
    CHECK(table.name(0) == "Tensor.add.0.forward");
    CHECK(table.name(1).empty());
    CHECK(table.name(2) == "Tensor.add.0.forward");
    CHECK(table.names() == std::vector<std::string>{"Tensor.add.0.forward", "", "Tensor.add.0.forward"});
    CHECK(table.find("Tensor.add.0.forward") == std::size_t{2});
    CHECK(table.find("") == std::size_t{1});
    table.clear();
    CHECK(table.empty());
    CHECK_FALSE(table.find("Tensor.add.0.forward"));
    CHECK(table.add("Tensor.add.0.forward") == 0);
}

TEST_CASE("a name table keeps names across its blocks, longer ones whole", "[common][name_table]") {
    constexpr std::size_t kBlock = NameTable::kBlockBytes;
    NameTable table;
    // Names that end at a block's edge, cross it (and so move to the next block), or are longer than one,
    // two or three blocks; empty names in between.
    std::vector<std::string> added;
    const auto add = [&](std::string name) {
        CHECK(table.add(name) == added.size());
        added.push_back(std::move(name));
    };
    add(std::string(kBlock - 10, 'a'));
    add(std::string(10, 'b'));  // fills the first block to its edge
    add(std::string(7, 'c'));
    add(std::string(kBlock - 3, 'd'));  // does not fit after c: the next block
    add("");
    add(std::string(kBlock + 1, 'e'));  // a block and a byte, in blocks of its own
    add(std::string(5, 'f'));           // after e, in its last block
    add(std::string(3 * kBlock, 'g'));
    add("");
    add(std::string(kBlock, 'h'));
    for (int i = 0; i < 2000; ++i) add("Torch.matmul." + std::to_string(i) + ".forward");
    const std::string_view first = table.name(0);
    const std::string_view long_one = table.name(5);
    add(std::string(2 * kBlock + 17, 'i'));
    for (std::size_t i = 0; i < added.size(); ++i) {
        INFO("name " << i);
        CHECK(table.name(i) == added[i]);
        CHECK(table.find(added[i]) == (added[i].empty() ? 8 : i));  // the empty name's last place
    }
    // Views of names already there stay where they are when more are added, and when the table moves.
    CHECK(first.data() == table.name(0).data());
    CHECK(long_one.data() == table.name(5).data());
    const NameTable moved = std::move(table);
    CHECK(moved.name(0).data() == first.data());
    CHECK(moved.name(5) == added[5]);
    CHECK(moved.names() == added);
}

TEST_CASE("a name table reserved for its names finds them as one grown name by name", "[common][name_table]") {
    NameTable reserved;
    reserved.reserve(1000);
    reserved.add("Module.conv1.Conv2d.forward.0");
    reserved.reserve(10);  // less than it holds: nothing is lost
    for (int i = 0; i < 1500; ++i) reserved.add("Tensor.add." + std::to_string(i) + ".forward");
    REQUIRE(reserved.size() == 1501);
    CHECK(reserved.find("Module.conv1.Conv2d.forward.0") == std::size_t{0});
    for (int i = 0; i < 1500; ++i) CHECK(reserved.find("Tensor.add." + std::to_string(i) + ".forward") == i + 1u);
    CHECK_FALSE(reserved.find("Tensor.add.1500.forward"));
}
