#include "graph/dump_records.hpp"

#include <stdexcept>

#include <catch2/catch.hpp>

using msprobe::NameTable;
using msprobe::graph::DumpRecord;
using msprobe::graph::DumpRecords;

TEST_CASE("dump records are found by their entry's name, in file order", "[graph][dump_records]") {
    DumpRecords records;
    for (int i = 0; i < 3; ++i) {
        DumpRecord record;
        record.inputs.resize(static_cast<std::size_t>(i));
        records.append(std::move(record));
    }
    NameTable names;
    for (const char* name : {"Module.conv.Conv2d.forward.0", "Functional.conv2d.0.forward", "Tensor.add.0.forward"}) {
        names.add(name);
    }
    records.set_names(std::move(names));
    REQUIRE(records.size() == 3);
    CHECK(records.name(1) == "Functional.conv2d.0.forward");
    CHECK(records.record(2).inputs.size() == 2);
    REQUIRE(records.find("Tensor.add.0.forward") != nullptr);
    CHECK(records.find("Tensor.add.0.forward")->inputs.size() == 2);
    CHECK(records.find("Functional.conv2d.0.forward")->inputs.size() == 1);
    CHECK(records.find("Tensor.add.1.forward") == nullptr);
    records.clear();
    CHECK(records.size() == 0);
    CHECK(records.find("Tensor.add.0.forward") == nullptr);
}

TEST_CASE("dump records take a name for each record, no more", "[graph][dump_records]") {
    DumpRecords records;
    records.append(DumpRecord());
    NameTable two;
    two.add("a");
    two.add("b");
    CHECK_THROWS_AS(records.set_names(std::move(two)), std::logic_error);
}
